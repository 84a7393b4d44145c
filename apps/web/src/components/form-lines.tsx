import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

/**
 * The lines of a new document (a transfer's, a goods receipt's): a titled panel with how many
 * there are, the lines (`children`), an error about the lines as a whole and the button that
 * adds one.
 */
export function FormLinesPanel({
  title,
  count,
  error,
  addLabel,
  onAdd,
  addDisabled,
  addTestId,
  children,
}: {
  title: string;
  /** "3 lines", worded by the caller. */
  count: string;
  error?: string;
  addLabel: string;
  onAdd: () => void;
  addDisabled?: boolean;
  addTestId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="md">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {count}
        </Text>
      </Group>
      <Stack gap="sm">
        {children}
        {error && (
          <Text c="red" size="sm">
            {error}
          </Text>
        )}
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} />} disabled={addDisabled} onClick={onAdd} data-testid={addTestId}>
            {addLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The bin at the end of a form line, level with the line's inputs (below their labels). */
export function RemoveLineButton({ label, disabled, onClick, testId }: { label: string; disabled: boolean; onClick: () => void; testId: string }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="red" mt={26} size="lg" disabled={disabled} onClick={onClick} aria-label={label} data-testid={testId}>
        <IconTrash size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
