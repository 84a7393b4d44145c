import { PasswordInput } from './password-input';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@portal/shared';

/** The "new password + confirm" pair of sign-up, password reset and profile; see newPasswordErrors. */
export function NewPasswordFields({
  inputProps,
  labelKey,
  confirmLabelKey,
  autoFocus = false,
}: {
  inputProps: (path: 'password' | 'confirmPassword') => GetInputPropsReturnType;
  labelKey: string;
  confirmLabelKey: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={t(labelKey)}
        description={t('auth.signup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        required
        data-autofocus={autoFocus || undefined}
        {...inputProps('password')}
        name="password"
      />
      <PasswordInput label={t(confirmLabelKey)} autoComplete="new-password" required {...inputProps('confirmPassword')} name="confirmPassword" />
    </>
  );
}
