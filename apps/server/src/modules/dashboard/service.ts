import type { AppContext } from '../../context.js';
import { adminDashboard } from './admin.js';
import { customerDashboard } from './customer.js';
import { supervisorDashboard } from './supervisor.js';
import { technicianDashboard } from './technician.js';

/** Each role's dashboard (one file each); the customer's recent requests are a request list, read through its prepared statements (ctx.database). */
export function createDashboardService(ctx: AppContext) {
  return {
    admin: () => adminDashboard(ctx.db),
    customer: (customerId: string) => customerDashboard(ctx.database, customerId),
    supervisor: () => supervisorDashboard(ctx.db),
    technician: (technicianId: string) => technicianDashboard(ctx.db, technicianId),
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
