import { z } from 'zod';
import { ZDay } from './dates.js';
import { LANGUAGES } from './constants.js';
import { QUALITY_CHECK_RESULTS } from './field-work.js';
import { SERVICE_LOCATIONS, ZServiceRequest, ZServiceRequestListQuery, ZServiceRequestSummary } from './service-requests.js';
import { ZServiceRequestStatus } from './service-request-status.js';
import { missingOrInvalid } from './text-input.js';

// Service reports, performance reports and the technician dashboard (issue #10, PRODUCT.md §5, §10).

// ---------------------------------------------------------------------------------------
// Service reports

/** `GET /api/reports/service`: the request list's filters, sort and paging (technicians see their own). */
export const ZServiceReportListQuery = ZServiceRequestListQuery;
export type TServiceReportListQuery = z.infer<typeof ZServiceReportListQuery>;

/** A request as the report list shows it: the summary plus what the report adds up. */
export const ZServiceReportRow = ZServiceRequestSummary.extend({
  /** Σ of its part lines with tax, exact (2 places). */
  parts_total: z.string(),
  labor_hours: z.string().nullable(),
  /** The sum of its work log, in seconds. */
  work_seconds: z.number().int(),
  qc_result: z.enum(QUALITY_CHECK_RESULTS).nullable(),
});
export type TServiceReportRow = z.infer<typeof ZServiceReportRow>;

export const ZServiceReportList = z.object({
  items: z.array(ZServiceReportRow),
  next_cursor: z.string().nullable(),
  total: z.number().int(),
  total_capped: z.boolean(),
});
export type TServiceReportList = z.infer<typeof ZServiceReportList>;

/** `GET /api/service-requests/:id/report?format=json|pdf&lang=ar|en`. */
export const ZServiceReportQuery = z.object({
  format: z.enum(['json', 'pdf'], { error: missingOrInvalid }).default('json'),
  /** The PDF's language (default: the caller's). */
  lang: z.enum(LANGUAGES, { error: missingOrInvalid }).optional(),
});

/** The paper sizes of the intake receipt: A4, or an 80 mm thermal-printer roll. */
export const RECEIPT_SIZES = ['a4', '80mm'] as const;
export type ReceiptSize = (typeof RECEIPT_SIZES)[number];

/** `GET /api/service-requests/:id/receipt?format=pdf&lang=ar|en&size=a4|80mm` (issue #28). */
export const ZIntakeReceiptQuery = z.object({
  format: z.enum(['pdf'], { error: missingOrInvalid }).default('pdf'),
  /** The receipt's language (default: the company's). */
  lang: z.enum(LANGUAGES, { error: missingOrInvalid }).optional(),
  size: z.enum(RECEIPT_SIZES, { error: missingOrInvalid }).default('a4'),
});
export type TIntakeReceiptQuery = z.infer<typeof ZIntakeReceiptQuery>;

/** The whole record of PRODUCT.md §10: the request (customer, device, work, parts, photos, quality check, signatures) and who issued it. */
export const ZServiceReport = z.object({
  request: ZServiceRequest,
  company: z.object({ name: z.string(), support_phone: z.string(), currency: z.string(), time_zone: z.string() }),
  generated_at: z.string(),
});
export type TServiceReport = z.infer<typeof ZServiceReport>;

// ---------------------------------------------------------------------------------------
// Performance

/** Days of the company's calendar, inclusive; default: the last 30 days up to today. */
export const ZPerformanceQuery = z
  .object({
    technician_id: z.uuid({ error: missingOrInvalid }).optional(),
    from: ZDay.optional(),
    to: ZDay.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'out_of_range' });
export type TPerformanceQuery = z.infer<typeof ZPerformanceQuery>;

/**
 * One technician's figures over a period. The jobs are the requests they completed in it (and
 * that are still completed); the times are means over those jobs, in hours.
 */
export const ZTechnicianPerformance = z.object({
  technician: z.object({ id: z.uuid(), name: z.string() }),
  jobs_completed: z.number().int(),
  /** Mean of (completed − request date). */
  average_completion_hours: z.number().nullable(),
  /** Mean of (first response − request date). */
  average_response_hours: z.number().nullable(),
  /** Mean of each job's work log. */
  average_job_hours: z.number().nullable(),
  /** Share (0–1) of the jobs completed without waiting for parts and never reopened. */
  first_time_fix_rate: z.number().nullable(),
  average_rating: z.number().nullable(),
  rating_count: z.number().int(),
  /** Work logged in the period (entries started in it), in hours. */
  hours_logged: z.number(),
});
export type TTechnicianPerformance = z.infer<typeof ZTechnicianPerformance>;

export const PERFORMANCE_BUCKETS = ['day', 'week', 'month'] as const;

export const ZPerformanceReport = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  /** The size of a series point: a day up to 31 days, a week up to 26 weeks, else a month. */
  bucket: z.enum(PERFORMANCE_BUCKETS),
  technicians: z.array(ZTechnicianPerformance),
  /** Jobs completed and hours logged per bucket (its first day) and technician. */
  series: z.array(z.object({ period: z.string(), technician_id: z.uuid(), jobs_completed: z.number().int(), hours_logged: z.number() })),
});
export type TPerformanceReport = z.infer<typeof ZPerformanceReport>;

// ---------------------------------------------------------------------------------------
// Technician dashboard (PRODUCT.md §5)

export const ZTechnicianDashboard = z.object({
  time_zone: z.string(),
  /** Today's appointments (company time zone), in order. */
  today: z.array(
    z.object({
      id: z.uuid(),
      number: z.string(),
      starts_at: z.string(),
      ends_at: z.string(),
      status: z.string(),
      service_request: z
        .object({ id: z.uuid(), number: z.string(), status: ZServiceRequestStatus, customer_name: z.string(), location: z.enum(SERVICE_LOCATIONS), address: z.string().nullable() })
        .nullable(),
    }),
  ),
  /** Open jobs assigned to the technician, by status. */
  open_by_status: z.object({ assigned: z.number().int(), in_progress: z.number().int(), pending_parts: z.number().int() }),
  /** Work logged since Monday (company time zone), in hours. */
  hours_this_week: z.number(),
  /** All-time figures (the same definitions as the performance report). */
  overall: ZTechnicianPerformance,
});
export type TTechnicianDashboard = z.infer<typeof ZTechnicianDashboard>;
