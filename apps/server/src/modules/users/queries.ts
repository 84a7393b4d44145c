import { and, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { OPEN_REQUEST_STATUSES, type TAdminUser, type TAdminUserListQuery, type TTechnicianBusyDetails, type TUserLookupQuery, type UserSort } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { customers, technicians, users, warehouses } from '../../db/schema.js';
import { after as afterCursor, orderBy, pageOf, type KeyType } from '../../db/keyset.js';
import { isoSql, like, toIso, where } from '../../db/sql.js';
import { rowsOf } from '../../db/rows.js';
import type { UserRow } from '../auth/index.js';

// Users

export async function findUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The user's row, locked (`for update`) until the transaction ends: one change to a user at a time. */
export async function lockUser(tx: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * The active admins other than `id`, locked (`for update`): two admins demoting each other at
 * once queue here, so they cannot both see the other still active.
 */
export async function lockOtherActiveAdmins(tx: DbOrTx, id: string): Promise<{ id: string }[]> {
  return tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true), ne(users.id, id)))
    .for('update');
}

/** Whether the database has any account at all (a first start's database has none). */
export async function anyUserExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return !!row;
}

/** Any admin, or undefined when there is none. */
export async function findAnyAdmin(db: DbOrTx): Promise<{ id: string } | undefined> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return existing;
}

export async function findUserIdByEmail(tx: DbOrTx, email: string): Promise<{ id: string } | undefined> {
  const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  return taken;
}

/** Inserts a user and returns the new row. */
export async function insertUser(tx: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [user] = await tx.insert(users).values(values).returning();
  return user!;
}

/** Inserts the first admin (a unique violation: another instance inserted it first). */
export async function insertAdmin(db: DbOrTx, admin: { email: string; name: string; passwordHash: string }): Promise<void> {
  await db.insert(users).values({ email: admin.email, name: admin.name, role: 'admin', passwordHash: admin.passwordHash });
}

/** Changes these columns of the user; returns the row as it is now. */
export async function updateUser(tx: DbOrTx, id: string, changes: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
  const [after] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
  return after;
}

/** Up to 20 users by name or email, of one role and active only when asked, by name. */
export async function lookupUsers(db: DbOrTx, { q, role, active }: TUserLookupQuery) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(
      and(
        q ? or(ilike(users.name, like(q)), ilike(users.email, like(q))) : undefined,
        role ? eq(users.role, role) : undefined,
        active === 'true' ? eq(users.active, true) : undefined,
      ),
    )
    .orderBy(users.name)
    .limit(20);
}

// The admin's user list

const SORT: Record<UserSort, { expr: string; type: KeyType }> = {
  name: { expr: 'lower(u.name)', type: 'text' },
  email: { expr: 'u.email', type: 'text' },
  created_at: { expr: 'u.created_at', type: 'timestamptz' },
  // Never signed in sorts as the oldest sign-in.
  last_sign_in_at: { expr: "coalesce(u.last_sign_in_at, 'epoch'::timestamptz)", type: 'timestamptz' },
  role: { expr: 'u.role::text', type: 'text' },
};

export interface ListRow {
  id: string;
  email: string;
  name: string;
  role: TAdminUser['role'];
  mobile: string | null;
  language: TAdminUser['language'];
  address: string | null;
  active: boolean;
  created_at: Date | string;
  last_sign_in_at: Date | string | null;
  sort_text: string;
}

/** A row of the list as the API shows it. */
export const toListedUser = (r: ListRow): TAdminUser => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  mobile: r.mobile,
  language: r.language,
  ...(r.role === 'customer' ? { address: r.address } : {}),
  active: r.active,
  created_at: toIso(r.created_at),
  last_sign_in_at: r.last_sign_in_at ? toIso(r.last_sign_in_at) : null,
});

