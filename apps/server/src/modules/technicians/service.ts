import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  OPEN_REQUEST_STATUSES,
  type TCreateTechnicianRequest,
  type TPatchTechnicianRequest,
  type TTechnician,
  type TTechnicianList,
  type TTechnicianListQuery,
  type TWeeklyHours,
  type TechnicianSort,
} from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { technicians, users, warehouses } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { publishUsersChanged } from '../auth/index.js';
import { after as afterCursor, orderBy, pageOf, type KeyType } from '../../db/keyset.js';
import { like, toIso, where } from '../../db/sql.js';
import { lockTechnician } from '../scheduling/index.js';
import { rowsOf } from '../../db/rows.js';
import { assertHoursKeepBookings } from '../schedule/index.js';
import { audienceFor, publish } from '../realtime/index.js';
import { getSettings } from '../settings/index.js';
import { checkSkills, normaliseWeeklyHours, applyUserUpdate, type UserAdminService } from '../users/index.js';

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

interface Row {
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
const skillsOf = (v: Row['skills']) => (Array.isArray(v) ? v : String(v).replace(/^\{|\}$/g, '').split(',').filter(Boolean));

function toApi(r: Row): TTechnician {
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

async function timeZoneOf(db: DbOrTx) {
  return (await getSettings(db, ['time_zone'])).time_zone;
}

export async function getTechnician(db: DbOrTx, id: string): Promise<TTechnician | null> {
  const [row] = rowsOf<Row>(await db.execute(sql`select * from ${techniciansSql('name', await timeZoneOf(db), id)} x`));
  return row ? toApi(row) : null;
}

const forAudit = (t: TTechnician) => ({
  name: t.name,
  email: t.email,
  active: t.active,
  skills: t.skills,
  van: t.van?.code ?? null,
  weekly_hours: t.weekly_hours,
});

export function createTechnicianService(ctx: AppContext, accounts: UserAdminService) {
  const { db } = ctx;

  const vanChanged = (tx: DbOrTx, ids: string[], technicianIds: string[]) =>
    publish(tx, { topic: 'stock', event: 'warehouse.changed', audience: audienceFor('read:stock', { own: technicianIds }), payload: { ids } });

  /** Gives the technician another van (an unassigned one), or none; their old van is left without a technician. */
  async function moveVan(tx: DbOrTx, id: string, vanId: string | null, currentVanId: string | null) {
    if (vanId === currentVanId) return;
    if (vanId) {
      const [van] = await tx.select().from(warehouses).where(eq(warehouses.id, vanId)).for('update');
      if (!van || van.kind !== 'van') throw badRequest({ van_warehouse_id: 'invalid' });
      if (van.technicianId && van.technicianId !== id) {
        throw new AppError(409, 'conflict', 'This van belongs to another technician', { fields: { van_warehouse_id: 'invalid' } });
      }
    }
    const released = await tx
      .update(warehouses)
      .set({ technicianId: null })
      .where(and(eq(warehouses.technicianId, id), vanId ? ne(warehouses.id, vanId) : undefined))
      .returning({ id: warehouses.id });
    if (vanId) await tx.update(warehouses).set({ technicianId: id }).where(eq(warehouses.id, vanId));
    await tx.update(technicians).set({ vanWarehouseId: vanId }).where(eq(technicians.userId, id));
    await vanChanged(tx, [...released.map((r) => r.id), ...(vanId ? [vanId] : [])], [id]);
  }

  return {
    async list(q: TTechnicianListQuery): Promise<TTechnicianList> {
      const sort = SORT[q.sort];
      const filters = [
        q.q ? sql`(x.name ilike ${like(q.q)} or x.email ilike ${like(q.q)} or x.van_code ilike ${like(q.q)})` : undefined,
        q.skill ? sql`${q.skill} = any(x.skills)` : undefined,
        q.active ? sql`x.active = ${q.active === 'true'}` : undefined,
      ];
      const from = techniciansSql(q.sort, await timeZoneOf(db));
      const page = rowsOf<Row>(
        await db.execute(
          sql`select * from ${from} x where ${where([...filters, afterCursor(q.cursor, sort.type, ['id'], q.order)])} order by ${orderBy(['id'], q.order)} limit ${q.limit + 1}`,
        ),
      );
      const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${from} x where ${where(filters)}`));
      const { items, next_cursor } = pageOf(page, q.limit, (last) => [last.sort_text, last.id]);
      return {
        items: items.map(toApi),
        next_cursor,
        total: count?.n ?? 0,
      };
    },

    /** The service types a skill may be (settings). */
    async options() {
      return getSettings(db, ['service_types']);
    },

    async get(id: string): Promise<TTechnician> {
      const t = await getTechnician(db, id);
      if (!t) throw notFound('Technician');
      return t;
    },

    /** The user, the technician profile and the van, all or nothing; then the welcome mail. */
    async create(actor: Actor, input: TCreateTechnicianRequest): Promise<TTechnician> {
      const user = await accounts.createAccount(
        actor,
        {
          name: input.name,
          email: input.email,
          mobile: input.mobile,
          language: input.language,
          role: 'technician',
          technician: { skills: input.skills, weeklyHours: input.weekly_hours, vanCode: input.van_code },
        },
        { skills: input.skills, weekly_hours: normaliseWeeklyHours(input.weekly_hours), van_code: input.van_code ?? null },
      );
      return (await getTechnician(db, user.id))!;
    },

    /**
     * Skills, van, weekly hours and the active flag. Deactivating is refused (409
     * technician_busy, listing them) while they hold open requests or future appointments.
     */
    async patch(actor: Actor, id: string, input: TPatchTechnicianRequest): Promise<TTechnician> {
      return db.transaction(async (tx) => {
        const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id)).for('update');
        if (user?.role !== 'technician') throw notFound('Technician');
        const before = (await getTechnician(tx, id))!;
        const skills = input.skills !== undefined ? await checkSkills(tx, input.skills) : undefined;
        // New hours must keep every booked appointment inside them, as on the schedule page.
        if (input.weekly_hours !== undefined) {
          await lockTechnician(tx, id);
          await assertHoursKeepBookings(tx, id, normaliseWeeklyHours(input.weekly_hours));
        }
        if (skills !== undefined || input.weekly_hours !== undefined) {
          await tx
            .update(technicians)
            .set({
              ...(skills !== undefined ? { skills } : {}),
              ...(input.weekly_hours !== undefined ? { weeklyHours: normaliseWeeklyHours(input.weekly_hours) } : {}),
            })
            .where(eq(technicians.userId, id));
        }
        if (input.van_warehouse_id !== undefined) await moveVan(tx, id, input.van_warehouse_id, before.van?.id ?? null);
        // The account's flag (sessions, last-admin and open-work rules) is the users module's.
        if (input.active !== undefined && input.active !== before.active) await applyUserUpdate(tx, actor, id, { active: input.active });
        else await publishUsersChanged(tx, [id]);
        const after = (await getTechnician(tx, id))!;
        const action = input.active === false && before.active ? 'technician.deactivated' : 'technician.updated';
        await audit(tx, { actorId: actor.userId, action, entity: 'technician', entityId: id, before: forAudit(before), after: forAudit(after), ip: actor.ip });
        return after;
      });
    },
  };
}

export type TechnicianService = ReturnType<typeof createTechnicianService>;
