import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { scopeOf, type AppointmentSort, type AppointmentStatus, type Role, type ServiceKind, type ServiceRequestStatus, type TAppointmentListQuery } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { settingValueSql } from '../settings/index.js';
import { HISTORY_JSON_SQL, type HistoryRow } from './history-queries.js';
import { decodeSortedCursor, isCursorValue } from '../../lib/cursor.js';
import { pageOf } from '../../db/keyset.js';
import { rowsOf } from '../../db/rows.js';
import type { ReadCache } from '../../db/read-cache.js';
import { boundStatement, placeholder } from '../../db/statements.js';
import { isoSql, like, where } from '../../db/sql.js';

/**
 * Which appointments a caller may see, by their read:appointment scope: every one (admins), or
 * their own — a customer's as the customer, a technician's as the technician.
 */
export type AppointmentVisibility = { scope: 'any' } | { scope: 'customer' | 'technician'; userId: string } | { scope: 'none' };

export function appointmentVisibility(caller: { userId: string; role: Role }): AppointmentVisibility {
  const scope = scopeOf(caller.role, 'read:appointment');
  if (scope === 'any') return { scope: 'any' };
  if (scope === 'own' && caller.role === 'customer') return { scope: 'customer', userId: caller.userId };
  if (scope === 'own' && caller.role === 'technician') return { scope: 'technician', userId: caller.userId };
  return { scope: 'none' };
}

export function visibleAppointmentSql(v: AppointmentVisibility, alias = 'a', user?: Placeholder): SQL {
  const a = sql.raw(alias);
  if (v.scope === 'any') return sql`true`;
  if (v.scope === 'none') return sql`false`;
  if (v.scope === 'customer') return sql`${a}.customer_id = ${user ?? v.userId}::uuid`;
  return sql`${a}.technician_id = ${user ?? v.userId}::uuid`;
}

/** An appointment as reads show it (flat). */
export interface AppointmentRow {
  id: string;
  number: string;
  status: AppointmentStatus;
  service_kind: ServiceKind;
  starts_at: string;
  ends_at: string;
  address: string | null;
  notes: string | null;
  cancel_reason: string | null;
  customer_id: string;
  customer_name: string;
  customer_mobile: string | null;
  technician_id: string;
  technician_name: string;
  technician_mobile: string | null;
  request_id: string;
  request_number: string;
  request_status: ServiceRequestStatus;
  service_type: string;
  fault_type: string;
  created_at: string;
  updated_at: string;
}

const COLUMNS = sql`
  a.id, a.number, a.status, a.service_kind, ${isoSql('a.starts_at')} as starts_at, ${isoSql('a.ends_at')} as ends_at,
  a.address, a.notes, a.cancel_reason,
  a.customer_id, cu.name as customer_name, coalesce(c.mobile_number, cu.mobile) as customer_mobile,
  a.technician_id, tu.name as technician_name, tu.mobile as technician_mobile,
  r.id as request_id, r.number as request_number, r.status as request_status, r.service_type, r.fault_type,
  ${isoSql('a.created_at')} as created_at, ${isoSql('a.updated_at')} as updated_at`;
const JOINS = sql`
  join users cu on cu.id = a.customer_id
  left join customers c on c.user_id = a.customer_id
  join users tu on tu.id = a.technician_id
  join service_requests r on r.id = a.service_request_id`;

/** One appointment the caller may see (one statement); `lock` takes the row lock for a change. */
export async function findAppointment(db: DbOrTx, id: string, v: AppointmentVisibility, lock = false): Promise<AppointmentRow | null> {
  const [row] = rowsOf<AppointmentRow>(
    await db.execute(sql`select ${COLUMNS} from appointments a ${JOINS} where a.id = ${id}::uuid and ${visibleAppointmentSql(v)} ${lock ? sql`for update of a` : sql``}`),
  );
  return row ?? null;
}

/**
 * `GET /api/appointments/:id` in ONE prepared statement: the appointment the caller may see, its
 * history (JSON) and the booking lead time its actions depend on — it was three statements one
 * after another, none prepared (issue #26). One statement text per visibility scope, so each
 * name always comes with the same text.
 */
