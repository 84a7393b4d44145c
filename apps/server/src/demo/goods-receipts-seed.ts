import { inArray, sql } from 'drizzle-orm';
import type { Role, TCreateGoodsReceipt } from '@portal/shared';
import type { Tx } from '../db/client.js';
import { inventoryItems, users, warehouses } from '../db/schema.js';
import { companyZoneSql } from '../lib/date-filter.js';
import { rowsOf } from '../db/rows.js';
import { createGoodsReceipt, createSupplier, type ReceiptCaller } from '../modules/goods-receipts/index.js';

/** [name, phone, VAT number (15 digits, starting and ending with 3), active] */
const SUPPLIERS: [string, string | null, string | null, boolean][] = [
  ['شركة الجزيرة لقطع الغيار الإلكترونية', '+966112345678', '300123456700003', true],
  ['مؤسسة النخبة للحاسبات', '+966126543210', '310987654300003', true],
  ['Gulf Tech Distribution Co.', '+966138765432', '302468013500003', true],
  ['Al Waha Appliance Spares', '+966501234567', '311223344550003', true],
  ['مكتب الأفق للمستلزمات المكتبية', '+966555987654', null, false],
];

/** [supplier index, warehouse code, reference, days ago, notes, lines: [item code, quantity, unit cost]] */
type ReceiptSeed = [number, string, string | null, number, string | null, [string, string, string][]];

const RECEIPTS: ReceiptSeed[] = [
  [0, 'WH-MAIN', 'INV-2024-1187', 20, 'توريد شهري للشاشات والبطاريات', [
    ['SCR-SAM-A52', '10', '310.00'],
    ['SCR-IP13', '6', '545.50'],
    ['BAT-IP12', '20', '98.00'],
    ['BAT-IP13', '15', '112.75'],
  ]],
  [1, 'WH-MAIN', 'DN-55021', 14, null, [
    ['SSD-SAM-500', '8', '182.00'],
    ['RAM-DDR4-8G', '12', '79.90'],
    ['KBD-DELL-5420', '4', '150.00'],
  ]],
  [2, 'WH-BR1', 'GT/INV/9934', 9, 'Delivered to the Jeddah branch; two cartons re-taped on arrival.', [
    ['CHG-USBC-65', '12', '58.00'],
    ['CBL-USBC-1M', '40', '9.25'],
    ['NET-CAT6-305', '305', '0.85'],
  ]],
  [3, 'WH-MAIN', 'WA-7781', 5, 'قطع غيار الأجهزة المنزلية', [
    ['APL-AC-CAP', '20', '24.00'],
    ['APL-AC-GAS', '25.5', '36.40'],
    ['APL-WM-BELT', '6', '21.00'],
  ]],
  [0, 'WH-BR1', 'INV-2024-1240', 2, null, [
    ['SCR-IP11', '5', '205.00'],
    ['BAT-SAM-A52', '10', '61.50'],
  ]],
  [2, 'WH-MAIN', null, 0, 'Printer consumables top-up', [
    ['PRT-HP-85A', '10', '182.00'],
    ['PRT-CAN-725', '6', '168.00'],
  ]],
];

/**
 * Demo suppliers (Arabic and English names, Saudi phones and VAT numbers, one deactivated)
 * and goods receipts into the main and branch warehouses over the last weeks. The receipts go
 * through the goods-receipt service, so stock moves only through the ledger and each has its
 * number, audit row and last-cost update. Runs after the inventory seed, in its transaction.
 */
export async function seedGoodsReceipts(tx: Tx): Promise<void> {
  const people = await tx.select({ id: users.id, email: users.email, role: users.role }).from(users).where(inArray(users.email, ['admin@demo.test', 'supervisor@demo.test']));
  const who = (email: string): ReceiptCaller => {
    const u = people.find((p) => p.email === email);
    if (!u) throw new Error(`demo goods receipts: no user ${email}`);
    return { userId: u.id, role: u.role as Role, ip: null };
  };
  const admin = who('admin@demo.test');
  const supervisor = who('supervisor@demo.test');

  const supplierIds: string[] = [];
  for (const [name, phone, vat, active] of SUPPLIERS) {
    supplierIds.push((await createSupplier(tx, admin, { name, phone, vat_number: vat, active })).id);
  }

  const whs = await tx.select({ id: warehouses.id, code: warehouses.code }).from(warehouses);
  const items = await tx.select({ id: inventoryItems.id, code: inventoryItems.code, active: inventoryItems.active }).from(inventoryItems);
  const itemId = new Map(items.filter((i) => i.active).map((i) => [i.code, i.id]));

  for (const [i, [supplier, whCode, reference, daysAgo, notes, lines]] of RECEIPTS.entries()) {
    const warehouse = whs.find((w) => w.code === whCode);
    const receiptLines = lines.flatMap(([code, quantity, unit_cost]) => {
      const id = itemId.get(code);
      return id ? [{ item_id: id, quantity, unit_cost }] : [];
    });
    if (!warehouse || !receiptLines.length) continue;
    const received = await dayAgo(tx, daysAgo);
    const input: TCreateGoodsReceipt = { warehouse_id: warehouse.id, supplier_id: supplierIds[supplier]!, reference, received_on: received, notes, lines: receiptLines };
    const receipt = await createGoodsReceipt(tx, i % 2 === 0 ? supervisor : admin, input);
    // Entered on the day received, as a clerk would have: the list's newest-first order follows the days.
    await tx.execute(sql`update goods_receipts set created_at = created_at - make_interval(days => ${daysAgo}) where id = ${receipt.id}::uuid`);
  }
}

/** `days` days before today in the company's time zone, as YYYY-MM-DD. */
async function dayAgo(tx: Tx, days: number): Promise<string> {
  const [row] = rowsOf<{ d: string }>(await tx.execute(sql`select ((now() at time zone ${companyZoneSql})::date - ${days}::int)::text as d`));
  return row!.d;
}
