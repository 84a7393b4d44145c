import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertCircle, IconClockPause } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/errors';

/** What a failed lookup tells the customer: not found, wait (with the time), or what went wrong. */
export function TrackingProblem({ error, notFound, action }: { error: unknown; notFound: 'number' | 'link'; action?: ReactNode }) {
  const { t } = useTranslation();
  if (isApiError(error) && error.code === 'rate_limited') {
    const minutes = Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60));
    return (
      <Alert color="orange" variant="light" icon={<IconClockPause size={18} />} title={t('tracking.errors.rateLimitedTitle')} data-testid="tracking-rate-limited">
        {t('tracking.errors.rateLimited', { minutes })}
        {action}
      </Alert>
    );
  }
  if (isApiError(error) && error.status === 404) {
    const link = notFound === 'link';
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t(link ? 'tracking.errors.linkNotFoundTitle' : 'tracking.errors.notFoundTitle')} data-testid="tracking-not-found">
        {t(link ? 'tracking.errors.linkNotFound' : 'tracking.errors.notFound')}
        {action}
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('tracking.errors.failedTitle')} data-testid="tracking-failed">
      {describeError(t, error)}
      {action}
    </Alert>
  );
}
