import { sql, type SQL } from 'drizzle-orm';
import type { TPerformanceReport } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { localBucket, sqlRound } from '../../db/sql.js';

/** The period of the performance figures. */
export interface Period {
  /** Inclusive; null = since the beginning. */
  start: Date | null;
  /** Exclusive; null = up to now. */
  end: Date | null;
}

/** A technician's performance figures as the statement answers them (the API nests id and name). */
export interface TechnicianFigureRow {
  id: string;
  name: string;
  jobs_completed: number;
  average_completion_hours: number | null;
  average_response_hours: number | null;
  average_job_hours: number | null;
  first_time_fix_rate: number | null;
  average_rating: number | null;
  rating_count: number;
  hours_logged: number;
}

/**
 * The performance figures of each technician (all of them, or `technicianId`) over `period`, in
 * name order (one statement): their jobs completed in it and the hours they logged in it.
 */
export async function technicianFigures(db: DbOrTx, period: Period, technicianId?: string): Promise<TechnicianFigureRow[]> {
  const completedIn = sql.join(
    [
      sql`r.status = 'completed'`,
      period.start ? sql`r.completed_at >= ${period.start.toISOString()}::timestamptz` : undefined,
      period.end ? sql`r.completed_at < ${period.end.toISOString()}::timestamptz` : undefined,
      technicianId ? sql`r.technician_id = ${technicianId}::uuid` : sql`r.technician_id is not null`,
    ].filter((c): c is SQL => c !== undefined),
    sql` and `,
  );
  const loggedIn = sql.join(
    [
      sql`true`,
      period.start ? sql`w.started_at >= ${period.start.toISOString()}::timestamptz` : undefined,
      period.end ? sql`w.started_at < ${period.end.toISOString()}::timestamptz` : undefined,
      technicianId ? sql`w.technician_id = ${technicianId}::uuid` : undefined,
    ].filter((c): c is SQL => c !== undefined),
    sql` and `,
  );
  return rowsOf<TechnicianFigureRow>(
    await db.execute(sql`
      with jobs as (
        select r.technician_id,
          count(*)::int as jobs_completed,
          ${sql.raw(sqlRound('avg(extract(epoch from r.completed_at - r.created_at)) / 3600'))} as average_completion_hours,
          ${sql.raw(sqlRound('avg(extract(epoch from r.first_response_at - r.created_at)) / 3600'))} as average_response_hours,
          ${sql.raw(sqlRound('avg(wl.seconds) / 3600'))} as average_job_hours,
          ${sql.raw(sqlRound('avg(case when not r.ever_pending_parts and r.reopen_count = 0 then 1 else 0 end)'))} as first_time_fix_rate,
          ${sql.raw(sqlRound('avg(r.rating)'))} as average_rating,
          count(r.rating)::int as rating_count
        from service_requests r
        left join lateral (
          select extract(epoch from sum(coalesce(w.ended_at, now()) - w.started_at)) as seconds
          from work_log_entries w where w.request_id = r.id
        ) wl on true
        where ${completedIn}
        group by r.technician_id
      ),
      logged as (
        select w.technician_id, extract(epoch from sum(coalesce(w.ended_at, now()) - w.started_at)) / 3600 as hours
        from work_log_entries w where ${loggedIn}
        group by w.technician_id
      )
      select u.id, u.name,
        coalesce(j.jobs_completed, 0) as jobs_completed, j.average_completion_hours, j.average_response_hours, j.average_job_hours,
        j.first_time_fix_rate, j.average_rating, coalesce(j.rating_count, 0) as rating_count,
        ${sql.raw(sqlRound('coalesce(l.hours, 0)'))} as hours_logged
      from users u
      left join jobs j on j.technician_id = u.id
      left join logged l on l.technician_id = u.id
      where u.role = 'technician'
        ${technicianId ? sql`and u.id = ${technicianId}::uuid` : sql`and (u.active or j.technician_id is not null or l.technician_id is not null)`}
      order by u.name, u.id`),
  );
}

/** Jobs completed and hours logged per bucket (day, week or month in the company zone) and technician over [start, end). */
export async function performanceSeries(
  db: DbOrTx,
  range: { start: string; end: string; bucket: 'day' | 'week' | 'month'; zone: string; technicianId: string | undefined },
): Promise<TPerformanceReport['series']> {
  const { start, end, bucket, zone, technicianId } = range;
  const bucketOf = (col: string) => localBucket(bucket, zone, col);
  const forTechnician = (col: string) => (technicianId ? sql`and ${sql.raw(col)} = ${technicianId}::uuid` : sql``);
  return rowsOf<TPerformanceReport['series'][number]>(
    await db.execute(sql`
      select coalesce(j.period, l.period) as period, coalesce(j.technician_id, l.technician_id) as technician_id,
        coalesce(j.jobs, 0)::int as jobs_completed, ${sql.raw(sqlRound('coalesce(l.hours, 0)'))} as hours_logged
      from (
        select ${bucketOf('r.completed_at')} as period, r.technician_id, count(*) as jobs
        from service_requests r
        where r.status = 'completed' and r.technician_id is not null
          and r.completed_at >= ${start}::timestamptz and r.completed_at < ${end}::timestamptz ${forTechnician('r.technician_id')}
        group by 1, 2
      ) j
      full join (
        select ${bucketOf('w.started_at')} as period, w.technician_id, extract(epoch from sum(coalesce(w.ended_at, now()) - w.started_at)) / 3600 as hours
        from work_log_entries w
        where w.started_at >= ${start}::timestamptz and w.started_at < ${end}::timestamptz ${forTechnician('w.technician_id')}
        group by 1, 2
      ) l on l.period = j.period and l.technician_id = j.technician_id
      order by 1, 2`),
  );
}

/** The images of a request's report: its attachments' kind and bytes (a photo's thumbnail when it has one), oldest first. */
export async function reportImageRows(db: DbOrTx, requestId: string): Promise<{ kind: string; data: Buffer | Uint8Array }[]> {
  return rowsOf<{ kind: string; data: Buffer | Uint8Array }>(
    await db.execute(sql`
        select kind, case when kind = 'photo' then coalesce(thumbnail, data) else data end as data
        from attachments where request_id = ${requestId}::uuid order by created_at, id`),
  );
}
