import type { TDispatchCandidates, TDispatchItem, TDispatchList, TDispatchQuery } from '@portal/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { slaOfRow, slaRulesOf } from '../service-requests/index.js';
import { getSettings } from '../settings/index.js';
import { dayBounds, dayOf, fitsHours, formatInstant, technicianSlots, loadTechnicianDays } from '../scheduling/index.js';
import { activeTechnicians, findCandidateRequest, listDispatchRows, type DispatchRow } from './queries.js';

/**
 * The open requests of a dispatch view, one page in one statement with each row's history
 * (for the pauses) and live appointment; the SLA states are computed here per row (O(page)).
 */
export async function listDispatch(db: DbOrTx, q: TDispatchQuery, now = Date.now()): Promise<TDispatchList> {
  const rules = await slaRulesOf(db);
  const page = await listDispatchRows(db, q);
  return {
    time_zone: rules.cal.zone,
    items: page.rows.map((r) => itemOf(r, rules, now)),
    next_cursor: page.next_cursor,
    total: page.total,
  };
}

function itemOf(r: DispatchRow, rules: Awaited<ReturnType<typeof slaRulesOf>>, now: number): TDispatchItem {
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
  const req = await findCandidateRequest(db, requestId);
  if (!req) throw notFound('Service request');
  const s = await getSettings(db, ['time_zone', 'appointment_slot_minutes', 'booking_lead_hours']);
  const techs = await activeTechnicians(db);
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
