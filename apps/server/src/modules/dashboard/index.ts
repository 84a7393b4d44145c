/** The dashboard module's public entry point: other modules and the app import only this file. */
export { adminDashboardRoutes } from './admin-routes.js';
export { customerDashboardRoutes } from './customer-routes.js';
export { createDashboardService } from './service.js';
export { supervisorDashboardRoutes } from './supervisor-routes.js';
export { technicianDashboardRoutes } from './technician-routes.js';
