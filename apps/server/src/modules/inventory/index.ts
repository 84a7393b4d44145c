/** The inventory module's public entry point: other modules and the app import only this file. */
export { createCategoryService, ensureCategory, findCategory } from './categories.js';
export { applyMovements, checkInvariant, lockLevel, lockLevels, type MovementInput, statusSql } from './ledger.js';
export { shortStockLines } from './queries.js';
export { inventoryReportRoutes } from './report-routes.js';
export { createInventoryReportService } from './report-service.js';
export { inventoryRoutes } from './routes.js';
export { createInventoryService, mostUrgentItems, stockAlertCounts } from './service.js';
