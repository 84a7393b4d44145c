import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role } from '@portal/shared';
import { navItemsFor } from '../../lib/navigation';
import classes from './quick-links.module.css';

/** Cards for the role's main pages: the sidebar's items, less the dashboard itself. */
export function QuickLinks({ role }: { role: Role }) {
  const { t } = useTranslation();
  const items = navItemsFor(role).filter((item) => item.id !== 'dashboard');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="quick-links">
      {items.map((item) => {
        const Icon = item.icon;
        return (
          <Card
            key={item.id}
            component={Link}
            to={item.to}
            withBorder
            padding="lg"
            className={classes.card}
            data-testid={`quick-link-${item.id}`}
          >
            <Group justify="space-between" wrap="nowrap">
              <Group gap="md" wrap="nowrap">
                <ThemeIcon size={44} radius="md" variant="light">
                  <Icon size={24} stroke={1.6} />
                </ThemeIcon>
                <Text fw={600}>{t(item.labelKey)}</Text>
              </Group>
              <IconChevronRight size={18} className={`mirror-in-rtl ${classes.chevron}`} />
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
