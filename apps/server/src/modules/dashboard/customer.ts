import type { TCustomerDashboard } from '@portal/shared';
import type { Database } from '../../db/client.js';
import { listRequests, summaryOf } from '../service-requests/index.js';
import { customerFigures, customerPendingTasks, customerUpcomingAppointments } from './queries.js';

/**
 * PRODUCT.md §5, the customer dashboard, over the customer's own requests, computed in SQL:
 * counts by status; completion rate = completed ÷ (total − cancelled); average response =
 * mean(first response − request date) in minutes; satisfaction = mean rating; pending tasks =
 * completed requests still without the customer's feedback and signature.
 */
export async function customerDashboard(database: Database, customerId: string): Promise<TCustomerDashboard> {
  const { db } = database;
  const [figures] = await customerFigures(db, customerId);
  const pendingTasks = await customerPendingTasks(db, customerId);
  const caller = { userId: customerId, role: 'customer' as const };
  const recent = await listRequests(database, caller, { sort: 'request_date', order: 'desc', limit: 5 }, { countCap: 0 });
  return {
    ...figures!,
    pending_tasks: pendingTasks,
    recent_requests: recent.rows.map((r) => summaryOf(r, caller)),
    upcoming_appointments: await customerUpcomingAppointments(db, customerId),
  };
}
