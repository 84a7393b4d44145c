import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZSignupRequest } from '@portal/shared';
import { isApiError } from '../../../lib/api-client';
import { updateCurrentUser } from '../../../lib/current-user';
import { currentLanguage } from '../../../lib/i18n';
import { describeError, serverFieldErrors } from '../../../lib/errors';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { useTranslatedInputProps } from '../../../lib/form';
import { newPasswordErrors, zodFieldErrors } from '../../../lib/form-validation';
import { toastError, toastSuccess } from '../../../lib/toast';
import { signUp } from '../api/sign-up';
import { AuthLayout } from '../components/auth-layout';
import { signInUrl } from '../sign-in-handoff';

interface SignupValues {
  name: string;
  email: string;
  mobile: string;
  password: string;
  confirmPassword: string;
}

export function validateSignup(values: SignupValues): Record<string, string> {
  return newPasswordErrors(values, zodFieldErrors(ZSignupRequest, values));
}

export function SignupPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const form = useForm<SignupValues>({
    initialValues: { name: '', email: '', mobile: '', password: '', confirmPassword: '' },
    validate: validateSignup,
  });
  const inputProps = useTranslatedInputProps(form);
  const signup = useMutation({
    mutationFn: (values: SignupValues) =>
      signUp({
        name: values.name,
        email: values.email.trim().toLowerCase(),
        mobile: values.mobile,
        password: values.password,
      }),
    onSuccess: (session) => {
      toastSuccess('toast.accountCreated');
      // The account speaks the language it was created in (best effort).
      const lang = currentLanguage(i18n);
      if (session.user.language !== lang) updateCurrentUser({ language: lang }).catch(() => undefined);
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) form.setErrors(fields);
      if (isApiError(error) && error.code === 'email_taken') form.setFieldError('email', 'email_taken');
      toastError('toast.createAccountFailed', describeError(t, error));
    },
  });
  const failure = signup.error;
  const showAlert = failure && !serverFieldErrors(failure) && !(isApiError(failure) && failure.code === 'email_taken');
  const login = signInUrl(params.get('redirect') ?? undefined);

  return (
    <AuthLayout title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')}>
      <form onSubmit={form.onSubmit((values) => signup.mutate(values))} noValidate data-testid="signup-form">
        <Stack gap="md">
          {showAlert && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
              {describeError(t, failure)}
            </Alert>
          )}
          <TextInput label={t('auth.signup.name')} autoComplete="name" dir="auto" required {...inputProps('name')} name="name" />
          <TextInput
            type="email"
            label={t('auth.signup.email')}
            autoComplete="email"
            dir="ltr"
            required
            {...inputProps('email')}
            name="email"
          />
          <TextInput
            type="tel"
            label={t('auth.signup.mobile')}
            description={t('auth.signup.mobileHint')}
            autoComplete="tel"
            inputMode="tel"
            dir="ltr"
            required
            {...inputProps('mobile')}
            name="mobile"
          />
          <NewPasswordFields inputProps={inputProps} labelKey="auth.signup.password" confirmLabelKey="auth.signup.confirmPassword" />
          <Button type="submit" size="md" fullWidth loading={signup.isPending}>
            {t('auth.signup.submit')}
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            {t('auth.signup.haveAccount')}{' '}
            {/* The sign-in page is the server's, outside the app: a plain link (decision 019). */}
            <Anchor href={login} fw={600}>
              {t('auth.signup.loginLink')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}

export default SignupPage;
