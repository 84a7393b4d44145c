import { PasswordInput as MantinePasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Mantine's password field with its show/hide button named in the page's language (Mantine's own label is English only). */
export function PasswordInput(props: PasswordInputProps) {
  const { t } = useTranslation();
  return <MantinePasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': t('common.togglePasswordVisibility'), ...props.visibilityToggleButtonProps }} />;
}
