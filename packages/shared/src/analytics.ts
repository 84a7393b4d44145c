import { z } from 'zod';
import { ZDay } from './dates.js';
import { PERFORMANCE_BUCKETS } from './reports.js';
import { PRIORITIES } from './service-requests.js';
import { missingOrInvalid } from './text-input.js';

// The admin dashboard and analytics (issue #11, PRODUCT.md §5).

// ---------------------------------------------------------------------------------------
// Admin dashboard

export const ZAdminDashboard = z.object({
  time_zone: z.string(),
  /** Open requests by status. */
  open_by_status: z.object({ pending: z.number().int(), assigned: z.number().int(), in_progress: z.number().int(), pending_parts: z.number().int() }),
  /** Pending requests with no technician. */
  unassigned: z.number().int(),
  /** Completed requests not quality-checked since their completion (the request desk's `quality=pending`). */
  awaiting_quality_check: z.number().int(),
  /** Open requests past a response or resolution target (the SLA check's breaches). */
  sla_breached: z.number().int(),
  /** Last 7 days: work logged ÷ the active technicians' working hours; null without working hours. */
  utilisation: z.number().nullable(),
  hours_logged: z.number(),
  hours_scheduled: z.number(),
  /** Last 30 days, in hours: requests answered (response) and completed (completion) in them. */
  average_response_hours: z.number().nullable(),
  average_completion_hours: z.number().nullable(),
  /** Last 30 days: the mean rating of requests rated in them. */
  satisfaction: z.number().nullable(),
  rating_count: z.number().int(),
  low_stock: z.number().int(),
  out_of_stock: z.number().int(),
  pending_transfers: z.number().int(),
  /** Last 30 days (company calendar): requests raised and completed per day. */
  trend: z.array(z.object({ day: z.string(), created: z.number().int(), completed: z.number().int() })),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;

// ---------------------------------------------------------------------------------------
// Analytics: GET /api/analytics/<figure>?from=&to=&service_type=&technician_id=&priority=&format=

export const ANALYTICS_FIGURES = ['requests', 'service-types', 'times', 'first-time-fix', 'satisfaction', 'utilisation', 'parts', 'stock-value'] as const;
export type AnalyticsFigure = (typeof ANALYTICS_FIGURES)[number];

export const ZAnalyticsQuery = z
  .object({
    /** Company calendar days, inclusive; default: the last 90 days. */
    from: ZDay.optional(),
    to: ZDay.optional(),
    service_type: z.string().trim().min(1).max(50, { message: 'too_long' }).optional(),
    technician_id: z.uuid({ error: missingOrInvalid }).optional(),
    priority: z.enum(PRIORITIES, { error: missingOrInvalid }).optional(),
    format: z.enum(['json', 'csv'], { error: missingOrInvalid }).default('json'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'out_of_range' });
export type TAnalyticsQuery = z.infer<typeof ZAnalyticsQuery>;

/** Every figure's answer: its period, the bucket of its series, and rows of named numbers. */
export const ZAnalyticsResult = z.object({
  figure: z.enum(ANALYTICS_FIGURES),
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  bucket: z.enum(PERFORMANCE_BUCKETS),
  /** The column names of `rows`, in order (the CSV's header). */
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  /** `times` only: the targets per priority, in working hours. */
  targets: z.record(z.string(), z.object({ response_hours: z.number(), resolution_hours: z.number() })).optional(),
});
export type TAnalyticsResult = z.infer<typeof ZAnalyticsResult>;
