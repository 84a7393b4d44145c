import type { Role } from '@portal/shared';

/** PRODUCT.md §2, "Sidebar by role", in its order. */
export const PRODUCT_SIDEBAR: Record<Role, string[]> = {
  customer: ['Dashboard', 'Book service', 'Service requests', 'Appointments', 'Help & support'],
  technician: [
    'Dashboard',
    'Service orders', // tasks
    'Schedule',
    'My inventory',
    'Transfers',
    'Warehouse status',
    'Service reports',
    'Performance reports',
    'Help & support',
  ],
  // PRODUCT.md lists "dashboard, inventory, transfers, inventory reports" plus adjustments
  // and warehouses; the admin list puts inventory reports and warehouses before inventory
  // and transfers, and one shared order cannot honour both, so only the set is compared.
  // Goods receipts and suppliers: issue #24.
  whs_supervisor: ['Dashboard', 'Inventory', 'Transfers', 'Inventory reports', 'Adjustments', 'Goods receipts', 'Suppliers', 'Warehouses'],
  admin: [
    'Dashboard',
    'Book service',
    'Users',
    'Technicians',
    'Service orders',
    'Request desk', // issue #24
    'Appointments',
    'Analytics',
    'Data management',
    'Backup & restore',
    'Audit log', // issue #24
    'Service reports',
    'Performance reports',
    'Inventory reports',
    'Warehouses',
    'Inventory',
    'Transfers',
    'Adjustments',
    'Goods receipts',
    'Suppliers',
    'Settings',
  ],
};
