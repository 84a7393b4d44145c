import { z } from 'zod';
import { ZMobile } from './auth.js';
import { ZDay } from './dates.js';
import { compareDecimal } from './decimal.js';
import { ZDecimal, ZMoney, ZQuantity, ZWarehouseKind } from './inventory.js';
import { pageQueryFields, zPage, ZSortOrder } from './paging.js';
import { optionalText, requiredText, ZId } from './text-input.js';

/**
 * Suppliers and goods receipts (issue #24): stock bought from a supplier enters a main or
 * branch warehouse through a goods receipt (`GR-000001`), which posts `receipt` movements
 * through the ledger and sets each item's last cost. A receipt is never edited or deleted.
 * Quantities and money are exact decimal strings, as everywhere in inventory.
 */

// ---------------------------------------------------------------------------------------
// Suppliers

/** A Saudi VAT registration number: 15 digits, starting and ending with 3. */
export const VAT_NUMBER_PATTERN = /^3\d{13}3$/;

const ZVatNumber = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().refine((v) => v === '' || VAT_NUMBER_PATTERN.test(v), { message: 'invalid' }))
  .transform((v) => (v === '' ? null : v));

/** Optional: '' means none. */
const ZOptionalPhone = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v))
  .pipe(ZMobile.nullable());

export const ZSupplier = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  vat_number: z.string().nullable(),
  active: z.boolean(),
  /** How many goods receipts name this supplier. */
  receipt_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TSupplier = z.infer<typeof ZSupplier>;

const supplierFields = {
  /** Unique, ignoring case. */
  name: requiredText(200),
  phone: ZOptionalPhone.nullish().transform((v) => v ?? null),
  vat_number: ZVatNumber.nullish().transform((v) => v ?? null),
};

export const ZCreateSupplier = z.object({ ...supplierFields, active: z.boolean().optional() });
export type TCreateSupplier = z.infer<typeof ZCreateSupplier>;

/** Any subset; `active: false` hides the supplier from new receipts (its receipts stay). */
export const ZPatchSupplier = z
  .object({
    name: supplierFields.name,
    phone: ZOptionalPhone.nullable(),
    vat_number: ZVatNumber.nullable(),
    active: z.boolean(),
  })
  .partial()
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: 'required' });
export type TPatchSupplier = z.infer<typeof ZPatchSupplier>;

export const SUPPLIER_SORTS = ['name', 'created'] as const;
export const ZSupplierListQuery = z.object({
  /** Searches name, phone and VAT number. */
  q: z.string().trim().max(100).optional(),
  active: z.enum(['true', 'false']).optional(),
  sort: z.enum(SUPPLIER_SORTS).default('name'),
  order: ZSortOrder.default('asc'),
  ...pageQueryFields,
});
export type TSupplierListQuery = z.infer<typeof ZSupplierListQuery>;
export const ZSupplierList = zPage(ZSupplier);
export type TSupplierList = z.infer<typeof ZSupplierList>;

// ---------------------------------------------------------------------------------------
// Goods receipts

export const MAX_RECEIPT_LINES = 100;

/** A quantity received: > 0, at most 3 decimal places. */
const ZReceivedQuantity = ZQuantity.refine((v) => compareDecimal(v, 0) > 0, { message: 'invalid' });

export const ZGoodsReceiptLineInput = z.object({
  item_id: ZId,
  quantity: ZReceivedQuantity,
  /** Per unit, before tax: ≥ 0, at most 2 decimal places. */
  unit_cost: ZMoney,
});
export type TGoodsReceiptLineInput = z.infer<typeof ZGoodsReceiptLineInput>;

export const ZCreateGoodsReceipt = z
  .object({
    warehouse_id: ZId,
    supplier_id: ZId,
    /** The supplier's delivery note or invoice number. */
    reference: optionalText(100),
    /** The day the goods arrived (company time zone); today when left out; never in the future. */
    received_on: ZDay.nullish().transform((v) => v ?? null),
    notes: optionalText(2000),
    lines: z
      .array(ZGoodsReceiptLineInput, { error: 'required' })
      .min(1, { message: 'required' })
      .max(MAX_RECEIPT_LINES, { message: 'too_long' }),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.lines.forEach((line, i) => {
      const id = line.item_id.toLowerCase();
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'item_id'], message: 'duplicate' });
      seen.add(id);
    });
  });
export type TCreateGoodsReceipt = z.infer<typeof ZCreateGoodsReceipt>;

export const GOODS_RECEIPT_ACTIONS = ['print'] as const;
export type GoodsReceiptAction = (typeof GOODS_RECEIPT_ACTIONS)[number];

export const ZGoodsReceiptLine = z.object({
  line_no: z.number().int(),
  item_id: z.uuid(),
  item_code: z.string(),
  item_name: z.string(),
  unit: z.string(),
  quantity: ZDecimal,
  unit_cost: ZDecimal,
  /** quantity × unit_cost, rounded to 2 places. */
  total: ZDecimal,
});
export type TGoodsReceiptLine = z.infer<typeof ZGoodsReceiptLine>;

const receiptFields = {
  id: z.uuid(),
  /** GR-000001 */
  number: z.string(),
  warehouse: z.object({ id: z.uuid(), code: z.string(), name: z.string(), kind: ZWarehouseKind }),
  supplier: z.object({ id: z.uuid(), name: z.string(), phone: z.string().nullable(), vat_number: z.string().nullable() }),
  reference: z.string().nullable(),
  /** YYYY-MM-DD, a day in the company's time zone. */
  received_on: z.string(),
  notes: z.string().nullable(),
  created_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  created_at: z.string(),
  line_count: z.number().int(),
  /** Σ quantity × unit_cost over the lines, rounded to 2 places (before tax). */
  total: ZDecimal,
};

export const ZGoodsReceiptSummary = z.object(receiptFields);
export type TGoodsReceiptSummary = z.infer<typeof ZGoodsReceiptSummary>;

export const ZGoodsReceipt = z.object({
  ...receiptFields,
  lines: z.array(ZGoodsReceiptLine),
  /** What the caller may do with it now: a receipt is never edited, only printed. */
  allowed_actions: z.array(z.enum(GOODS_RECEIPT_ACTIONS)),
});
export type TGoodsReceipt = z.infer<typeof ZGoodsReceipt>;

export const GOODS_RECEIPT_SORTS = ['created', 'number', 'received_on'] as const;
export const ZGoodsReceiptListQuery = z.object({
  /** Searches the number, the supplier's reference and the supplier's name. */
  q: z.string().trim().max(100).optional(),
  warehouse_id: z.uuid({ message: 'invalid' }).optional(),
  supplier_id: z.uuid({ message: 'invalid' }).optional(),
  item_id: z.uuid({ message: 'invalid' }).optional(),
  /** received_on ≥ this day (company time zone). */
  date_from: ZDay.optional(),
  /** received_on ≤ this day (company time zone). */
  date_to: ZDay.optional(),
  sort: z.enum(GOODS_RECEIPT_SORTS).default('created'),
  order: ZSortOrder.default('desc'),
  ...pageQueryFields,
});
export type TGoodsReceiptListQuery = z.infer<typeof ZGoodsReceiptListQuery>;
export const ZGoodsReceiptList = zPage(ZGoodsReceiptSummary);
export type TGoodsReceiptList = z.infer<typeof ZGoodsReceiptList>;
