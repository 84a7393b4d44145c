import { NavLink as MantineNavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isNavItemActive, navItemsFor } from '../../lib/navigation';
import { useCurrentUser } from '../../lib/use-session';
import classes from './shell.module.css';

/** The role's navigation, from the one nav definition filtered by the capability table. */
export function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { pathname } = useLocation();
  return (
    <Stack gap={0} component="nav" aria-label={t('nav.label')} data-testid="sidebar-nav">
      {navItemsFor(user.role).map((item) => {
        const Icon = item.icon;
        const active = isNavItemActive(item, pathname);
        return (
          <MantineNavLink
            key={item.id}
            component={Link}
            to={item.to}
            label={t(item.labelKey)}
            leftSection={<Icon size={22} stroke={1.6} />}
            active={active}
            aria-current={active ? 'page' : undefined}
            variant="light"
            noWrap
            onClick={onNavigate}
            classNames={{ root: classes.link, label: classes.label }}
            data-testid={`nav-${item.id}`}
          />
        );
      })}
    </Stack>
  );
}
