import { z } from 'zod';
import { ZDayOrInstant } from './dates.js';
import { LANGUAGES } from './constants.js';
import { TRANSFER_ACTIONS, TRANSFER_STATUSES } from './transfer-states.js';


export const ZTransferStatus = z.enum(TRANSFER_STATUSES);

/**
 * A quantity: > 0, at most 3 decimal places (a unit may be metres or litres), given as a
 * decimal string ("2.5") or a number; always a plain decimal string afterwards.
 */
export const ZTransferQuantity = z
  .union([z.string().trim(), z.number().finite()])
  .transform((v) => (typeof v === 'number' ? String(v) : v))
  .pipe(
    z
      .string()
      .regex(/^\d{1,11}(\.\d{1,3})?$/, { message: 'invalid' })
      .refine((v) => /[1-9]/.test(v), { message: 'invalid' }),
  );

/** A uuid: 'required' when missing, 'invalid' otherwise. */
const ZId = z.uuid({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid') });

const ZNotes = z
  .string()
  .trim()
  .max(2000, { message: 'too_long' })
  .transform((v) => (v === '' ? null : v));

export const ZTransferLineInput = z.object({
  item_id: ZId,
  quantity: ZTransferQuantity,
});

export const ZCreateTransferRequest = z
  .object({
    from_warehouse_id: ZId,
    to_warehouse_id: ZId,
    notes: ZNotes.nullish(),
    lines: z.array(ZTransferLineInput, { error: 'required' }).min(1, { message: 'required' }).max(200, { message: 'too_long' }),
  })
  .superRefine((body, ctx) => {
    if (body.from_warehouse_id === body.to_warehouse_id) {
      ctx.addIssue({ code: 'custom', path: ['to_warehouse_id'], message: 'invalid' });
    }
    const seen = new Set<string>();
    body.lines.forEach((line, i) => {
      if (seen.has(line.item_id)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'item_id'], message: 'invalid' });
      seen.add(line.item_id);
    });
  });
export type TCreateTransferRequest = z.infer<typeof ZCreateTransferRequest>;

export const ZRejectTransferRequest = z.object({
  reason: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(1000, { message: 'too_long' }),
});
export type TRejectTransferRequest = z.infer<typeof ZRejectTransferRequest>;

export const ZTransferWarehouse = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(['main', 'branch', 'van']),
});
export type TTransferWarehouse = z.infer<typeof ZTransferWarehouse>;

export const ZPersonRef = z.object({ id: z.uuid(), name: z.string() });

export const ZTransferLine = z.object({
  id: z.uuid(),
  item_id: z.uuid(),
  item_code: z.string(),
  item_name: z.string(),
  unit: z.string(),
  quantity: z.string(),
  /** What the source warehouse holds of the item now (decimal string). */
  available_in_source: z.string(),
});
export type TTransferLine = z.infer<typeof ZTransferLine>;

export const ZTransferEvent = z.object({
  /** null for the creation of the transfer. */
  from_status: ZTransferStatus.nullable(),
  to_status: ZTransferStatus,
  actor: ZPersonRef.nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type TTransferEvent = z.infer<typeof ZTransferEvent>;

const transferFields = {
  id: z.uuid(),
  number: z.string(),
  status: ZTransferStatus,
  from_warehouse: ZTransferWarehouse,
  to_warehouse: ZTransferWarehouse,
  notes: z.string().nullable(),
  requested_by: ZPersonRef,
  requested_at: z.string(),
  /** Who approved or rejected it, and when. */
  decided_by: ZPersonRef.nullable(),
  decided_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  received_by: ZPersonRef.nullable(),
  received_at: z.string().nullable(),
  cancelled_by: ZPersonRef.nullable(),
  cancelled_at: z.string().nullable(),
  /** True when it goes into a technician's van (a parts request). */
  parts_request: z.boolean(),
  allowed_actions: z.array(z.enum(TRANSFER_ACTIONS)),
};

export const ZTransfer = z.object({
  ...transferFields,
  lines: z.array(ZTransferLine),
  timeline: z.array(ZTransferEvent),
});
export type TTransfer = z.infer<typeof ZTransfer>;

/** A row of the list: the transfer without its lines and timeline. */
export const ZTransferSummary = z.object({
  ...transferFields,
  line_count: z.number().int(),
});
export type TTransferSummary = z.infer<typeof ZTransferSummary>;

export const TRANSFER_SORTS = ['requested_at', 'number', 'status'] as const;

export const ZTransferListQuery = z.object({
  /** Searches the number and the notes. */
  q: z.string().trim().max(100).optional(),
  status: ZTransferStatus.optional(),
  from_warehouse_id: z.uuid({ message: 'invalid' }).optional(),
  to_warehouse_id: z.uuid({ message: 'invalid' }).optional(),
  /** Either side. */
  warehouse_id: z.uuid({ message: 'invalid' }).optional(),
  item_id: z.uuid({ message: 'invalid' }).optional(),
  requested_by: z.uuid({ message: 'invalid' }).optional(),
  /** requested_at ≥ from; a date alone means its start (in the company's time zone). */
  from: ZDayOrInstant.optional(),
  /** requested_at ≤ to; a date alone means the whole day (in the company's time zone). */
  to: ZDayOrInstant.optional(),
  sort: z.enum(TRANSFER_SORTS).default('requested_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  /** Opaque, from `next_cursor`. */
  cursor: z.string().max(500).optional(),
});
export type TTransferListQuery = z.infer<typeof ZTransferListQuery>;

export const ZTransferList = z.object({
  items: z.array(ZTransferSummary),
  next_cursor: z.string().nullable(),
  total: z.number().int(),
});
export type TTransferList = z.infer<typeof ZTransferList>;

export const ZTransferDocumentQuery = z.object({
  format: z.enum(['pdf', 'csv']).default('pdf'),
  lang: z.enum(LANGUAGES).default('ar'),
});
export type TTransferDocumentQuery = z.infer<typeof ZTransferDocumentQuery>;
