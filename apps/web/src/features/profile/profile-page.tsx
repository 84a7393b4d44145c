import { Badge, Button, Grid, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZMobile, ZName } from '@portal/shared';
import { PageHeader } from '../../components/page-header';
import { updateCurrentUser } from '../../lib/current-user';
import { describeError, serverFieldErrors } from '../../lib/errors';
import { NewPasswordFields } from '../../components/new-password-fields';
import { newPasswordErrors, useTranslatedInputProps, zodFieldErrors } from '../../lib/form';
import { useCurrentUser } from '../../lib/session-store';
import { toastError, toastSuccess } from '../../lib/toast';

const ZDetails = z.object({ name: ZName, mobile: ZMobile });

function DetailsForm() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const form = useForm({
    initialValues: { name: user.name, mobile: user.mobile ?? '' },
    validate: (values) => zodFieldErrors(ZDetails, values),
  });
  const inputProps = useTranslatedInputProps(form);
  const save = useMutation({
    mutationFn: (values: { name: string; mobile: string }) =>
      updateCurrentUser({ name: values.name.trim(), mobile: values.mobile.trim() }),
    onSuccess: (updated) => {
      form.resetDirty({ name: updated.name, mobile: updated.mobile ?? '' });
      toastSuccess('toast.profileUpdated');
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) form.setErrors(fields);
      toastError('toast.profileUpdateFailed', describeError(t, error));
    },
  });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Title order={3} fz="lg" mb="md">
        {t('profile.detailsTitle')}
      </Title>
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate data-testid="profile-form">
        <Stack gap="md">
          <TextInput label={t('profile.name')} dir="auto" required autoComplete="name" {...inputProps('name')} />
          <TextInput
            label={t('profile.mobile')}
            type="tel"
            dir="ltr"
            required
            autoComplete="tel"
            {...inputProps('mobile')}
          />
          <TextInput label={t('profile.email')} description={t('profile.emailHint')} value={user.email} dir="ltr" readOnly variant="filled" data-testid="profile-email" />
          <Group justify="space-between" align="center">
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('profile.role')}:
              </Text>
              <Badge variant="light">{t(`roles.${user.role}`)}</Badge>
            </Group>
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              {t('common.saveChanges')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: (values) => newPasswordErrors(values),
  });
  const inputProps = useTranslatedInputProps(form);
  const change = useMutation({
    mutationFn: (values: { password: string }) => updateCurrentUser({ password: values.password }),
    onSuccess: () => {
      form.reset();
      toastSuccess('toast.passwordUpdated');
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) form.setErrors(fields);
      toastError('toast.updatePasswordFailed', describeError(t, error));
    },
  });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Title order={3} fz="lg" mb={4}>
        {t('profile.passwordTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('profile.passwordHint')}
      </Text>
      <form onSubmit={form.onSubmit((values) => change.mutate(values))} noValidate data-testid="password-form">
        <Stack gap="md">
          <NewPasswordFields inputProps={inputProps} labelKey="profile.newPassword" confirmLabelKey="profile.confirmPassword" />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t('profile.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('profile.title')} subtitle={t('profile.subtitle')} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DetailsForm />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <PasswordForm />
        </Grid.Col>
      </Grid>
    </>
  );
}

export default ProfilePage;
