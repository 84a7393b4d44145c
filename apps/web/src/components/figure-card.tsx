import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Ltr } from './ltr';

/** A dashboard figure: its label, value (digits left to right) and icon, linking to the list behind it. */
export function FigureCard({ label, hint, value, to, icon: FigureIcon, color, testId }: { label: string; hint?: string; value: string; to: string; icon: Icon; color: string; testId: string }) {
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="md" data-testid={testId} style={{ textDecoration: 'none', color: 'inherit' }}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fw={700} fz={24} data-testid={`${testId}-value`} style={{ whiteSpace: 'nowrap' }}>
            <Ltr>{value}</Ltr>
          </Text>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
        <ThemeIcon size={40} radius="md" variant="light" color={color} style={{ flex: 'none' }}>
          <FigureIcon size={22} stroke={1.6} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}
