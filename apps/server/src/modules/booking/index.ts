/** The booking module's public entry point: other modules and the app import only this file. */
export { bookingRoutes } from './routes.js';
export { createBookingService } from './service.js';
