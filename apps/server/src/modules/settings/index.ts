/** The settings module's public entry point: other modules and the app import only this file. */
export { adminSettingsRoutes, settingsRoutes } from './routes.js';
export { getSettings, putSetting, settingOrDefault } from './store.js';
export { settingValueSql } from './queries.js';
export { createSettingsService } from './service.js';
