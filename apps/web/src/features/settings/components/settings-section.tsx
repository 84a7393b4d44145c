import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

/** One card of the settings form; `settings-<id>` is where a first error scrolls to (see sectionOf). */
export function SettingsSection({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} id={`settings-${id}`} data-testid={`settings-section-${id}`}>
      <Stack gap={4} mb="md">
        <Title order={3} fz="lg">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Paper>
  );
}
