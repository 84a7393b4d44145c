import type { ReactNode } from 'react';
import { Group, Paper, Title } from '@mantine/core';

/** One part of the work section: a titled card with its action (start, add, check) at the side. */
export function WorkBlock({ title, action, children, testId }: { title: string; action?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid={testId}>
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={3} fz="md">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}
