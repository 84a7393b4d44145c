import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { OPEN_REQUEST_STATUSES, type TTechnician, type TTechnicianListQuery, type TWeeklyHours, type TechnicianSort } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { technicians, users, warehouses } from '../../db/schema.js';
import { after as afterCursor, orderBy, pageOf, type KeyType } from '../../db/keyset.js';
import { like, toIso, where } from '../../db/sql.js';
import { rowsOf } from '../../db/rows.js';
import { normaliseWeeklyHours } from '../users/index.js';

const SORT: Record<TechnicianSort, { expr: string; type: KeyType }> = {
  name: { expr: 'lower(u.name)', type: 'text' },
  email: { expr: 'u.email', type: 'text' },
  created_at: { expr: 'u.created_at', type: 'timestamptz' },
  today_load: { expr: 'coalesce(f.today_load, 0) + coalesce(ap.today, 0)', type: 'numeric' },
  open_jobs: { expr: 'coalesce(f.open_jobs, 0)', type: 'numeric' },
  rating: { expr: 'coalesce(f.average_rating, 0)', type: 'numeric' },
};

const openStatuses = sql.join(OPEN_REQUEST_STATUSES.filter((s) => s !== 'pending').map((s) => sql`${s}`), sql`, `);

/**
 * Technicians with their figures, as a subquery `x` with `sort_key`/`sort_text`. Today starts at
 * midnight in the company's time zone. Today's load counts the open requests assigned to them
 * today and their live appointments of today.
 */
function techniciansSql(sort: TechnicianSort, timeZone: string, only?: string): SQL {
  const s = SORT[sort].expr;
  return sql`(
    select u.id, u.name, u.email, u.mobile, u.active, u.created_at, u.last_sign_in_at,
      t.skills, t.weekly_hours, w.id as van_id, w.code as van_code, w.name as van_name,
      coalesce(f.open_jobs, 0)::int as open_jobs, (coalesce(f.today_load, 0) + coalesce(ap.today, 0))::int as today_load,
      round(f.average_rating, 1)::text as average_rating, coalesce(f.rating_count, 0)::int as rating_count,
      ${sql.raw(s)} as sort_key, (${sql.raw(s)})::text as sort_text
    from technicians t
    join users u on u.id = t.user_id and u.role = 'technician'
    left join warehouses w on w.id = t.van_warehouse_id
    left join (
      select r.technician_id,
        count(*) filter (where r.status in (${openStatuses})) as open_jobs,
        count(*) filter (where r.status in (${openStatuses})
          and r.assigned_at >= (date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})) as today_load,
        avg(r.rating) as average_rating,
        count(r.rating) as rating_count
      from service_requests r
      where r.technician_id is not null ${only ? sql`and r.technician_id = ${only}::uuid` : sql``}
      group by r.technician_id
    ) f on f.technician_id = t.user_id
    left join (
      select a.technician_id, count(*) as today
      from appointments a
      where a.status in ('scheduled', 'confirmed')
        and a.starts_at >= (date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})
        and a.starts_at < (date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone}) + interval '1 day'
        ${only ? sql`and a.technician_id = ${only}::uuid` : sql``}
      group by a.technician_id
    ) ap on ap.technician_id = t.user_id
    ${only ? sql`where t.user_id = ${only}::uuid` : sql``}
  )`;
}

export interface TechnicianRow {
  id: string;
  name: string;
  email: string;
  mobile: string | null;
  active: boolean;
  created_at: Date | string;
  last_sign_in_at: Date | string | null;
  skills: string[] | string;
  weekly_hours: Partial<TWeeklyHours> | string | null;
  van_id: string | null;
  van_code: string | null;
  van_name: string | null;
  open_jobs: number;
  today_load: number;
  average_rating: string | null;
  rating_count: number;
  sort_text: string;
}

/** text[] arrives as an array from pg and PGlite alike; jsonb as an object (or text on older drivers). */
const skillsOf = (v: TechnicianRow['skills']) => (Array.isArray(v) ? v : String(v).replace(/^\{|\}$/g, '').split(',').filter(Boolean));

