/** The appointments module's public entry point: other modules and the app import only this file. */
export { cancelAppointmentsWithRequest, moveAppointmentsToTechnician, refuseUnassignWhileBooked } from './follow.js';
export { recordAppointmentEvent } from './history-queries.js';
export { appointmentVisibility, findAppointment } from './queries.js';
export { appointmentRoutes } from './routes.js';
export { appointmentLink, appointmentOf, clockOf, createAppointmentService, publishAppointment, REMINDER_JOB, reminderJob, scheduleReminders, slotUnavailable } from './service.js';
