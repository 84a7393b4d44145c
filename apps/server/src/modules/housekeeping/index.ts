/** The housekeeping module's public entry point: other modules and the app import only this file. */
export { startHousekeeping } from './service.js';
