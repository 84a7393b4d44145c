/** The users module's public entry point: other modules and the app import only this file. */
export { checkSkills, insertAccount, normaliseWeeklyHours } from './accounts.js';
export { ensureFirstAdmin } from './first-admin.js';
export { anyUserExists } from './queries.js';
export { adminUserRoutes } from './routes.js';
export { applyUserUpdate, createUserAdminService, type UserAdminService } from './service.js';
