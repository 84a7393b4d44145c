import { z } from 'zod';
import { compareDecimal, scaled } from './decimal.js';
import { ITEM_UNITS } from './item-terms.js';
import { ZDayOrInstant } from './dates.js';
import { pageQueryFields, zPage, ZSortOrder } from './paging.js';

/**
 * Inventory (PRODUCT.md §3, §4): items, warehouses, stock levels, the movement ledger and
 * adjustments. Money and quantities are exact decimals: numeric in the database, decimal
 * strings in JSON ("12.50", "3.000"), never floats. Inputs accept a decimal string or a
 * number; outputs are always strings.
 */

// ---------------------------------------------------------------------------------------
// Decimals

/**
 * The one decimal input: a decimal string or a finite number, matching `pattern`. A value that
 * does not match stops there (`abort`), so no later check — a range, an object-level rule —
 * ever computes with "abc" or "1e308" (issue #22: they threw, and answered 500).
 */
export const decimalInput = (pattern: RegExp) =>
  z
    .union([z.string().trim(), z.number().finite()], { message: 'invalid' })
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .pipe(z.string().min(1, { message: 'required', abort: true }).regex(pattern, { message: 'invalid', abort: true }));

/** Money: ≥ 0, at most 2 decimal places (numeric(12,2)). */
export const ZMoney = decimalInput(/^\d{1,10}(\.\d{1,2})?$/);
/** A quantity ≥ 0 with at most 3 decimal places (a unit may be metres or litres). */
export const ZQuantity = decimalInput(/^\d{1,11}(\.\d{1,3})?$/);
/** A signed quantity change, at most 3 decimal places. */
export const ZSignedQuantity = decimalInput(/^[-+]?\d{1,11}(\.\d{1,3})?$/);
/** A tax rate in percent, 0–100, at most 2 decimal places. */
export const ZTaxRate = decimalInput(/^\d{1,3}(\.\d{1,2})?$/).refine((v) => scaled(v, 2) <= 10000n, { message: 'invalid' });
/** A decimal string as the API returns it. */
export const ZDecimal = z.string();

// ---------------------------------------------------------------------------------------
// Stock status, movements, reasons

export const STOCK_STATUSES = ['in_stock', 'low_stock', 'out_of_stock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];
export const ZStockStatus = z.enum(STOCK_STATUSES);

/**
 * An item's stock status (PRODUCT.md §4, docs/decisions/012-low-stock.md). `quantity` is the
 * item's quantity on hand over ALL warehouses (in transit excluded), never one warehouse's:
 * out_of_stock when it is 0; low_stock when it is at or below the minimum (`rule`
 * `at_or_below_minimum`, the default) or below it (`below_minimum`); else in_stock. A minimum
 * of 0 is never low. The server's SQL (inventory/ledger.ts statusSql) is the same rule.
 */
export function stockStatus(
  quantity: string | number,
  minQuantity: string | number,
  rule: 'at_or_below_minimum' | 'below_minimum' = 'at_or_below_minimum',
): StockStatus {
  if (compareDecimal(quantity, 0) <= 0) return 'out_of_stock';
  const c = compareDecimal(quantity, minQuantity);
  if (c < 0 || (c === 0 && rule === 'at_or_below_minimum')) return 'low_stock';
  return 'in_stock';
}

export const ZItemUnit = z.enum(ITEM_UNITS, { message: 'invalid' });
export const MOVEMENT_KINDS = ['receipt', 'transfer_out', 'transfer_in', 'adjustment', 'consumption', 'return'] as const;
export type MovementKindName = (typeof MOVEMENT_KINDS)[number];
export const ZMovementKind = z.enum(MOVEMENT_KINDS);

export const ADJUSTMENT_REASONS = ['count_correction', 'damaged', 'lost', 'found', 'returned', 'initial_stock', 'import'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];
export const ZAdjustmentReason = z.enum(ADJUSTMENT_REASONS);
/** What a person picks when adjusting by hand: `import` is written only by a stock-level import (data management). */
export const MANUAL_ADJUSTMENT_REASONS = ADJUSTMENT_REASONS.filter((r): r is Exclude<AdjustmentReason, 'import'> => r !== 'import');

export const WAREHOUSE_KINDS = ['main', 'branch', 'van'] as const;
export type WarehouseKind = (typeof WAREHOUSE_KINDS)[number];
export const ZWarehouseKind = z.enum(WAREHOUSE_KINDS);

// ---------------------------------------------------------------------------------------
// Shared field rules

const ZCode = z
  .string({ message: 'required' })
  .trim()
  .min(1, { message: 'required' })
  .max(40, { message: 'too_long' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, { message: 'invalid' });
const requiredText = (max: number) =>
  z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(max, { message: 'too_long' });
/** Optional free text: '' means none. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'too_long' })
    .transform((v) => (v === '' ? null : v))
    .nullish();
const ZId = z.uuid({ message: 'invalid' });
const ZBoolString = z.enum(['true', 'false']);

// ---------------------------------------------------------------------------------------
// Warehouses

export const ZWarehouse = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  kind: ZWarehouseKind,
  /** The technician whose van this is (vans only). */
  technician_id: z.uuid().nullable(),
  technician_name: z.string().nullable(),
  address: z.string().nullable(),
  active: z.boolean(),
});
export type TWarehouse = z.infer<typeof ZWarehouse>;

