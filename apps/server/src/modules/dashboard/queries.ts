import { sql } from 'drizzle-orm';
import { ACTIVE_REQUEST_STATUSES, type TAdminDashboard, type TCustomerDashboard, type TMovement, type TSupervisorDashboard, type TTechnicianDashboard } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { isoSql } from '../../db/sql.js';
import { awaitingQualityCheckSql } from '../service-requests/index.js';

// ---- admin ----

/** The admin's figures read in one statement: open requests by status and the counts and averages beside them. */
export type AdminFiguresRow = Omit<TAdminDashboard, 'time_zone' | 'trend' | 'open_by_status' | 'utilisation' | 'low_stock' | 'out_of_stock'> & {
  pending: number;
  assigned: number;
  in_progress: number;
  pending_parts: number;
};

/**
 * The admin dashboard's figures (one row): open requests by status, unassigned, awaiting the
 * quality check, past an SLA target, pending transfers; response and completion times and
 * satisfaction over [monthStart, tomorrow); work logged and working hours over [weekStart, tomorrow).
 */
export async function adminFigures(db: DbOrTx, range: { weekStart: string; monthStart: string; tomorrow: string }): Promise<AdminFiguresRow[]> {
  const { weekStart, monthStart, tomorrow } = range;
  return rowsOf<AdminFiguresRow>(
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
}

/**
 * Requests raised and completed per day of the company's zone, every day from `firstDay` to
 * `lastDay` (0 on a day without any), over [monthStart, tomorrow).
 */
export async function requestTrend(
  db: DbOrTx,
  range: { zone: string; firstDay: string | null; lastDay: string | null; monthStart: string; tomorrow: string },
): Promise<TAdminDashboard['trend']> {
  const { zone, firstDay, lastDay, monthStart, tomorrow } = range;
  return rowsOf<TAdminDashboard['trend'][number]>(
    await db.execute(sql`
      with days as (
        select to_char(d, 'YYYY-MM-DD') as day from generate_series(${firstDay}::date, ${lastDay}::date, interval '1 day') d),
      created as (
        select to_char(created_at at time zone ${zone}, 'YYYY-MM-DD') as day, count(*)::int as n from service_requests
        where created_at >= ${monthStart}::timestamptz and created_at < ${tomorrow}::timestamptz group by 1),
      completed as (
        select to_char(completed_at at time zone ${zone}, 'YYYY-MM-DD') as day, count(*)::int as n from service_requests
        where status = 'completed' and completed_at >= ${monthStart}::timestamptz and completed_at < ${tomorrow}::timestamptz group by 1)
      select d.day, coalesce(c.n, 0) as created, coalesce(x.n, 0) as completed
      from days d left join created c using (day) left join completed x using (day) order by d.day`),
  );
}

// ---- customer ----

export type CustomerFiguresRow = Omit<TCustomerDashboard, 'pending_tasks' | 'recent_requests' | 'upcoming_appointments'>;

/**
 * A customer's figures over their own requests (one row): counts by status; completion rate =
 * completed ÷ (total − cancelled); average response = mean(first response − request date) in
 * minutes; satisfaction = mean rating.
 */
export async function customerFigures(db: DbOrTx, customerId: string): Promise<CustomerFiguresRow[]> {
  const active = sql.join(
    ACTIVE_REQUEST_STATUSES.map((s) => sql`${s}::service_request_status`),
    sql`, `,
  );
  return rowsOf<CustomerFiguresRow>(
    await db.execute(sql`
      select f.total, f.active, f.completed, f.pending, f.cancelled,
        case when f.total - f.cancelled > 0 then f.completed::float8 / (f.total - f.cancelled) end as completion_rate,
        f.average_response_minutes, f.satisfaction, f.rating_count
      from (
        select count(*)::int as total,
          (count(*) filter (where status in (${active})))::int as active,
          (count(*) filter (where status = 'completed'))::int as completed,
          (count(*) filter (where status = 'pending'))::int as pending,
          (count(*) filter (where status = 'cancelled'))::int as cancelled,
          (avg(extract(epoch from (first_response_at - created_at)) / 60) filter (where first_response_at is not null))::float8 as average_response_minutes,
          (avg(rating) filter (where rating is not null))::float8 as satisfaction,
          count(rating)::int as rating_count
        from service_requests where customer_id = ${customerId}::uuid
      ) f`),
  );
}

/** A customer's completed requests still without their feedback and signature, latest first (at most 50). */
export async function customerPendingTasks(db: DbOrTx, customerId: string): Promise<TCustomerDashboard['pending_tasks']> {
  return rowsOf<TCustomerDashboard['pending_tasks'][number]>(
    await db.execute(sql`
      select id, number, ${isoSql('completed_at')} as completed_at from service_requests
      where customer_id = ${customerId}::uuid and status = 'completed' and feedback_at is null
      order by completed_at desc nulls last, created_at desc limit 50`),
  );
}

/** A customer's next 5 scheduled or confirmed appointments that have not ended yet. */
export async function customerUpcomingAppointments(db: DbOrTx, customerId: string): Promise<TCustomerDashboard['upcoming_appointments']> {
  return rowsOf<TCustomerDashboard['upcoming_appointments'][number]>(
    await db.execute(sql`
        select id, number, ${isoSql('starts_at')} as starts_at, ${isoSql('ends_at')} as ends_at, status, service_request_id
        from appointments
        where customer_id = ${customerId}::uuid and status in ('scheduled', 'confirmed') and ends_at > now()
        order by starts_at, id limit 5`),
  );
}

// ---- supervisor ----

/** Transfers pending a decision and transfers in transit (approved, not yet received). */
export async function transferCounts(db: DbOrTx): Promise<{ pending: number; transit: number }[]> {
  return rowsOf<{ pending: number; transit: number }>(
    await db.execute(sql`
      select
        (select count(*) from transfers where status = 'pending')::int as pending,
        (select count(*) from transfers where status = 'approved')::int as transit`),
  );
}

/** Σ quantity × price of each active warehouse (0 for an empty one), by kind and code. */
export async function stockValueByWarehouse(db: DbOrTx): Promise<TSupervisorDashboard['stock_value_by_warehouse']> {
  return rowsOf<TSupervisorDashboard['stock_value_by_warehouse'][number]>(
    await db.execute(sql`
      select w.id as warehouse_id, w.code as warehouse_code, w.name as warehouse_name, w.kind::text as warehouse_kind,
        coalesce(round(sum(l.quantity * i.price), 2), 0)::numeric(16,2)::text as value
      from warehouses w
      left join stock_levels l on l.warehouse_id = w.id
      left join inventory_items i on i.id = l.item_id
      where w.active
      group by w.id order by w.kind, w.code`),
  );
}

/** Σ quantity × price over every stock level (one row). */
export async function totalStockValue(db: DbOrTx): Promise<{ value: string }[]> {
  return rowsOf<{ value: string }>(
    await db.execute(sql`select coalesce(round(sum(l.quantity * i.price), 2), 0)::numeric(16,2)::text as value from stock_levels l join inventory_items i on i.id = l.item_id`),
  );
}

/** The 10 latest stock movements, with item, warehouse and actor names. */
export async function recentMovements(db: DbOrTx): Promise<TMovement[]> {
  return rowsOf<TMovement>(
    await db.execute(sql`
      select m.id, m.item_id, i.code as item_code, i.name as item_name, m.warehouse_id, w.code as warehouse_code, w.name as warehouse_name,
        m.quantity::text as quantity, m.kind::text as kind, m.document_type, m.document_id, m.document_number, m.actor_id, u.name as actor_name,
        ${isoSql('m.created_at', 'us')} as created_at
      from stock_movements m
      join inventory_items i on i.id = m.item_id
      join warehouses w on w.id = m.warehouse_id
      left join users u on u.id = m.actor_id
      order by m.created_at desc, m.id desc limit 10`),
  );
}

// ---- technician ----

/** A technician's appointments starting in [from, to) that are not cancelled, with their request. */
export async function technicianAppointmentsBetween(db: DbOrTx, technicianId: string, from: string | null, to: string | null): Promise<TTechnicianDashboard['today']> {
  return rowsOf<TTechnicianDashboard['today'][number]>(
    await db.execute(sql`
      select a.id, a.number, ${isoSql('a.starts_at')} as starts_at, ${isoSql('a.ends_at')} as ends_at, a.status,
        case when r.id is null then null else json_build_object(
          'id', r.id, 'number', r.number, 'status', r.status, 'customer_name', cu.name, 'location', r.location, 'address', r.address) end as service_request
      from appointments a
      left join service_requests r on r.id = a.service_request_id
      left join users cu on cu.id = r.customer_id
      where a.technician_id = ${technicianId}::uuid and a.status <> 'cancelled'
        and a.starts_at >= ${from}::timestamptz and a.starts_at < ${to}::timestamptz
      order by a.starts_at, a.id`),
  );
}

/** A technician's open jobs by status (one row). */
export async function technicianOpenJobs(db: DbOrTx, technicianId: string): Promise<TTechnicianDashboard['open_by_status'][]> {
  return rowsOf<TTechnicianDashboard['open_by_status']>(
    await db.execute(sql`
      select (count(*) filter (where status = 'assigned'))::int as assigned,
        (count(*) filter (where status = 'in_progress'))::int as in_progress,
        (count(*) filter (where status = 'pending_parts'))::int as pending_parts
      from service_requests where technician_id = ${technicianId}::uuid and status in ('assigned', 'in_progress', 'pending_parts')`),
  );
}
