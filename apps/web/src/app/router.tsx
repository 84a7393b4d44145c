import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { AuthLifecycle, LeaveForSignIn } from '../features/auth';
import { CrashPage, NotFoundPage } from '../features/errors';
import { BOOK_APPOINTMENT_REQUIRES, DASHBOARD_ROUTES, GOODS_RECEIPT_PRINT_ROUTE, SERVICE_REPORT_PRINT_ROUTE, TRANSFER_PRINT_ROUTE, type DashboardRoute } from './dashboard-routes';
import { paths } from '../lib/paths';
import { PublicOnly, RequireAuth, RequireCapability } from './guards';
import { RealtimeBridge } from './realtime-bridge';
import { Toasts } from './toasts';
import { loadPageStyles, loadShellStyles } from './styles/load-styles';
import { i18n, loadPageMessages } from '../lib/i18n';

/**
 * A signed-in page other than the first screens (the dashboards, the landing page): its code, every
 * page's messages (lib/i18n.ts) and Mantine styles (styles/mantine-pages.ts), fetched together, so
 * that a dashboard loads none of them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
function signedInPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(async () => (await Promise.all([load(), loadPageMessages(i18n), loadPageStyles()]))[0]);
}

// One chunk per page: a visitor downloads only the screens they open.
// The signed-in shell (header, sidebar, bell, menus) and its Mantine styles are chunks of their
// own: the public screens never load them.
const ShellLayout = lazy(async () => {
  const [shell] = await Promise.all([import('./shell/shell-layout'), loadShellStyles()]);
  return { default: shell.ShellLayout };
});
const SignupPage = lazy(() => import('../features/auth/pages/signup-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/reset-password-page'));
const LandingPage = lazy(() => import('../features/dashboard/pages/landing-page'));
const DashboardHomePage = lazy(() => import('../features/dashboard/pages/dashboard-home-page'));
const ProfilePage = signedInPage(() => import('../features/profile/pages/profile-page'));
const PreferencesPage = signedInPage(() => import('../features/preferences/pages/preferences-page'));
const UnsubscribePage = lazy(() => import('../features/preferences/pages/unsubscribe-page'));
const SupportPage = signedInPage(() => import('../features/support/pages/support-page'));
const SettingsPage = signedInPage(() => import('../features/settings/pages/settings-page'));
const AnnouncementsPage = signedInPage(() => import('../features/announcements/pages/announcements-page'));
const ComingSoonPage = signedInPage(() => import('../features/coming-soon/pages/coming-soon-page'));
const TransfersPage = signedInPage(() => import('../features/transfers/pages/transfers-page'));
const NewTransferPage = signedInPage(() => import('../features/transfers/pages/new-transfer-page'));
const TransferDetailPage = signedInPage(() => import('../features/transfers/pages/transfer-detail-page'));
const TransferPrintPage = signedInPage(() => import('../features/transfers/pages/transfer-print-page'));
const InventoryPage = signedInPage(() => import('../features/inventory/pages/inventory-page'));
const WarehousesPage = signedInPage(() => import('../features/warehouses/pages/warehouses-page'));
const AdjustmentsPage = signedInPage(() => import('../features/adjustments/pages/adjustments-page'));
const GoodsReceiptsPage = signedInPage(() => import('../features/goods-receipts/pages/goods-receipts-page'));
const NewGoodsReceiptPage = signedInPage(() => import('../features/goods-receipts/pages/new-goods-receipt-page'));
const GoodsReceiptDetailPage = signedInPage(() => import('../features/goods-receipts/pages/goods-receipt-detail-page'));
const GoodsReceiptPrintPage = signedInPage(() => import('../features/goods-receipts/pages/goods-receipt-print-page'));
const SuppliersPage = signedInPage(() => import('../features/goods-receipts/pages/suppliers-page'));
const WarehouseDiagnosticPage = signedInPage(() => import('../features/warehouse-diagnostic/pages/warehouse-diagnostic-page'));
const InventoryReportsPage = signedInPage(() => import('../features/inventory-reports/pages/inventory-reports-page'));
const UsersPage = signedInPage(() => import('../features/users/pages/users-page'));
const TechniciansPage = signedInPage(() => import('../features/technicians/pages/technicians-page'));
const AuditPage = signedInPage(() => import('../features/audit/pages/audit-page'));
const ServiceRequestsPage = signedInPage(() => import('../features/service-requests/pages/service-requests-page'));
const NewServiceRequestPage = signedInPage(() => import('../features/service-requests/pages/new-service-request-page'));
const ServiceRequestDetailPage = signedInPage(() => import('../features/service-requests/pages/service-request-detail-page'));
const AdminServiceRequestsPage = signedInPage(() => import('../features/service-requests/pages/admin-service-requests-page'));
const TasksPage = signedInPage(() => import('../features/service-requests/pages/tasks-page'));
const ServiceReportsPage = signedInPage(() => import('../features/reports/pages/service-reports-page'));
const ServiceReportPage = signedInPage(() => import('../features/reports/pages/service-report-page'));
const PerformancePage = signedInPage(() => import('../features/reports/pages/performance-page'));
const AnalyticsPage = signedInPage(() => import('../features/analytics/pages/analytics-page'));
const BookAppointmentPage = signedInPage(() => import('../features/booking/pages/book-appointment-page'));
const AppointmentsPage = signedInPage(() => import('../features/appointments/pages/appointments-page'));
const AppointmentDetailPage = signedInPage(() => import('../features/appointments/pages/appointment-detail-page'));
const SchedulePage = signedInPage(() => import('../features/schedule/pages/schedule-page'));
const DispatchPage = signedInPage(() => import('../features/dispatch/pages/dispatch-page'));
const DataManagementPage = signedInPage(() => import('../features/data-management/pages/data-management-page'));
const BackupPage = signedInPage(() => import('../features/backup/pages/backup-page'));
// Public tracking (signed out or in): with the signed-in pages' Mantine styles (its timeline and grid).
const TrackPage = lazy(async () => {
  const [page] = await Promise.all([import('../features/tracking/pages/track-page'), loadPageStyles()]);
  return { default: page.TrackPage };
});
const TrackLinkPage = lazy(async () => {
  const [page] = await Promise.all([import('../features/tracking/pages/track-link-page'), loadPageStyles()]);
  return { default: page.TrackLinkPage };
});

function RootLayout() {
  return (
    <AuthLifecycle>
      <RealtimeBridge />
      <Toasts />
      <Suspense fallback={<PageLoader fullScreen />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </AuthLifecycle>
  );
}

function dashboardPage(route: DashboardRoute) {
  switch (route.page) {
    case 'profile':
      return <ProfilePage />;
    case 'preferences':
      return <PreferencesPage />;
    case 'support':
      return <SupportPage />;
    case 'settings':
      return <SettingsPage />;
    case 'announcements':
      return <AnnouncementsPage />;
    case 'transfers':
      return <TransfersPage />;
    case 'transfer-new':
      return <NewTransferPage />;
    case 'transfer-detail':
      return <TransferDetailPage />;
    case 'inventory':
      return <InventoryPage />;
    case 'warehouses':
      return <WarehousesPage />;
    case 'adjustments':
      return <AdjustmentsPage />;
    case 'goods-receipts':
      return <GoodsReceiptsPage />;
    case 'goods-receipt-new':
      return <NewGoodsReceiptPage />;
    case 'goods-receipt-detail':
      return <GoodsReceiptDetailPage />;
    case 'suppliers':
      return <SuppliersPage />;
    case 'warehouse-diagnostic':
      return <WarehouseDiagnosticPage />;
    case 'inventory-reports':
      return <InventoryReportsPage />;
    case 'users':
      return <UsersPage />;
    case 'technicians':
      return <TechniciansPage />;
    case 'audit':
      return <AuditPage />;
    case 'service-requests':
      return <ServiceRequestsPage />;
    case 'tasks':
      return <TasksPage />;
    case 'service-request-new':
      return <NewServiceRequestPage />;
    case 'service-request-detail':
      return <ServiceRequestDetailPage />;
    case 'admin-service-requests':
      return <AdminServiceRequestsPage />;
    case 'appointments':
      return <AppointmentsPage />;
    case 'appointment-detail':
      return <AppointmentDetailPage />;
    case 'schedule':
      return <SchedulePage />;
    case 'dispatch':
      return <DispatchPage />;
    case 'service-reports':
      return <ServiceReportsPage />;
    case 'performance':
      return <PerformancePage />;
    case 'analytics':
      return <AnalyticsPage />;
    case 'data-management':
      return <DataManagementPage />;
    case 'backup':
      return <BackupPage />;
    default:
      return <ComingSoonPage titleKey={route.titleKey} />;
  }
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <CrashPage />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          // The server's sign-in page, outside the app (decision 019): followed inside the app, a full load.
          { path: paths.login, element: <LeaveForSignIn /> },
          { path: paths.signup, element: <SignupPage /> },
          { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
        ],
      },
      {
        element: <PublicOnly allowRecovery />,
        children: [{ path: paths.resetPassword, element: <ResetPasswordPage /> }],
      },
      // The e-mails' unsubscribe link: signed out or in.
      { path: paths.unsubscribe.pattern, element: <UnsubscribePage /> },
      { path: paths.track, element: <TrackPage /> },
      { path: paths.trackLink.pattern, element: <TrackLinkPage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            path: TRANSFER_PRINT_ROUTE.path,
            element: (
              <RequireCapability requires={TRANSFER_PRINT_ROUTE.requires}>
                <TransferPrintPage />
              </RequireCapability>
            ),
          },
          {
            path: GOODS_RECEIPT_PRINT_ROUTE.path,
            element: (
              <RequireCapability requires={GOODS_RECEIPT_PRINT_ROUTE.requires}>
                <GoodsReceiptPrintPage />
              </RequireCapability>
            ),
          },
          {
            path: SERVICE_REPORT_PRINT_ROUTE.path,
            element: (
              <RequireCapability requires={SERVICE_REPORT_PRINT_ROUTE.requires}>
                <ServiceReportPage />
              </RequireCapability>
            ),
          },
          {
            element: <ShellLayout />,
            children: [
              { path: paths.landing, element: <LandingPage /> },
              {
                path: paths.bookAppointment,
                element: (
                  <RequireCapability requires={BOOK_APPOINTMENT_REQUIRES}>
                    <BookAppointmentPage />
                  </RequireCapability>
                ),
              },
              {
                path: paths.dashboard,
                children: [
                  { index: true, element: <DashboardHomePage /> },
                  ...DASHBOARD_ROUTES.map((route) => ({
                    path: route.path,
                    element: <RequireCapability requires={route.requires}>{dashboardPage(route)}</RequireCapability>,
                  })),
                  { path: '*', element: <NotFoundPage inShell /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
