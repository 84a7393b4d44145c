import { sql } from 'drizzle-orm';
import { ACTIVE_REQUEST_STATUSES, type TCustomerDashboard } from '@portal/shared';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { isoSql } from '../../db/sql.js';
import { listRequests, summaryOf } from '../service-requests/index.js';

/**
 * PRODUCT.md §5, the customer dashboard, over the customer's own requests, computed in SQL:
 * counts by status; completion rate = completed ÷ (total − cancelled); average response =
 * mean(first response − request date) in minutes; satisfaction = mean rating; pending tasks =
 * completed requests still without the customer's feedback and signature.
 */
export async function customerDashboard(database: Database, customerId: string): Promise<TCustomerDashboard> {
  const { db } = database;
  const active = sql.join(
    ACTIVE_REQUEST_STATUSES.map((s) => sql`${s}::service_request_status`),
    sql`, `,
  );
  const [figures] = rowsOf<Omit<TCustomerDashboard, 'pending_tasks' | 'recent_requests' | 'upcoming_appointments'>>(
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
  const pendingTasks = rowsOf<TCustomerDashboard['pending_tasks'][number]>(
    await db.execute(sql`
      select id, number, ${isoSql('completed_at')} as completed_at from service_requests
      where customer_id = ${customerId}::uuid and status = 'completed' and feedback_at is null
      order by completed_at desc nulls last, created_at desc limit 50`),
  );
  const caller = { userId: customerId, role: 'customer' as const };
  const recent = await listRequests(database, caller, { sort: 'request_date', order: 'desc', limit: 5 }, { countCap: 0 });
  return {
    ...figures!,
    pending_tasks: pendingTasks,
    recent_requests: recent.rows.map((r) => summaryOf(r, caller)),
    upcoming_appointments: rowsOf<TCustomerDashboard['upcoming_appointments'][number]>(
      await db.execute(sql`
        select id, number, ${isoSql('starts_at')} as starts_at, ${isoSql('ends_at')} as ends_at, status, service_request_id
        from appointments
        where customer_id = ${customerId}::uuid and status in ('scheduled', 'confirmed') and ends_at > now()
        order by starts_at, id limit 5`),
    ),
  };
}
