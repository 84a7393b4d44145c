import { useState } from 'react';
import { Alert, Divider, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGES,
  ZCreateTechnicianRequest,
  type Language,
  type TCreateTechnicianRequest,
  type TPatchTechnicianRequest,
  type TTechnician,
} from '@portal/shared';
import { FormActions, FormError } from '../../../components/form-actions';
import { isApiError } from '../../../lib/api-client';
import { describeError, serverFieldErrors } from '../../../lib/errors';
import { useTranslatedInputProps } from '../../../lib/form';
import { zodFieldErrors } from '../../../lib/form-validation';
import { useSkillOptions } from '../api/get-skill-options';
import { useVans } from '../api/search-vans';
import { defaultWeek, draftOf, hoursOf, weekErrors, type WeekDraft } from '../../../lib/weekly-hours';
import { WeeklyHoursEditor } from '../../../components/weekly-hours-editor';

interface Values {
  name: string;
  email: string;
  mobile: string;
  language: Language;
  skills: string[];
  van_code: string;
  van_warehouse_id: string | null;
  week: WeekDraft;
}

/** Server field paths (`weekly_hours.1.end`) onto the form's (`week.1.end`). */
function toFormErrors(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^weekly_hours\./, 'week.'), v]));
}

/**
 * A new technician in one step (account, skills, weekly hours, van) or an existing one's skills,
 * van and weekly hours.
 */
export function TechnicianForm({
  technician,
  onCreate,
  onPatch,
  onCancel,
  submitting,
}: {
  technician: TTechnician | null;
  onCreate: (body: TCreateTechnicianRequest) => Promise<unknown>;
  onPatch: (body: TPatchTechnicianRequest) => Promise<unknown>;
  onCancel: () => void;
  submitting: boolean;
}) {
  const { t, i18n } = useTranslation();
  const skills = useSkillOptions();
  const [vanSearch, setVanSearch] = useState('');
  // Only an existing technician changes van here; a new one gets a new van.
  const vans = useVans(vanSearch.replace(/\s*·.*$/, ''), !!technician);
  const form = useForm<Values>({
    initialValues: {
      name: '',
      email: '',
      mobile: '',
      language: i18n.resolvedLanguage === 'en' ? 'en' : 'ar',
      skills: technician?.skills ?? [],
      van_code: '',
      van_warehouse_id: technician?.van?.id ?? null,
      week: technician ? draftOf(technician.weekly_hours) : defaultWeek(),
    },
    validate: (v) => {
      const week = Object.fromEntries(Object.entries(weekErrors(v.week)).map(([k, e]) => [`week.${k}`, e]));
      if (technician) return week;
      const { weekly_hours: _w, ...rest } = toCreate(v);
      return { ...zodFieldErrors(ZCreateTechnicianRequest, rest), ...week };
    },
  });
  const inputProps = useTranslatedInputProps(form);
  function toCreate(v: Values) {
    return {
      name: v.name,
      email: v.email,
      mobile: v.mobile.trim() || null,
      language: v.language,
      skills: v.skills,
      weekly_hours: hoursOf(v.week),
      ...(v.van_code.trim() ? { van_code: v.van_code.trim() } : {}),
    };
  }

  // Vans a technician may take: unassigned ones, and their own.
  const vanOptions = (vans.data ?? [])
    .filter((w) => !w.technician_id || w.technician_id === technician?.id)
    .map((w) => ({ value: w.id, label: `${w.code} · ${w.name}` }));
  if (technician?.van && !vanOptions.some((o) => o.value === technician.van!.id)) {
    vanOptions.unshift({ value: technician.van.id, label: `${technician.van.code} · ${technician.van.name}` });
  }

  const submit = form.onSubmit(async (values) => {
    try {
      if (technician) {
        await onPatch({ skills: values.skills, weekly_hours: hoursOf(values.week), van_warehouse_id: values.van_warehouse_id });
      } else {
        await onCreate(ZCreateTechnicianRequest.parse(toCreate(values)));
      }
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (isApiError(error) && error.code === 'email_taken') form.setErrors({ email: 'email_taken' });
      else if (isApiError(error) && error.code === 'code_taken') form.setErrors({ van_code: 'code_taken' });
      else if (fields) form.setErrors(toFormErrors(fields));
      else form.setErrors({ form: describeError(t, error) });
    }
  });

  const weekFieldErrors = Object.fromEntries(
    Object.entries(form.errors)
      .filter(([k]) => k.startsWith('week.'))
      .map(([k, v]) => [k.slice(5), String(v)]),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="technician-form">
      <Stack gap="sm">
        {!technician && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label={t('technicians.fields.name')} required dir="auto" data-autofocus {...inputProps('name')} />
            <TextInput label={t('technicians.fields.email')} required type="email" dir="ltr" autoComplete="off" {...inputProps('email')} />
            <TextInput label={t('technicians.fields.mobile')} type="tel" dir="ltr" placeholder="+9665…" {...inputProps('mobile')} />
            <Select
              label={t('technicians.fields.language')}
              allowDeselect={false}
              data={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
              {...inputProps('language')}
            />
          </SimpleGrid>
        )}
        <MultiSelect
          label={t('technicians.fields.skills')}
          description={t('technicians.skillsHint')}
          placeholder={form.values.skills.length ? undefined : t('technicians.pickSkills')}
          data={skills.data}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={t('list.noMatchesTitle')}
          {...inputProps('skills')}
          data-testid="technician-skills"
        />
        {technician ? (
          <Select
            label={t('technicians.fields.van')}
            description={t('technicians.vanHint')}
            searchable
            clearable
            data={vanOptions}
            searchValue={vanSearch}
            onSearchChange={setVanSearch}
            nothingFoundMessage={vans.isFetching ? undefined : t('technicians.noFreeVan')}
            {...inputProps('van_warehouse_id')}
            data-testid="technician-van"
          />
        ) : (
          <TextInput
            label={t('technicians.fields.vanCode')}
            description={t('technicians.vanCodeHint')}
            placeholder="VAN-0001"
            dir="ltr"
            {...inputProps('van_code')}
          />
        )}
        <Divider label={t('technicians.fields.weeklyHours')} labelPosition="left" mt="xs" />
        <WeeklyHoursEditor value={form.values.week} onChange={(week) => form.setFieldValue('week', week)} errors={weekFieldErrors} />
        {!technician && (
          <Alert variant="light" color="indigo" icon={<IconMailForward size={18} />} p="sm">
            <Text size="sm">{t('technicians.welcomeNote')}</Text>
          </Alert>
        )}
        <FormError error={form.errors.form} />
        <FormActions onCancel={onCancel} submitLabel={technician ? t('common.saveChanges') : t('technicians.create')} submitting={submitting} submitTestId="technician-form-submit" />
      </Stack>
    </form>
  );
}
