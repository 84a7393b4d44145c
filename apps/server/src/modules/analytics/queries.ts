import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsFigure, TAnalyticsQuery } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { localBucket, localBucketStart, sqlRound } from '../../db/sql.js';

/**
 * The analytics figures (issue #11, PRODUCT.md §5), each one statement computed in the database
 * over a period of company-calendar days, bucketed by day, week (Mondays) or month in the company
 * time zone (the performance report's rule), every bucket present even when empty. Request
 * filters (service type, technician, priority) apply to every figure about requests.
 *
 * Which date places a request in a bucket: its request date for volumes and times (`requests`,
 * `service-types`, `times`); its completion for outcomes (`first-time-fix`, `satisfaction`);
 * a part line's date for `parts`; a movement's for `stock-value`.
 */

export interface FigureContext {
  zone: string;
  bucket: 'day' | 'week' | 'month';
  /** The period as instants (start inclusive, end exclusive) and as company days (inclusive). */
  start: string;
  end: string;
  fromDay: string;
  toDay: string;
  filters: TAnalyticsQuery;
}

/**
 * Without a technician filter, the request figures read the day rollups (decision 008): a year is
 * a few thousand rows. A technician's requests are few enough to aggregate from the requests
 * themselves, through the technician index.
 */
const fromRollups = (c: FigureContext) => !c.filters.technician_id;

/** A rollup's company day as its bucket's first day. */
const dayBucket = (c: FigureContext, col: string) => sql.raw(`to_char(date_trunc('${c.bucket}', ${col}::timestamp), 'YYYY-MM-DD')`);

/** The rollup filters, over `s`. */
function rollupFilters(c: FigureContext): SQL {
  const f = c.filters;
  return sql.join(
    [
      sql`s.day between ${c.fromDay}::date and ${c.toDay}::date`,
      f.service_type ? sql`s.service_type = ${f.service_type}` : undefined,
      f.priority ? sql`s.priority = ${f.priority}::request_priority` : undefined,
    ].filter((x): x is SQL => x !== undefined),
    sql` and `,
  );
}

/** `col` as its bucket's first day, YYYY-MM-DD, in the company zone. */
function bucketOf(c: FigureContext, col: string): SQL {
  return localBucket(c.bucket, c.zone, col);
}

