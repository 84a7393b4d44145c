import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TGoodsReceiptLine, TGoodsReceiptListQuery, TSupplier, TSupplierListQuery, WarehouseKind } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { goodsReceiptLines, goodsReceipts, inventoryItems, suppliers, warehouses } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';
import { companyZoneSql } from '../../lib/date-filter.js';
import { after, orderBy, pageOf, type KeyType } from '../../db/keyset.js';
import { isoSql, like, where } from '../../db/sql.js';

// ---------------------------------------------------------------------------------------
// Suppliers

const SUPPLIER_SELECT = sql`
  select s.id, s.name, s.phone, s.vat_number, s.active,
    (select count(*)::int from goods_receipts r where r.supplier_id = s.id) as receipt_count,
    ${isoSql('s.created_at')} as created_at, ${isoSql('s.updated_at')} as updated_at
  from suppliers s`;

export async function findSupplier(db: DbOrTx, id: string): Promise<TSupplier | null> {
  const [row] = rowsOf<TSupplier>(await db.execute(sql`${SUPPLIER_SELECT} where s.id = ${id}::uuid`));
  return row ?? null;
}

const SUPPLIER_SORTS: Record<TSupplierListQuery['sort'], { col: string; type: KeyType }> = {
  name: { col: 'lower(s.name)', type: 'text' },
  created: { col: 's.created_at', type: 'timestamptz' },
};

/** A page of suppliers, keyset-paged on (sort key, id), with the total. */
export async function listSuppliers(db: DbOrTx, q: TSupplierListQuery) {
  const filters = [
    q.q ? sql`(s.name ilike ${like(q.q)} or s.phone ilike ${like(q.q)} or s.vat_number ilike ${like(q.q)})` : undefined,
    q.active ? sql`s.active = ${q.active === 'true'}` : undefined,
  ];
  const sort = SUPPLIER_SORTS[q.sort];
  const keyText = sort.type === 'timestamptz' ? `${sort.col}::text` : sort.col;
  const rows = rowsOf<TSupplier & { sort_key: unknown; sort_key_text: string }>(
    await db.execute(sql`
      select x.* from (
        select y.*, ${sql.raw(sort.col)} as sort_key, ${sql.raw(keyText)} as sort_key_text
        from (${SUPPLIER_SELECT} where ${where(filters)}) y join suppliers s on s.id = y.id
      ) x
      where ${after(q.cursor, sort.type, ['id'], q.order) ?? sql`true`}
      order by ${orderBy(['id'], q.order)}
      limit ${q.limit + 1}`),
  );
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from suppliers s where ${where(filters)}`));
  const page = pageOf(rows, q.limit, (last) => [last.sort_key_text, last.id]);
  return {
    items: page.items.map(({ sort_key_text: _k, sort_key: _s, ...r }): TSupplier => r),
    next_cursor: page.next_cursor,
    total: count?.n ?? 0,
  };
}

/** A supplier's state, to check it may deliver. */
export async function findSupplierState(tx: DbOrTx, id: string): Promise<{ id: string; active: boolean }[]> {
  return tx.select({ id: suppliers.id, active: suppliers.active }).from(suppliers).where(eq(suppliers.id, id));
}

/** Inserts a supplier; answers its id. */
export async function insertSupplier(tx: DbOrTx, values: typeof suppliers.$inferInsert): Promise<{ id: string }[]> {
  return tx.insert(suppliers).values(values).returning({ id: suppliers.id });
}

export type SupplierChanges = Partial<typeof suppliers.$inferInsert>;

/** Sets the supplier's columns given in `set`. */
export async function updateSupplier(tx: DbOrTx, id: string, set: SupplierChanges): Promise<void> {
  await tx.update(suppliers).set(set).where(eq(suppliers.id, id));
}

// ---------------------------------------------------------------------------------------
// Goods receipts

export interface ReceiptRow {
  id: string;
  number: string;
  reference: string | null;
  received_on: string;
  notes: string | null;
  created_at: string;
  created_by: string | null;
  created_by_name: string | null;
  warehouse_id: string;
  warehouse_code: string;
  warehouse_name: string;
  warehouse_kind: WarehouseKind;
  supplier_id: string;
  supplier_name: string;
  supplier_phone: string | null;
  supplier_vat_number: string | null;
  line_count: number;
  total: string;
}

export interface FullReceiptRow extends ReceiptRow {
  lines: TGoodsReceiptLine[];
}

/** The lines of receipt `r`, in their order, with each line's total (rounded in SQL). */
const LINES_JSON = sql`(
    select coalesce(json_agg(json_build_object(
      'line_no', l.line_no, 'item_id', l.item_id, 'item_code', i.code, 'item_name', i.name, 'unit', i.unit,
      'quantity', l.quantity::text, 'unit_cost', l.unit_cost::text,
      'total', round(l.quantity * l.unit_cost, 2)::numeric(16,2)::text) order by l.line_no), '[]'::json)
    from goods_receipt_lines l
    join inventory_items i on i.id = l.item_id
    where l.receipt_id = r.id)`;

const receiptSelect = (full: boolean) => sql`
  select ${full ? sql`${LINES_JSON} as lines,` : sql``}
    r.id, r.number, r.reference, r.received_on::text as received_on, r.notes, ${isoSql('r.created_at')} as created_at,
    r.created_by, u.name as created_by_name,
    w.id as warehouse_id, w.code as warehouse_code, w.name as warehouse_name, w.kind as warehouse_kind,
    s.id as supplier_id, s.name as supplier_name, s.phone as supplier_phone, s.vat_number as supplier_vat_number,
    t.line_count, t.total
  from goods_receipts r
  join warehouses w on w.id = r.warehouse_id
  join suppliers s on s.id = r.supplier_id
  left join users u on u.id = r.created_by
  cross join lateral (
    select count(*)::int as line_count, coalesce(round(sum(l.quantity * l.unit_cost), 2), 0)::numeric(16,2)::text as total
    from goods_receipt_lines l where l.receipt_id = r.id
  ) t`;

/** One receipt with its lines (one statement), or null. */
export async function findReceipt(db: DbOrTx, id: string): Promise<FullReceiptRow | null> {
  const [row] = rowsOf<FullReceiptRow>(await db.execute(sql`${receiptSelect(true)} where r.id = ${id}::uuid`));
  return row ?? null;
}

const RECEIPT_SORTS: Record<TGoodsReceiptListQuery['sort'], { col: string; type: KeyType }> = {
  created: { col: 'r.created_at', type: 'timestamptz' },
  number: { col: 'r.number', type: 'text' },
  // A date's text (YYYY-MM-DD) sorts as the date does.
  received_on: { col: 'r.received_on::text', type: 'text' },
};

function receiptFilters(q: TGoodsReceiptListQuery): (SQL | undefined)[] {
  return [
    q.q ? sql`(r.number ilike ${like(q.q)} or r.reference ilike ${like(q.q)} or s.name ilike ${like(q.q)})` : undefined,
    q.warehouse_id ? sql`r.warehouse_id = ${q.warehouse_id}::uuid` : undefined,
    q.supplier_id ? sql`r.supplier_id = ${q.supplier_id}::uuid` : undefined,
    q.item_id ? sql`exists (select 1 from goods_receipt_lines l where l.receipt_id = r.id and l.item_id = ${q.item_id}::uuid)` : undefined,
    // received_on is already a day of the company's time zone: the bounds compare as days.
    q.date_from ? sql`r.received_on >= ${q.date_from}::date` : undefined,
    q.date_to ? sql`r.received_on <= ${q.date_to}::date` : undefined,
  ];
}

/** A page of receipts, keyset-paged on (sort key, id), with the total count. */
export async function listReceipts(db: DbOrTx, q: TGoodsReceiptListQuery) {
  const filters = receiptFilters(q);
  const sort = RECEIPT_SORTS[q.sort];
  const keyText = sort.type === 'timestamptz' ? `${sort.col}::text` : sort.col;
  const rows = rowsOf<ReceiptRow & { sort_key_text: string }>(
    await db.execute(sql`
      select x.* from (
        select y.*, ${sql.raw(sort.col)} as sort_key, ${sql.raw(keyText)} as sort_key_text
        from (${receiptSelect(false)} where ${where(filters)}) y join goods_receipts r on r.id = y.id
      ) x
      where ${after(q.cursor, sort.type, ['id'], q.order) ?? sql`true`}
      order by ${orderBy(['id'], q.order)}
      limit ${q.limit + 1}`),
  );
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from goods_receipts r join suppliers s on s.id = r.supplier_id where ${where(filters)}`),
  );
  const page = pageOf(rows, q.limit, (last) => [last.sort_key_text, last.id]);
  return {
    rows: page.items,
    next_cursor: page.next_cursor,
    total: count?.n ?? 0,
  };
}

