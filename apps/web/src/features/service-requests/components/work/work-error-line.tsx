import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../../lib/errors';

/** The last failed work call of a block, worded for the reader. */
export function WorkErrorLine({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert color="red" variant="light" mt="sm" data-testid="work-error">
      {describeError(t, error)}
    </Alert>
  );
}
