/** The notifications module's public entry point: other modules and the app import only this file. */
export { notificationRoutes } from './routes.js';
export { createNotificationService, notify } from './service.js';
