/** The customer-mail module's public entry point: the app imports only this file (issue #28). */
export { customerMailJob } from './job.js';
export { emailPreferenceRoutes } from './routes.js';
export { createEmailPreferenceService, type EmailPreferenceService } from './service.js';
export { unsubscribeTokenOf, userIdOfUnsubscribeToken } from './unsubscribe-token.js';
