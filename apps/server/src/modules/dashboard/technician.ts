import { DateTime } from 'luxon';
import type { TTechnicianDashboard } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { getSettings } from '../settings/index.js';
import { performanceFigures } from '../reports/index.js';
import { technicianAppointmentsBetween, technicianOpenJobs } from './queries.js';

/**
 * PRODUCT.md §5, the technician dashboard: today's jobs (appointments of the company's today),
 * open jobs by status, hours logged this week (since Monday), and the performance figures over
 * all time (jobs completed, average job duration, rating, first-time-fix rate).
 */
export async function technicianDashboard(db: DbOrTx, technicianId: string, now: DateTime = DateTime.now()): Promise<TTechnicianDashboard> {
  const { time_zone } = await getSettings(db, ['time_zone']);
  const today = now.setZone(time_zone).startOf('day');
  const week = today.startOf('week');

  const todays = await technicianAppointmentsBetween(db, technicianId, today.toISO(), today.plus({ days: 1 }).toISO());
  const [open] = await technicianOpenJobs(db, technicianId);
  const [thisWeek] = await performanceFigures(db, { start: week.toJSDate(), end: week.plus({ weeks: 1 }).toJSDate() }, technicianId);
  const [overall] = await performanceFigures(db, { start: null, end: null }, technicianId);
  return {
    time_zone,
    today: todays,
    open_by_status: open!,
    hours_this_week: thisWeek?.hours_logged ?? 0,
    overall: overall ?? {
      technician: { id: technicianId, name: '' },
      jobs_completed: 0,
      average_completion_hours: null,
      average_response_hours: null,
      average_job_hours: null,
      first_time_fix_rate: null,
      average_rating: null,
      rating_count: 0,
      hours_logged: 0,
    },
  };
}
