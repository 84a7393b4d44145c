import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, List, Modal, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconDeviceFloppy, IconRefresh } from '@tabler/icons-react';
import { Link, useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LEAD_HOURS, LOW_STOCK_RULES, SLOT_MINUTES, timeZoneChoices, type TAdminSettings } from '@portal/shared';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { WeeklyHoursEditor } from '../../components/weekly-hours-editor';
import { describeError } from '../../lib/errors';
import { toastSuccess } from '../../lib/toast';
import { useAdminSettings } from './api/get-settings';
import { useSaveSettings } from './api/save-settings';
import { CatalogEditor } from './components/catalog-editor';
import { LogoField } from './components/logo-field';
import { SettingsTools } from './components/settings-tools';
import { SlaTable } from './components/sla-table';
import {
  catalogInUse,
  changedSettings,
  sectionOf,
  serverSettingsErrors,
  settingsErrorKey,
  toFormValues,
  toPayload,
  validateSettings,
  type InUseLine,
  type SettingsFormValues,
} from './settings-form';
import classes from './settings-page.module.css';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The editor's errors are keyed `<day>.start` / `<day>.end`; the form's are under working_hours. */
function weekErrorsOf(errors: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, code] of Object.entries(errors)) if (path.startsWith('working_hours.') && typeof code === 'string') out[path.slice('working_hours.'.length)] = code;
  return out;
}

function currencyChoices(current: string, language: string): { value: string; label: string }[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  let codes: string[] = [];
  try {
    codes = intl.supportedValuesOf?.('currency') ?? [];
  } catch {
    codes = [];
  }
  if (!codes.includes(current)) codes = [current, ...codes];
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'currency' });
  } catch {
    names = null;
  }
  return codes.map((code) => {
    const name = names?.of(code);
    return { value: code, label: name && name !== code ? `${code} · ${name}` : code };
  });
}

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} id={`settings-${id}`} data-testid={`settings-section-${id}`}>
      <Stack gap={4} mb="md">
        <Title order={3} fz="lg">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Paper>
  );
}

