import { useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZEmail } from '@portal/shared';
import { describeError, serverFieldErrors } from '../../../lib/errors';
import { useTranslatedInputProps } from '../../../lib/form';
import { zodFieldErrors } from '../../../lib/form-validation';
import { toastError, toastSuccess } from '../../../lib/toast';
import { requestPasswordReset } from '../api/recover';
import { AuthLayout } from '../components/auth-layout';
import { paths } from '../../../lib/paths';

const ZForgotForm = z.object({ email: ZEmail });

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: (values) => zodFieldErrors(ZForgotForm, values),
  });
  const inputProps = useTranslatedInputProps(form);
  const recover = useMutation({
    mutationFn: (values: { email: string }) => requestPasswordReset(values.email),
    onSuccess: (_data, values) => {
      setSentTo(values.email.trim().toLowerCase());
      toastSuccess('toast.resetSent');
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) form.setErrors(fields);
      toastError('toast.resetSendFailed', describeError(t, error));
    },
  });

  const backLink = (
    <Anchor component={Link} to={paths.login} size="sm" fw={600} data-testid="back-to-login">
      <IconArrowLeft size={14} className="mirror-in-rtl" style={{ verticalAlign: 'middle' }} /> {t('auth.forgot.backToLogin')}
    </Anchor>
  );

  if (sentTo) {
    return (
      <AuthLayout title={t('auth.forgot.sentTitle')}>
        <Stack align="center" ta="center" gap="md" data-testid="reset-sent">
          <ThemeIcon size={64} radius="xl" variant="light" color="teal">
            <IconMailCheck size={34} />
          </ThemeIcon>
          <Text>
            {/* FSI … PDI keep the email left to right inside an Arabic sentence. */}
            {t('auth.forgot.sentBody', { email: `\u2068${sentTo}\u2069` })}
          </Text>
          {backLink}
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <form onSubmit={form.onSubmit((values) => recover.mutate(values))} noValidate data-testid="forgot-form">
        <Stack gap="md">
          <TextInput type="email" label={t('auth.forgot.email')} autoComplete="email" dir="ltr" required {...inputProps('email')} />
          <Button type="submit" size="md" fullWidth loading={recover.isPending}>
            {t('auth.forgot.submit')}
          </Button>
          <Text ta="center">{backLink}</Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}

export default ForgotPasswordPage;