export async function appointmentDetail(
  reads: Pick<ReadCache, 'rows'>,
  id: string,
  v: AppointmentVisibility,
): Promise<(AppointmentRow & { history: HistoryRow[]; lead_hours: unknown }) | null> {
  if (v.scope === 'none') return null;
  const statement = boundStatement(
    `appointment_detail_${v.scope}`,
    () => sql`
      select ${COLUMNS}, ${HISTORY_JSON_SQL} as history, ${settingValueSql(placeholder('lead_key'))} as lead_hours
      from appointments a ${JOINS} where a.id = ${placeholder('id')}::uuid and ${visibleAppointmentSql(v, 'a', placeholder('user'))}`,
    { id, user: 'userId' in v ? v.userId : null, lead_key: 'booking_lead_hours' },
  );
  const [row] = await reads.rows<AppointmentRow & { history: HistoryRow[]; lead_hours: unknown }>(statement);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------
// Lists: keyset pages on every sort

type KeyType = 'timestamptz' | 'uuid' | 'text';
const SORT_KEYS: Record<AppointmentSort, { col: string; type: KeyType }[]> = {
  starts_at: [
    { col: 'a.starts_at', type: 'timestamptz' },
    { col: 'a.id', type: 'uuid' },
  ],
  created_at: [
    { col: 'a.created_at', type: 'timestamptz' },
    { col: 'a.id', type: 'uuid' },
  ],
  number: [{ col: 'a.number', type: 'text' }],
};
function decodeCursor(cursor: string, sort: AppointmentSort): string[] {
  return decodeSortedCursor(cursor, sort, SORT_KEYS[sort].map((k) => isCursorValue(k.type)));
}

export type AppointmentListInput = Omit<TAppointmentListQuery, 'from' | 'to'> & {
  /** Instants (ISO), already resolved from dates in the company zone. */
  from?: string;
  to?: string;
};

/**
 * One statement: the page (keyset range read on the sort's index, one row more than the page)
 * and the exact total. `from`/`to` select appointments overlapping [from, to); appointments
 * last less than a day, so `starts_at > from − 1 day` bounds the index range from below.
 */
export async function listAppointments(
  db: DbOrTx,
  v: AppointmentVisibility,
  q: AppointmentListInput,
): Promise<{ rows: AppointmentRow[]; next_cursor: string | null; total: number }> {
  const keys = SORT_KEYS[q.sort];
  const dir = q.order === 'desc' ? 'desc' : 'asc';
  const filters = where([
    visibleAppointmentSql(v),
    q.from ? sql`a.ends_at > ${q.from}::timestamptz and a.starts_at > ${q.from}::timestamptz - interval '1 day'` : undefined,
    q.to ? sql`a.starts_at < ${q.to}::timestamptz` : undefined,
    q.technician_id ? sql`a.technician_id = ${q.technician_id}::uuid` : undefined,
    q.customer_id ? sql`a.customer_id = ${q.customer_id}::uuid` : undefined,
    q.service_request_id ? sql`a.service_request_id = ${q.service_request_id}::uuid` : undefined,
    q.status?.length
      ? sql`a.status in (${sql.join(
          q.status.map((s) => sql`${s}::appointment_status`),
          sql`, `,
        )})`
      : undefined,
    q.q
      ? sql`(lower(a.number) like lower(${like(q.q)}) or exists (
          select 1 from service_requests sr join users su on su.id = sr.customer_id
          where sr.id = a.service_request_id and (lower(sr.number) like lower(${like(q.q)}) or lower(su.name) like lower(${like(q.q)}))))`
      : undefined,
  ]);
  let seek: SQL = sql`true`;
  if (q.cursor) {
    const values = decodeCursor(q.cursor, q.sort);
    const cols = sql.raw(keys.map((k) => k.col).join(', '));
    const vals = sql.join(
      keys.map((k, i) => sql`${values[i]}::${sql.raw(k.type)}`),
      sql`, `,
    );
    seek = dir === 'asc' ? sql`(${cols}) > (${vals})` : sql`(${cols}) < (${vals})`;
  }
  const orderBy = sql.raw(keys.map((k) => `${k.col} ${dir}`).join(', '));
  const keyCols = sql.raw(keys.map((k, i) => `${k.col} as k${i}`).join(', '));
  const outerOrder = sql.raw(keys.map((_, i) => `p.k${i} ${dir}`).join(', '));
  const cursorKey = sql`json_build_array(${sql.join(
    keys.map((k) => (k.type === 'timestamptz' ? isoSql(k.col, 'us') : sql.raw(`${k.col}::text`))),
    sql`, `,
  )})`;
  const [result] = rowsOf<{ items: (AppointmentRow & { cursor_key: string[] })[]; total: number }>(
    await db.execute(sql`
      select
        (select coalesce(json_agg(p order by ${outerOrder}), '[]'::json) from (
          select ${COLUMNS}, ${cursorKey} as cursor_key, ${keyCols}
          from appointments a ${JOINS}
          where ${filters} and ${seek}
          order by ${orderBy}
          limit ${q.limit + 1}
        ) p) as items,
        (select count(*)::int from appointments a where ${filters}) as total`),
  );
  // The cursor names its sort first (`[sort, …keys]`), as decodeSortedCursor reads it.
  const page = pageOf(result?.items ?? [], q.limit, (last) => [q.sort, ...last.cursor_key]);
  return { rows: page.items, next_cursor: page.next_cursor, total: result?.total ?? 0 };
}

// ---------------------------------------------------------------------------------------
// Changes of one appointment

/** What a reminder needs of its appointment (one statement). */
export interface ReminderAppointmentRow {
  id: string;
  number: string;
  status: AppointmentStatus;
  starts_ms: number;
  customer_id: string;
  technician_id: string;
  request_number: string;
  technician_name: string;
  customer_name: string;
  request_id: string;
}

/**
 * The appointment a reminder is about, with the names it tells. `for share`: a change of the
 * appointment (cancel, reschedule) waits for the reminder's transaction, and the reminder for it.
 */
export async function findReminderAppointment(db: DbOrTx, id: string): Promise<ReminderAppointmentRow | null> {
  const [a] = rowsOf<ReminderAppointmentRow>(
    await db.execute(sql`
      select a.id, a.number, a.status, (extract(epoch from a.starts_at) * 1000)::float8 as starts_ms, a.customer_id, a.technician_id,
        r.number as request_number, tu.name as technician_name, cu.name as customer_name, r.id as request_id
      from appointments a join service_requests r on r.id = a.service_request_id
      join users tu on tu.id = a.technician_id join users cu on cu.id = a.customer_id
      where a.id = ${id}::uuid
      for share of a`),
  );
  return a ?? null;
}

/** One action's change of an appointment: the status, and what the action brings with it. */
export interface AppointmentChange {
  to: AppointmentStatus;
  /** A reschedule's new time (epoch ms). */
  moved: { start: number; end: number } | null;
  /** A cancellation's reason and who cancelled. */
  cancel: { reason: string; by: string } | null;
  /** A note, appended to the appointment's notes. */
  note?: string | null;
}

/**
 * Writes an action's change in one statement; the exclusion constraint on the technician's
 * time may refuse a new time (the caller turns that into slot_unavailable).
 */
export async function updateAppointment(db: DbOrTx, id: string, c: AppointmentChange): Promise<void> {
  const { to, moved, cancel } = c;
  await db.execute(sql`
      update appointments set status = ${to}::appointment_status, updated_at = now()
        ${moved ? sql`, starts_at = ${new Date(moved.start).toISOString()}::timestamptz, ends_at = ${new Date(moved.end).toISOString()}::timestamptz` : sql``}
        ${cancel ? sql`, cancel_reason = ${cancel.reason}, cancelled_by = ${cancel.by}::uuid, cancelled_at = now()` : sql``}
        ${c.note ? sql`, notes = concat_ws(E'\n', notes, ${c.note}::text)` : sql``}
      where id = ${id}::uuid`);
}

/** A user's name (null: no such user). */
export async function findUserName(db: DbOrTx, userId: string): Promise<string | null> {
  const [me] = rowsOf<{ name: string }>(await db.execute(sql`select name from users where id = ${userId}::uuid`));
  return me?.name ?? null;
}

// ---------------------------------------------------------------------------------------
// A request's live appointments (scheduled or confirmed), as its reassignment, unassignment
// and cancellation see them

/** A live appointment about to move to another technician, with its time (epoch ms). */
export interface MovingAppointmentRow {
  id: string;
  number: string;
  status: AppointmentStatus;
  customer_id: string;
  technician_id: string;
  starts: number;
  ends: number;
}

/**
 * The request's live appointments not already with `technicianId`, locked (`for update`): the
 * reassignment moves them, and nothing else may change them meanwhile.
 */
export async function lockAppointmentsToMove(db: DbOrTx, requestId: string, technicianId: string): Promise<MovingAppointmentRow[]> {
  return rowsOf<MovingAppointmentRow>(
    await db.execute(sql`
      select id, number, status, customer_id, technician_id,
        (extract(epoch from starts_at) * 1000)::float8 as starts, (extract(epoch from ends_at) * 1000)::float8 as ends
      from appointments
      where service_request_id = ${requestId}::uuid and status in ('scheduled', 'confirmed') and technician_id <> ${technicianId}::uuid
      for update`),
  );
}

/** Gives the appointment to another technician; the exclusion constraint may refuse it. */
export async function setAppointmentTechnician(db: DbOrTx, id: string, technicianId: string): Promise<void> {
  await db.execute(sql`update appointments set technician_id = ${technicianId}::uuid, updated_at = now() where id = ${id}::uuid`);
}

/** A live appointment of a request, with its start (epoch ms). */
export type LiveAppointmentRow = Omit<MovingAppointmentRow, 'ends'>;

/** The request's live appointments, soonest first, locked (`for update`) for the change that follows. */
export async function lockLiveAppointments(db: DbOrTx, requestId: string): Promise<LiveAppointmentRow[]> {
  return rowsOf<LiveAppointmentRow>(
    await db.execute(sql`
      select id, number, status, customer_id, technician_id, (extract(epoch from starts_at) * 1000)::float8 as starts
      from appointments
      where service_request_id = ${requestId}::uuid and status in ('scheduled', 'confirmed')
      order by starts_at
      for update`),
  );
}

/** Cancels an appointment with its request (the same reason). */
export async function cancelAppointmentWithRequest(db: DbOrTx, id: string, reason: string, actorId: string): Promise<void> {
  await db.execute(sql`
      update appointments set status = 'cancelled', cancel_reason = ${reason}, cancelled_by = ${actorId}::uuid, cancelled_at = now(), updated_at = now()
      where id = ${id}::uuid`);
}
