/** The settings module's public entry point: other modules and the app import only this file. */
export { adminSettingsRoutes, settingsRoutes } from './routes.js';
export { getSettings, putSetting } from './store.js';
export { createSettingsService } from './service.js';
