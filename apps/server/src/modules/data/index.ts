/** The data module's public entry point: other modules and the app import only this file. */
export { dataRoutes } from './routes.js';
export { createDataService } from './service.js';
