/** The analytics module's public entry point: other modules and the app import only this file. */
export { createAnalyticsService } from './figures.js';
export { analyticsRoutes } from './routes.js';
