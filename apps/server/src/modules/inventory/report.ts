import { sql } from 'drizzle-orm';
import { type Language, type TInventoryReport, type TInventoryReportQuery, type TItem } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { CSV_BOM, csvLine } from '../../lib/csv.js';
import { rowsOf } from '../../db/rows.js';
import { stockRowsSql } from './queries.js';
import { itemsSql } from './service.js';
import { formatDate } from '../../lib/documents.js';
import { where } from '../../db/sql.js';
import { labelOf } from '../../lib/labels.js';
import { boundMs, isDay } from '../../lib/date-filter.js';
import { getSettings } from '../settings/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The inventory report: stock by warehouse and category with its value (quantity × price,
 * before tax), low and out of stock, movements in a date range by kind and by day, and what
 * is in transit. Every figure is summed in SQL numeric (exact).
 */
export async function inventoryReport(db: Db, q: TInventoryReportQuery): Promise<TInventoryReport> {
  const now = new Date();
  // A day is the company's (issue #24): from its start up to the next day's start (exclusive).
  const { time_zone: zone } = await getSettings(db, ['time_zone']);
  const from = q.from ? new Date(boundMs(q.from, 'from', zone)) : new Date(now.getTime() - 30 * DAY_MS);
  const toDay = !!q.to && isDay(q.to);
  const toBound = q.to ? new Date(boundMs(q.to, 'to', zone)) : now;
  /** As reported: the last millisecond of a day given as `to`. */
  const to = toDay ? new Date(toBound.getTime() - 1) : toBound;
  const stockFilter = where([q.category ? sql`s.category = ${q.category}` : undefined]);
  const stock = stockRowsSql({ warehouseId: q.warehouse_id });
  const rows = <T>(r: unknown) => rowsOf<T>(r);

  const [totals] = rows<TInventoryReport['totals']>(
    await db.execute(sql`
      select coalesce(sum(s.q), 0)::numeric(16,3)::text as quantity, coalesce(sum(s.v), 0)::numeric(16,2)::text as value
      from ${stock} s where ${stockFilter}`),
  );
  const byWarehouse = rows<TInventoryReport['by_warehouse'][number]>(
    await db.execute(sql`
      select s.warehouse_id, s.warehouse_code, s.warehouse_name, s.warehouse_kind,
        coalesce(sum(s.q), 0)::numeric(16,3)::text as quantity, coalesce(sum(s.v), 0)::numeric(16,2)::text as value,
        coalesce(sum(s.in_transit_in::numeric), 0)::numeric(16,3)::text as in_transit_in,
        coalesce(sum(s.in_transit_out::numeric), 0)::numeric(16,3)::text as in_transit_out
      from ${stock} s where ${stockFilter}
      group by s.warehouse_id, s.warehouse_code, s.warehouse_name, s.warehouse_kind
      order by s.warehouse_kind, s.warehouse_code`),
  );
  const byCategory = rows<TInventoryReport['by_category'][number]>(
    await db.execute(sql`
      select s.category, s.category_name_ar, s.category_name_en,
        coalesce(sum(s.q), 0)::numeric(16,3)::text as quantity, coalesce(sum(s.v), 0)::numeric(16,2)::text as value
      from ${stock} s where ${stockFilter} group by s.category, s.category_name_ar, s.category_name_en order by s.category`),
  );
  const byWarehouseCategory = rows<TInventoryReport['by_warehouse_category'][number]>(
    await db.execute(sql`
      select s.warehouse_id, s.warehouse_code, s.category, s.category_name_ar, s.category_name_en,
        coalesce(sum(s.q), 0)::numeric(16,3)::text as quantity, coalesce(sum(s.v), 0)::numeric(16,2)::text as value
      from ${stock} s where ${stockFilter}
      group by s.warehouse_id, s.warehouse_code, s.category, s.category_name_ar, s.category_name_en order by s.warehouse_code, s.category`),
  );
  // Low / out of stock: ITEMS by their quantity over all warehouses (docs/decisions/012-low-stock.md),
  // from the items list's own query with its filters — the same items as
  // /api/items?status=…&active=true[&category=…][&warehouse_id=…].
  const attention = rows<TItem & { sort_key?: string }>(
    await db.execute(sql`
      select * from ${itemsSql('code')} x
      where ${where([
        sql`x.active`,
        sql`x.status <> 'in_stock'`,
        q.category ? sql`x.category = ${q.category}` : undefined,
        q.warehouse_id ? sql`exists (select 1 from stock_levels l where l.item_id = x.id and l.warehouse_id = ${q.warehouse_id}::uuid)` : undefined,
      ])}
      order by x.status desc, lower(x.code), x.id`),
  ).map(({ sort_key: _k, ...item }) => item);
  const lowStock = attention.filter((r) => r.status === 'low_stock');
  const outOfStock = attention.filter((r) => r.status === 'out_of_stock');

  const movementFilter = where([
    sql`m.created_at >= ${from.toISOString()}::timestamptz`,
    toDay ? sql`m.created_at < ${toBound.toISOString()}::timestamptz` : sql`m.created_at <= ${toBound.toISOString()}::timestamptz`,
    q.warehouse_id ? sql`m.warehouse_id = ${q.warehouse_id}::uuid` : undefined,
    q.category ? sql`i.category = ${q.category}` : undefined,
  ]);
  const movements = rows<TInventoryReport['movements'][number]>(
    await db.execute(sql`
      select m.kind::text as kind, count(*)::int as count,
        coalesce(sum(m.quantity) filter (where m.quantity > 0), 0)::numeric(16,3)::text as quantity_in,
        coalesce(-sum(m.quantity) filter (where m.quantity < 0), 0)::numeric(16,3)::text as quantity_out
      from stock_movements m join inventory_items i on i.id = m.item_id
      where ${movementFilter} group by m.kind order by m.kind`),
  );
  const byDay = rows<TInventoryReport['movements_by_day'][number]>(
    await db.execute(sql`
      select to_char(date_trunc('day', m.created_at at time zone ${zone}::text), 'YYYY-MM-DD') as day,
        coalesce(sum(m.quantity) filter (where m.quantity > 0), 0)::numeric(16,3)::text as quantity_in,
        coalesce(-sum(m.quantity) filter (where m.quantity < 0), 0)::numeric(16,3)::text as quantity_out
      from stock_movements m join inventory_items i on i.id = m.item_id
      where ${movementFilter} group by 1 order by 1`),
  );
  const inTransit = rows<TInventoryReport['in_transit'][number]>(
    await db.execute(sql`
      select t.id as transfer_id, t.number as transfer_number, fw.code as from_warehouse_code, tw.code as to_warehouse_code,
        i.id as item_id, i.code as item_code, i.name as item_name, tl.quantity::text as quantity,
        round(tl.quantity * i.price, 2)::numeric(16,2)::text as value
      from transfers t
      join transfer_lines tl on tl.transfer_id = t.id
      join inventory_items i on i.id = tl.item_id
      join warehouses fw on fw.id = t.from_warehouse_id
      join warehouses tw on tw.id = t.to_warehouse_id
      where ${where([
        sql`t.status = 'approved'`,
        q.warehouse_id ? sql`(t.from_warehouse_id = ${q.warehouse_id}::uuid or t.to_warehouse_id = ${q.warehouse_id}::uuid)` : undefined,
        q.category ? sql`i.category = ${q.category}` : undefined,
      ])}
      order by t.number, i.code`),
  );

  return {
    generated_at: now.toISOString(),
    from: from.toISOString(),
    to: to.toISOString(),
    totals: { ...totals!, low_stock: lowStock.length, out_of_stock: outOfStock.length },
    by_warehouse: byWarehouse,
    by_category: byCategory,
    by_warehouse_category: byWarehouseCategory,
    low_stock: lowStock,
    out_of_stock: outOfStock,
    movements,
    movements_by_day: byDay,
    in_transit: inTransit,
  };
}

