import { Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconHistory, IconSpeakerphone, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can, type Capability } from '@portal/shared';
import { useCurrentUser } from '../../../lib/use-session';
import classes from '../pages/settings-page.module.css';
import { paths } from '../../../lib/paths';

interface SettingsTool {
  id: string;
  to: string;
  icon: Icon;
  color: string;
  titleKey: string;
  bodyKey: string;
  requires: Capability;
}

const TOOLS: readonly SettingsTool[] = [
  {
    id: 'announcements',
    to: paths.announcements,
    icon: IconSpeakerphone,
    color: 'indigo',
    titleKey: 'announcements.title',
    bodyKey: 'settings.announcementsBody',
    requires: 'announce:notification:any',
  },
  {
    id: 'audit',
    to: paths.audit,
    icon: IconHistory,
    color: 'grape',
    titleKey: 'audit.title',
    bodyKey: 'settings.auditBody',
    requires: 'read:audit:any',
  },
];

/** The other settings screens the admin may open, one card each. */
export function SettingsTools() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const tools = TOOLS.filter((tool) => can(user.role, tool.requires));
  if (!tools.length) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="settings-hub">
      {tools.map((tool) => (
        <UnstyledButton key={tool.id} component={Link} to={tool.to} className={classes.card} data-testid={`settings-card-${tool.id}`}>
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={44} radius="md" variant="light" color={tool.color}>
              <tool.icon size={24} stroke={1.7} />
            </ThemeIcon>
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Title order={3} fz="md">
                {t(tool.titleKey)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(tool.bodyKey)}
              </Text>
            </Stack>
            <IconChevronRight size={18} className="mirror-in-rtl" style={{ flex: 'none', marginTop: 12 }} />
          </Group>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
