import { useEffect, useState } from 'react';
import { Button, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLinkOff, IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { updateCurrentUser } from '../../../lib/current-user';
import { describeError, serverFieldErrors } from '../../../lib/errors';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { useTranslatedInputProps } from '../../../lib/form';
import { newPasswordErrors, type NewPasswordValues } from '../../../lib/form-validation';
import { useSession } from '../../../lib/use-session';
import { toastError } from '../../../lib/toast';
import { exchangeRecoveryCode } from '../api/exchange-recovery-code';
import { AuthLayout } from '../components/auth-layout';
import { signOut } from '../sign-out';
import { goToSignIn } from '../sign-in-handoff';
import { paths } from '../../../lib/paths';



function Blocked({ titleKey, bodyKey, testId }: { titleKey: string; bodyKey: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t(titleKey)}>
      <Stack align="center" ta="center" gap="md" data-testid={testId}>
        <ThemeIcon size={64} radius="xl" variant="light" color={testId === 'reset-invalid' ? 'red' : 'indigo'}>
          {testId === 'reset-invalid' ? <IconLinkOff size={32} /> : <IconMailForward size={32} />}
        </ThemeIcon>
        <Text c="dimmed">{t(bodyKey)}</Text>
        <Button component={Link} to={paths.forgotPassword} variant="light" fullWidth data-testid="request-new-link">
          {t('auth.reset.requestNew')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}

/**
 * The mailed link lands here with ?code=. The code and this browser's PKCE verifier buy a
 * recovery session (PASSWORD_RECOVERY), which may only set the new password; then the user
 * is signed out and signs in with it.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  // A welcome link (an account an admin created): the same flow, worded as choosing a first password.
  const welcome = params.get('welcome') === '1';
  const session = useSession();
  const [failedCode, setFailedCode] = useState<string | null>(null);

  useEffect(() => {
    if (!code) return;
    let cancelled = false;
    const linkVerifier = new URLSearchParams(window.location.hash.slice(1)).get('verifier');
    // exchangeRecoveryCode runs once per code, so StrictMode's second effect shares the call.
    exchangeRecoveryCode(code, linkVerifier).then(
      () => {
        // The code and the verifier leave the address bar (and the history entry).
        if (!cancelled) setParams(welcome ? { welcome: '1' } : {}, { replace: true });
      },
      () => {
        if (!cancelled) setFailedCode(code);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [code, welcome, setParams]);

  const form = useForm<NewPasswordValues>({
    initialValues: { password: '', confirmPassword: '' },
    validate: (values) => newPasswordErrors(values),
  });
  const inputProps = useTranslatedInputProps(form);
  const update = useMutation({
    mutationFn: (values: NewPasswordValues) => updateCurrentUser({ password: values.password }),
    onSuccess: async () => {
      await signOut();
      goToSignIn({ notice: { kind: 'success', title: 'toast.passwordUpdated' } });
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) form.setErrors(fields);
      toastError('toast.updatePasswordFailed', describeError(t, error));
    },
  });

  if (code && failedCode === code) {
    return <Blocked titleKey="auth.reset.invalidTitle" bodyKey={welcome ? 'auth.reset.welcomeInvalidBody' : 'auth.reset.invalidBody'} testId="reset-invalid" />;
  }
  if (code) {
    return (
      <AuthLayout title={t(welcome ? 'auth.reset.welcomeTitle' : 'auth.reset.title')}>
        <Stack align="center" gap="md" py="lg" data-testid="reset-verifying">
          <Loader />
          <Text c="dimmed">{t('auth.reset.verifying')}</Text>
        </Stack>
      </AuthLayout>
    );
  }
  if (!session?.recovery) {
    return <Blocked titleKey="auth.reset.noCodeTitle" bodyKey="auth.reset.noCodeBody" testId="reset-no-code" />;
  }

  return (
    <AuthLayout title={t(welcome ? 'auth.reset.welcomeTitle' : 'auth.reset.title')} subtitle={t(welcome ? 'auth.reset.welcomeSubtitle' : 'auth.reset.subtitle')}>
      <form onSubmit={form.onSubmit((values) => update.mutate(values))} noValidate data-testid="reset-form">
        <Stack gap="md">
          <NewPasswordFields inputProps={inputProps} labelKey="auth.reset.newPassword" confirmLabelKey="auth.reset.confirmPassword" autoFocus />
          <Button type="submit" size="md" fullWidth loading={update.isPending}>
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

export default ResetPasswordPage;
