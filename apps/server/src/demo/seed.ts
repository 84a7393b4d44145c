import { count } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { customers, technicians, users, warehouses, type WeeklyHours } from '../db/schema.js';
import { hashPassword } from '../modules/auth/index.js';
import { putSetting } from '../modules/settings/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.js';
import { seedInventory } from './inventory-seed.js';
import { seedServiceRequests } from './service-requests-seed.js';
import { seedFieldWork } from './field-work-seed.js';
import { seedTransfers } from './transfers-seed.js';
import { seedGoodsReceipts } from './goods-receipts-seed.js';
import { seedAppointments } from './appointments-seed.js';
import { refreshAllSlaDue } from '../modules/service-requests/index.js';

// Sunday–Thursday 08:00–17:00, Friday and Saturday off: a common week in the region.
const WORK_WEEK: WeeklyHours = {
  '0': { start: '08:00', end: '17:00' },
  '1': { start: '08:00', end: '17:00' },
  '2': { start: '08:00', end: '17:00' },
  '3': { start: '08:00', end: '17:00' },
  '4': { start: '08:00', end: '17:00' },
  '5': null,
  '6': null,
};

const EXTRA_CUSTOMERS = [
  { email: 'fatima@example.test', name: 'Fatima Al-Zahrani', mobile: '+966511000001', address: 'Olaya St 12, Riyadh' },
  { email: 'omar@example.test', name: 'Omar Haddad', mobile: '+966511000002', address: 'King Fahd Rd 88, Riyadh' },
  { email: 'sara@example.test', name: 'Sara Mitchell', mobile: '+966511000003', address: 'Tahlia St 5, Jeddah' },
];
const EXTRA_TECHNICIANS = [
  { email: 'tech3@demo.test', name: 'Yousef Al-Qahtani', mobile: '+966500000007', skills: ['network', 'printer'] },
];

/**
 * The demo company of PRODUCT.md §11, as far as the product goes so far; each domain adds its
 * own demo rows here. Runs only on an empty database, in one transaction.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  // Hashing is slow and PGlite has one connection: hash before the transaction.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await putSetting(tx, 'company_name', 'Demo Repairs Co.', null);
    await putSetting(tx, 'support_phone', '+966500000100', null);
    // Warehouse names are data in one language, as a company writes them (docs/inventory.md).
    await tx.insert(warehouses).values([
      { code: 'WH-MAIN', name: 'المستودع الرئيسي', kind: 'main', address: 'المنطقة الصناعية الثانية، الرياض' },
      { code: 'WH-BR1', name: 'فرع جدة', kind: 'branch', address: 'حي الروضة، جدة' },
    ]);
    for (const account of DEMO_ACCOUNTS) {
      await createUser(tx, { ...account, passwordHash, skills: ['laptop', 'phone', 'appliance'] });
    }
    for (const c of EXTRA_CUSTOMERS) await createUser(tx, { ...c, role: 'customer', passwordHash });
    for (const t of EXTRA_TECHNICIANS) await createUser(tx, { ...t, role: 'technician', passwordHash });
    await seedInventory(tx);
    await seedGoodsReceipts(tx);
    await seedTransfers(tx);
    await seedServiceRequests(tx);
    await seedFieldWork(tx);
    await seedAppointments(tx);
    // The demo requests were written with their history in bulk: their SLA due times once, at the end.
    await refreshAllSlaDue(tx);
  });
  return true;
}

async function createUser(
  tx: Tx,
  u: { email: string; name: string; mobile: string; role: (typeof DEMO_ACCOUNTS)[number]['role']; passwordHash: string; address?: string; skills?: string[] },
) {
  const [user] = await tx
    .insert(users)
    .values({ email: u.email, name: u.name, mobile: u.mobile, role: u.role, passwordHash: u.passwordHash, language: 'ar' })
    .returning();
  const id = user!.id;
  if (u.role === 'customer') {
    await tx.insert(customers).values({ userId: id, name: u.name, email: u.email, mobileNumber: u.mobile, defaultAddress: u.address ?? null });
  }
  if (u.role === 'technician') {
    const code = `VAN-${u.email.split('@')[0]!.toUpperCase()}`;
    const [van] = await tx
      .insert(warehouses)
      .values({ code, name: `Van — ${u.name}`, kind: 'van', technicianId: id })
      .returning({ id: warehouses.id });
    await tx.insert(technicians).values({ userId: id, skills: u.skills ?? [], vanWarehouseId: van!.id, weeklyHours: WORK_WEEK });
  }
}
