import { Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TTrackRequest } from '@portal/shared';
import { serverFieldErrors } from '../../../lib/errors';
import { toFormPaths, useTranslatedInputProps } from '../../../lib/form';
import { trackByNumber } from '../api/tracking';
import { TrackingLayout } from '../components/tracking-layout';
import { TrackingProblem } from '../components/tracking-problem';
import { TrackingView } from '../components/tracking-view';
import { WithTrackingMessages } from '../messages';
import { trackFieldErrors } from '../track-check';

/** `/track`: a customer without an account types the request number and their mobile, and sees its progress. */
export function TrackPage() {
  return (
    <WithTrackingMessages>
      <TrackForm />
    </WithTrackingMessages>
  );
}

function TrackForm() {
  const { t } = useTranslation();
  const form = useForm<TTrackRequest>({ initialValues: { number: '', mobile: '' } });
  const inputProps = useTranslatedInputProps(form);
  const track = useMutation({
    mutationFn: trackByNumber,
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) form.setErrors(toFormPaths(fields));
    },
  });
  const submit = form.onSubmit((values) => {
    const errors = trackFieldErrors(values);
    if (Object.keys(errors).length > 0) return form.setErrors(errors);
    track.mutate(values);
  });

  if (track.data) {
    return (
      <TrackingLayout>
        <TrackingView view={track.data} />
        <Button
          variant="default"
          leftSection={<IconSearch size={16} />}
          onClick={() => {
            track.reset();
            form.reset();
          }}
          data-testid="tracking-another"
        >
          {t('tracking.form.another')}
        </Button>
      </TrackingLayout>
    );
  }

  return (
    <TrackingLayout>
      <Text c="dimmed">{t('tracking.subtitle')}</Text>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={submit} noValidate data-testid="tracking-form">
          <Stack gap="md">
            {track.isError && !serverFieldErrors(track.error) && <TrackingProblem error={track.error} notFound="number" />}
            <TextInput
              label={t('tracking.form.number')}
              description={t('tracking.form.numberHint')}
              dir="ltr"
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={40}
              required
              data-testid="tracking-number-input"
              {...inputProps('number')}
            />
            <TextInput
              label={t('tracking.form.mobile')}
              description={t('tracking.form.mobileHint')}
              type="tel"
              inputMode="tel"
              dir="ltr"
              autoComplete="tel"
              maxLength={40}
              required
              data-testid="tracking-mobile-input"
              {...inputProps('mobile')}
            />
            <Button type="submit" loading={track.isPending} leftSection={<IconSearch size={16} />} data-testid="tracking-submit">
              {t('tracking.form.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </TrackingLayout>
  );
}

export default TrackPage;
