/** The reports module's public entry point: other modules and the app import only this file. */
export { performanceReportRoutes } from './performance-routes.js';
export { createPerformanceReportService, performanceFigures } from './performance.js';
export { serviceReportRoutes } from './service-report-routes.js';
export { createServiceReportService } from './service-report.js';
