import { Box, Burger, Divider, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/brand-mark';
import { LanguageSwitch } from '../../components/language-switch';
import { usePublicSettings } from '../../lib/public-settings';
import { useCurrentUser } from '../../lib/use-session';
import { NotificationBell } from '../../features/notifications';
import { TechnicianOutboxBadge } from '../../features/offline/shell';
import { handleUnauthorized } from '../../features/auth';
import { ConnectionStatus } from './connection-status';
import { SupportButton } from './support-button';
import { UserMenu } from './user-menu';
import classes from './shell.module.css';
import { paths } from '../../lib/paths';

export function AppHeader({ navOpened, onToggleNav }: { navOpened: boolean; onToggleNav: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { data: settings } = usePublicSettings();
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap" className={classes.welcome}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? t('nav.closeMenu') : t('nav.openMenu')}
          data-testid="nav-burger"
        />
        <Box visibleFrom="sm">
          <Link to={paths.landing} className={classes.brandLink} data-testid="home-link" aria-label={settings?.company_name ?? t('app.name')}>
            <BrandMark size={34} />
            <Text fw={800} size="lg" visibleFrom="md" dir="auto" style={{ whiteSpace: 'nowrap' }}>
              {settings?.company_name ?? t('app.name')}
            </Text>
          </Link>
        </Box>
        <Divider orientation="vertical" visibleFrom="md" my={14} />
        <Text fw={600} truncate="end" data-testid="welcome" className={classes.welcome} visibleFrom="sm">
          {t('header.welcome', { name: user.name })}
        </Text>
        {/* Phones: the first name is what fits beside the burger and the header's buttons. */}
        <Text fw={600} size="sm" truncate="end" className={classes.welcome} hiddenFrom="sm" data-testid="welcome-short">
          {t('header.welcome', { name: user.name.trim().split(/\s+/)[0] })}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap">
        {/* A technician's actions waiting to sync (nothing shown while none wait). */}
        <TechnicianOutboxBadge onUnauthorized={handleUnauthorized} />
        <ConnectionStatus />
        <LanguageSwitch />
        <NotificationBell />
        <SupportButton />
        <UserMenu />
      </Group>
    </Group>
  );
}
