import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { compareDecimal, type AdjustmentReason, type ItemUnit } from '@portal/shared';
import type { Tx } from '../db/client.js';
import { adjustments, inventoryItems, itemCategories, users, warehouses } from '../db/schema.js';
import { nextNumber } from '../lib/numbers.js';
import { applyMovements, lockLevel, type MovementInput } from '../modules/inventory/index.js';
import { rowsOf } from '../db/rows.js';

/** The demo's item categories: [code, Arabic name, English name]. */
const CATEGORIES: [string, string, string][] = [
  ['screens', 'شاشات', 'Screens'],
  ['batteries', 'بطاريات', 'Batteries'],
  ['chargers-cables', 'شواحن وكابلات', 'Chargers & Cables'],
  ['storage', 'وحدات التخزين والذاكرة', 'Storage & Memory'],
  ['laptop-parts', 'قطع الحواسيب المحمولة', 'Laptop Parts'],
  ['appliance-parts', 'قطع الأجهزة المنزلية', 'Appliance Parts'],
  ['printer-consumables', 'مستلزمات الطابعات', 'Printer Consumables'],
  ['network', 'معدات الشبكات', 'Networking'],
  ['tools-consumables', 'أدوات ومستهلكات الصيانة', 'Tools & Consumables'],
];

/** [code, name, category code, unit (ITEM_UNITS), min quantity, price before VAT (SAR)] */
type ItemSeed = [string, string, string, ItemUnit, string, string];

