/** The health module's public entry point: other modules and the app import only this file. */
export { healthRoutes } from './routes.js';
export { createHealthService } from './service.js';
