import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { TTechnicianDashboard } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { isoSql } from '../../db/sql.js';
import { getSettings } from '../settings/index.js';
import { performanceFigures } from '../reports/index.js';

/**
 * PRODUCT.md §5, the technician dashboard: today's jobs (appointments of the company's today),
 * open jobs by status, hours logged this week (since Monday), and the performance figures over
 * all time (jobs completed, average job duration, rating, first-time-fix rate).
 */
export async function technicianDashboard(db: DbOrTx, technicianId: string, now: DateTime = DateTime.now()): Promise<TTechnicianDashboard> {
  const { time_zone } = await getSettings(db, ['time_zone']);
  const today = now.setZone(time_zone).startOf('day');
  const week = today.startOf('week');

  const todays = rowsOf<TTechnicianDashboard['today'][number]>(
    await db.execute(sql`
      select a.id, a.number, ${isoSql('a.starts_at')} as starts_at, ${isoSql('a.ends_at')} as ends_at, a.status,
        case when r.id is null then null else json_build_object(
          'id', r.id, 'number', r.number, 'status', r.status, 'customer_name', cu.name, 'location', r.location, 'address', r.address) end as service_request
      from appointments a
      left join service_requests r on r.id = a.service_request_id
      left join users cu on cu.id = r.customer_id
      where a.technician_id = ${technicianId}::uuid and a.status <> 'cancelled'
        and a.starts_at >= ${today.toISO()}::timestamptz and a.starts_at < ${today.plus({ days: 1 }).toISO()}::timestamptz
      order by a.starts_at, a.id`),
  );
  const [open] = rowsOf<TTechnicianDashboard['open_by_status']>(
    await db.execute(sql`
      select (count(*) filter (where status = 'assigned'))::int as assigned,
        (count(*) filter (where status = 'in_progress'))::int as in_progress,
        (count(*) filter (where status = 'pending_parts'))::int as pending_parts
      from service_requests where technician_id = ${technicianId}::uuid and status in ('assigned', 'in_progress', 'pending_parts')`),
  );
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