const ITEMS: ItemSeed[] = [
  ['SCR-SAM-A52', 'شاشة سامسونج A52 أصلية', 'screens', 'pcs', '3', '420.00'],
  ['SCR-SAM-S21', 'شاشة سامسونج S21 أموليد', 'screens', 'pcs', '2', '780.00'],
  ['SCR-IP13', 'iPhone 13 OLED Display Assembly', 'screens', 'pcs', '3', '690.00'],
  ['SCR-IP11', 'iPhone 11 LCD Screen', 'screens', 'pcs', '3', '310.00'],
  ['SCR-HW-P30', 'شاشة هواوي P30 مع الإطار', 'screens', 'pcs', '2', '365.00'],
  ['SCR-LP-156', 'Laptop Panel 15.6" FHD IPS 30-pin', 'screens', 'pcs', '2', '340.00'],
  ['BAT-IP12', 'بطارية آيفون 12 سعة أصلية', 'batteries', 'pcs', '5', '145.00'],
  ['BAT-IP13', 'iPhone 13 Battery 3227mAh', 'batteries', 'pcs', '5', '165.00'],
  ['BAT-SAM-A52', 'بطارية سامسونج A52', 'batteries', 'pcs', '4', '95.00'],
  ['BAT-DELL-5420', 'Dell Latitude 5420 Battery 4-cell 63Wh', 'batteries', 'pcs', '2', '385.00'],
  ['BAT-HP-840', 'HP EliteBook 840 G7 Battery', 'batteries', 'pcs', '2', '360.00'],
  ['BAT-CR2032', 'بطارية CMOS نوع CR2032', 'batteries', 'pcs', '20', '3.50'],
  ['CHG-USBC-65', 'شاحن USB-C بقوة 65 واط', 'chargers-cables', 'pcs', '6', '89.00'],
  ['CHG-DELL-90', 'Dell 90W AC Adapter 7.4mm', 'chargers-cables', 'pcs', '4', '135.00'],
  ['CHG-IP-20W', 'Apple 20W USB-C Power Adapter', 'chargers-cables', 'pcs', '6', '79.00'],
  ['CBL-USBC-1M', 'كابل USB-C إلى USB-C طول 1 متر', 'chargers-cables', 'pcs', '15', '19.00'],
  ['CBL-LTN-1M', 'Lightning to USB-C Cable 1m', 'chargers-cables', 'pcs', '15', '29.00'],
  ['CBL-HDMI-2M', 'HDMI 2.0 Cable 2m', 'chargers-cables', 'pcs', '8', '25.00'],
  ['CBL-PWR-C13', 'كابل طاقة C13 للطابعات والحواسيب', 'chargers-cables', 'pcs', '10', '12.00'],
  ['SSD-SAM-500', 'Samsung 870 EVO 500GB SATA SSD', 'storage', 'pcs', '4', '245.00'],
  ['SSD-NVME-1T', 'قرص NVMe سعة 1 تيرابايت', 'storage', 'pcs', '3', '310.00'],
  ['HDD-WD-1T', 'WD Blue 1TB 2.5" HDD', 'storage', 'pcs', '2', '189.00'],
  ['RAM-DDR4-8G', 'ذاكرة DDR4 سعة 8 جيجابايت للحاسب المحمول', 'storage', 'pcs', '6', '115.00'],
  ['RAM-DDR4-16G', 'DDR4 16GB 3200MHz SODIMM', 'storage', 'pcs', '4', '210.00'],
  ['KBD-DELL-5420', 'Dell Latitude 5420 Keyboard (Arabic/English)', 'laptop-parts', 'pcs', '2', '220.00'],
  ['KBD-HP-840', 'لوحة مفاتيح HP EliteBook 840 عربي/إنجليزي', 'laptop-parts', 'pcs', '2', '235.00'],
  ['FAN-LEN-T14', 'Lenovo ThinkPad T14 CPU Fan', 'laptop-parts', 'pcs', '2', '95.00'],
  ['HNG-HP-250', 'مفصلات شاشة HP 250 G8 (زوج)', 'laptop-parts', 'pair', '2', '65.00'],
  ['TPD-DELL-3510', 'Dell Vostro 3510 Touchpad', 'laptop-parts', 'pcs', '1', '120.00'],
  ['DCJ-USBC', 'منفذ شحن USB-C للوحة الأم', 'laptop-parts', 'pcs', '5', '18.00'],
  ['APL-WM-PUMP', 'مضخة تصريف غسالة LG', 'appliance-parts', 'pcs', '2', '145.00'],
  ['APL-WM-BELT', 'Washing Machine Drive Belt 1270 J5', 'appliance-parts', 'pcs', '3', '38.00'],
  ['APL-AC-CAP', 'مكثف تشغيل مكيف 45 مايكروفاراد', 'appliance-parts', 'pcs', '6', '42.00'],
  ['APL-AC-GAS', 'غاز فريون R410A', 'appliance-parts', 'kg', '10', '55.00'],
  ['APL-FR-THERM', 'Refrigerator Thermostat (Samsung)', 'appliance-parts', 'pcs', '2', '85.00'],
  ['APL-MW-MAG', 'ماجنترون ميكروويف 900 واط', 'appliance-parts', 'pcs', '1', '175.00'],
  ['PRT-HP-85A', 'HP 85A Black Toner CE285A', 'printer-consumables', 'pcs', '6', '265.00'],
  ['PRT-HP-26A', 'حبر HP 26A أسود أصلي', 'printer-consumables', 'pcs', '4', '410.00'],
  ['PRT-CAN-725', 'Canon 725 Toner Cartridge', 'printer-consumables', 'pcs', '4', '240.00'],
  ['PRT-EPS-664', 'عبوات حبر إبسون 664 (4 ألوان)', 'printer-consumables', 'set', '3', '120.00'],
  ['PRT-DRUM-12A', 'HP 12A Imaging Drum', 'printer-consumables', 'pcs', '2', '145.00'],
  ['NET-RTR-AX3', 'راوتر واي فاي 6 TP-Link AX3000', 'network', 'pcs', '2', '399.00'],
  ['NET-SW-8P', '8-Port Gigabit Switch', 'network', 'pcs', '2', '119.00'],
  ['NET-CAT6-305', 'Cat6 UTP Cable Box 305m', 'network', 'm', '100', '1.40'],
  ['NET-RJ45-100', 'رؤوس RJ45 عبوة 100 قطعة', 'network', 'box', '3', '35.00'],
  ['NET-AP-CEIL', 'Ceiling Access Point Wi-Fi 6', 'network', 'pcs', '1', '520.00'],
  ['TLS-PASTE-TG', 'معجون حراري Arctic MX-4 4 جم', 'tools-consumables', 'pcs', '10', '32.00'],
  ['TLS-IPA-1L', 'Isopropyl Alcohol 99% 1L', 'tools-consumables', 'l', '3', '28.00'],
  ['TLS-B7000', 'غراء B-7000 لتثبيت الشاشات 50 مل', 'tools-consumables', 'pcs', '8', '9.50'],
  ['TLS-SOLDER', 'Solder Wire 0.8mm 100g', 'tools-consumables', 'pcs', '4', '24.00'],
  ['TLS-SCREW-KIT', 'Precision Screwdriver Kit 64-in-1', 'tools-consumables', 'pcs', '2', '75.00'],
];

/** On back order: stocked in the main warehouse only, then counted out below, so out of stock everywhere. */
const MAIN_ONLY = new Set(['PRT-HP-26A', 'APL-MW-MAG']);

/** A fixed spread of quantities (no randomness: every fresh demo database looks the same). */
const at = (i: number, values: number[]) => values[i % values.length]!;

/**
 * The demo stock: every item in the main warehouse, most in the branch, a van kit in every
 * van — all through the ledger, as receipts — then a few adjustments with their reasons,
 * leaving some items low and some out of stock. Runs inside the demo seed's transaction.
 */