/** A warehouse with its stock figures (detail and list rows). */
export const ZWarehouseWithStock = ZWarehouse.extend({
  /** Σ quantity × price over its stock levels (before tax). */
  stock_value: ZDecimal,
  /** Stock levels with quantity > 0. */
  item_count: z.number().int(),
  /**
   * Active items with a stock level here whose status — over ALL warehouses, never this one's
   * quantity — is low / out of stock: the length of `/api/items?warehouse_id=…&status=…&active=true`.
   */
  low_stock_count: z.number().int(),
  out_of_stock_count: z.number().int(),
});
export type TWarehouseWithStock = z.infer<typeof ZWarehouseWithStock>;

const warehouseFields = {
  code: ZCode,
  name: requiredText(120),
  kind: ZWarehouseKind,
  /** Required for a van, refused for any other kind. */
  technician_id: ZId.nullish(),
  address: optionalText(300),
  active: z.boolean().optional(),
};

export const ZCreateWarehouse = z.object(warehouseFields).superRefine((w, ctx) => {
  if (w.kind === 'van' && !w.technician_id) ctx.addIssue({ code: 'custom', path: ['technician_id'], message: 'required' });
  if (w.kind !== 'van' && w.technician_id) ctx.addIssue({ code: 'custom', path: ['technician_id'], message: 'invalid' });
});
export type TCreateWarehouse = z.infer<typeof ZCreateWarehouse>;

/** Any subset of the fields; the server checks the van rule against the stored row. */
export const ZPatchWarehouse = z
  .object(warehouseFields)
  .partial()
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: 'required' });
export type TPatchWarehouse = z.infer<typeof ZPatchWarehouse>;

export const WAREHOUSE_SORTS = ['code', 'name', 'kind', 'created'] as const;
export const ZWarehouseListQuery = z.object({
  /** Searches code and name. */
  q: z.string().trim().max(100).optional(),
  kind: ZWarehouseKind.optional(),
  active: ZBoolString.optional(),
  sort: z.enum(WAREHOUSE_SORTS).default('code'),
  order: ZSortOrder.default('asc'),
  ...pageQueryFields,
});
export type TWarehouseListQuery = z.infer<typeof ZWarehouseListQuery>;
export const ZWarehouseList = zPage(ZWarehouseWithStock);
export type TWarehouseList = z.infer<typeof ZWarehouseList>;

// ---------------------------------------------------------------------------------------
// Items

export const ZItem = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** The item_categories code; its names beside it. */
  category: z.string(),
  category_name_ar: z.string(),
  category_name_en: z.string(),
  /** One of ITEM_UNITS. */
  unit: z.string(),
  min_quantity: ZDecimal,
  /** Unit price before tax. */
  price: ZDecimal,
  /** Percent. */
  tax_rate: ZDecimal,
  /** price × (1 + tax_rate / 100), rounded to 2 places. */
  total: ZDecimal,
  active: z.boolean(),
  /** Σ over warehouses (or, in a list filtered by warehouse_id, in that warehouse); in transit not included. */
  quantity: ZDecimal,
  /** stockStatus(quantity on hand over ALL warehouses, min_quantity, the low-stock rule) — also in a list filtered by warehouse_id. */
  status: ZStockStatus,
  created_at: z.string(),
  updated_at: z.string(),
});
export type TItem = z.infer<typeof ZItem>;

