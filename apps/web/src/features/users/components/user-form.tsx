import { Alert, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_MAX_LENGTH, LANGUAGES, ROLES, ZAdminCreateUserRequest, ZAdminUpdateUserRequest, type Language, type Role, type TAdminCreateUserRequest, type TAdminUpdateUserRequest, type TAdminUser } from '@portal/shared';
import { FormActions, FormError } from '../../../components/form-actions';
import { isApiError } from '../../../lib/api-client';
import { describeError, serverFieldErrors } from '../../../lib/errors';
import { useTranslatedInputProps } from '../../../lib/form';
import { zodFieldErrors } from '../../../lib/form-validation';

interface Values {
  name: string;
  email: string;
  mobile: string;
  role: Role;
  language: Language;
  address: string;
}

/**
 * Create an account (name, email, mobile, role, language: a welcome mail lets them choose a
 * password) or edit one (name, mobile, role, and a customer's default service address). The
 * email is the sign-in name and stays as it is.
 */
export function UserForm({
  user,
  onCreate,
  onUpdate,
  onCancel,
  submitting,
}: {
  user: TAdminUser | null;
  onCreate: (body: TAdminCreateUserRequest) => Promise<unknown>;
  onUpdate: (body: TAdminUpdateUserRequest) => Promise<unknown>;
  onCancel: () => void;
  submitting: boolean;
}) {
  const { t, i18n } = useTranslation();
  const toCreate = (v: Values) => ({ name: v.name, email: v.email, mobile: v.mobile.trim() || null, role: v.role, language: v.language });
  const toUpdate = (v: Values) => ({
    name: v.name,
    mobile: v.mobile.trim() || null,
    role: v.role,
    // Only a customer has a default address (the server refuses one for staff).
    ...(v.role === 'customer' ? { address: v.address.trim() || null } : {}),
  });
  const form = useForm<Values>({
    initialValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      mobile: user?.mobile ?? '',
      role: user?.role ?? 'customer',
      language: user?.language ?? (i18n.resolvedLanguage === 'en' ? 'en' : 'ar'),
      address: user?.address ?? '',
    },
    validate: (v) => (user ? zodFieldErrors(ZAdminUpdateUserRequest, toUpdate(v)) : zodFieldErrors(ZAdminCreateUserRequest, toCreate(v))),
  });
  const inputProps = useTranslatedInputProps(form);
  const submit = form.onSubmit(async (values) => {
    try {
      if (user) await onUpdate(ZAdminUpdateUserRequest.parse(toUpdate(values)));
      else await onCreate(ZAdminCreateUserRequest.parse(toCreate(values)));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (isApiError(error) && error.code === 'email_taken') form.setErrors({ email: 'email_taken' });
      else if (fields) form.setErrors(fields);
      else form.setErrors({ form: describeError(t, error) });
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="user-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t('users.fields.name')} required dir="auto" data-autofocus {...inputProps('name')} />
          <TextInput
            label={t('users.fields.email')}
            required={!user}
            disabled={!!user}
            type="email"
            dir="ltr"
            autoComplete="off"
            description={user ? t('users.emailFixed') : undefined}
            {...inputProps('email')}
          />
          <TextInput label={t('users.fields.mobile')} type="tel" dir="ltr" placeholder="+9665…" {...inputProps('mobile')} />
          <Select
            label={t('users.fields.role')}
            required
            allowDeselect={false}
            data={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            {...inputProps('role')}
          />
          {!user && (
            <Select
              label={t('users.fields.language')}
              description={t('users.languageHint')}
              allowDeselect={false}
              data={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
              {...inputProps('language')}
            />
          )}
        </SimpleGrid>
        {user && form.values.role === 'customer' && (
          <Textarea
            label={t('profile.address')}
            description={t('profile.addressHint')}
            dir="auto"
            autosize
            minRows={2}
            maxRows={5}
            maxLength={ADDRESS_MAX_LENGTH}
            data-testid="user-address"
            {...inputProps('address')}
          />
        )}
        {!user && (
          <Alert variant="light" color="indigo" icon={<IconMailForward size={18} />} p="sm">
            <Text size="sm">{t(form.values.role === 'technician' ? 'users.welcomeNoteTechnician' : 'users.welcomeNote')}</Text>
          </Alert>
        )}
        <FormError error={form.errors.form} />
        <FormActions onCancel={onCancel} submitLabel={user ? t('common.saveChanges') : t('users.create')} submitting={submitting} submitTestId="user-form-submit" />
      </Stack>
    </form>
  );
}
