import { sql, type SQL } from 'drizzle-orm';
import type { TDispatchItem, TDispatchQuery } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { z } from 'zod';
import { pageOf } from '../../db/keyset.js';
import { cursorValue, decodeCursor } from '../../lib/cursor.js';
import { rowsOf } from '../../db/rows.js';
import { requestSearchSql, slaColumns, type SlaColumns, type slaRulesOf } from '../service-requests/index.js';
import { epochMs } from '../../db/sql.js';

// ---------------------------------------------------------------------------------------
// The dispatch list

const VIEW_STATUSES: Record<TDispatchQuery['status'], string[]> = {
  unassigned: ['pending'],
  assigned: ['assigned'],
  all: ['pending', 'assigned', 'in_progress', 'pending_parts'],
};

/** Sorts a paused clock (no due time) after every running one. */
const NO_DUE = 1e12;

/**
 * The sort key of a list, one float per row (keyset on (key, id)):
 * - age: the request date (oldest first);
 * - priority: high, medium, low, each oldest first;
 * - sla_due: the due time of the running target (`sla_due_at`, working hours less pauses, kept
 *   by sla-due.ts), soonest first; paused requests (no clock running) last.
 */
function sortKey(sort: TDispatchQuery['sort']): SQL {
  const epoch = sql`extract(epoch from r.created_at)::float8`;
  if (sort === 'priority') return sql`((case r.priority when 'high' then 0 when 'medium' then 1 else 2 end) * 1e10 + ${epoch})`;
  if (sort === 'sla_due') return sql`coalesce(extract(epoch from r.sla_due_at)::float8, ${NO_DUE}::float8)`;
  return epoch;
}

const CURSOR = z.object({ k: cursorValue.number, id: cursorValue.uuid });

/** A live appointment's id and time (epoch ms). */
export interface LiveAppointmentJson {
  id: string;
  starts: number;
  ends: number;
}

/** A request of a dispatch view, with its SLA inputs and live appointment. */
export interface DispatchRow extends SlaColumns {
  id: string;
  number: string;
  status: TDispatchItem['status'];
  service_type: string;
  fault_type: string;
  location: string;
  request_date: string;
  customer_id: string;
  customer_name: string;
  technician_id: string | null;
  technician_name: string | null;
  device_brand: string;
  device_model: string;
  appointment: LiveAppointmentJson | null;
  sort_key: number;
}

/**
 * The open requests of a dispatch view: one page (keyset on (sort key, id), one row more than
 * the page) with each row's SLA inputs and live appointment, then the view's total — two
 * statements, in that order. A cursor this list did not give out is a 400 on `cursor`.
 */
