/** The dispatch module's public entry point: other modules and the app import only this file. */
export { dispatchRoutes } from './routes.js';
export { createDispatchService } from './service.js';
export { scheduleSlaCheck, SLA_CHECK_EVERY_MS, SLA_CHECK_JOB, slaCheckJob } from './sla-check.js';