/** Every bucket of the period, as `periods(period)`. */
function periodsCte(c: FigureContext): SQL {
  const zone = c.zone.replace(/'/g, "''");
  return sql`periods as (
    select to_char(p, 'YYYY-MM-DD') as period
    from generate_series(
      date_trunc(${c.bucket}, ${c.start}::timestamptz at time zone ${zone}),
      date_trunc(${c.bucket}, (${c.end}::timestamptz - interval '1 microsecond') at time zone ${zone}),
      ${`1 ${c.bucket}`}::interval) p)`;
}

/** The request filters, over `r`. */
function requestFilters(c: FigureContext): SQL {
  const f = c.filters;
  return sql.join(
    [
      sql`true`,
      f.service_type ? sql`r.service_type = ${f.service_type}` : undefined,
      f.technician_id ? sql`r.technician_id = ${f.technician_id}::uuid` : undefined,
      f.priority ? sql`r.priority = ${f.priority}::request_priority` : undefined,
    ].filter((x): x is SQL => x !== undefined),
    sql` and `,
  );
}

const hasRequestFilters = (c: FigureContext) => !!(c.filters.service_type || c.filters.technician_id || c.filters.priority);

const inPeriod = (c: FigureContext, col: string) => sql`${sql.raw(col)} >= ${c.start}::timestamptz and ${sql.raw(col)} < ${c.end}::timestamptz`;

export type FigureRow = Record<string, string | number | null>;
const FIGURES: Record<AnalyticsFigure, (db: DbOrTx, c: FigureContext) => Promise<{ columns: string[]; rows: FigureRow[] }>> = {
  /** Requests raised per bucket, by their status now. */
  async requests(db, c) {
    const statuses = ['pending', 'assigned', 'in_progress', 'pending_parts', 'completed', 'cancelled'];
    const counts = fromRollups(c)
      ? sql`
          select ${dayBucket(c, 's.day')} as period, ${sql.raw(statuses.map((st) => `(sum(s.requests) filter (where s.status = '${st}'))::int as ${st}`).join(', '))}, sum(s.requests)::int as total
          from request_day_stats s where ${rollupFilters(c)} group by 1`
      : sql`
          select ${bucketOf(c, 'r.created_at')} as period, ${sql.raw(statuses.map((st) => `count(*) filter (where r.status = '${st}')::int as ${st}`).join(', '))}, count(*)::int as total
          from service_requests r where ${inPeriod(c, 'r.created_at')} and ${requestFilters(c)} group by 1`;
    const rows = rowsOf<FigureRow>(
      await db.execute(sql`
        with ${periodsCte(c)}, counts as (${counts})
        select p.period, ${sql.raw(statuses.map((st) => `coalesce(x.${st}, 0) as ${st}`).join(', '))}, coalesce(x.total, 0) as total
        from periods p left join counts x using (period) order by p.period`),
    );
    return { columns: ['period', ...statuses, 'total'], rows };
  },

  /** Requests raised per bucket and service type. */
  async 'service-types'(db, c) {
    const rows = rowsOf<FigureRow>(
      await db.execute(
        fromRollups(c)
          ? sql`
              select ${dayBucket(c, 's.day')} as period, s.service_type, sum(s.requests)::int as count
              from request_day_stats s where ${rollupFilters(c)}
              group by 1, 2 having sum(s.requests) > 0 order by 1, 2`
          : sql`
              select ${bucketOf(c, 'r.created_at')} as period, r.service_type, count(*)::int as count
              from service_requests r
              where ${inPeriod(c, 'r.created_at')} and ${requestFilters(c)}
              group by 1, 2 order by 1, 2`,
      ),
    );
    return { columns: ['period', 'service_type', 'count'], rows };
  },

  /**
   * Response and completion per bucket of request date: mean hours (wall clock), how many, and
   * how many broke their target (the SLA check's breaches, counted in working hours with
   * pending_parts paused — decision 007).
   */
  async times(db, c) {
    const figures = fromRollups(c)
      ? sql`
          select t.period, t.average_response_hours, t.average_completion_hours, t.responded, t.completed,
            coalesce(b.response_breaches, 0) as response_breaches, coalesce(b.resolution_breaches, 0) as resolution_breaches
          from (
            select ${dayBucket(c, 's.day')} as period,
              ${sql.raw(sqlRound('sum(s.response_seconds) / nullif(sum(s.responded), 0) / 3600'))} as average_response_hours,
              ${sql.raw(sqlRound('sum(s.completion_seconds) / nullif(sum(s.completed), 0) / 3600'))} as average_completion_hours,
              sum(s.responded)::int as responded, sum(s.completed)::int as completed
            from request_day_stats s where ${rollupFilters(c)} group by 1) t
          left join (
            -- Breaches are few (the SLA check's rows): their requests are read one by one.
            select ${bucketOf(c, 'r.created_at')} as period,
              count(distinct r.id) filter (where b.target = 'response')::int as response_breaches,
              count(distinct r.id) filter (where b.target = 'resolution')::int as resolution_breaches
            from sla_breaches b join service_requests r on r.id = b.request_id
            where ${inPeriod(c, 'r.created_at')} and ${requestFilters(c)}
            group by 1) b using (period)`
      : sql`
          select ${bucketOf(c, 'r.created_at')} as period,
            ${sql.raw(sqlRound('avg(extract(epoch from r.first_response_at - r.created_at)) / 3600'))} as average_response_hours,
            ${sql.raw(sqlRound('avg(extract(epoch from r.completed_at - r.created_at)) / 3600'))} as average_completion_hours,
            count(r.first_response_at)::int as responded,
            count(r.completed_at)::int as completed,
            count(*) filter (where b.response)::int as response_breaches,
            count(*) filter (where b.resolution)::int as resolution_breaches
          from service_requests r
          left join (
            select request_id, bool_or(target = 'response') as response, bool_or(target = 'resolution') as resolution
            from sla_breaches group by request_id) b on b.request_id = r.id
          where ${inPeriod(c, 'r.created_at')} and ${requestFilters(c)}
          group by 1`;
    const rows = rowsOf<FigureRow>(
      await db.execute(sql`
        with ${periodsCte(c)}, figures as (${figures})
        select p.period, x.average_response_hours, x.average_completion_hours, coalesce(x.responded, 0) as responded, coalesce(x.completed, 0) as completed,
          coalesce(x.response_breaches, 0) as response_breaches, coalesce(x.resolution_breaches, 0) as resolution_breaches
        from periods p left join figures x using (period) order by p.period`),
    );
    return { columns: ['period', 'average_response_hours', 'average_completion_hours', 'responded', 'completed', 'response_breaches', 'resolution_breaches'], rows };
  },

  /** Completed per bucket, those fixed the first time (never waited for parts, never reopened), and their share. */
  async 'first-time-fix'(db, c) {
    const figures = fromRollups(c)
      ? sql`
          select ${dayBucket(c, 's.day')} as period, sum(s.completed)::int as completed, sum(s.first_time_fixed)::int as first_time_fixed
          from completion_day_stats s where ${rollupFilters(c)} group by 1`
      : sql`
          select ${bucketOf(c, 'r.completed_at')} as period, count(*)::int as completed,
            count(*) filter (where not r.ever_pending_parts and r.reopen_count = 0)::int as first_time_fixed
          from service_requests r
          where r.status = 'completed' and ${inPeriod(c, 'r.completed_at')} and ${requestFilters(c)}
          group by 1`;
    const rows = rowsOf<FigureRow>(
      await db.execute(sql`
        with ${periodsCte(c)}, figures as (${figures})
        select p.period, coalesce(x.completed, 0) as completed, coalesce(x.first_time_fixed, 0) as first_time_fixed,
          case when x.completed > 0 then ${sql.raw(sqlRound('x.first_time_fixed::float8 / x.completed', 4))} end as rate
        from periods p left join figures x using (period) order by p.period`),
    );
    return { columns: ['period', 'completed', 'first_time_fixed', 'rate'], rows };
  },

  /** The mean rating per bucket of completion, and how many ratings. */
  async satisfaction(db, c) {
    const figures = fromRollups(c)
      ? sql`
          select ${dayBucket(c, 's.day')} as period, ${sql.raw(sqlRound('sum(s.rating_sum)::numeric / nullif(sum(s.ratings), 0)'))} as average_rating, sum(s.ratings)::int as ratings
          from completion_day_stats s where ${rollupFilters(c)} group by 1`
      : sql`
          select ${bucketOf(c, 'r.completed_at')} as period, ${sql.raw(sqlRound('avg(r.rating)'))} as average_rating, count(*)::int as ratings
          from service_requests r
          where r.status = 'completed' and r.rating is not null and ${inPeriod(c, 'r.completed_at')} and ${requestFilters(c)}
          group by 1`;
    const rows = rowsOf<FigureRow>(
      await db.execute(sql`
        with ${periodsCte(c)}, figures as (${figures})
        select p.period, x.average_rating, coalesce(x.ratings, 0) as ratings
        from periods p left join figures x using (period) order by p.period`),
    );
    return { columns: ['period', 'average_rating', 'ratings'], rows };
  },

  /**
   * Per active technician: work logged in the period ÷ their working hours in it (each day of the
   * period counted with its weekday's hours; time off not deducted).
   */
  async utilisation(db, c) {
    const zone = c.zone.replace(/'/g, "''");
    const rows = rowsOf<FigureRow>(
      await db.execute(sql`
        with days as (
          select extract(dow from d)::int::text as weekday
          from generate_series((${c.start}::timestamptz at time zone ${zone})::date, ((${c.end}::timestamptz - interval '1 microsecond') at time zone ${zone})::date, interval '1 day') d),
        scheduled as (
          select t.user_id, sum(extract(epoch from ((h.value->>'end')::time - (h.value->>'start')::time)) / 3600) as hours
          from technicians t join days d on true
          cross join lateral (select t.weekly_hours -> d.weekday as value) h
          where jsonb_typeof(h.value) = 'object'
          group by t.user_id),
        logged as (
          select w.technician_id, extract(epoch from sum(coalesce(w.ended_at, now()) - w.started_at)) / 3600 as hours
          from work_log_entries w where ${inPeriod(c, 'w.started_at')}
          group by w.technician_id)
        select u.id as technician_id, u.name as technician_name,
          ${sql.raw(sqlRound('coalesce(l.hours, 0)'))} as hours_logged, ${sql.raw(sqlRound('coalesce(s.hours, 0)'))} as hours_scheduled,
          case when s.hours > 0 then ${sql.raw(sqlRound('coalesce(l.hours, 0) / s.hours', 4))} end as utilisation
        from users u
        left join scheduled s on s.user_id = u.id
        left join logged l on l.technician_id = u.id
        where u.role = 'technician' and (u.active or l.hours is not null)
          ${c.filters.technician_id ? sql`and u.id = ${c.filters.technician_id}::uuid` : sql``}
        order by u.name, u.id`),
    );
    return { columns: ['technician_id', 'technician_name', 'hours_logged', 'hours_scheduled', 'utilisation'], rows };
  },

  /** Parts used on requests per bucket: lines, quantity and value with tax (the prices on the lines). */
  async parts(db, c) {
    const rows = rowsOf<FigureRow>(
      await db.execute(sql`
        with ${periodsCte(c)},
        buckets as (
          select ${localBucketStart(c.bucket, c.zone, 'p.created_at')} as bucket, count(*)::int as lines, sum(p.quantity) as quantity,
            sum(round(p.quantity * p.unit_price, 2) + round(round(p.quantity * p.unit_price, 2) * p.tax_rate / 100, 2)) as value
          from request_parts p
          -- The request only when a filter needs it: a year of part lines alone is one scan.
          ${hasRequestFilters(c) ? sql`join service_requests r on r.id = p.request_id` : sql``}
          where ${inPeriod(c, 'p.created_at')} ${hasRequestFilters(c) ? sql`and ${requestFilters(c)}` : sql``}
          group by 1),
        -- Grouped by the bucket's start, formatted once a bucket: a year is 200,000 lines or more.
        figures as (select to_char(bucket, 'YYYY-MM-DD') as period, lines, quantity, value from buckets)
        select p.period, coalesce(x.lines, 0) as lines, coalesce(x.quantity, 0)::numeric(14,3)::text as quantity, coalesce(x.value, 0)::numeric(16,2)::text as value
        from periods p left join figures x using (period) order by p.period`),
    );
    return { columns: ['period', 'lines', 'quantity', 'value'], rows };
  },

  /**
   * The stock's value (at today's prices) at the end of each bucket: today's value less every
   * movement after that day — the ledger is the sum of its movements, kept per day and item in
   * `stock_day_stats` (decision 008). Buckets that end before the first stock ever moved have no
   * value (null), not 0: the series starts with the first real stock instead of a flat line of
   * zeros (issue #24). Once stock existed, an empty store is a real 0.
   */
  async 'stock-value'(db, c) {
    const bucketEnd = sql`least((p.period::date + ${`1 ${c.bucket}`}::interval - interval '1 day')::date, ${c.toDay}::date)`;
    const rows = rowsOf<FigureRow>(
      await db.execute(sql`
        with ${periodsCte(c)},
        first_stock as (select min(s.day) as day from stock_day_stats s where s.quantity <> 0),
        now_value as (select coalesce(sum(l.quantity * i.price), 0) as v from stock_levels l join inventory_items i on i.id = l.item_id),
        after_end as (
          select coalesce(sum(s.quantity * i.price), 0) as v from stock_day_stats s join inventory_items i on i.id = s.item_id
          where s.day > ${c.toDay}::date),
        changes as (
          select ${dayBucket(c, 's.day')} as period, sum(s.quantity * i.price) as change
          from stock_day_stats s join inventory_items i on i.id = s.item_id
          where s.day between ${c.fromDay}::date and ${c.toDay}::date
          group by 1)
        select p.period,
          case when (select day from first_stock) <= ${bucketEnd} then
            round((select v from now_value) - (select v from after_end)
              - coalesce(sum(x.change) over (order by p.period rows between 1 following and unbounded following), 0), 2)::numeric(16,2)::text
          end as value,
          round(coalesce(x.change, 0), 2)::numeric(16,2)::text as change
        from periods p left join changes x using (period) order by p.period`),
    );
    return { columns: ['period', 'value', 'change'], rows };
  },
};

/** One figure's columns and rows over the period and filters of `c`, in one statement. */
export function figureRows(db: DbOrTx, figure: AnalyticsFigure, c: FigureContext): Promise<{ columns: string[]; rows: FigureRow[] }> {
  return FIGURES[figure](db, c);
}
