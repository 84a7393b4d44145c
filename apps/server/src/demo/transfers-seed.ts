import { inArray, sql } from 'drizzle-orm';
import type { Role } from '@portal/shared';
import type { Tx } from '../db/client.js';
import { users, warehouses } from '../db/schema.js';
import { rowsOf } from '../db/rows.js';
import { createTransfer, transitionTransfer, type TransferCaller } from '../modules/transfers/index.js';

/**
 * Demo transfers in every status (PRODUCT.md §11), parts requests into vans among them. They
 * go through the transfer service, so stock moves only through the ledger and every one has
 * its timeline, audit rows and notifications. Runs after the inventory seed, in its transaction.
 */
export async function seedTransfers(tx: Tx): Promise<void> {
  const people = await tx
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(inArray(users.email, ['admin@demo.test', 'supervisor@demo.test', 'tech1@demo.test', 'tech2@demo.test']));
  const who = (email: string): TransferCaller => {
    const u = people.find((p) => p.email === email);
    if (!u) throw new Error(`demo transfers: no user ${email}`);
    return { userId: u.id, role: u.role as Role, ip: null };
  };
  const admin = who('admin@demo.test');
  const supervisor = who('supervisor@demo.test');
  const tech1 = who('tech1@demo.test');
  const tech2 = who('tech2@demo.test');

  const whs = await tx.select({ id: warehouses.id, code: warehouses.code, technicianId: warehouses.technicianId }).from(warehouses);
  const main = whs.find((w) => w.code === 'WH-MAIN')!.id;
  const branch = whs.find((w) => w.code === 'WH-BR1')!.id;
  const vanOf = (c: TransferCaller) => whs.find((w) => w.technicianId === c.userId)!.id;

  // Items the source holds plenty of, so every approval below succeeds whatever the stock seed.
  const plenty = async (warehouseId: string, n: number, skip = 0) => {
    const rows = rowsOf<{ item_id: string }>(
      await tx.execute(sql`
        select l.item_id from stock_levels l join inventory_items i on i.id = l.item_id
        where l.warehouse_id = ${warehouseId}::uuid and i.active and l.quantity >= 20
        order by i.code limit ${n} offset ${skip}`),
    );
    return rows.map((r) => r.item_id);
  };
  const fromMain = await plenty(main, 12);
  const fromBranch = await plenty(branch, 4);
  if (fromMain.length < 12 || fromBranch.length < 2) return; // No stock seeded: nothing sensible to transfer.
  const lines = (ids: string[], quantities: string[]) => ids.map((item_id, i) => ({ item_id, quantity: quantities[i % quantities.length]! }));

  const request = (c: TransferCaller, from: string, to: string, ids: string[], quantities: string[], notes: string | null = null) =>
    createTransfer(tx, c, { from_warehouse_id: from, to_warehouse_id: to, notes, lines: lines(ids, quantities) });

  // Completed: main → branch restock, and a parts request received into a van.
  const restock = await request(supervisor, main, branch, fromMain.slice(0, 3), ['5', '3', '2'], 'تعزيز مخزون فرع جدة');
  await transitionTransfer(tx, admin, restock.id, 'approve');
  await transitionTransfer(tx, supervisor, restock.id, 'receive');
  const parts1 = await request(tech1, main, vanOf(tech1), fromMain.slice(3, 5), ['2', '1'], 'قطع لطلبات صيانة هذا الأسبوع');
  await transitionTransfer(tx, supervisor, parts1.id, 'approve');
  await transitionTransfer(tx, tech1, parts1.id, 'receive');

  // Approved, in transit: into a van and between warehouses.
  const toVan = await request(admin, main, vanOf(tech2), fromMain.slice(5, 7), ['2', '4']);
  await transitionTransfer(tx, supervisor, toVan.id, 'approve');
  const back = await request(supervisor, branch, main, fromBranch.slice(0, 2), ['1', '2'], 'Returning surplus to the main warehouse');
  await transitionTransfer(tx, admin, back.id, 'approve');

  // Pending: a parts request and a restock waiting for approval.
  await request(tech1, main, vanOf(tech1), fromMain.slice(7, 9), ['1', '2'], 'مطلوب لطلب صيانة عاجل');
  await request(supervisor, main, branch, fromMain.slice(9, 11), ['10', '6']);

  // Rejected with its reason, and cancelled by its requester.
  const tooMany = await request(tech2, branch, vanOf(tech2), fromBranch.slice(0, 1), ['15']);
  await transitionTransfer(tx, supervisor, tooMany.id, 'reject', 'الكمية أكبر من حاجة السيارة، اطلب 3 فقط');
  const dropped = await request(supervisor, main, branch, fromMain.slice(11, 12), ['1.5']);
  await transitionTransfer(tx, supervisor, dropped.id, 'cancel', null);
}
