import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconDeviceFloppy, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TAdminSettings } from '@portal/shared';
import { describeError } from '../../../lib/errors';
import { toastSuccess } from '../../../lib/toast';
import { useSaveSettings } from '../api/save-settings';
import {
  catalogInUse,
  changedSettings,
  sameSettings,
  sectionOf,
  serverSettingsErrors,
  settingsErrorKey,
  toFormValues,
  toPayload,
  validateSettings,
  type InUseLine,
  type SettingsFormValues,
} from '../settings-form';
import classes from '../pages/settings-page.module.css';
import { BookingSection } from './booking-section';
import { CatalogEditor } from './catalog-editor';
import { CompanySection } from './company-section';
import { InUseAlert } from './in-use-alert';
import { InventorySection } from './inventory-section';
import { ReceiptTermsSection } from './receipt-terms-section';
import { SettingsSection } from './settings-section';
import { SlaTable } from './sla-table';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { WorkingHoursSection } from './working-hours-section';

/**
 * The settings as one form: only what changed is saved; a save by another admin (or tab) is
 * taken in unless this form holds unsaved edits, which are then kept and the admin told.
 */
export function SettingsForm({ data }: { data: TAdminSettings }) {
  const { t } = useTranslation();
  const form = useForm<SettingsFormValues>({ initialValues: toFormValues(data), validate: validateSettings });
  const [loaded, setLoaded] = useState(data);
  const [remoteChanged, setRemoteChanged] = useState(false);
  const [inUse, setInUse] = useState<InUseLine[] | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveSettings();
  const dirty = form.isDirty();

  const load = (next: TAdminSettings) => {
    const values = toFormValues(next);
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setLoaded(next);
    setRemoteChanged(false);
  };

  // Another admin (or tab) saved: take their values unless this form holds unsaved edits.
  useEffect(() => {
    if (data === loaded) return;
    const incoming = toPayload(toFormValues(data));
    // Only the logo changed (it saves on its own): the form's values stand.
    if (sameSettings(incoming, toPayload(toFormValues(loaded)))) setLoaded(data);
    else if (!form.isDirty() || sameSettings(incoming, toPayload(form.getValues()))) load(data);
    else setRemoteChanged(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  const errorOf = (path: string): string | undefined => {
    const code = form.errors[path];
    if (typeof code !== 'string' || !code) return undefined;
    const { key, params } = settingsErrorKey(path, code);
    return t(key, { ...params, defaultValue: t('validation.invalid') });
  };
  const field = (path: string) => ({ ...form.getInputProps(path), error: errorOf(path) });

  const scrollToFirstError = (errors: Record<string, unknown>) => {
    const first = Object.keys(errors)[0];
    if (first) document.getElementById(`settings-${sectionOf(first)}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const submit = form.onSubmit(async (values) => {
    setInUse(null);
    setFormError(null);
    const body = changedSettings(values, toFormValues(loaded));
    if (!Object.keys(body).length) return;
    try {
      load(await save.mutateAsync(body));
      toastSuccess('settings.form.saved');
    } catch (error) {
      const fields = serverSettingsErrors(error);
      const lines = catalogInUse(error);
      if (fields) {
        form.setErrors(fields);
        scrollToFirstError(fields);
      } else if (lines) setInUse(lines);
      else setFormError(describeError(t, error));
    }
  }, scrollToFirstError);

  const savedCodes = useMemo(
    () => ({ service_types: new Set(loaded.service_types.map((e) => e.code)), fault_types: new Set(loaded.fault_types.map((e) => e.code)) }),
    [loaded],
  );

  return (
    <form onSubmit={submit} noValidate data-testid="settings-form">
      <Stack gap="lg">
        {remoteChanged && (
          <Alert color="blue" icon={<IconRefresh size={18} />} data-testid="settings-remote-changed">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t('settings.form.remoteChanged')}</Text>
              <Button size="xs" variant="light" onClick={() => load(data)}>
                {t('settings.form.loadRemote')}
              </Button>
            </Group>
          </Alert>
        )}

        <CompanySection field={field} currency={form.values.currency} logo={data.logo} savedTimeZone={loaded.time_zone} />
        <ReceiptTermsSection field={field} />
        <BookingSection field={field} />

        <SettingsSection id="sla" title={t('settings.form.sections.sla')} description={t('settings.form.sections.slaHint')}>
          <SlaTable form={form} errorOf={errorOf} />
        </SettingsSection>

        <WorkingHoursSection value={form.values.working_hours} onChange={(next) => form.setFieldValue('working_hours', next)} errors={form.errors} errorOf={errorOf} />

        <SettingsSection id="service_types" title={t('settings.form.sections.service_types')} description={t('settings.form.sections.service_typesHint')}>
          <CatalogEditor form={form} name="service_types" savedCodes={savedCodes.service_types} errorOf={errorOf} />
        </SettingsSection>

        <SettingsSection id="fault_types" title={t('settings.form.sections.fault_types')} description={t('settings.form.sections.fault_typesHint')}>
          <CatalogEditor form={form} name="fault_types" savedCodes={savedCodes.fault_types} errorOf={errorOf} />
        </SettingsSection>

        <InventorySection field={field} />

        {inUse && <InUseAlert lines={inUse} onClose={() => setInUse(null)} />}
        {formError && (
          <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />}>
            {formError}
          </Alert>
        )}

        <div className={classes.saveBar} data-dirty={dirty || undefined} data-testid="settings-save-bar">
          <Text size="sm" c={dirty ? undefined : 'dimmed'} fw={dirty ? 600 : undefined}>
            {dirty ? t('settings.form.unsaved') : t('settings.form.allSaved')}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {dirty && (
              <Button variant="default" onClick={() => load(loaded)} data-testid="settings-discard">
                {t('settings.form.discard')}
              </Button>
            )}
            <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} disabled={!dirty} loading={save.isPending} data-testid="settings-save">
              {t('common.saveChanges')}
            </Button>
          </Group>
        </div>
      </Stack>

      <UnsavedChangesGuard dirty={dirty} />
    </form>
  );
}
