import { NumberInput, Table, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SLA_MAX_HOURS } from '@portal/shared';
import { SLA_ORDER, type SettingsFormValues } from '../settings-form';

/** Response and resolution targets per priority, in working hours. */
export function SlaTable({ form, errorOf }: { form: UseFormReturnType<SettingsFormValues>; errorOf: (path: string) => string | undefined }) {
  const { t } = useTranslation();
  return (
    <Table withTableBorder={false} verticalSpacing="xs" horizontalSpacing="xs" maw={640} data-testid="settings-sla">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('settings.form.sla.priority')}</Table.Th>
          <Table.Th>{t('settings.form.sla.response')}</Table.Th>
          <Table.Th>{t('settings.form.sla.resolution')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {SLA_ORDER.map((p) => (
          <Table.Tr key={p}>
            <Table.Td>
              <Text size="sm" fw={600}>
                {t(`settings.form.sla.priorities.${p}`)}
              </Text>
            </Table.Td>
            {(['response_hours', 'resolution_hours'] as const).map((field) => (
              <Table.Td key={field} style={{ verticalAlign: 'top' }}>
                <NumberInput
                  size="xs"
                  min={0}
                  max={SLA_MAX_HOURS}
                  decimalScale={2}
                  step={1}
                  aria-label={`${t(`settings.form.sla.priorities.${p}`)} — ${t(field === 'response_hours' ? 'settings.form.sla.response' : 'settings.form.sla.resolution')}`}
                  {...form.getInputProps(`sla_targets.${p}.${field}`)}
                  error={errorOf(`sla_targets.${p}.${field}`)}
                  data-testid={`settings-sla-${p}-${field}`}
                />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
