/** The reports module's public entry point: other modules and the app import only this file. */
export { performanceReportRoutes } from './performance-routes.js';
export { createPerformanceReportService, performanceFigures } from './performance.js';
export { intakeReceiptRoutes } from './intake-receipt-routes.js';
export { createIntakeReceiptService } from './intake-receipt.js';
export { serviceReportRoutes } from './service-report-routes.js';
export { createServiceReportService, serviceReportPdfOf } from './service-report.js';
