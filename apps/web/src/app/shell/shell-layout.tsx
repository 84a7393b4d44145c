import { Suspense } from 'react';
import { AppShell, Box, Drawer, Group, ScrollArea, Text, useDirection } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/brand-mark';
import { PageLoader } from '../../components/page-loader';
import { useLiveSettings, usePublicSettings } from '../../lib/public-settings';
import { AppHeader } from './app-header';
import { OfflineBanner } from './connection-status';
import { NavList } from './nav-list';
import classes from './shell.module.css';

/**
 * Header on top; on wide screens an icon rail that widens on hover, on phones a drawer
 * sliding in from the start side.
 */
export function ShellLayout() {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const [drawerOpened, drawer] = useDisclosure(false);
  const { data: settings } = usePublicSettings();
  useLiveSettings();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 68, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header className={classes.header}>
        <AppHeader navOpened={drawerOpened} onToggleNav={drawer.toggle} />
      </AppShell.Header>

      <AppShell.Navbar p={8} className={classes.navbar} data-testid="sidebar">
        <AppShell.Section grow component={ScrollArea} scrollbars="y" type="never">
          <NavList />
        </AppShell.Section>
      </AppShell.Navbar>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        position={dir === 'rtl' ? 'right' : 'left'}
        size={288}
        hiddenFrom="sm"
        padding="sm"
        closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
        title={
          <Group gap="xs" wrap="nowrap">
            <BrandMark size={30} />
            <Text fw={800} dir="auto">{settings?.company_name ?? t('app.name')}</Text>
          </Group>
        }
        data-testid="nav-drawer"
      >
        <NavList onNavigate={drawer.close} />
      </Drawer>

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
