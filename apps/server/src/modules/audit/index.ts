/** The audit module's public entry point: other modules and the app import only this file. */
export { auditRoutes } from './routes.js';
export { createAuditService } from './service.js';
