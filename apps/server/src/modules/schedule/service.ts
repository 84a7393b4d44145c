import type { TCreateTimeOff, TPutSchedule, TSchedule, TScheduleConflictDetails, TTimeOff, TTimeOffList, TWeeklyHours } from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { publish } from '../realtime/index.js';
import { getSettings } from '../settings/index.js';
import { dayBounds, fitsHours, lockTechnician } from '../scheduling/index.js';
import { deleteTimeOff, findBookedAppointments, findTechnicianSchedule, insertTimeOff, listTimeOff, updateWeeklyHours, type BookedRow } from './queries.js';

export type ScheduleCaller = Pick<Actor, 'userId' | 'role' | 'ip'>;

const DAYS = ['0', '1', '2', '3', '4', '5', '6'] as const;

/** A technician's schedule is theirs (manage:schedule:own) or any technician's for admins; anyone else's is a 404. */
function reachable(caller: ScheduleCaller, technicianId: string) {
  if (caller.role === 'admin') return true;
  return caller.role === 'technician' && caller.userId === technicianId;
}

function stranded(appointments: BookedRow[]): AppError {
  const details: TScheduleConflictDetails = { appointments };
  const list = appointments.map((a) => a.number).join(', ');
  return new AppError(409, 'schedule_conflict', `Booked appointments would be stranded: ${list}. Move or cancel them first.`, {
    details: details as unknown as Record<string, unknown>,
  });
}

async function publishSchedule(tx: Tx, technicianId: string) {
  await publish(tx, { topic: 'appointments', event: 'schedule.updated', audience: { roles: ['admin'], userIds: [technicianId] }, payload: { ids: [technicianId] } });
}

/**
 * Refuses (409 schedule_conflict, listing them) new weekly hours that a booked appointment of the
 * technician would fall outside. Every path that changes weekly hours calls it, inside its
 * transaction after locking the technician (`lockTechnician`), so a booking cannot slip in between.
 */
export async function assertHoursKeepBookings(tx: Tx, technicianId: string, weeklyHours: TWeeklyHours): Promise<void> {
  const { time_zone } = await getSettings(tx, ['time_zone']);
  const outside = (await findBookedAppointments(tx, technicianId)).filter(
    (a) => !fitsHours(weeklyHours, { start: Date.parse(a.starts_at), end: Date.parse(a.ends_at) }, time_zone),
  );
  if (outside.length) throw stranded(outside);
}

const normalise = (w: Partial<TWeeklyHours> | Record<string, unknown>): TWeeklyHours =>
  Object.fromEntries(DAYS.map((d) => [d, (w as Record<string, TWeeklyHours['0']>)[d] ?? null])) as TWeeklyHours;

export function createScheduleService(ctx: AppContext) {
  const { db } = ctx;

  async function load(caller: ScheduleCaller, technicianId: string, tx: Tx | typeof db = db, lock = false) {
    if (!reachable(caller, technicianId)) throw notFound('Technician');
    if (lock) await lockTechnician(tx, technicianId);
    const row = await findTechnicianSchedule(tx, technicianId);
    if (!row) throw notFound('Technician');
    return row;
  }

  async function schedule(caller: ScheduleCaller, technicianId: string): Promise<TSchedule> {
    const row = await load(caller, technicianId);
    const { time_zone } = await getSettings(db, ['time_zone']);
    return { technician_id: row.id, name: row.name, time_zone, weekly_hours: normalise(row.weekly_hours ?? {}) };
  }

  return {
    schedule,

    /** New weekly hours; refused (409 schedule_conflict) when a booked appointment would fall outside them. */
    async putSchedule(caller: ScheduleCaller, technicianId: string, body: TPutSchedule): Promise<TSchedule> {
      await db.transaction(async (tx) => {
        const before = await load(caller, technicianId, tx, true);
        await assertHoursKeepBookings(tx, technicianId, body.weekly_hours);
        await updateWeeklyHours(tx, technicianId, body.weekly_hours);
        await audit(tx, {
          actorId: caller.userId,
          action: 'technician.schedule_updated',
          entity: 'technician',
          entityId: technicianId,
          before: { weekly_hours: before.weekly_hours },
          after: { weekly_hours: body.weekly_hours },
          ip: caller.ip,
        });
        await publishSchedule(tx, technicianId);
      });
      return schedule(caller, technicianId);
    },

    async listTimeOff(caller: ScheduleCaller, technicianId: string, q: { from?: string; to?: string }): Promise<TTimeOffList> {
      await load(caller, technicianId);
      const { time_zone } = await getSettings(db, ['time_zone']);
      const bound = (v: string | undefined, edge: 'start' | 'end') =>
        v === undefined ? undefined : v.length === 10 ? new Date(dayBounds(v, time_zone)[edge]).toISOString() : new Date(Date.parse(v)).toISOString();
      const from = bound(q.from, 'start');
      const to = bound(q.to, 'end');
      const items = await listTimeOff(db, technicianId, from, to);
      return { items, next_cursor: null, total: items.length };
    },

    /** Time off; refused (409 schedule_conflict) while booked appointments overlap it. */
    async addTimeOff(caller: ScheduleCaller, technicianId: string, body: TCreateTimeOff): Promise<TTimeOff> {
      return db.transaction(async (tx) => {
        await load(caller, technicianId, tx, true);
        const from = new Date(Date.parse(body.starts_at)).toISOString();
        const to = new Date(Date.parse(body.ends_at)).toISOString();
        const inTheWay = await findBookedAppointments(tx, technicianId, { from, to });
        if (inTheWay.length) throw stranded(inTheWay);
        const row = await insertTimeOff(tx, technicianId, from, to, body.reason);
        await audit(tx, { actorId: caller.userId, action: 'technician.time_off_added', entity: 'technician', entityId: technicianId, after: { ...row }, ip: caller.ip });
        await publishSchedule(tx, technicianId);
        return row!;
      });
    },

    async removeTimeOff(caller: ScheduleCaller, technicianId: string, timeOffId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await load(caller, technicianId, tx, true);
        const row = await deleteTimeOff(tx, technicianId, timeOffId);
        if (!row) throw notFound('Time off');
        await audit(tx, { actorId: caller.userId, action: 'technician.time_off_removed', entity: 'technician', entityId: technicianId, before: { ...row }, ip: caller.ip });
        await publishSchedule(tx, technicianId);
      });
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