function InUseAlert({ lines, onClose }: { lines: InUseLine[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const list = new Intl.ListFormat(i18n.resolvedLanguage ?? 'ar', { type: 'conjunction' });
  // It appears below the lists, far from the save button: bring it into view once.
  const reveal = useCallback((el: HTMLDivElement | null) => el?.scrollIntoView({ behavior: 'smooth', block: 'center' }), []);
  return (
    <Alert ref={reveal} color="orange" icon={<IconAlertTriangle size={18} />} title={t('settings.form.inUse.title')} withCloseButton onClose={onClose} data-testid="settings-in-use">
      <Text size="sm" mb="xs">
        {t('settings.form.inUse.body')}
      </Text>
      <List size="sm" spacing={4}>
        {lines.map((line) => (
          <List.Item key={`${line.list}-${line.code}`}>
            <Text span size="sm" fw={600} dir="ltr">
              {line.code}
            </Text>{' '}
            <Text span size="sm" c="dimmed">
              ({t(`settings.form.sections.${line.list}`)})
            </Text>
            {line.technicians.length > 0 && (
              <Text size="sm">
                {t('settings.form.inUse.technicians')}: <bdi>{list.format(line.technicians)}</bdi>
              </Text>
            )}
            {line.requests.length > 0 && (
              <Text size="sm">
                {t('settings.form.inUse.requests')}:{' '}
                {line.requests.map((r, i) => (
                  <span key={r.id}>
                    {i > 0 && ' '}
                    <Anchor component={Link} to={`/dashboard/service-requests/${r.id}`} dir="ltr">
                      {r.number}
                    </Anchor>
                  </span>
                ))}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function SettingsForm({ data }: { data: TAdminSettings }) {
  const { t, i18n } = useTranslation();
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
    if (same(incoming, toPayload(toFormValues(loaded)))) setLoaded(data);
    else if (!form.isDirty() || same(incoming, toPayload(form.getValues()))) load(data);
    else setRemoteChanged(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => form.isDirty() && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

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
  const language = i18n.resolvedLanguage ?? 'ar';
  const currencies = useMemo(() => currencyChoices(form.values.currency, language), [form.values.currency, language]);
  const zones = useMemo(() => timeZoneChoices(loaded.time_zone), [loaded.time_zone]);

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

        <Section id="company" title={t('settings.form.sections.company')} description={t('settings.form.sections.companyHint')}>
          <Stack gap="md">
            <LogoField logo={data.logo} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('settings.form.company.name')}
                required
                // Mantine 9 puts `dir` on the wrapper, where "auto" sees no text: the input itself needs it.
                attributes={{ input: { dir: 'auto' } }}
                maxLength={120} {...field('company_name')} data-testid="settings-company-name" />
              <TextInput
                label={t('settings.form.company.supportPhone')}
                description={t('settings.form.company.supportPhoneHint')}
                required
                type="tel"
                dir="ltr"
                placeholder="+9665…"
                {...field('support_phone')}
                data-testid="settings-support-phone"
              />
              <Select
                label={t('settings.form.company.currency')}
                required
                searchable
                allowDeselect={false}
                limit={60}
                data={currencies}
                nothingFoundMessage={t('settings.form.nothingFound')}
                {...field('currency')}
                data-testid="settings-currency"
              />
              <Select
                label={t('settings.form.company.timeZone')}
                description={t('settings.form.company.timeZoneHint')}
                required
                searchable
                allowDeselect={false}
                limit={60}
                dir="ltr"
                data={zones}
                nothingFoundMessage={t('settings.form.nothingFound')}
                {...field('time_zone')}
                data-testid="settings-time-zone"
              />
              <Select
                label={t('settings.form.company.defaultLanguage')}
                description={t('settings.form.company.defaultLanguageHint')}
                required
                allowDeselect={false}
                data={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
                {...field('default_language')}
                data-testid="settings-default-language"
              />
            </SimpleGrid>
          </Stack>
        </Section>

        <Section id="booking" title={t('settings.form.sections.booking')} description={t('settings.form.sections.bookingHint')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label={t('settings.form.booking.slot')}
              description={t('settings.form.booking.slotHint', { min: SLOT_MINUTES.min, max: SLOT_MINUTES.max, step: SLOT_MINUTES.step })}
              required
              min={SLOT_MINUTES.min}
              max={SLOT_MINUTES.max}
              step={SLOT_MINUTES.step}
              allowDecimal={false}
              allowNegative={false}
              {...field('appointment_slot_minutes')}
              data-testid="settings-slot"
            />
            <NumberInput
              label={t('settings.form.booking.lead')}
              description={t('settings.form.booking.leadHint', { min: LEAD_HOURS.min, max: LEAD_HOURS.max })}
              required
              min={LEAD_HOURS.min}
              max={LEAD_HOURS.max}
              allowDecimal={false}
              allowNegative={false}
              {...field('booking_lead_hours')}
              data-testid="settings-lead"
            />
          </SimpleGrid>
        </Section>

        <Section id="sla" title={t('settings.form.sections.sla')} description={t('settings.form.sections.slaHint')}>
          <SlaTable form={form} errorOf={errorOf} />
        </Section>

        <Section id="working_hours" title={t('settings.form.sections.working_hours')} description={t('settings.form.sections.working_hoursHint')}>
          <WeeklyHoursEditor value={form.values.working_hours} onChange={(next) => form.setFieldValue('working_hours', next)} errors={weekErrorsOf(form.errors)} />
          {errorOf('working_hours') && (
            <Text size="xs" c="red" role="alert" mt="xs">
              {errorOf('working_hours')}
            </Text>
          )}
        </Section>

        <Section id="service_types" title={t('settings.form.sections.service_types')} description={t('settings.form.sections.service_typesHint')}>
          <CatalogEditor form={form} name="service_types" savedCodes={savedCodes.service_types} errorOf={errorOf} />
        </Section>

        <Section id="fault_types" title={t('settings.form.sections.fault_types')} description={t('settings.form.sections.fault_typesHint')}>
          <CatalogEditor form={form} name="fault_types" savedCodes={savedCodes.fault_types} errorOf={errorOf} />
        </Section>

        <Section id="inventory" title={t('settings.form.sections.inventory')}>
          <Select
            label={t('settings.form.inventory.lowStockRule')}
            description={t('settings.form.inventory.lowStockRuleHint')}
            maw={420}
            allowDeselect={false}
            data={LOW_STOCK_RULES.map((r) => ({ value: r, label: t(`settings.form.inventory.rules.${r}`) }))}
            {...field('low_stock_rule')}
            data-testid="settings-low-stock-rule"
          />
        </Section>

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

      <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t('settings.form.leave.title')} centered>
        <Text size="sm" mb="md">
          {t('settings.form.leave.body')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            {t('settings.form.leave.stay')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()} data-testid="settings-leave">
            {t('settings.form.leave.leave')}
          </Button>
        </Group>
      </Modal>
    </form>
  );
}

/** Company, booking, SLA targets, service and fault types, inventory; then the other settings screens. */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useAdminSettings();
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      {settings.isPending ? (
        <PageLoader />
      ) : settings.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="settings-load-error">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{describeError(t, settings.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void settings.refetch()}>
              {t('common.retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <SettingsForm data={settings.data} />
      )}
      <Title order={3} fz="lg" mt="xl" mb="sm">
        {t('settings.form.sections.tools')}
      </Title>
      <SettingsTools />
    </>
  );
}

export default SettingsPage;