const CSV_TEXT = {
  en: {
    title: 'Inventory report',
    generated: 'Generated',
    from: 'Movements from',
    to: 'to',
    zone: 'Time zone',
    stock: ['Warehouse', 'Category', 'Quantity', 'Value (before tax)'],
    total: 'Total',
    summary: 'Items low / out of stock (quantity on hand over all warehouses against the minimum)',
    statusHeaders: ['Status', 'Item code', 'Item name', 'On hand, all warehouses', 'Minimum', 'Unit'],
    movements: ['Movement kind', 'Count', 'Quantity in', 'Quantity out'],
    transit: ['In transit', 'From', 'To', 'Item code', 'Item name', 'Quantity', 'Value (before tax)'],
  },
  ar: {
    title: 'تقرير المخزون',
    generated: 'تاريخ الإصدار',
    from: 'الحركات من',
    to: 'إلى',
    zone: 'المنطقة الزمنية',
    stock: ['المستودع', 'الفئة', 'الكمية', 'القيمة (قبل الضريبة)'],
    total: 'الإجمالي',
    summary: 'الأصناف المنخفضة / النافدة (الكمية المتوفرة في جميع المستودعات مقارنةً بالحد الأدنى)',
    statusHeaders: ['الحالة', 'رمز الصنف', 'اسم الصنف', 'المتوفر في جميع المستودعات', 'الحد الأدنى', 'الوحدة'],
    movements: ['نوع الحركة', 'العدد', 'الكمية الواردة', 'الكمية الصادرة'],
    transit: ['قيد النقل', 'من', 'إلى', 'رمز الصنف', 'اسم الصنف', 'الكمية', 'القيمة (قبل الضريبة)'],
  },
} as const;

