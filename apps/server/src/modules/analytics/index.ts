/** The analytics module's public entry point: other modules and the app import only this file. */
export { analyticsRoutes } from './routes.js';
