import { lazy, Suspense, useDeferredValue } from 'react';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListLoading } from '../../../components/list-states';
import { useCurrentUser } from '../../../lib/use-session';
import { QuickLinks } from '../quick-links';
import classes from '../quick-links.module.css';
import { useAdminDashboard } from '../admin/get-admin-dashboard';
import { useCustomerDashboard } from '../customer/get-customer-dashboard';
import { useSupervisorDashboard } from '../supervisor/get-supervisor-dashboard';
import { useTechnicianDashboard } from '../technician/get-technician-dashboard';

// Each role's figures in their own chunk: a customer never downloads the supervisor's page.
const SupervisorDashboard = lazy(() => import('../supervisor/supervisor-dashboard'));
const CustomerDashboard = lazy(() => import('../customer/customer-dashboard'));
const TechnicianDashboard = lazy(() => import('../technician/technician-dashboard'));
const AdminDashboard = lazy(() => import('../admin/admin-dashboard'));

/** Each role's figures (PRODUCT.md §5). */
const DASHBOARDS = { admin: AdminDashboard, technician: TechnicianDashboard, whs_supervisor: SupervisorDashboard, customer: CustomerDashboard } as const;

/** Each role's figures query (the role's page reads the same one from the cache). */
const DASHBOARD_QUERIES = {
  admin: useAdminDashboard,
  technician: useTechnicianDashboard,
  whs_supervisor: useSupervisorDashboard,
  customer: useCustomerDashboard,
} as const;

function RoleDashboard({ role }: { role: keyof typeof DASHBOARDS }) {
  const Dashboard = DASHBOARDS[role];
  return <Dashboard />;
}

/** The role's dashboard: a welcome, the role's figures and its quick links. */
export function DashboardHomePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  // The figures are asked for here, beside the role's page code rather than after it arrives.
  // Each role's hook is one useQuery, so a role changed by a profile refresh keeps the hooks' order.
  // The figures are drawn as a transition, in slices, when they arrive: an update of the query
  // cache is otherwise drawn in one blocking task, long on a slow phone (issue #26).
  const figures = useDeferredValue(DASHBOARD_QUERIES[user.role]());
  return (
    <Stack gap="lg" data-testid="dashboard-home">
      <Paper p={{ base: 'lg', sm: 32 }} className={classes.hero}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={6}>
            <Title order={2} c="white" fz={{ base: 22, sm: 28 }}>
              {t('dashboard.welcome', { name: user.name })}
            </Title>
            <Text c="rgba(255,255,255,0.85)">{t('dashboard.signedInAs', { role: t(`roles.${user.role}`) })}</Text>
          </Stack>
          <Badge variant="white" size="lg" data-testid="role-badge">
            {t(`roles.${user.role}`)}
          </Badge>
        </Group>
      </Paper>
      <Suspense fallback={<ListLoading rows={6} />}>
        <RoleDashboard role={user.role} />
      </Suspense>
      {/* Below the figures once they are here: drawn earlier, they would jump down when the
          figures arrive (a layout shift on every visit). */}
      {!figures.isPending && (
        <div>
          <Title order={3} fz="lg" mb="sm">
            {t('dashboard.quickLinks')}
          </Title>
          <QuickLinks role={user.role} />
        </div>
      )}
    </Stack>
  );
}

export default DashboardHomePage;
