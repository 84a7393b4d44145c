/** The warehouses module's public entry point: other modules and the app import only this file. */
export { warehouseRoutes } from './routes.js';
export { createWarehouseService } from './service.js';
