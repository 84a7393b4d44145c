import { Menu, Text } from '@mantine/core';
import { IconAdjustments, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../components/ltr';
import { useCurrentUser } from '../../lib/use-session';
import { signOutToSignIn } from '../../features/auth';
import { useConfirmSignOut } from '../../features/offline/shell';
import { usePopupOpened, type OnDemandProps } from '../../components/on-demand';
import { paths } from '../../lib/paths';

/** The user menu itself: loaded when first wanted (user-menu.tsx). */
export default function UserMenuFull({ initiallyOpened, trigger }: OnDemandProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  // With work still on the device, it asks first: signing out discards it.
  const signOut = useConfirmSignOut(signOutToSignIn);
  const [opened, setOpened] = usePopupOpened(initiallyOpened);
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={220} shadow="lg" withArrow>
      <Menu.Target>{trigger()}</Menu.Target>
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
