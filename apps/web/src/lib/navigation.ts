import type { Icon } from '@tabler/icons-react';
import {
  IconAdjustmentsHorizontal,
  IconBox,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconCalendarEvent,
  IconCalendarPlus,
  IconCalendarTime,
  IconChartBar,
  IconChartPie,
  IconClipboardList,
  IconDatabaseCog,
  IconDatabaseExport,
  IconFileAnalytics,
  IconHistory,
  IconLayoutDashboard,
  IconLifebuoy,
  IconListDetails,
  IconPackage,
  IconPackageImport,
  IconReportAnalytics,
  IconReportMoney,
  IconSettings,
  IconStethoscope,
  IconTool,
  IconTruckDelivery,
  IconUserCog,
  IconUsers,
} from '@tabler/icons-react';
import { can, type Capability, type CapabilityAction, type Role } from '@portal/shared';
import { paths } from './paths';

export type Requirement = Capability | CapabilityAction;

export interface NavItem {
  /** Stable id (also the data-testid suffix). */
  id: string;
  labelKey: string;
  to: string;
  icon: Icon;
  /** Every capability listed must be held (see can()). */
  requires: readonly Requirement[];
  /** Active only on an exact match (the dashboard index). */
  end?: boolean;
}

/**
 * The one navigation definition. Each role's sidebar is this list filtered by the shared
 * capability table, so it cannot drift from what the server allows. The order is chosen so
 * that every role's filtered list reads in the order of PRODUCT.md §2.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'dashboard', labelKey: 'nav.dashboard', to: paths.dashboard, icon: IconLayoutDashboard, requires: ['manage:profile:own'], end: true },
  { id: 'book-service', labelKey: 'nav.bookService', to: paths.bookAppointment, icon: IconCalendarPlus, requires: ['create:service_request'] },
  { id: 'service-requests', labelKey: 'nav.serviceRequests', to: paths.serviceRequests, icon: IconClipboardList, requires: ['read:service_request:own'] },
  { id: 'users', labelKey: 'nav.users', to: paths.users, icon: IconUsers, requires: ['manage:user:any'] },
  { id: 'technicians', labelKey: 'nav.technicians', to: paths.technicians, icon: IconUserCog, requires: ['manage:user:any'] },
  { id: 'tasks', labelKey: 'nav.tasks', to: paths.tasks, icon: IconTool, requires: ['work:service_request:assigned'] },
  { id: 'service-orders', labelKey: 'nav.serviceOrders', to: paths.dispatch, icon: IconTool, requires: ['assign:service_request:any'] },
  { id: 'request-desk', labelKey: 'nav.requestDesk', to: paths.requestDesk, icon: IconListDetails, requires: ['read:service_request:any'] },
  // The table gives technicians read:appointment:own too, yet their sidebar has no
  // appointments item (their appointments live in the schedule): the item is for the roles
  // that both read and book appointments.
  { id: 'appointments', labelKey: 'nav.appointments', to: paths.appointments, icon: IconCalendarEvent, requires: ['read:appointment', 'create:service_request'] },
  { id: 'schedule', labelKey: 'nav.schedule', to: paths.schedule, icon: IconCalendarTime, requires: ['manage:schedule:own'] },
  { id: 'analytics', labelKey: 'nav.analytics', to: paths.analytics, icon: IconChartPie, requires: ['read:analytics:any'] },
  { id: 'data-management', labelKey: 'nav.dataManagement', to: paths.dataManagement, icon: IconDatabaseCog, requires: ['manage:data:any'] },
  { id: 'backup', labelKey: 'nav.backup', to: paths.backup, icon: IconDatabaseExport, requires: ['manage:backup:any'] },
  { id: 'audit', labelKey: 'nav.audit', to: paths.audit, icon: IconHistory, requires: ['read:audit:any'] },
  { id: 'service-reports', labelKey: 'nav.serviceReports', to: paths.serviceReports, icon: IconFileAnalytics, requires: ['read:service_report:any'] },
  { id: 'performance-reports', labelKey: 'nav.performanceReports', to: paths.performanceReports, icon: IconChartBar, requires: ['read:performance_report:any'] },
  { id: 'inventory-reports', labelKey: 'nav.inventoryReports', to: paths.inventoryReports, icon: IconReportMoney, requires: ['read:inventory_report:any'] },
  { id: 'warehouses', labelKey: 'nav.warehouses', to: paths.warehouses, icon: IconBuildingWarehouse, requires: ['read:warehouse:any'] },
  { id: 'inventory', labelKey: 'nav.inventory', to: paths.inventory, icon: IconBox, requires: ['manage:inventory_item:any'] },
  { id: 'my-inventory', labelKey: 'nav.myInventory', to: paths.inventory, icon: IconPackage, requires: ['read:stock:own'] },
  { id: 'transfers', labelKey: 'nav.transfers', to: paths.transfers, icon: IconTruckDelivery, requires: ['read:transfer'] },
  { id: 'warehouse-status', labelKey: 'nav.warehouseStatus', to: paths.warehouseDiagnostic, icon: IconStethoscope, requires: ['read:stock:own'] },
  { id: 'my-service-reports', labelKey: 'nav.serviceReports', to: paths.serviceReports, icon: IconFileAnalytics, requires: ['read:service_report:own'] },
  { id: 'my-performance-reports', labelKey: 'nav.performanceReports', to: paths.performanceReports, icon: IconReportAnalytics, requires: ['read:performance_report:own'] },
  { id: 'adjustments', labelKey: 'nav.adjustments', to: paths.adjustments, icon: IconAdjustmentsHorizontal, requires: ['read:adjustment:any'] },
  { id: 'goods-receipts', labelKey: 'nav.goodsReceipts', to: paths.goodsReceipts, icon: IconPackageImport, requires: ['read:goods_receipt:any'] },
  { id: 'suppliers', labelKey: 'nav.suppliers', to: paths.suppliers, icon: IconBuildingStore, requires: ['read:supplier:any'] },
  { id: 'settings', labelKey: 'nav.settings', to: paths.settings, icon: IconSettings, requires: ['manage:settings:any'] },
  { id: 'help', labelKey: 'nav.help', to: paths.support, icon: IconLifebuoy, requires: ['read:help:own'] },
];

export function holdsAll(role: Role | null | undefined, requires: readonly Requirement[]): boolean {
  return requires.every((capability) => can(role, capability));
}

export function navItemsFor(role: Role | null | undefined): NavItem[] {
  return NAV_ITEMS.filter((item) => holdsAll(role, item.requires));
}

/** Whether `item` is the current page: exact for `end` items, else the path or below it. */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (item.end) return path === item.to;
  return path === item.to || path.startsWith(`${item.to}/`);
}
