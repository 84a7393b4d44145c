/** The inventory module's public entry point: other modules and the app import only this file. */
export { createCategoryService, ensureCategory } from './categories.js';
export { findCategory } from './category-queries.js';
export { applyMovements, checkInvariant, lockLevel, lockLevels, type MovementInput } from './ledger.js';
export { statusSql } from './ledger-queries.js';
export { mostUrgentItems, shortStockLines, stockAlertCounts } from './queries.js';
export { inventoryReportRoutes } from './report-routes.js';
export { createInventoryReportService } from './report-service.js';
export { inventoryRoutes } from './routes.js';
export { createInventoryService } from './service.js';
