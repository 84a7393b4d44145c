import { Badge, Button, Grid, Group, Paper, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ADDRESS_MAX_LENGTH, ZMobile, ZName } from '@portal/shared';
import { ListError } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { fetchCurrentUser, updateCurrentUser } from '../../../lib/current-user';
import { SERVICE_OPTIONS_KEY } from '../../../lib/service-options';
import { describeError, serverFieldErrors } from '../../../lib/errors';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { useTranslatedInputProps } from '../../../lib/form';
import { newPasswordErrors, zodFieldErrors } from '../../../lib/form-validation';
import { useCurrentUser } from '../../../lib/use-session';
import { toastError, toastSuccess } from '../../../lib/toast';

const ZDetails = z.object({ name: ZName, mobile: ZMobile });
const ZAddress = z.object({ address: z.string().trim().max(ADDRESS_MAX_LENGTH, { message: 'too_long' }) });
const profileKey = ['auth', 'user'] as const;

/** A customer's default service address: new requests and bookings start from it (PUT /api/auth/user). */
function AddressForm() {
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: profileKey, queryFn: () => fetchCurrentUser() });
  if (profile.isPending) return <Skeleton h={140} />;
  if (profile.isError) return <ListError error={profile.error} onRetry={() => void profile.refetch()} />;
  return <AddressFields initial={profile.data.address ?? ''} onSaved={() => void queryClient.invalidateQueries({ queryKey: SERVICE_OPTIONS_KEY })} />;
}

function AddressFields({ initial, onSaved }: { initial: string; onSaved: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: { address: initial }, validate: (values) => zodFieldErrors(ZAddress, values) });
  const inputProps = useTranslatedInputProps(form);
  const save = useMutation({
    mutationFn: (values: { address: string }) => updateCurrentUser({ address: values.address.trim() || null }),
    onSuccess: (updated) => {
      form.resetDirty({ address: updated.address ?? '' });
      form.setValues({ address: updated.address ?? '' });
      toastSuccess('toast.profileUpdated');
      onSaved();
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) form.setErrors(fields);
      toastError('toast.profileUpdateFailed', describeError(t, error));
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate data-testid="address-form">
      <Stack gap="md">
        <Textarea
          label={t('profile.address')}
          description={t('profile.addressHint')}
          dir="auto"
          autosize
          minRows={2}
          maxRows={5}
          maxLength={ADDRESS_MAX_LENGTH}
          autoComplete="street-address"
          data-testid="profile-address"
          {...inputProps('address')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()} data-testid="profile-address-save">
            {t('common.saveChanges')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

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
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title={t('profile.title')} subtitle={t('profile.subtitle')} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="lg">
            <DetailsForm />
            {user.role === 'customer' && (
              <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
                <AddressForm />
              </Paper>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <PasswordForm />
        </Grid.Col>
      </Grid>
    </>
  );
}

export default ProfilePage;
