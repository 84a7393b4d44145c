/** The notifications module's public entry point: other modules and the app import only this file. */
export { CUSTOMER_MAIL_JOB, enqueueCustomerMail, type AppointmentMailEvent, type CustomerMailEvent } from './customer-mail-queue.js';
export { notificationRoutes } from './routes.js';
export { createNotificationService, notify } from './service.js';