export async function seedInventory(tx: Tx): Promise<void> {
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
  const [supervisor] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'supervisor@demo.test'));
  const actorId = supervisor?.id ?? admin?.id ?? null;
  const whs = await tx.select({ id: warehouses.id, kind: warehouses.kind, code: warehouses.code }).from(warehouses).orderBy(warehouses.code);
  const main = whs.find((w) => w.kind === 'main');
  const branch = whs.find((w) => w.kind === 'branch');
  const vans = whs.filter((w) => w.kind === 'van');
  if (!main) return;

  await tx
    .insert(itemCategories)
    .values(CATEGORIES.map(([code, nameAr, nameEn]) => ({ code, nameAr, nameEn })))
    .onConflictDoNothing();
  const items = await tx
    .insert(inventoryItems)
    .values(ITEMS.map(([code, name, category, unit, min, price]) => ({ code, name, category, unit, minQuantity: min, price, taxRate: '15' })))
    .returning({ id: inventoryItems.id, code: inventoryItems.code, min: inventoryItems.minQuantity, unit: inventoryItems.unit });

  const receipts: MovementInput[] = [];
  const receipt = (itemId: string, warehouseId: string, quantity: number) => {
    if (quantity > 0) {
      receipts.push({ itemId, warehouseId, quantity: String(quantity), kind: 'receipt', documentType: 'seed', documentId: null, documentNumber: 'OPENING', actorId });
    }
  };
  items.forEach((item, i) => {
    const min = Number(item.min);
    const bulk = item.unit === 'm' ? 305 * at(i, [2, 3]) : 0;
    // Main: mostly comfortable, a few at or under the minimum.
    receipt(item.id, main.id, bulk || (i % 9 === 4 ? min : min * at(i, [3, 4, 5, 6]) + at(i, [1, 2, 4])));
    if (MAIN_ONLY.has(item.code)) return;
    if (branch && i % 4 !== 3) receipt(item.id, branch.id, i % 7 === 2 ? Math.max(1, min - 1) : min * 2 + at(i, [0, 1, 3]));
    vans.forEach((van, v) => {
      // A van kit: small parts and consumables, a different mix per van.
      if ((i + v) % 3 === 0) receipt(item.id, van.id, item.unit === 'm' ? 50 : at(i + v, [1, 2, 3, 5]));
    });
  });
  await applyMovements(tx, receipts);

  // Adjustments as a supervisor would record them, each through the ledger.
  const plan: [string, string, AdjustmentReason, string | null, { change?: string; counted?: string }][] = [
    ['SCR-IP11', main.code, 'damaged', 'شاشتان مكسورتان عند الاستلام', { change: '-2' }],
    ['BAT-CR2032', main.code, 'count_correction', 'Quarterly count', { counted: '18' }],
    ['TLS-IPA-1L', main.code, 'found', 'Found a carton in the back store', { change: '4' }],
    ['PRT-HP-26A', main.code, 'lost', null, { counted: '0' }],
    ['NET-AP-CEIL', main.code, 'returned', 'Customer return, unopened', { change: '1' }],
    ['APL-MW-MAG', main.code, 'count_correction', 'جرد نهاية الشهر', { counted: '0' }],
  ];
  if (branch) plan.push(['SSD-SAM-500', branch.code, 'damaged', 'Dead on arrival', { change: '-1' }]);
  for (const [code, whCode, reason, notes, q] of plan) {
    const item = items.find((it) => it.code === code);
    const wh = whs.find((w) => w.code === whCode);
    if (!item || !wh) continue;
    const before = await lockLevel(tx, item.id, wh.id);
    const [calc] = rowsOf<{ change: string; after: string }>(
      await tx.execute(sql`
        select c.change::numeric(14,3)::text as change, (${before}::numeric + c.change)::numeric(14,3)::text as after
        from (select ${q.counted !== undefined ? sql`${q.counted}::numeric - ${before}::numeric` : sql`${q.change!}::numeric`} as change) c`),
    );
    if (!calc || compareDecimal(calc.change, 0) === 0 || compareDecimal(calc.after, 0) < 0) continue;
    const id = randomUUID();
    const number = await nextNumber(tx, 'adjustment', 'ADJ');
    await applyMovements(tx, [
      { itemId: item.id, warehouseId: wh.id, quantity: calc.change, kind: 'adjustment', documentType: 'adjustment', documentId: id, documentNumber: number, actorId },
    ]);
    await tx.insert(adjustments).values({
      id,
      number,
      warehouseId: wh.id,
      itemId: item.id,
      quantityChange: calc.change,
      countedQuantity: q.counted ?? null,
      quantityBefore: before,
      quantityAfter: calc.after,
      reason,
      notes,
      createdBy: actorId,
    });
  }
}
