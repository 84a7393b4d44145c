import { sql, type SQL } from 'drizzle-orm';
import type { TDispatchCandidates, TDispatchItem, TDispatchList, TDispatchQuery } from '@portal/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { z } from 'zod';
import { pageOf } from '../../db/keyset.js';
import { cursorValue, decodeCursor } from '../../lib/cursor.js';
import { notFound } from '../../lib/errors.js';
import { rowsOf } from '../../db/rows.js';
import { requestSearchSql, slaColumns, slaOfRow, slaRulesOf, type SlaColumns } from '../service-requests/index.js';
import { getSettings } from '../settings/index.js';
import { epochMs } from '../../db/sql.js';
import { dayBounds, dayOf, fitsHours, formatInstant, technicianSlots, loadTechnicianDays } from '../scheduling/index.js';


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

interface Row extends SlaColumns {
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
  appointment: { id: string; starts: number; ends: number } | null;
  sort_key: number;
}

/**
 * The open requests of a dispatch view, one page in one statement with each row's history
 * (for the pauses) and live appointment; the SLA states are computed here per row (O(page)).
 */
export async function listDispatch(db: DbOrTx, q: TDispatchQuery, now = Date.now()): Promise<TDispatchList> {
  const rules = await slaRulesOf(db);
  const key = sortKey(q.sort);
  const statuses = sql.join(VIEW_STATUSES[q.status].map((s) => sql`${s}::service_request_status`), sql`, `);
  const filters: SQL[] = [sql`r.status in (${statuses})`];
  if (q.priority) filters.push(sql`r.priority = ${q.priority}`);
  // The request desk's own search: the request's text or its customer's name.
  if (q.q) filters.push(requestSearchSql(q.q, 'r'));
  const whereSql = sql.join(filters, sql` and `);
  const after = q.cursor ? decodeCursor(CURSOR, q.cursor) : null;
  const pageWhere = after ? sql`${whereSql} and (${key}, r.id) > (${after.k}::float8, ${after.id}::uuid)` : whereSql;

  const rows = rowsOf<Row>(
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
  return {
    time_zone: rules.cal.zone,
    items: page.items.map((r) => itemOf(r, rules, now)),
    next_cursor: page.next_cursor,
    total: count?.n ?? 0,
  };
}

function itemOf(r: Row, rules: Awaited<ReturnType<typeof slaRulesOf>>, now: number): TDispatchItem {
  const requestMs = Number(r.request_ms);
  const zone = rules.cal.zone;
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    priority: r.priority,
    service_type: r.service_type,
    fault_type: r.fault_type,
    location: r.location,
    request_date: new Date(requestMs).toISOString(),
    age_hours: Math.max(0, Math.round(((now - requestMs) / 3_600_000) * 10) / 10),
    customer: { id: r.customer_id, name: r.customer_name },
    technician: r.technician_id ? { id: r.technician_id, name: r.technician_name ?? '' } : null,
    device: { brand: r.device_brand, model: r.device_model },
    appointment: r.appointment
      ? { id: r.appointment.id, starts_at: formatInstant(r.appointment.starts, zone), ends_at: formatInstant(r.appointment.ends, zone) }
      : null,
    sla: slaOfRow(r, rules, now),
  };
}

const LOOKAHEAD_DAYS = 7;

/**
 * Who could take a request: every active technician, those with the request's service type in
 * their skills first (the others after, marked), each with today's load (live appointments
 * today in the company zone, open requests assigned) and their first free slot within a week
 * (the booking's availability rules).
 */