const itemFields = {
  code: ZCode,
  name: requiredText(200),
  description: optionalText(2000),
  /** An item_categories code (the server refuses an unknown one: 400 on `category`). */
  category: requiredText(60),
  unit: ZItemUnit,
  min_quantity: ZQuantity,
  price: ZMoney,
  tax_rate: ZTaxRate,
};

export const ZCreateItem = z.object({
  ...itemFields,
  unit: itemFields.unit.default('pcs'),
  min_quantity: itemFields.min_quantity.default('0'),
  /** Saudi VAT by default. */
  tax_rate: itemFields.tax_rate.default('15'),
});
export type TCreateItem = z.infer<typeof ZCreateItem>;

/** Any subset; `active: false` deactivates (the item keeps its history and can no longer be moved). */
export const ZPatchItem = z
  .object({ ...itemFields, active: z.boolean() })
  .partial()
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: 'required' });
export type TPatchItem = z.infer<typeof ZPatchItem>;

export const ITEM_SORTS = ['code', 'name', 'category', 'quantity', 'price', 'created'] as const;
export const ZItemListQuery = z.object({
  /** Searches code and name. */
  q: z.string().trim().max(100).optional(),
  category: z.string().trim().max(60).optional(),
  /** Only items with a stock level in this warehouse; quantity is then that warehouse's, status stays the item's over all warehouses. */
  warehouse_id: ZId.optional(),
  status: ZStockStatus.optional(),
  active: ZBoolString.optional(),
  sort: z.enum(ITEM_SORTS).default('code'),
  order: ZSortOrder.default('asc'),
  ...pageQueryFields,
});
export type TItemListQuery = z.infer<typeof ZItemListQuery>;
export const ZItemList = zPage(ZItem);
export type TItemList = z.infer<typeof ZItemList>;

export const ZItemCategories = z.object({ items: z.array(z.string()) });

// ---------------------------------------------------------------------------------------
// Stock

export const ZStockRow = z.object({
  item_id: z.uuid(),
  item_code: z.string(),
  item_name: z.string(),
  item_active: z.boolean(),
  category: z.string(),
  category_name_ar: z.string(),
  category_name_en: z.string(),
  unit: z.string(),
  min_quantity: ZDecimal,
  price: ZDecimal,
  warehouse_id: z.uuid(),
  warehouse_code: z.string(),
  warehouse_name: z.string(),
  warehouse_kind: ZWarehouseKind,
  /** Available in the warehouse (in transit excluded). */
  quantity: ZDecimal,
  /** Approved, not yet received transfers out of / into this warehouse. */
  in_transit_out: ZDecimal,
  in_transit_in: ZDecimal,
  /** The ITEM's status over all warehouses (not this line's quantity against the minimum). */
  status: ZStockStatus,
  /** quantity × price. */
  value: ZDecimal,
});
export type TStockRow = z.infer<typeof ZStockRow>;

export const STOCK_SORTS = ['item_code', 'item_name', 'warehouse_code', 'category', 'quantity'] as const;
export const ZStockListQuery = z.object({
  /** Searches item code and name. */
  q: z.string().trim().max(100).optional(),
  warehouse_id: ZId.optional(),
  item_id: ZId.optional(),
  category: z.string().trim().max(60).optional(),
  status: ZStockStatus.optional(),
  sort: z.enum(STOCK_SORTS).default('item_code'),
  order: ZSortOrder.default('asc'),
  ...pageQueryFields,
});
export type TStockListQuery = z.infer<typeof ZStockListQuery>;
export const ZStockList = zPage(ZStockRow);
export type TStockList = z.infer<typeof ZStockList>;

/** An item's stock in every warehouse that has (or had) a level for it, in transit shown. */
export const ZItemDetail = ZItem.extend({
  in_transit: ZDecimal,
  stock: z.array(ZStockRow),
});
export type TItemDetail = z.infer<typeof ZItemDetail>;

