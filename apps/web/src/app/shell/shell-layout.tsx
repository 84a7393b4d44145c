import { lazy, Suspense, useState } from 'react';
import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useLiveSettings } from '../../lib/public-settings';
import { AppHeader } from './app-header';
import { OfflineBanner } from './connection-status';
import { NavList } from './nav-list';
import classes from './shell.module.css';

const NavDrawer = lazy(() => import('./nav-drawer'));

/**
 * Header on top; on wide screens an icon rail that widens on hover, on phones a drawer
 * sliding in from the start side.
 */
export function ShellLayout() {
  const [drawerOpened, drawer] = useDisclosure(false);
  // The drawer is drawn from its first opening on (and stays, to slide out when closed).
  const [drawerWanted, setDrawerWanted] = useState(false);
  const toggleNav = () => {
    setDrawerWanted(true);
    drawer.toggle();
  };
  useLiveSettings();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 68, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header className={classes.header}>
        <AppHeader navOpened={drawerOpened} onToggleNav={toggleNav} />
      </AppShell.Header>

      <AppShell.Navbar p={8} className={classes.navbar} data-testid="sidebar">
        <AppShell.Section grow className={classes.navScroll}>
          <NavList />
        </AppShell.Section>
      </AppShell.Navbar>

      {drawerWanted && (
        <Suspense fallback={null}>
          <NavDrawer opened={drawerOpened} onClose={drawer.close} />
        </Suspense>
      )}

      <AppShell.Main className={classes.main}>
        <Box maw={1200} mx="auto">
          <OfflineBanner />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
