/** The attachments module's public entry point: other modules and the app import only this file. */
export { attachmentRoutes } from './routes.js';
export { createAttachmentService } from './service.js';
