import type { ReactNode } from 'react';
import { Alert, Grid, Paper, Stack, Textarea, type TextareaProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { FormActions } from './form-actions';

/**
 * A form on a page of its own: its sections in the wide column, and beside them (below them
 * on a phone) the `aside`: what went wrong and the submit panel, kept in view while scrolling.
 */
export function FormPageLayout({ children, aside }: { children: ReactNode; aside: ReactNode }) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">{children}</Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md" pos="sticky" top={80}>
          {aside}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** Why the last submit failed, in the aside of a FormPageLayout. */
export function SubmitFailedAlert({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={title} data-testid={testId}>
      {children}
    </Alert>
  );
}

/** The submit panel of a FormPageLayout: what submitting does (`children`), Cancel (back to `cancelTo`) and submit. */
export function SubmitPanel({
  children,
  cancelTo,
  submitLabel,
  submitting,
  submitIcon,
  submitTestId,
}: {
  children: ReactNode;
  cancelTo: string;
  submitLabel: string;
  submitting: boolean;
  submitIcon: ReactNode;
  submitTestId: string;
}) {
  return (
    <Paper withBorder p="md">
      {children}
      <FormActions cancelTo={cancelTo} gap="sm" submitLabel={submitLabel} submitting={submitting} submitIcon={submitIcon} submitTestId={submitTestId} />
    </Paper>
  );
}

/** A document form's free notes (at most 2,000 characters), in a panel of their own. */
export function FormNotesPanel({ testId, ...props }: Omit<TextareaProps, 'dir' | 'autosize' | 'maxRows' | 'maxLength'> & { testId: string }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Textarea dir="auto" autosize maxRows={8} maxLength={2000} data-testid={testId} {...props} />
    </Paper>
  );
}
