import type { Requirement } from '../lib/navigation';

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
  { path: 'profile', titleKey: 'nav.profile', requires: ['manage:profile:own'], page: 'profile' },
  { path: 'preferences', titleKey: 'nav.preferences', requires: ['manage:profile:own'], page: 'preferences' },
  // Help is open to every signed-in user (the header's support panel is too); only the sidebar
  // lists it just for customers and technicians, as PRODUCT.md §2 asks.
  { path: 'support', titleKey: 'nav.help', requires: ['manage:profile:own'], page: 'support' },
  { path: 'service-requests', titleKey: 'nav.serviceRequests', requires: ['read:service_request'], page: 'service-requests' },
  { path: 'service-requests/new', titleKey: 'nav.newServiceRequest', requires: ['create:service_request'], page: 'service-request-new' },
  { path: 'service-requests/:id', titleKey: 'nav.serviceRequestDetails', requires: ['read:service_request'], page: 'service-request-detail' },
  { path: 'appointments', titleKey: 'nav.appointments', requires: ['read:appointment'], page: 'appointments' },
  { path: 'appointments/:id', titleKey: 'appointments.detailTitle', requires: ['read:appointment'], page: 'appointment-detail' },
  { path: 'tasks', titleKey: 'nav.tasks', requires: ['work:service_request:assigned'], page: 'tasks' },
  { path: 'schedule', titleKey: 'nav.schedule', requires: ['manage:schedule'], page: 'schedule' },
  { path: 'warehouse-diagnostic', titleKey: 'nav.warehouseStatus', requires: ['read:stock'], page: 'warehouse-diagnostic' },
  { path: 'inventory', titleKey: 'nav.inventory', requires: ['read:inventory_item'], page: 'inventory' },
  { path: 'transfers', titleKey: 'nav.transfers', requires: ['read:transfer'], page: 'transfers' },
  { path: 'transfers/new', titleKey: 'transfers.new', requires: ['request:transfer'], page: 'transfer-new' },
  { path: 'transfers/:id', titleKey: 'transfers.detailTitle', requires: ['read:transfer'], page: 'transfer-detail' },
  { path: 'users', titleKey: 'nav.users', requires: ['manage:user:any'], page: 'users' },
  { path: 'technicians', titleKey: 'nav.technicians', requires: ['manage:user:any'], page: 'technicians' },
  { path: 'audit', titleKey: 'audit.title', requires: ['read:audit:any'], page: 'audit' },
  { path: 'admin/service-requests', titleKey: 'nav.adminServiceRequests', requires: ['read:service_request:any'], page: 'admin-service-requests' },
  { path: 'service-orders', titleKey: 'nav.serviceOrders', requires: ['assign:service_request:any'], page: 'dispatch' },
  { path: 'analytics', titleKey: 'nav.analytics', requires: ['read:analytics:any'], page: 'analytics' },
  { path: 'settings', titleKey: 'nav.settings', requires: ['manage:settings:any'], page: 'settings' },
  { path: 'settings/announcements', titleKey: 'announcements.title', requires: ['announce:notification:any'], page: 'announcements' },
  { path: 'data-management', titleKey: 'nav.dataManagement', requires: ['manage:data:any'], page: 'data-management' },
  { path: 'backup', titleKey: 'nav.backup', requires: ['manage:backup:any'], page: 'backup' },
  { path: 'reports/service', titleKey: 'nav.serviceReports', requires: ['read:service_report'], page: 'service-reports' },
  { path: 'reports/performance', titleKey: 'nav.performanceReports', requires: ['read:performance_report'], page: 'performance' },
  { path: 'reports/inventory', titleKey: 'nav.inventoryReports', requires: ['read:inventory_report:any'], page: 'inventory-reports' },
  { path: 'warehouses', titleKey: 'nav.warehouses', requires: ['read:warehouse:any'], page: 'warehouses' },
  { path: 'adjustments', titleKey: 'nav.adjustments', requires: ['read:adjustment:any'], page: 'adjustments' },
  { path: 'goods-receipts', titleKey: 'nav.goodsReceipts', requires: ['read:goods_receipt:any'], page: 'goods-receipts' },
  { path: 'goods-receipts/new', titleKey: 'goodsReceipts.new', requires: ['create:goods_receipt:any'], page: 'goods-receipt-new' },
  { path: 'goods-receipts/:id', titleKey: 'goodsReceipts.detailTitle', requires: ['read:goods_receipt:any'], page: 'goods-receipt-detail' },
  { path: 'suppliers', titleKey: 'nav.suppliers', requires: ['read:supplier:any'], page: 'suppliers' },
];

/** The transfer's delivery note: a page of its own, outside the shell, to print. */
export const TRANSFER_PRINT_ROUTE = { path: '/dashboard/transfers/:id/print', requires: ['read:transfer'] as readonly Requirement[] };

/** A goods receipt as a printable document: a page of its own, outside the shell. */
export const GOODS_RECEIPT_PRINT_ROUTE = { path: '/dashboard/goods-receipts/:id/print', requires: ['read:goods_receipt:any'] as readonly Requirement[] };

/**
 * A request's service report: a page of its own, outside the shell, to print. The server's row
 * rules decide whose (a customer reads their own completed request's), so it needs only `read`.
 */
export const SERVICE_REPORT_PRINT_ROUTE = { path: '/dashboard/reports/service/:id', requires: ['read:service_request'] as readonly Requirement[] };

/** The top-level signed-in pages outside /dashboard. */
export const BOOK_APPOINTMENT_REQUIRES: readonly Requirement[] = ['create:service_request'];