/** The warehouse goods would be received into, to check it (kind and active). */
export async function findReceivingWarehouse(
  tx: DbOrTx,
  id: string,
): Promise<{ id: string; code: string; kind: WarehouseKind; active: boolean }[]> {
  return tx
    .select({ id: warehouses.id, code: warehouses.code, kind: warehouses.kind, active: warehouses.active })
    .from(warehouses)
    .where(eq(warehouses.id, id));
}

/** The items of `ids` that exist, with their code and whether they are active. */
export async function findItemStates(tx: DbOrTx, ids: string[]): Promise<{ id: string; code: string; active: boolean }[]> {
  return tx
    .select({ id: inventoryItems.id, code: inventoryItems.code, active: inventoryItems.active })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, ids));
}

/** Today in the company's time zone, YYYY-MM-DD (one row). */
export async function companyToday(tx: DbOrTx): Promise<{ today: string }[]> {
  return rowsOf<{ today: string }>(await tx.execute(sql`select (now() at time zone ${companyZoneSql})::date::text as today`));
}

/** Inserts a receipt's header. */
export async function insertReceipt(tx: DbOrTx, values: typeof goodsReceipts.$inferInsert): Promise<void> {
  await tx.insert(goodsReceipts).values(values);
}

/** Inserts a receipt's lines (one statement). */
export async function insertReceiptLines(tx: DbOrTx, lines: (typeof goodsReceiptLines.$inferInsert)[]): Promise<void> {
  await tx.insert(goodsReceiptLines).values(lines);
}

/**
 * Sets the last cost of the items `itemIds` (one statement). Each item's last cost is the unit
 * cost of its latest receipt by day received (then by number): a receipt entered late for an
 * earlier day does not overwrite a newer cost.
 */
export async function updateLastCosts(tx: DbOrTx, itemIds: string[]): Promise<void> {
  const ids = sql.join(
    itemIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`
    update inventory_items i set last_cost = latest.unit_cost, updated_at = now()
    from (
      select distinct on (l.item_id) l.item_id, l.unit_cost
      from goods_receipt_lines l join goods_receipts r on r.id = l.receipt_id
      where l.item_id in (${ids})
      order by l.item_id, r.received_on desc, r.number desc
    ) latest
    where i.id = latest.item_id and i.last_cost is distinct from latest.unit_cost`);
}
