import { Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EMAIL_KINDS, type EmailKind } from '@portal/shared';
import { ListError } from '../../../components/list-states';
import { describeError } from '../../../lib/errors';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useEmailPreferences, useSetEmailPreference } from '../api/email-preferences';

/** Per customer e-mail kind: in-app only, or in-app and e-mail (issue #28). Each change saves at once. */
export function EmailPreferencesCard() {
  const { t } = useTranslation();
  const prefs = useEmailPreferences();
  const set = useSetEmailPreference();
  const save = (kind: EmailKind, email: boolean) =>
    set.mutate(
      { kind, email },
      {
        onSuccess: () => toastSuccess('emailPreferences.saved'),
        onError: (error) => toastError('emailPreferences.saveFailed', describeError(t, error)),
      },
    );
  const on = (kind: EmailKind) => prefs.data?.kinds.find((k) => k.kind === kind)?.email ?? true;
  // While a change is saving, its switch shows the choice just made.
  const shown = (kind: EmailKind) => (set.isPending && set.variables?.kind === kind ? set.variables.email : on(kind));

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="email-preferences">
      <Title order={3} fz="lg">
        {t('emailPreferences.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('emailPreferences.hint')}
      </Text>
      {prefs.isPending ? (
        <Skeleton h={240} />
      ) : prefs.isError ? (
        <ListError error={prefs.error} onRetry={() => void prefs.refetch()} />
      ) : (
        <Stack gap="md">
          {EMAIL_KINDS.map((kind) => (
            <Stack key={kind} gap={6}>
              <Text fw={600} size="sm" id={`email-kind-${kind}`}>
                {t(`emailPreferences.kinds.${kind}`)}
              </Text>
              <SegmentedControl
                fullWidth
                aria-labelledby={`email-kind-${kind}`}
                value={shown(kind) ? 'email' : 'app'}
                onChange={(value) => save(kind, value === 'email')}
                disabled={set.isPending}
                data={[
                  { value: 'app', label: t('emailPreferences.inAppOnly') },
                  { value: 'email', label: t('emailPreferences.inAppAndEmail') },
                ]}
                data-testid={`email-pref-${kind}`}
              />
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
