import { type Language, type TInventoryReport, type TInventoryReportQuery } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { CSV_BOM, csvLine } from '../../lib/csv.js';
import { formatDate } from '../../lib/documents.js';
import { labelOf } from '../../lib/labels.js';
import { boundMs, isDay } from '../../lib/date-filter.js';
import { getSettings } from '../settings/index.js';
import {
  reportByCategory,
  reportByWarehouse,
  reportByWarehouseCategory,
  reportInTransit,
  reportMovementsByDay,
  reportMovementsByKind,
  reportShortItems,
  reportTotals,
} from './report-queries.js';

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
  const scope = { warehouseId: q.warehouse_id, category: q.category };
  const [totals] = await reportTotals(db, scope);
  const byWarehouse = await reportByWarehouse(db, scope);
  const byCategory = await reportByCategory(db, scope);
  const byWarehouseCategory = await reportByWarehouseCategory(db, scope);
  const attention = await reportShortItems(db, scope);
  const lowStock = attention.filter((r) => r.status === 'low_stock');
  const outOfStock = attention.filter((r) => r.status === 'out_of_stock');

  const range = { ...scope, from, toBound, toDay };
  const movements = await reportMovementsByKind(db, range);
  const byDay = await reportMovementsByDay(db, range, zone);
  const inTransit = await reportInTransit(db, scope);

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