export async function dispatchCandidates(db: DbOrTx, requestId: string, now = Date.now()): Promise<TDispatchCandidates> {
  const [req] = rowsOf<{ service_type: string; technician_id: string | null; appointment: { id: string; starts: number; ends: number } | null }>(
    await db.execute(sql`
      select r.service_type, r.technician_id,
        (select json_build_object('id', a.id, 'starts', ${epochMs('a.starts_at')}, 'ends', ${epochMs('a.ends_at')})
          from appointments a where a.service_request_id = r.id and a.status in ('scheduled', 'confirmed')
          order by a.starts_at limit 1) as appointment
      from service_requests r where r.id = ${requestId}::uuid`),
  );
  if (!req) throw notFound('Service request');
  const s = await getSettings(db, ['time_zone', 'appointment_slot_minutes', 'booking_lead_hours']);
  const techs = rowsOf<{ id: string; name: string; skills: string[]; open_requests: number }>(
    await db.execute(sql`
      select t.user_id as id, u.name, t.skills,
        (select count(*)::int from service_requests r where r.technician_id = t.user_id and r.status in ('assigned', 'in_progress', 'pending_parts')) as open_requests
      from technicians t join users u on u.id = t.user_id
      where t.active and u.active and u.role = 'technician'
      order by u.name, t.user_id`),
  );
  const today = dayOf(now, s.time_zone);
  const nextFree = new Map<string, { start: number; end: number }>();
  const todayLoad = new Map<string, number>();
  let date = today;
  for (let d = 0; d < LOOKAHEAD_DAYS && nextFree.size < techs.length; d++) {
    const bounds = dayBounds(date, s.time_zone);
    const days = await loadTechnicianDays(db, { day: bounds });
    const rules = { date, zone: s.time_zone, slotMinutes: s.appointment_slot_minutes, leadHours: s.booking_lead_hours, now };
    for (const t of days) {
      if (d === 0) todayLoad.set(t.id, t.appointments_today);
      if (nextFree.has(t.id)) continue;
      const [first] = technicianSlots(t, rules);
      if (first) nextFree.set(t.id, first);
    }
    date = dayOf(bounds.end + 1, s.time_zone);
  }
  // Who could take the live appointment along (the same test as the reassignment's, without the lock).
  const freeForAppointment = new Map<string, boolean>();
  if (req.appointment) {
    const slot = { start: Number(req.appointment.starts), end: Number(req.appointment.ends) };
    const days = await loadTechnicianDays(db, { day: dayBounds(dayOf(slot.start, s.time_zone), s.time_zone), exceptAppointmentId: req.appointment.id });
    for (const t of days) freeForAppointment.set(t.id, fitsHours(t.weekly_hours, slot, s.time_zone) && !t.busy.some((b) => b.start < slot.end && slot.start < b.end));
  }
  const items = techs.map((t) => {
    const free = nextFree.get(t.id);
    return {
      id: t.id,
      name: t.name,
      skills: t.skills ?? [],
      has_skill: (t.skills ?? []).includes(req.service_type),
      appointments_today: todayLoad.get(t.id) ?? 0,
      open_requests: Number(t.open_requests),
      next_free: free ? { starts_at: formatInstant(free.start, s.time_zone), ends_at: formatInstant(free.end, s.time_zone) } : null,
      current: t.id === req.technician_id,
      free_for_appointment: req.appointment ? (freeForAppointment.get(t.id) ?? false) : null,
    };
  });
  // Skilled first; with an appointment, those free for it first among them; then the least loaded, then the soonest free; the name keeps ties stable.
  items.sort(
    (a, b) =>
      Number(b.has_skill) - Number(a.has_skill) ||
      Number(b.free_for_appointment ?? false) - Number(a.free_for_appointment ?? false) ||
      a.appointments_today + a.open_requests - (b.appointments_today + b.open_requests) ||
      (a.next_free ? Date.parse(a.next_free.starts_at) : Infinity) - (b.next_free ? Date.parse(b.next_free.starts_at) : Infinity) ||
      a.name.localeCompare(b.name),
  );
  return { time_zone: s.time_zone, service_type: req.service_type, items };
}

/** What the dispatch routes read (assigning itself is the service requests' `assign` action). */
export function createDispatchService(db: Db) {
  return {
    list: (q: TDispatchQuery): Promise<TDispatchList> => listDispatch(db, q),
    candidates: (requestId: string): Promise<TDispatchCandidates> => dispatchCandidates(db, requestId),
  };
}

export type DispatchService = ReturnType<typeof createDispatchService>;
