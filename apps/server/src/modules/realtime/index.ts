/** The realtime module's public entry point: other modules and the app import only this file. */
export { audienceFor, type BusMessage, deliverLocally, type DomainEvent, EVENTS_CHANNEL, onLocalPublish, parseBusMessage, publish } from './events.js';
export { RealtimeHub, type TrackingResolver } from './hub.js';
export { realtimeRoutes } from './routes.js';
