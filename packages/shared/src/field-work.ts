import { z } from 'zod';
import { decimalInput, ZQuantity } from './inventory.js';
import { optionalText, ZId } from './text-input.js';
import { ZInstant } from './dates.js';
import { WORK_ACTIONS, type WorkAction } from './work-rules.js';

/**
 * Field work on a service request (issue #10, PRODUCT.md §3): the work log, the structured
 * diagnostic, parts used from the technician's van, photos, the quality check. Who may do what
 * lives here once: the server refuses with these rules and every read returns `work_actions`
 * computed by them, so the UI offers exactly what the server would accept.
 */

export * from './work-rules.js';

// ---------------------------------------------------------------------------------------
// Input

/** The body of a start or a pause of the work log. */
export const ZWorkLogNote = z
  .object({
    note: optionalText(2000),
    /**
     * When it was done on the device (an action queued offline and sent later, issue #27); the
     * server's time when absent. Not after the server's now plus a small skew, not before the
     * request was assigned, a pause not before its entry started: else 400 `out_of_range`.
     */
    at: ZInstant.optional(),
  })
  .default({ note: null });
export type TWorkLogNote = z.infer<typeof ZWorkLogNote>;

/** Labor hours: 0–999.99, at most 2 decimal places (numeric(6,2)). */
export const ZLaborHours = decimalInput(/^\d{1,3}(\.\d{1,2})?$/);

export const ZDiagnosticInput = z.object({
  symptoms: optionalText(4000),
  diagnosis: optionalText(4000),
  resolution: optionalText(4000),
  notes: optionalText(4000),
  labor_hours: ZLaborHours.nullish().transform((v) => v ?? null),
});
export type TDiagnosticInput = z.infer<typeof ZDiagnosticInput>;

const ZPositiveQuantity = ZQuantity.refine((v) => Number(v) > 0, { message: 'invalid' });

export const ZAddPart = z.object({ item_id: ZId, quantity: ZPositiveQuantity });
export type TAddPart = z.infer<typeof ZAddPart>;

export const ZPartsRequest = z
  .object({
    lines: z
      .array(z.object({ item_id: ZId, quantity: ZPositiveQuantity }), { error: 'required' })
      .min(1, { message: 'required' })
      .max(50, { message: 'too_long' }),
    note: optionalText(2000),
    /** The warehouse the parts come from; the main warehouse when absent. */
    from_warehouse_id: ZId.nullish(),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.lines.forEach((line, i) => {
      if (seen.has(line.item_id)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'item_id'], message: 'duplicate' });
      seen.add(line.item_id);
    });
  });
export type TPartsRequest = z.infer<typeof ZPartsRequest>;

export const QUALITY_CHECK_RESULTS = ['passed', 'failed'] as const;
export const ZQualityCheckInput = z
  .object({
    result: z.enum(QUALITY_CHECK_RESULTS, { message: 'required' }),
    notes: optionalText(2000),
  })
  .superRefine((body, ctx) => {
    // A failed check reopens the work: the technician must be told what to fix.
    if (body.result === 'failed' && !body.notes) ctx.addIssue({ code: 'custom', path: ['notes'], message: 'required' });
  });
export type TQualityCheckInput = z.infer<typeof ZQualityCheckInput>;


// ---------------------------------------------------------------------------------------
// Output

const ZPerson = z.object({ id: z.uuid(), name: z.string() });

export const ZWorkLogEntry = z.object({
  id: z.uuid(),
  technician: ZPerson,
  started_at: z.string(),
  ended_at: z.string().nullable(),
  /** Whole seconds; an open entry up to now. */
  seconds: z.number().int(),
  note: z.string().nullable(),
});
export type TWorkLogEntry = z.infer<typeof ZWorkLogEntry>;

/** A part used: prices as they were when it was used; amounts are decimal strings computed in the database. */
export const ZPartLine = z.object({
  id: z.uuid(),
  item_id: z.uuid(),
  item_code: z.string(),
  item_name: z.string(),
  unit: z.string(),
  warehouse_id: z.uuid(),
  quantity: z.string(),
  unit_price: z.string(),
  tax_rate: z.string(),
  /** quantity × unit price, rounded to 2 places. */
  subtotal: z.string(),
  /** subtotal × tax rate, rounded to 2 places. */
  tax_amount: z.string(),
  total: z.string(),
  created_at: z.string(),
});
export type TPartLine = z.infer<typeof ZPartLine>;

export const ZMoneyTotals = z.object({ subtotal: z.string(), tax: z.string(), total: z.string() });
export type TMoneyTotals = z.infer<typeof ZMoneyTotals>;

export const ATTACHMENT_KINDS = ['photo', 'customer_signature', 'technician_signature'] as const;
export const ZAttachment = z.object({
  id: z.uuid(),
  kind: z.enum(ATTACHMENT_KINDS),
  content_type: z.string(),
  size: z.number().int(),
  caption: z.string().nullable(),
  created_at: z.string(),
  /** `GET` with the caller's token. */
  url: z.string(),
  thumb_url: z.string(),
});
export type TAttachment = z.infer<typeof ZAttachment>;

export const ZQualityCheck = z.object({
  result: z.enum(QUALITY_CHECK_RESULTS),
  notes: z.string().nullable(),
  checked_by: ZPerson.nullable(),
  checked_at: z.string(),
});
export type TQualityCheck = z.infer<typeof ZQualityCheck>;

/** The field-work part of a request's detail (inside `work`). */
export const zFieldWorkFields = {
  symptoms: z.string().nullable(),
  diagnostic_notes: z.string().nullable(),
  labor_hours: z.string().nullable(),
  work_log: z.array(ZWorkLogEntry),
  open_entry_id: z.uuid().nullable(),
  /** The sum of the work log, in seconds (an open entry counts up to now). */
  duration_seconds: z.number().int(),
  parts: z.array(ZPartLine),
  parts_totals: ZMoneyTotals,
  awaiting_transfer: z.object({ id: z.uuid(), number: z.string(), status: z.string() }).nullable(),
  attachments: z.array(ZAttachment),
  /** The van of the request's technician: where parts come from. */
  van_id: z.uuid().nullable(),
};

export const ZWorkActions = z.object(Object.fromEntries(WORK_ACTIONS.map((a) => [a, z.boolean()])) as Record<WorkAction, z.ZodBoolean>);

/** `POST /api/service-requests/:id/attachments` limits (photos; signatures have MAX_SIGNATURE_BYTES). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_THUMB_PX = 320;
