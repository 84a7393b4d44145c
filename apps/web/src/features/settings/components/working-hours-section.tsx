import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WeeklyHoursEditor } from '../../../components/weekly-hours-editor';
import type { WeekDraft } from '../../../lib/weekly-hours';
import type { SettingsErrorOf } from '../settings-form';
import { SettingsSection } from './settings-section';

/** The editor's errors are keyed `<day>.start` / `<day>.end`; the form's are under working_hours. */
function weekErrorsOf(errors: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, code] of Object.entries(errors)) if (path.startsWith('working_hours.') && typeof code === 'string') out[path.slice('working_hours.'.length)] = code;
  return out;
}

/** The company's opening hours for each day of the week. */
export function WorkingHoursSection({ value, onChange, errors, errorOf }: { value: WeekDraft; onChange: (next: WeekDraft) => void; errors: Record<string, unknown>; errorOf: SettingsErrorOf }) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="working_hours" title={t('settings.form.sections.working_hours')} description={t('settings.form.sections.working_hoursHint')}>
      <WeeklyHoursEditor value={value} onChange={onChange} errors={weekErrorsOf(errors)} />
      {errorOf('working_hours') && (
        <Text size="xs" c="red" role="alert" mt="xs">
          {errorOf('working_hours')}
        </Text>
      )}
    </SettingsSection>
  );
}
