import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { TAdminDashboard } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { stockAlertCounts } from '../inventory/index.js';
import { getSettings } from '../settings/index.js';
import { awaitingQualityCheckSql } from '../service-requests/index.js';

/**
 * PRODUCT.md §5, admin: open requests by status, unassigned requests, open requests past an SLA
 * target, technician utilisation (last 7 days: work logged ÷ working hours), average response
 * and completion times and satisfaction (last 30 days), completed requests awaiting the quality
 * check, low / out of stock items, pending
 * transfers, and requests raised and completed per day over 30 days. Each figure is the count
 * behind a list the page links to (the request desk, dispatch, inventory, transfers).
 */
export async function adminDashboard(db: DbOrTx, now: DateTime = DateTime.now()): Promise<TAdminDashboard> {
  const { time_zone } = await getSettings(db, ['time_zone']);
  const zone = time_zone.replace(/'/g, "''");
  const today = now.setZone(time_zone).startOf('day');
  const weekStart = today.minus({ days: 6 }).toISO()!;
  const monthStart = today.minus({ days: 29 }).toISO()!;
  const tomorrow = today.plus({ days: 1 }).toISO()!;

  const [f] = rowsOf<Omit<TAdminDashboard, 'time_zone' | 'trend' | 'open_by_status' | 'utilisation' | 'low_stock' | 'out_of_stock'> & {
    pending: number;
    assigned: number;
    in_progress: number;
    pending_parts: number;
  }>(
    await db.execute(sql`
      select
        (count(*) filter (where r.status = 'pending'))::int as pending,
        (count(*) filter (where r.status = 'assigned'))::int as assigned,
        (count(*) filter (where r.status = 'in_progress'))::int as in_progress,
        (count(*) filter (where r.status = 'pending_parts'))::int as pending_parts,
        (count(*) filter (where r.status = 'pending' and r.technician_id is null))::int as unassigned,
        (select count(*) from service_requests q where ${awaitingQualityCheckSql('q')})::int as awaiting_quality_check,
        (select count(distinct b.request_id) from sla_breaches b join service_requests o on o.id = b.request_id
          where o.status in ('pending', 'assigned', 'in_progress', 'pending_parts'))::int as sla_breached,
        (select round((avg(extract(epoch from x.first_response_at - x.created_at)) / 3600)::numeric, 2)::float8 from service_requests x
          where x.first_response_at >= ${monthStart}::timestamptz and x.first_response_at < ${tomorrow}::timestamptz) as average_response_hours,
        (select round((avg(extract(epoch from x.completed_at - x.created_at)) / 3600)::numeric, 2)::float8 from service_requests x
          where x.status = 'completed' and x.completed_at >= ${monthStart}::timestamptz and x.completed_at < ${tomorrow}::timestamptz) as average_completion_hours,
        (select round(avg(x.rating)::numeric, 2)::float8 from service_requests x
          where x.rating is not null and x.feedback_at >= ${monthStart}::timestamptz and x.feedback_at < ${tomorrow}::timestamptz) as satisfaction,
        (select count(*)::int from service_requests x
          where x.rating is not null and x.feedback_at >= ${monthStart}::timestamptz and x.feedback_at < ${tomorrow}::timestamptz) as rating_count,
        (select count(*) from transfers t where t.status = 'pending')::int as pending_transfers,
        (select round(coalesce(extract(epoch from sum(least(coalesce(w.ended_at, now()), ${tomorrow}::timestamptz) - w.started_at)) / 3600, 0)::numeric, 2)::float8
          from work_log_entries w where w.started_at >= ${weekStart}::timestamptz and w.started_at < ${tomorrow}::timestamptz) as hours_logged,
        -- The active technicians' working hours over the 7 days (each weekday once).
        (select round(coalesce(sum(extract(epoch from ((h.value->>'end')::time - (h.value->>'start')::time)) / 3600), 0)::numeric, 2)::float8
          from technicians t join users u on u.id = t.user_id and u.active
          cross join lateral jsonb_each(t.weekly_hours) h
          where jsonb_typeof(h.value) = 'object') as hours_scheduled
      from service_requests r
      where r.status in ('pending', 'assigned', 'in_progress', 'pending_parts')`),
  );
  const trend = rowsOf<TAdminDashboard['trend'][number]>(
    await db.execute(sql`
      with days as (
        select to_char(d, 'YYYY-MM-DD') as day from generate_series(${today.minus({ days: 29 }).toISODate()}::date, ${today.toISODate()}::date, interval '1 day') d),
      created as (
        select to_char(created_at at time zone ${zone}, 'YYYY-MM-DD') as day, count(*)::int as n from service_requests
        where created_at >= ${monthStart}::timestamptz and created_at < ${tomorrow}::timestamptz group by 1),
      completed as (
        select to_char(completed_at at time zone ${zone}, 'YYYY-MM-DD') as day, count(*)::int as n from service_requests
        where status = 'completed' and completed_at >= ${monthStart}::timestamptz and completed_at < ${tomorrow}::timestamptz group by 1)
      select d.day, coalesce(c.n, 0) as created, coalesce(x.n, 0) as completed
      from days d left join created c using (day) left join completed x using (day) order by d.day`),
  );
  const { pending, assigned, in_progress, pending_parts, ...rest } = f!;
  return {
    time_zone,
    open_by_status: { pending, assigned, in_progress, pending_parts },
    ...rest,
    ...(await stockAlertCounts(db)),
    utilisation: rest.hours_scheduled > 0 ? Math.round((rest.hours_logged / rest.hours_scheduled) * 10_000) / 10_000 : null,
    trend,
  };
}
