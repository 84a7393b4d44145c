import type { Requirement } from '../lib/navigation';
import { dashboardChild, paths } from '../lib/paths';

export interface DashboardRoute {
  /** Relative to /dashboard. */
  path: string;
  titleKey: string;
  /** What the role must hold to use the page; without it the page says "not allowed". */
  requires: readonly Requirement[];
  /** A page of its own; the others say "not available yet" until their issue lands. */
  page?: 'profile' | 'preferences' | 'support' | 'settings' | 'announcements' | 'transfers' | 'transfer-new' | 'transfer-detail'
    | 'inventory' | 'warehouses' | 'adjustments' | 'warehouse-diagnostic' | 'inventory-reports'
    | 'service-requests' | 'service-request-new' | 'service-request-detail' | 'admin-service-requests'
    | 'users' | 'technicians' | 'audit' | 'appointments' | 'appointment-detail' | 'schedule' | 'dispatch' | 'tasks' | 'service-reports' | 'performance' | 'analytics'
    | 'data-management' | 'backup' | 'goods-receipts' | 'goods-receipt-new' | 'goods-receipt-detail' | 'suppliers';
}

/** Every route of the dashboard shell (original-spec §2 plus preferences and support). */
export const DASHBOARD_ROUTES: readonly DashboardRoute[] = [
  { path: dashboardChild(paths.profile), titleKey: 'nav.profile', requires: ['manage:profile:own'], page: 'profile' },
  { path: dashboardChild(paths.preferences), titleKey: 'nav.preferences', requires: ['manage:profile:own'], page: 'preferences' },
  // Help is open to every signed-in user (the header's support panel is too); only the sidebar
  // lists it just for customers and technicians, as PRODUCT.md §2 asks.
  { path: dashboardChild(paths.support), titleKey: 'nav.help', requires: ['manage:profile:own'], page: 'support' },
  { path: dashboardChild(paths.serviceRequests), titleKey: 'nav.serviceRequests', requires: ['read:service_request'], page: 'service-requests' },
  { path: dashboardChild(paths.newServiceRequest), titleKey: 'nav.newServiceRequest', requires: ['create:service_request'], page: 'service-request-new' },
  { path: dashboardChild(paths.serviceRequest.pattern), titleKey: 'nav.serviceRequestDetails', requires: ['read:service_request'], page: 'service-request-detail' },
  { path: dashboardChild(paths.appointments), titleKey: 'nav.appointments', requires: ['read:appointment'], page: 'appointments' },
  { path: dashboardChild(paths.appointment.pattern), titleKey: 'appointments.detailTitle', requires: ['read:appointment'], page: 'appointment-detail' },
  { path: dashboardChild(paths.tasks), titleKey: 'nav.tasks', requires: ['work:service_request:assigned'], page: 'tasks' },
  { path: dashboardChild(paths.schedule), titleKey: 'nav.schedule', requires: ['manage:schedule'], page: 'schedule' },
  { path: dashboardChild(paths.warehouseDiagnostic), titleKey: 'nav.warehouseStatus', requires: ['read:stock'], page: 'warehouse-diagnostic' },
  { path: dashboardChild(paths.inventory), titleKey: 'nav.inventory', requires: ['read:inventory_item'], page: 'inventory' },
  { path: dashboardChild(paths.transfers), titleKey: 'nav.transfers', requires: ['read:transfer'], page: 'transfers' },
  { path: dashboardChild(paths.newTransfer), titleKey: 'transfers.new', requires: ['request:transfer'], page: 'transfer-new' },
  { path: dashboardChild(paths.transfer.pattern), titleKey: 'transfers.detailTitle', requires: ['read:transfer'], page: 'transfer-detail' },
  { path: dashboardChild(paths.users), titleKey: 'nav.users', requires: ['manage:user:any'], page: 'users' },
  { path: dashboardChild(paths.technicians), titleKey: 'nav.technicians', requires: ['manage:user:any'], page: 'technicians' },
  { path: dashboardChild(paths.audit), titleKey: 'audit.title', requires: ['read:audit:any'], page: 'audit' },
  { path: dashboardChild(paths.requestDesk), titleKey: 'nav.adminServiceRequests', requires: ['read:service_request:any'], page: 'admin-service-requests' },
  { path: dashboardChild(paths.dispatch), titleKey: 'nav.serviceOrders', requires: ['assign:service_request:any'], page: 'dispatch' },
  { path: dashboardChild(paths.analytics), titleKey: 'nav.analytics', requires: ['read:analytics:any'], page: 'analytics' },
  { path: dashboardChild(paths.settings), titleKey: 'nav.settings', requires: ['manage:settings:any'], page: 'settings' },
  { path: dashboardChild(paths.announcements), titleKey: 'announcements.title', requires: ['announce:notification:any'], page: 'announcements' },
  { path: dashboardChild(paths.dataManagement), titleKey: 'nav.dataManagement', requires: ['manage:data:any'], page: 'data-management' },
  { path: dashboardChild(paths.backup), titleKey: 'nav.backup', requires: ['manage:backup:any'], page: 'backup' },
  { path: dashboardChild(paths.serviceReports), titleKey: 'nav.serviceReports', requires: ['read:service_report'], page: 'service-reports' },
  { path: dashboardChild(paths.performanceReports), titleKey: 'nav.performanceReports', requires: ['read:performance_report'], page: 'performance' },
  { path: dashboardChild(paths.inventoryReports), titleKey: 'nav.inventoryReports', requires: ['read:inventory_report:any'], page: 'inventory-reports' },
  { path: dashboardChild(paths.warehouses), titleKey: 'nav.warehouses', requires: ['read:warehouse:any'], page: 'warehouses' },
  { path: dashboardChild(paths.adjustments), titleKey: 'nav.adjustments', requires: ['read:adjustment:any'], page: 'adjustments' },
  { path: dashboardChild(paths.goodsReceipts), titleKey: 'nav.goodsReceipts', requires: ['read:goods_receipt:any'], page: 'goods-receipts' },
  { path: dashboardChild(paths.newGoodsReceipt), titleKey: 'goodsReceipts.new', requires: ['create:goods_receipt:any'], page: 'goods-receipt-new' },
  { path: dashboardChild(paths.goodsReceipt.pattern), titleKey: 'goodsReceipts.detailTitle', requires: ['read:goods_receipt:any'], page: 'goods-receipt-detail' },
  { path: dashboardChild(paths.suppliers), titleKey: 'nav.suppliers', requires: ['read:supplier:any'], page: 'suppliers' },
];

/** The transfer's delivery note: a page of its own, outside the shell, to print. */
export const TRANSFER_PRINT_ROUTE = { path: paths.transferPrint.pattern, requires: ['read:transfer'] as readonly Requirement[] };

/** A goods receipt as a printable document: a page of its own, outside the shell. */
export const GOODS_RECEIPT_PRINT_ROUTE = { path: paths.goodsReceiptPrint.pattern, requires: ['read:goods_receipt:any'] as readonly Requirement[] };

/**
 * A request's service report: a page of its own, outside the shell, to print. The server's row
 * rules decide whose (a customer reads their own completed request's), so it needs only `read`.
 */
export const SERVICE_REPORT_PRINT_ROUTE = { path: paths.serviceReport.pattern, requires: ['read:service_request'] as readonly Requirement[] };

/** The top-level signed-in pages outside /dashboard. */
export const BOOK_APPOINTMENT_REQUIRES: readonly Requirement[] = ['create:service_request'];
