/** The technicians module's public entry point: other modules and the app import only this file. */
export { technicianRoutes } from './routes.js';
export { createTechnicianService } from './service.js';
