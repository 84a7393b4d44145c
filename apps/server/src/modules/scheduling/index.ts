/** The scheduling module's public entry point: other modules and the app import only this file. */
export { dayBounds, dayOf, fitsHours, formatInstant, type FreeSlot, freeSlots, technicianSlots } from './availability.js';
export { loadTechnicianDays, lockTechnician } from './queries.js';
