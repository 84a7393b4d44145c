/** The field-work module's public entry point: other modules and the app import only this file. */
export { fieldWorkRoutes } from './routes.js';
export { checkWork, createFieldWorkService, lockForWork, recordPartUse } from './service.js';
