/** The schedule module's public entry point: other modules and the app import only this file. */
export { scheduleRoutes } from './routes.js';
export { assertHoursKeepBookings, createScheduleService } from './service.js';
