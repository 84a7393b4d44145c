/** The web-app module's public entry point: the app imports only this file. */
export { webAppRoutes } from './routes.js';
export { createWebAppService } from './service.js';
export { escapeHtml, loadSignInTemplate } from './sign-in-page.js';
