import { lazy } from 'react';
import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OnDemand, type OnDemandTriggerProps } from '../../components/on-demand';
import { useCurrentUser } from '../../lib/use-session';
import classes from './shell.module.css';

const UserMenuFull = lazy(() => import('./user-menu-full'));

/** The header's account button: the user's avatar, and their name on wide screens. */
function UserMenuButton(props: OnDemandTriggerProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  // The button's name holds the text it shows (the name, on wide screens): initials would be
  // visible text missing from it, and too pale on some colours (axe).
  return (
    <UnstyledButton className={classes.userButton} aria-label={t('header.userMenu.labelFor', { name: user.name })} data-testid="user-menu" {...props}>
      <Group gap={6} wrap="nowrap">
        <Avatar radius="xl" size={34} color="blue" />
        <Text size="sm" fw={500} dir="auto" maw={160} truncate visibleFrom="md">
          {user.name}
        </Text>
        <IconChevronDown size={14} />
      </Group>
    </UnstyledButton>
  );
}

const trigger = (props: OnDemandTriggerProps) => <UserMenuButton {...props} />;

/** The account menu (profile, preferences, sign out); its menu code comes when first wanted. */
export function UserMenu() {
  return <OnDemand trigger={trigger} popup="menu" Full={UserMenuFull} props={{}} />;
}
