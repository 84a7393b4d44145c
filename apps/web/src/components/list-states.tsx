import type { ReactNode } from 'react';
import { Alert, Button, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconFilterOff, IconInbox, IconRefresh } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../lib/errors';

/**
 * The states every list (and every screen that waits for data) shows: loading, empty and error.
 * Strings are keys under `list.` in both languages. Apart from the list controls
 * (list-controls.tsx) so that a screen showing only a state — the dashboard — does not load the
 * search box, the page-size select and their popover code (issue #26).
 */

export function ListLoading({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="status" aria-label={t('app.loading')} data-testid="list-loading">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={36} radius="sm" />
      ))}
    </Stack>
  );
}

export function ListEmpty({
  filtered = false,
  onReset,
  title,
  body,
  icon: IconComponent = IconInbox,
  action,
}: {
  /** Nothing matches the search or filters (rather than nothing at all). */
  filtered?: boolean;
  onReset?: () => void;
  title?: string;
  body?: string;
  icon?: Icon;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl" radius="md" data-testid="list-empty">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={52} radius="xl" variant="light" color="gray">
          {filtered ? <IconFilterOff size={26} /> : <IconComponent size={26} />}
        </ThemeIcon>
        <Text fw={600}>{title ?? (filtered ? t('list.noMatchesTitle') : t('list.emptyTitle'))}</Text>
        <Text size="sm" c="dimmed" maw={420}>
          {body ?? (filtered ? t('list.noMatchesBody') : t('list.emptyBody'))}
        </Text>
        {filtered && onReset ? (
          <Button variant="light" onClick={onReset}>
            {t('list.reset')}
          </Button>
        ) : (
          action
        )}
      </Stack>
    </Paper>
  );
}

export function ListError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('list.errorTitle')} data-testid="list-error">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{describeError(t, error)}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
