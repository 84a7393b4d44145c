/** The tracking module's public entry point: the app imports only this file. */
export { trackingRoutes } from './routes.js';
export { createTrackingService, mobileDigits, TRACKING_LIMITS, type TrackingService } from './service.js';
