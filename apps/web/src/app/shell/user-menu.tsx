import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconAdjustments, IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../components/ltr';
import { useCurrentUser } from '../../lib/use-session';
import { signOutToSignIn } from '../../features/auth';
import { useConfirmSignOut } from '../../features/offline/shell';
import classes from './shell.module.css';
import { paths } from '../../lib/paths';

export function UserMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  // With work still on the device, it asks first: signing out discards it.
  const signOut = useConfirmSignOut(signOutToSignIn);
  return (
    <Menu position="bottom-end" width={220} shadow="lg" withArrow>
      <Menu.Target>
        {/* The button's name holds the text it shows (the name, on wide screens): initials would be
            visible text missing from it, and too pale on some colours (axe). */}
        <UnstyledButton className={classes.userButton} aria-label={t('header.userMenu.labelFor', { name: user.name })} data-testid="user-menu">
          <Group gap={6} wrap="nowrap">
            <Avatar radius="xl" size={34} color="blue" />
            <Text size="sm" fw={500} dir="auto" maw={160} truncate visibleFrom="md">
              {user.name}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate dir="auto">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            <Ltr>{user.email}</Ltr>
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to={paths.profile} leftSection={<IconUserCircle size={18} />} data-testid="menu-profile">
          {t('header.userMenu.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.preferences} leftSection={<IconAdjustments size={18} />} data-testid="menu-preferences">
          {t('header.userMenu.preferences')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={18} className="mirror-in-rtl" />} onClick={signOut} data-testid="sign-out">
          {t('header.userMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
