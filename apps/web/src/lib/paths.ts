/**
 * Every URL of the web app, in one place: links, redirects and the router's patterns are built
 * from here, so a page that moves moves once. A record's page is a function of its id that also
 * carries the router's `pattern` (`/dashboard/transfers/:id`).
 */

const DASHBOARD = '/dashboard';
const dashboard = (sub: string) => `${DASHBOARD}/${sub}`;

/** A page of one record: `build(id)` for links, `.pattern` for the router. */
function recordPath(pattern: string) {
  return Object.assign((id: string) => pattern.replace(':id', encodeURIComponent(id)), { pattern });
}

export const paths = {
  landing: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** The unsubscribe link at the foot of every customer e-mail (issue #28); public. */
  unsubscribe: Object.assign((token: string) => `/unsubscribe/${encodeURIComponent(token)}`, { pattern: '/unsubscribe/:token' }),
  bookAppointment: '/book-appointment',
  /** Public repair tracking (issue #28): by number and mobile, or by the request's tracking link. */
  track: '/track',
  trackLink: Object.assign((token: string) => `/track/${encodeURIComponent(token)}`, { pattern: '/track/:token' }),

  dashboard: DASHBOARD,
  profile: dashboard('profile'),
  preferences: dashboard('preferences'),
  support: dashboard('support'),
  settings: dashboard('settings'),
  announcements: dashboard('settings/announcements'),

  serviceRequests: dashboard('service-requests'),
  newServiceRequest: dashboard('service-requests/new'),
  serviceRequest: recordPath(dashboard('service-requests/:id')),
  requestDesk: dashboard('admin/service-requests'),
  dispatch: dashboard('service-orders'),
  tasks: dashboard('tasks'),

  appointments: dashboard('appointments'),
  appointment: recordPath(dashboard('appointments/:id')),
  schedule: dashboard('schedule'),

  users: dashboard('users'),
  technicians: dashboard('technicians'),
  audit: dashboard('audit'),
  analytics: dashboard('analytics'),
  dataManagement: dashboard('data-management'),
  backup: dashboard('backup'),

  serviceReports: dashboard('reports/service'),
  serviceReport: recordPath(dashboard('reports/service/:id')),
  performanceReports: dashboard('reports/performance'),
  inventoryReports: dashboard('reports/inventory'),

  inventory: dashboard('inventory'),
  warehouses: dashboard('warehouses'),
  warehouseDiagnostic: dashboard('warehouse-diagnostic'),
  adjustments: dashboard('adjustments'),
  transfers: dashboard('transfers'),
  newTransfer: dashboard('transfers/new'),
  transfer: recordPath(dashboard('transfers/:id')),
  transferPrint: recordPath(dashboard('transfers/:id/print')),
  goodsReceipts: dashboard('goods-receipts'),
  newGoodsReceipt: dashboard('goods-receipts/new'),
  goodsReceipt: recordPath(dashboard('goods-receipts/:id')),
  goodsReceiptPrint: recordPath(dashboard('goods-receipts/:id/print')),
  suppliers: dashboard('suppliers'),
} as const;

/** A dashboard path (or pattern) relative to `/dashboard`, as the shell's child routes name it. */
export function dashboardChild(path: string): string {
  if (!path.startsWith(`${DASHBOARD}/`)) throw new Error(`not a dashboard path: ${path}`);
  return path.slice(DASHBOARD.length + 1);
}

/** A `?redirect=` worth following: only same-site paths, `/x`, never `//host` or `/\\host`. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