/** A page of users (keyset on the sort and the id), the next page's cursor, and how many match the filters. */
export async function listUsers(db: DbOrTx, q: TAdminUserListQuery): Promise<{ rows: ListRow[]; next_cursor: string | null; total: number }> {
  const sort = SORT[q.sort];
  const filters = [
    q.q ? sql`(x.name ilike ${like(q.q)} or x.email ilike ${like(q.q)})` : undefined,
    q.role ? sql`x.role = ${q.role}` : undefined,
    q.active ? sql`x.active = ${q.active === 'true'}` : undefined,
  ];
  const from = sql`(
        select u.id, u.email, u.name, u.role::text as role, u.mobile, u.language::text as language, c.default_address as address, u.active,
          u.created_at, u.last_sign_in_at,
          ${sql.raw(sort.expr)} as sort_key, (${sql.raw(sort.expr)})::text as sort_text
        from users u left join customers c on c.user_id = u.id
      )`;
  const page = rowsOf<ListRow>(
    await db.execute(
      sql`select * from ${from} x where ${where([...filters, afterCursor(q.cursor, sort.type, ['id'], q.order)])} order by ${orderBy(['id'], q.order)} limit ${q.limit + 1}`,
    ),
  );
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${from} x where ${where(filters)}`));
  const { items, next_cursor } = pageOf(page, q.limit, (last) => [last.sort_text, last.id]);
  return { rows: items, next_cursor, total: count?.n ?? 0 };
}

// Customers and technicians

export async function insertCustomer(tx: DbOrTx, values: typeof customers.$inferInsert): Promise<void> {
  await tx.insert(customers).values(values);
}

/** The user's customer row, unless they already have one. */
export async function insertCustomerIfMissing(tx: DbOrTx, values: typeof customers.$inferInsert): Promise<void> {
  await tx.insert(customers).values(values).onConflictDoNothing();
}

export async function setCustomerAddress(tx: DbOrTx, userId: string, address: string | null): Promise<void> {
  await tx.update(customers).set({ defaultAddress: address }).where(eq(customers.userId, userId));
}

/** The customer row's copy of the user's name and mobile. */
export async function setCustomerContact(tx: DbOrTx, userId: string, name: string, mobile: string | null): Promise<void> {
  await tx.update(customers).set({ name, mobileNumber: mobile }).where(eq(customers.userId, userId));
}

export async function insertTechnician(tx: DbOrTx, values: typeof technicians.$inferInsert): Promise<void> {
  await tx.insert(technicians).values(values);
}

/** The user's technician profile with this van, unless they already have one. */
export async function insertTechnicianIfMissing(tx: DbOrTx, userId: string, vanId: string): Promise<void> {
  await tx.insert(technicians).values({ userId, vanWarehouseId: vanId }).onConflictDoNothing();
}

/** Gives the technician profile this van when it has none. */
export async function setVanIfNone(tx: DbOrTx, userId: string, vanId: string): Promise<void> {
  await tx.update(technicians).set({ vanWarehouseId: vanId }).where(and(eq(technicians.userId, userId), sql`${technicians.vanWarehouseId} is null`));
}

export async function setTechnicianActive(tx: DbOrTx, userId: string, active: boolean): Promise<void> {
  await tx.update(technicians).set({ active }).where(eq(technicians.userId, userId));
}

// Vans

/** A warehouse whose code is `code`, whatever its case. */
export async function findWarehouseByCode(tx: DbOrTx, code: string): Promise<{ id: string } | undefined> {
  const [row] = await tx.select({ id: warehouses.id }).from(warehouses).where(sql`lower(${warehouses.code}) = lower(${code})`);
  return row;
}

/** The technician's van, if they have one. */
export async function findVanOf(tx: DbOrTx, technicianId: string): Promise<{ id: string } | undefined> {
  const [existing] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.technicianId, technicianId), eq(warehouses.kind, 'van')));
  return existing;
}

/** Inserts a van of the technician; returns its id. */
export async function insertVan(tx: DbOrTx, van: { code: string; name: string; technicianId: string }): Promise<string> {
  const [row] = await tx
    .insert(warehouses)
    .values({ code: van.code, name: van.name, kind: 'van', technicianId: van.technicianId })
    .returning({ id: warehouses.id });
  return row!.id;
}

// A technician's open work

/** Up to `limit` open service requests assigned to the technician, oldest first, each with the count of all of them. */
export async function openRequestsOf(tx: DbOrTx, technicianId: string, limit: number) {
  return rowsOf<{ id: string; number: string; status: string; total: number }>(
    await tx.execute(sql`
      select r.id, r.number, r.status::text as status, count(*) over ()::int as total
      from service_requests r
      where r.technician_id = ${technicianId}::uuid
        and r.status in (${sql.join(OPEN_REQUEST_STATUSES.map((s) => sql`${s}`), sql`, `)})
      order by r.created_at, r.id
      limit ${limit}`),
  );
}

/** Up to `limit` live appointments of the technician still to come, soonest first, each with the count of all of them. */
export async function futureAppointmentsOf(tx: DbOrTx, technicianId: string, limit: number) {
  return rowsOf<TTechnicianBusyDetails['appointments'][number] & { total: number }>(
    await tx.execute(sql`
      select a.id, a.number, ${isoSql('a.starts_at')} as starts_at, count(*) over ()::int as total
      from appointments a
      where a.technician_id = ${technicianId}::uuid and a.status in ('scheduled', 'confirmed') and a.starts_at > now()
      order by a.starts_at, a.id
      limit ${limit}`),
  );
}
