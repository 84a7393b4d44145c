/** The transfers module's public entry point: other modules and the app import only this file. */
export { transferRoutes } from './routes.js';
export { createTransfer, createTransferService, type TransferCaller, transitionTransfer } from './service.js';
