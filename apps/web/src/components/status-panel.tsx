import type { ReactNode } from 'react';
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** The look shared by "not available yet", "not found" and "not allowed". */
export function StatusPanel({
  icon: IconComponent,
  color = 'blue',
  code,
  title,
  body,
  action,
  testId,
  compact = false,
}: {
  icon: Icon;
  color?: string;
  code?: string;
  title: string;
  body: string;
  action?: ReactNode;
  testId?: string;
  /** Below a page title: less space above. */
  compact?: boolean;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} maw={640} mx="auto" mt={compact ? 0 : { base: 'md', sm: 48 }} data-testid={testId}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color={color}>
          <IconComponent size={38} stroke={1.6} />
        </ThemeIcon>
        {code && (
          <Text fw={800} fz={44} lh={1} c={color} dir="ltr" style={{ letterSpacing: 2 }}>
            {code}
          </Text>
        )}
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        <Text c="dimmed" maw={460}>
          {body}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}
