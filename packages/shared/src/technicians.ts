import { z } from 'zod';
import { ZEmail, ZLanguage, ZMobile, ZName } from './auth.js';
import { pageQueryFields, ZSortOrder, zPage } from './paging.js';

/** Weekdays as the technicians table keys them: 0 Sunday … 6 Saturday. */
export const WEEKDAYS = ['0', '1', '2', '3', '4', '5', '6'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A wall-clock time, HH:MM (24 h). */
export const ZClockTime = z.string().regex(CLOCK_TIME, { message: 'invalid' });
/** One working day: start before end (compared only once both are times, so a bad start is one error). */
export const ZWorkingHours = z
  .object({ start: ZClockTime, end: ZClockTime })
  .refine((d) => !CLOCK_TIME.test(d.start) || !CLOCK_TIME.test(d.end) || d.start < d.end, { message: 'invalid', path: ['end'] });
export type TWorkingHours = z.infer<typeof ZWorkingHours>;

const day = ZWorkingHours.nullable().default(null);
/** Per weekday: null (off) or { start, end }. A day left out is off. */
export const ZWeeklyHours = z.strictObject({ '0': day, '1': day, '2': day, '3': day, '4': day, '5': day, '6': day });
export type TWeeklyHours = z.infer<typeof ZWeeklyHours>;

/** Skills are service-type codes (settings `service_types`); the server checks they exist. */
export const ZSkills = z.array(z.string().trim().min(1).max(50)).max(50);

export const ZTechnician = z.object({
  /** The technician's user id. */
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  /** The account's active flag (a deactivated technician cannot sign in and gets no work). */
  active: z.boolean(),
  skills: z.array(z.string()),
  van: z.object({ id: z.uuid(), code: z.string(), name: z.string() }).nullable(),
  weekly_hours: ZWeeklyHours,
  /** Open requests assigned to them today and their live appointments of today (company time zone). */
  today_load: z.number().int(),
  /** Every open request assigned to them (assigned, in progress, waiting for parts). */
  open_jobs: z.number().int(),
  /** Mean rating of their rated requests, one decimal, or null when none is rated. */
  average_rating: z.string().nullable(),
  rating_count: z.number().int(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type TTechnician = z.infer<typeof ZTechnician>;

export const TECHNICIAN_SORTS = ['name', 'email', 'today_load', 'open_jobs', 'rating', 'created_at'] as const;
export type TechnicianSort = (typeof TECHNICIAN_SORTS)[number];

export const ZTechnicianListQuery = z.object({
  /** Searches name, email and van code. */
  q: z.string().trim().max(100).optional(),
  /** Only technicians with this skill (a service-type code). */
  skill: z.string().trim().max(50).optional(),
  active: z.enum(['true', 'false']).optional(),
  sort: z.enum(TECHNICIAN_SORTS).default('name'),
  order: ZSortOrder.default('asc'),
  ...pageQueryFields,
});
export type TTechnicianListQuery = z.infer<typeof ZTechnicianListQuery>;
export const ZTechnicianList = zPage(ZTechnician);
export type TTechnicianList = z.infer<typeof ZTechnicianList>;

/** A van code as warehouses take them. */
const ZVanCode = z.string().trim().min(1, { message: 'required' }).max(30).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { message: 'invalid' });

/** One step: the user, the technician profile and their van (code `van_code`, or VAN-000123). */
export const ZCreateTechnicianRequest = z.object({
  name: ZName,
  email: ZEmail,
  mobile: ZMobile.nullable().optional(),
  language: ZLanguage.optional(),
  skills: ZSkills.default([]),
  weekly_hours: ZWeeklyHours.optional(),
  van_code: ZVanCode.optional(),
});
export type TCreateTechnicianRequest = z.infer<typeof ZCreateTechnicianRequest>;

/** What the technicians screen edits; at least one field. */
export const ZPatchTechnicianRequest = z
  .object({
    skills: ZSkills.optional(),
    /** Another van: an unassigned one, or null for none. */
    van_warehouse_id: z.uuid().nullable().optional(),
    weekly_hours: ZWeeklyHours.optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'required', path: ['skills'] });
export type TPatchTechnicianRequest = z.infer<typeof ZPatchTechnicianRequest>;

/**
 * 409 `technician_busy` details: what keeps a technician from being deactivated (or given
 * another role): open requests and live appointments still to come.
 */
export interface TTechnicianBusyDetails {
  requests: { id: string; number: string; status: string }[];
  appointments: { id: string; number: string; starts_at: string }[];
}