/** The day an instant falls on in the company's time zone (YYYY-MM-DD): a file name's date. */
export const companyDay = (iso: string, timeZone: string) => formatDate(iso, timeZone).slice(0, 10);

/**
 * The report as CSV (UTF-8 with a BOM so spreadsheet programs show Arabic), in the caller's
 * language with times in the company's time zone, like the other exports: blocks separated by
 * a blank line — stock by warehouse and category, items low / out of stock, movements by kind,
 * in transit.
 */
export function inventoryReportCsv(r: TInventoryReport, lang: Language, timeZone: string): string {
  const t = CSV_TEXT[lang];
  const category = (x: { category: string; category_name_ar?: string; category_name_en?: string }) =>
    (lang === 'ar' ? x.category_name_ar : x.category_name_en) || x.category;
  const out: string[] = [];
  out.push(
    csvLine([t.title, t.generated, formatDate(r.generated_at, timeZone), t.from, formatDate(r.from, timeZone), t.to, formatDate(r.to, timeZone), t.zone, timeZone]),
    '',
  );
  out.push(csvLine([...t.stock]));
  for (const x of r.by_warehouse_category) out.push(csvLine([x.warehouse_code, category(x), x.quantity, x.value]));
  out.push(csvLine([t.total, '', r.totals.quantity, r.totals.value]), '');
  out.push(csvLine([t.summary]));
  out.push(csvLine([labelOf(lang, 'stockStatus', 'low_stock'), r.totals.low_stock]), csvLine([labelOf(lang, 'stockStatus', 'out_of_stock'), r.totals.out_of_stock]), '');
  out.push(csvLine([...t.statusHeaders]));
  for (const x of [...r.out_of_stock, ...r.low_stock]) {
    out.push(csvLine([labelOf(lang, 'stockStatus', x.status), x.code, x.name, x.quantity, x.min_quantity, labelOf(lang, 'inventory.units', x.unit)]));
  }
  out.push('', csvLine([...t.movements]));
  for (const x of r.movements) out.push(csvLine([labelOf(lang, 'movementKind', x.kind), x.count, x.quantity_in, x.quantity_out]));
  out.push('', csvLine([...t.transit]));
  for (const x of r.in_transit) {
    out.push(csvLine([x.transfer_number, x.from_warehouse_code, x.to_warehouse_code, x.item_code, x.item_name, x.quantity, x.value]));
  }
  return `${CSV_BOM}${out.join('\r\n')}\r\n`;
}
