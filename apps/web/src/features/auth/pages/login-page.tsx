import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { describeError, serverFieldErrors } from '../../../lib/errors';
import { useTranslatedInputProps } from '../../../lib/form';
import { usePublicSettings } from '../../../lib/public-settings';
import { toastError, toastSuccess } from '../../../lib/toast';
import { isProfileNotFound, signInWithPassword } from '../api/sign-in';
import { AuthLayout } from '../components/auth-layout';
import { DemoAccountsCard } from '../components/demo-accounts-card';
import { PasswordInput } from '../../../components/password-input';
import { paths } from '../../../lib/paths';

export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { data: settings } = usePublicSettings();
  const form = useForm({
    initialValues: { email: '', password: '' },
  });
  const inputProps = useTranslatedInputProps(form);
  // Once the session is stored, the public-route guard moves on to ?redirect= or /.
  const signIn = useMutation({
    mutationFn: signInWithPassword,
    onSuccess: () => toastSuccess('toast.signedIn'),
    onError: (error) => {
      if (isProfileNotFound(error)) return toastError('toast.profileNotFound');
      const fields = serverFieldErrors(error);
      if (fields) form.setErrors(fields);
      if (isApiError(error) && error.code === 'invalid_credentials') {
        return toastError('toast.signInFailed', t('toast.invalidCredentials'));
      }
      toastError('toast.signInFailed', describeError(t, error));
    },
  });
  const failure = signIn.error;
  // The checks (zod and the shared schema) load with the first submit, not with the page.
  const submit = form.onSubmit((values) => {
    import('../sign-in-check')
      .then(({ signInFieldErrors }) => {
        const errors = signInFieldErrors(values);
        if (Object.keys(errors).length > 0) form.setErrors(errors);
        else signIn.mutate(values);
      })
      .catch((error: unknown) => toastError('toast.signInFailed', describeError(t, error)));
  });

  const signup = params.get('redirect') ? `${paths.signup}?redirect=${encodeURIComponent(params.get('redirect') ?? '')}` : paths.signup;

  return (
    <AuthLayout
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      below={
        settings?.demo ? (
          <DemoAccountsCard
            demo={settings.demo}
            onPick={(email, password) => {
              form.setValues({ email, password });
              form.clearErrors();
            }}
          />
        ) : undefined
      }
    >
      <form onSubmit={submit} noValidate data-testid="login-form">
        <Stack gap="md">
          {failure && !isProfileNotFound(failure) && !serverFieldErrors(failure) && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="login-error">
              {isApiError(failure) && failure.code === 'invalid_credentials'
                ? t('toast.invalidCredentials')
                : describeError(t, failure)}
            </Alert>
          )}
          <TextInput
            type="email"
            label={t('auth.login.email')}
            autoComplete="email"
            dir="ltr"
            required
            {...inputProps('email')}
          />
          <PasswordInput
            label={t('auth.login.password')}
            autoComplete="current-password"
            required
            {...inputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.forgotPassword} size="sm" data-testid="forgot-link">
              {t('auth.login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={signIn.isPending}>
            {t('auth.login.submit')}
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            {t('auth.login.noAccount')}{' '}
            <Anchor component={Link} to={signup} fw={600} data-testid="signup-link">
              {t('auth.login.signupLink')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}

export default LoginPage;