export const ZMovement = z.object({
  id: z.uuid(),
  item_id: z.uuid(),
  item_code: z.string(),
  item_name: z.string(),
  warehouse_id: z.uuid(),
  warehouse_code: z.string(),
  warehouse_name: z.string(),
  /** Signed: + into the warehouse, − out of it. */
  quantity: ZDecimal,
  kind: ZMovementKind,
  /** 'transfer' | 'adjustment' | 'service_request' | 'seed' … */
  document_type: z.string(),
  document_id: z.uuid().nullable(),
  document_number: z.string().nullable(),
  actor_id: z.uuid().nullable(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type TMovement = z.infer<typeof ZMovement>;

export const ZMovementListQuery = z.object({
  item_id: ZId.optional(),
  warehouse_id: ZId.optional(),
  kind: ZMovementKind.optional(),
  /** created_at ≥ from (a date alone: its start, in the company's time zone). */
  from: ZDayOrInstant.optional(),
  /** created_at ≤ to (a date alone: the whole day, in the company's time zone). */
  to: ZDayOrInstant.optional(),
  ...pageQueryFields,
});
export type TMovementListQuery = z.infer<typeof ZMovementListQuery>;
export const ZMovementList = zPage(ZMovement);
export type TMovementList = z.infer<typeof ZMovementList>;

// ---------------------------------------------------------------------------------------
// Adjustments

/** Exactly one of quantity_change (signed, ≠ 0) or counted_quantity (the change is computed under the row lock). */
export const ZCreateAdjustment = z
  .object({
    warehouse_id: ZId,
    item_id: ZId,
    quantity_change: ZSignedQuantity.optional(),
    counted_quantity: ZQuantity.optional(),
    reason: z.enum(MANUAL_ADJUSTMENT_REASONS, { message: 'required' }),
    notes: optionalText(2000),
  })
  .superRefine((a, ctx) => {
    if (a.quantity_change === undefined && a.counted_quantity === undefined) {
      ctx.addIssue({ code: 'custom', path: ['quantity_change'], message: 'required' });
    } else if (a.quantity_change !== undefined && a.counted_quantity !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['counted_quantity'], message: 'invalid' });
    } else if (a.quantity_change !== undefined && compareDecimal(a.quantity_change, 0) === 0) {
      ctx.addIssue({ code: 'custom', path: ['quantity_change'], message: 'invalid' });
    }
  });
export type TCreateAdjustment = z.infer<typeof ZCreateAdjustment>;

export const ZAdjustment = z.object({
  id: z.uuid(),
  /** ADJ-000012 */
  number: z.string(),
  warehouse_id: z.uuid(),
  warehouse_code: z.string(),
  warehouse_name: z.string(),
  item_id: z.uuid(),
  item_code: z.string(),
  item_name: z.string(),
  unit: z.string(),
  quantity_change: ZDecimal,
  counted_quantity: ZDecimal.nullable(),
  quantity_before: ZDecimal,
  quantity_after: ZDecimal,
  reason: ZAdjustmentReason,
  notes: z.string().nullable(),
  created_by: z.uuid().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type TAdjustment = z.infer<typeof ZAdjustment>;

export const ZAdjustmentListQuery = z.object({
  /** Searches the number, item code and item name. */
  q: z.string().trim().max(100).optional(),
  warehouse_id: ZId.optional(),
  item_id: ZId.optional(),
  reason: ZAdjustmentReason.optional(),
  from: ZDayOrInstant.optional(),
  to: ZDayOrInstant.optional(),
  order: ZSortOrder.default('desc'),
  ...pageQueryFields,
});
export type TAdjustmentListQuery = z.infer<typeof ZAdjustmentListQuery>;
export const ZAdjustmentList = zPage(ZAdjustment);
export type TAdjustmentList = z.infer<typeof ZAdjustmentList>;

// ---------------------------------------------------------------------------------------
// Warehouse status (diagnostic), report, supervisor dashboard

export const ZInvariantResult = z.object({
  ok: z.boolean(),
  mismatches: z.array(z.object({ item_id: z.uuid(), warehouse_id: z.uuid(), level: ZDecimal, ledger: ZDecimal })),
  negatives: z.array(z.object({ item_id: z.uuid(), warehouse_id: z.uuid(), quantity: ZDecimal })),
});
export type TInvariantResult = z.infer<typeof ZInvariantResult>;

export const ZWarehouseStatus = z.object({
  warehouse: ZWarehouseWithStock,
  /** Its lines (with a stock level here) of active items low / out of stock over ALL warehouses. */
  low_stock: z.array(ZStockRow),
  out_of_stock: z.array(ZStockRow),
  /** Transfers out of / into this warehouse waiting for approval, and approved but not received. */
  transfers: z.object({
    pending_out: z.number().int(),
    pending_in: z.number().int(),
    in_transit_out: z.number().int(),
    in_transit_in: z.number().int(),
  }),
  invariant: ZInvariantResult,
  checked_at: z.string(),
});
export type TWarehouseStatus = z.infer<typeof ZWarehouseStatus>;

export const ZInventoryReportQuery = z.object({
  warehouse_id: ZId.optional(),
  category: z.string().trim().max(60).optional(),
  /** Movements from (default: 30 days ago). */
  from: ZDayOrInstant.optional(),
  /** Movements to (default: now). */
  to: ZDayOrInstant.optional(),
  format: z.enum(['json', 'csv']).default('json'),
  /** The CSV's language (default: the company's default language); its times are in the company's time zone. */
  lang: z.enum(['ar', 'en']).optional(),
});
export type TInventoryReportQuery = z.infer<typeof ZInventoryReportQuery>;

export const ZInventoryReport = z.object({
  generated_at: z.string(),
  from: z.string(),
  to: z.string(),
  totals: z.object({ quantity: ZDecimal, value: ZDecimal, low_stock: z.number().int(), out_of_stock: z.number().int() }),
  by_warehouse: z.array(
    z.object({
      warehouse_id: z.uuid(),
      warehouse_code: z.string(),
      warehouse_name: z.string(),
      warehouse_kind: ZWarehouseKind,
      quantity: ZDecimal,
      value: ZDecimal,
      in_transit_in: ZDecimal,
      in_transit_out: ZDecimal,
    }),
  ),
  by_category: z.array(
    z.object({ category: z.string(), category_name_ar: z.string(), category_name_en: z.string(), quantity: ZDecimal, value: ZDecimal }),
  ),
  by_warehouse_category: z.array(
    z.object({
      warehouse_id: z.uuid(),
      warehouse_code: z.string(),
      category: z.string(),
      category_name_ar: z.string(),
      category_name_en: z.string(),
      quantity: ZDecimal,
      value: ZDecimal,
    }),
  ),
  /**
   * Active items (in the category, and with a stock level in the warehouse when filtered) whose
   * status over ALL warehouses is low / out of stock: exactly `/api/items?status=…&active=true`
   * with the same filters; totals.low_stock / out_of_stock are their counts.
   */
  low_stock: z.array(ZItem),
  out_of_stock: z.array(ZItem),
  /** Movements in [from, to] by kind: count, quantity in (+), quantity out (−, as a positive number). */
  movements: z.array(z.object({ kind: ZMovementKind, count: z.number().int(), quantity_in: ZDecimal, quantity_out: ZDecimal })),
  /** The same by day (in the company's time zone), for a chart. */
  movements_by_day: z.array(z.object({ day: z.string(), quantity_in: ZDecimal, quantity_out: ZDecimal })),
  in_transit: z.array(
    z.object({
      transfer_id: z.uuid(),
      transfer_number: z.string(),
      from_warehouse_code: z.string(),
      to_warehouse_code: z.string(),
      item_id: z.uuid(),
      item_code: z.string(),
      item_name: z.string(),
      quantity: ZDecimal,
      value: ZDecimal,
    }),
  ),
});
export type TInventoryReport = z.infer<typeof ZInventoryReport>;

export const ZSupervisorDashboard = z.object({
  /** Active items low / out of stock over all warehouses: `/api/items?status=…&active=true`'s total. */
  low_stock: z.number().int(),
  out_of_stock: z.number().int(),
  pending_transfers: z.number().int(),
  in_transit_transfers: z.number().int(),
  stock_value: ZDecimal,
  stock_value_by_warehouse: z.array(
    z.object({ warehouse_id: z.uuid(), warehouse_code: z.string(), warehouse_name: z.string(), warehouse_kind: ZWarehouseKind, value: ZDecimal }),
  ),
  /** The most urgent of those items (out of stock first, then the least on hand), at most 10. */
  attention: z.array(ZItem),
  recent_movements: z.array(ZMovement),
});
export type TSupervisorDashboard = z.infer<typeof ZSupervisorDashboard>;