/** A technician row as the API answers it. */
export function toApi(r: TechnicianRow): TTechnician {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    mobile: r.mobile,
    active: r.active,
    skills: skillsOf(r.skills),
    van: r.van_id ? { id: r.van_id, code: r.van_code!, name: r.van_name! } : null,
    weekly_hours: normaliseWeeklyHours(typeof r.weekly_hours === 'string' ? JSON.parse(r.weekly_hours) : r.weekly_hours),
    today_load: r.today_load,
    open_jobs: r.open_jobs,
    average_rating: r.average_rating,
    rating_count: r.rating_count,
    created_at: toIso(r.created_at),
    last_sign_in_at: r.last_sign_in_at ? toIso(r.last_sign_in_at) : null,
  };
}

/** One technician with their figures (today in `timeZone`), or null. */
export async function findTechnician(db: DbOrTx, id: string, timeZone: string): Promise<TechnicianRow | null> {
  const [row] = rowsOf<TechnicianRow>(await db.execute(sql`select * from ${techniciansSql('name', timeZone, id)} x`));
  return row ?? null;
}

/** A page of technicians (keyset) and the count of all that match the filters: two statements, the page first. */
export async function listTechnicians(
  db: DbOrTx,
  q: TTechnicianListQuery,
  timeZone: string,
): Promise<{ items: TechnicianRow[]; next_cursor: string | null; total: number }> {
  const sort = SORT[q.sort];
  const filters = [
    q.q ? sql`(x.name ilike ${like(q.q)} or x.email ilike ${like(q.q)} or x.van_code ilike ${like(q.q)})` : undefined,
    q.skill ? sql`${q.skill} = any(x.skills)` : undefined,
    q.active ? sql`x.active = ${q.active === 'true'}` : undefined,
  ];
  const from = techniciansSql(q.sort, timeZone);
  const page = rowsOf<TechnicianRow>(
    await db.execute(
      sql`select * from ${from} x where ${where([...filters, afterCursor(q.cursor, sort.type, ['id'], q.order)])} order by ${orderBy(['id'], q.order)} limit ${q.limit + 1}`,
    ),
  );
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${from} x where ${where(filters)}`));
  const { items, next_cursor } = pageOf(page, q.limit, (last) => [last.sort_text, last.id]);
  return { items, next_cursor, total: count?.n ?? 0 };
}

/** Locks a user's row for the rest of the transaction; answers their role, or null when there is no such user. */
export async function lockUserRole(tx: DbOrTx, id: string): Promise<{ role: typeof users.$inferSelect.role } | null> {
  const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id)).for('update');
  return user ?? null;
}

/** Locks a warehouse's row (a van about to change hands) for the rest of the transaction, or null. */
export async function lockWarehouse(tx: DbOrTx, id: string): Promise<typeof warehouses.$inferSelect | null> {
  const [van] = await tx.select().from(warehouses).where(eq(warehouses.id, id)).for('update');
  return van ?? null;
}

/** Leaves the technician's vans (other than `keepVanId`) without a technician; answers their ids. */
export async function releaseVans(tx: DbOrTx, technicianId: string, keepVanId: string | null): Promise<{ id: string }[]> {
  return tx
    .update(warehouses)
    .set({ technicianId: null })
    .where(and(eq(warehouses.technicianId, technicianId), keepVanId ? ne(warehouses.id, keepVanId) : undefined))
    .returning({ id: warehouses.id });
}

/** Gives the van to the technician. */
export async function assignVan(tx: DbOrTx, vanId: string, technicianId: string): Promise<void> {
  await tx.update(warehouses).set({ technicianId }).where(eq(warehouses.id, vanId));
}

/** Records the technician's van (or none) on their profile. */
export async function setTechnicianVan(tx: DbOrTx, technicianId: string, vanId: string | null): Promise<void> {
  await tx.update(technicians).set({ vanWarehouseId: vanId }).where(eq(technicians.userId, technicianId));
}

/** Updates the technician's skills and/or weekly hours (the keys present). */
export async function updateTechnicianProfile(
  tx: DbOrTx,
  technicianId: string,
  changes: Partial<Pick<typeof technicians.$inferInsert, 'skills' | 'weeklyHours'>>,
): Promise<void> {
  await tx.update(technicians).set(changes).where(eq(technicians.userId, technicianId));
}
