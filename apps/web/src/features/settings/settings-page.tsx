import { Badge, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconHistory, IconHourglassHigh, IconSpeakerphone, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can, type Capability } from '@portal/shared';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../lib/session-store';
import classes from './settings-page.module.css';

interface SettingsSection {
  id: string;
  to: string;
  icon: Icon;
  color: string;
  titleKey: string;
  bodyKey: string;
  requires: Capability;
}

const SECTIONS: readonly SettingsSection[] = [
  {
    id: 'announcements',
    to: '/dashboard/settings/announcements',
    icon: IconSpeakerphone,
    color: 'indigo',
    titleKey: 'announcements.title',
    bodyKey: 'settings.announcementsBody',
    requires: 'announce:notification:any',
  },
  {
    id: 'audit',
    to: '/dashboard/audit',
    icon: IconHistory,
    color: 'grape',
    titleKey: 'audit.title',
    bodyKey: 'settings.auditBody',
    requires: 'read:audit:any',
  },
];

/** The settings hub: one card per settings screen the admin may open. */
export function SettingsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const sections = SECTIONS.filter((section) => can(user.role, section.requires));
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="settings-hub">
        {sections.map((section) => (
          <UnstyledButton
            key={section.id}
            component={Link}
            to={section.to}
            className={classes.card}
            data-testid={`settings-card-${section.id}`}
          >
            <Group gap="md" wrap="nowrap" align="flex-start">
              <ThemeIcon size={44} radius="md" variant="light" color={section.color}>
                <section.icon size={24} stroke={1.7} />
              </ThemeIcon>
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Title order={3} fz="md">
                  {t(section.titleKey)}
                </Title>
                <Text size="sm" c="dimmed">
                  {t(section.bodyKey)}
                </Text>
              </Stack>
              <IconChevronRight size={18} className="mirror-in-rtl" style={{ flex: 'none', marginTop: 12 }} />
            </Group>
          </UnstyledButton>
        ))}
        <Paper withBorder p="lg" radius="md" className={classes.later} data-testid="settings-coming-later">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={44} radius="md" variant="light" color="gray">
              <IconHourglassHigh size={24} stroke={1.7} />
            </ThemeIcon>
            <Stack gap={4}>
              <Group gap="xs">
                <Title order={3} fz="md" c="dimmed">
                  {t('settings.moreTitle')}
                </Title>
                <Badge size="xs" variant="light" color="gray">
                  {t('settings.comingLater')}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {t('settings.moreBody')}
              </Text>
            </Stack>
          </Group>
        </Paper>
      </SimpleGrid>
    </>
  );
}

export default SettingsPage;
