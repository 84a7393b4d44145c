import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { TAdminUser } from '@portal/shared';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { Ltr } from '../../../components/ltr';
import { useTranslatedInputProps } from '../../../lib/form';
import { newPasswordErrors, type NewPasswordValues } from '../../../lib/form-validation';

/** The new password for another user, typed twice; the page asks for confirmation before sending it. */
export function ResetPasswordForm({ user, onSubmit, onCancel }: { user: TAdminUser; onSubmit: (password: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const form = useForm<NewPasswordValues>({
    initialValues: { password: '', confirmPassword: '' },
    validate: (values) => newPasswordErrors(values),
  });
  const inputProps = useTranslatedInputProps(form);
  return (
    <form onSubmit={form.onSubmit((v) => onSubmit(v.password))} noValidate data-testid="reset-user-password-form">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('users.resetPasswordBody', { name: user.name })} <Ltr>{user.email}</Ltr>
        </Text>
        <NewPasswordFields inputProps={inputProps} labelKey="users.newPassword" confirmLabelKey="users.confirmPassword" autoFocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="orange" data-testid="reset-user-password-submit">
            {t('users.resetPassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
