import type { ReactNode } from 'react';
import { Button, Group, Text, type MantineSpacing } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The error of a form as a whole (`form.errors.form`, not a field's), when there is one. */
export function FormError({ error }: { error: ReactNode }) {
  if (typeof error !== 'string') return null;
  return (
    <Text c="red" size="sm" role="alert">
      {error}
    </Text>
  );
}

/**
 * A form's closing buttons, at the end: Cancel (`onCancel` in a modal, or a link back to
 * `cancelTo` on a page of its own) and the submit button.
 */
export function FormActions({
  onCancel,
  cancelTo,
  submitLabel,
  submitting,
  submitIcon,
  submitTestId,
  gap,
}: ({ onCancel: () => void; cancelTo?: never } | { cancelTo: string; onCancel?: never }) & {
  submitLabel: string;
  submitting: boolean;
  submitIcon?: ReactNode;
  submitTestId?: string;
  gap?: MantineSpacing;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap={gap}>
      {cancelTo === undefined ? (
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      ) : (
        <Button variant="default" component={Link} to={cancelTo}>
          {t('common.cancel')}
        </Button>
      )}
      <Button type="submit" loading={submitting} leftSection={submitIcon} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </Group>
  );
}