export async function listDispatchRows(db: DbOrTx, q: TDispatchQuery): Promise<{ rows: DispatchRow[]; next_cursor: string | null; total: number }> {
  const key = sortKey(q.sort);
  const statuses = sql.join(VIEW_STATUSES[q.status].map((s) => sql`${s}::service_request_status`), sql`, `);
  const filters: SQL[] = [sql`r.status in (${statuses})`];
  if (q.priority) filters.push(sql`r.priority = ${q.priority}`);
  // The request desk's own search: the request's text or its customer's name.
  if (q.q) filters.push(requestSearchSql(q.q, 'r'));
  const whereSql = sql.join(filters, sql` and `);
  const after = q.cursor ? decodeCursor(CURSOR, q.cursor) : null;
  const pageWhere = after ? sql`${whereSql} and (${key}, r.id) > (${after.k}::float8, ${after.id}::uuid)` : whereSql;

  const rows = rowsOf<DispatchRow>(
    await db.execute(sql`
      select r.id, r.number, r.status, r.priority, r.service_type, r.fault_type, r.location,
        r.created_at::text as request_date, ${slaColumns('r')},
        r.customer_id, c.name as customer_name, r.technician_id, t.name as technician_name,
        r.device_brand, r.device_model, ${key} as sort_key,
        (select json_build_object('id', a.id, 'starts', ${epochMs('a.starts_at')}, 'ends', ${epochMs('a.ends_at')})
          from appointments a where a.service_request_id = r.id and a.status in ('scheduled', 'confirmed')
          order by a.starts_at limit 1) as appointment
      from service_requests r
      join users c on c.id = r.customer_id
      left join users t on t.id = r.technician_id
      where ${pageWhere}
      order by ${key}, r.id
      limit ${q.limit + 1}`),
  );
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from service_requests r where ${whereSql}`));
  const page = pageOf(rows, q.limit, (last) => ({ k: Number(last.sort_key), id: last.id }));
  return { rows: page.items, next_cursor: page.next_cursor, total: count?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------
// Candidates

/** What the candidates need of a request: its service type, technician and live appointment. */
export interface CandidateRequestRow {
  service_type: string;
  technician_id: string | null;
  appointment: LiveAppointmentJson | null;
}

/** The request the candidates are for (null: no such request). */
export async function findCandidateRequest(db: DbOrTx, requestId: string): Promise<CandidateRequestRow | null> {
  const [req] = rowsOf<CandidateRequestRow>(
    await db.execute(sql`
      select r.service_type, r.technician_id,
        (select json_build_object('id', a.id, 'starts', ${epochMs('a.starts_at')}, 'ends', ${epochMs('a.ends_at')})
          from appointments a where a.service_request_id = r.id and a.status in ('scheduled', 'confirmed')
          order by a.starts_at limit 1) as appointment
      from service_requests r where r.id = ${requestId}::uuid`),
  );
  return req ?? null;
}

export interface ActiveTechnicianRow {
  id: string;
  name: string;
  skills: string[];
  open_requests: number;
}

/** Every active technician, by name, with the count of open requests assigned to them. */
export async function activeTechnicians(db: DbOrTx): Promise<ActiveTechnicianRow[]> {
  return rowsOf<ActiveTechnicianRow>(
    await db.execute(sql`
      select t.user_id as id, u.name, t.skills,
        (select count(*)::int from service_requests r where r.technician_id = t.user_id and r.status in ('assigned', 'in_progress', 'pending_parts')) as open_requests
      from technicians t join users u on u.id = t.user_id
      where t.active and u.active and u.role = 'technician'
      order by u.name, t.user_id`),
  );
}

// ---------------------------------------------------------------------------------------
// The SLA-breach check (sla-check.ts)

/** A request whose running clock may have run out, with which targets are already recorded as breached. */
export interface SlaCandidateRow extends SlaColumns {
  id: string;
  number: string;
  response_noted: boolean;
  resolution_noted: boolean;
}

type SlaTargets = Awaited<ReturnType<typeof slaRulesOf>>['targets'];

/**
 * The open requests (oldest first, at most `batch`) whose running clock could have run out at
 * `now` and that are not yet recorded as breached on that target: paused ones and those whose
 * stored due time is still ahead are left out (sla-check.ts says why); without a stored due
 * time, wall-clock hours since the request decide.
 */
export async function findSlaCandidates(db: DbOrTx, targets: SlaTargets, now: number, batch: number): Promise<SlaCandidateRow[]> {
  const hours = (k: 'response_hours' | 'resolution_hours') =>
    sql`(case r.priority when 'high' then ${targets.high[k]}::float8 when 'medium' then ${targets.medium[k]}::float8 else ${targets.low[k]}::float8 end)`;
  const nowIso = new Date(now).toISOString();
  return rowsOf<SlaCandidateRow>(
    await db.execute(sql`
      select r.id, r.number, r.priority, ${slaColumns('r')},
        exists (select 1 from sla_breaches b where b.request_id = r.id and b.target = 'response') as response_noted,
        exists (select 1 from sla_breaches b where b.request_id = r.id and b.target = 'resolution') as resolution_noted
      from service_requests r
      where r.status in ('pending', 'assigned', 'in_progress')
        and (
          (r.first_response_at is null
            and coalesce(r.sla_due_at <= ${nowIso}::timestamptz, r.created_at <= ${nowIso}::timestamptz - make_interval(secs => 3600 * ${hours('response_hours')}))
            and not exists (select 1 from sla_breaches b where b.request_id = r.id and b.target = 'response'))
          or (r.created_at <= ${nowIso}::timestamptz - make_interval(secs => 3600 * ${hours('resolution_hours')})
            and (r.first_response_at is null or coalesce(r.sla_due_at <= ${nowIso}::timestamptz, true))
            and not exists (select 1 from sla_breaches b where b.request_id = r.id and b.target = 'resolution')))
      order by r.created_at, r.id
      limit ${batch}`),
  );
}

export type SlaTarget = 'response' | 'resolution';

/**
 * Records the breaches in one statement and returns those it inserted: `on conflict do nothing`
 * on the primary key (request × target), so a breach is recorded — and notified — only once.
 */
export async function insertSlaBreaches(db: DbOrTx, breaches: { id: string; target: SlaTarget; due: string }[]): Promise<{ request_id: string; target: SlaTarget }[]> {
  return rowsOf<{ request_id: string; target: SlaTarget }>(
    await db.execute(sql`
      insert into sla_breaches (request_id, target, due_at)
      values ${sql.join(
        breaches.map((f) => sql`(${f.id}::uuid, ${f.target}, ${f.due}::timestamptz)`),
        sql`, `,
      )}
      on conflict do nothing
      returning request_id, target`),
  );
}

/** The ids of the active admins. */
export async function activeAdminIds(db: DbOrTx): Promise<string[]> {
  return rowsOf<{ id: string }>(await db.execute(sql`select id from users where role = 'admin' and active`)).map((a) => a.id);
}

/** Drops the done jobs of `kind` finished more than a day ago. */
export async function deleteDoneJobsOlderThanADay(db: DbOrTx, kind: string): Promise<void> {
  await db.execute(sql`delete from jobs where kind = ${kind} and done_at < now() - interval '1 day'`);
}
