import { z } from 'zod';
import { ZDayOrInstant } from './dates.js';
import { pageQueryFields, zPage } from './paging.js';

export const ZAuditListQuery = z.object({
  /** Who made the change. */
  user_id: z.uuid().optional(),
  action: z.string().trim().max(100).optional(),
  /** The record type (`user`, `transfer`, `item` …). */
  entity: z.string().trim().max(50).optional(),
  entity_id: z.string().trim().max(100).optional(),
  from: ZDayOrInstant.optional(),
  to: ZDayOrInstant.optional(),
  format: z.enum(['json', 'csv']).default('json'),
  ...pageQueryFields,
});
export type TAuditListQuery = z.infer<typeof ZAuditListQuery>;

export const ZAuditEntry = z.object({
  id: z.uuid(),
  /** Null when the change was made by the system or the user has been deleted. */
  actor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** What the record is called — a number (SR-000042, TR-000009), a code or a user's name — when it can be told. */
  entity_label: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditList = zPage(ZAuditEntry);
export type TAuditList = z.infer<typeof ZAuditList>;

/** The actions and record types the log holds, for the filters. */
export const ZAuditFacets = z.object({ actions: z.array(z.string()), entities: z.array(z.string()) });
export type TAuditFacets = z.infer<typeof ZAuditFacets>;

/** At most this many rows go into one CSV export (newest first). */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;
