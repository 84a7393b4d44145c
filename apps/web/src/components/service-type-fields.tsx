import { Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCatalogNames } from '../lib/service-options';
import type { FieldProps } from './device-fields';

/** Each field, the catalogue list it picks from, its label and its test id's ending. */
const CATALOG_FIELDS = [
  { path: 'service_type', list: 'service_types', label: 'serviceRequests.fields.serviceType', testId: 'service-type' },
  { path: 'fault_type', list: 'fault_types', label: 'serviceRequests.fields.faultType', testId: 'fault-type' },
] as const;

/**
 * The service and fault type of a request (`service_type`, `fault_type`), picked from the
 * catalogue kept in settings. Test ids `<prefix>-service-type`, `<prefix>-fault-type`.
 */
export function ServiceTypeFields({ field, testIdPrefix, onServiceTypeChange }: { field: FieldProps; testIdPrefix: string; onServiceTypeChange?: (value: string | null) => void }) {
  const { t } = useTranslation();
  const catalog = useCatalogNames();
  const nothingFound = catalog.options.isError ? t('serviceRequests.form.optionsFailed') : t('serviceRequests.picker.nothingFound');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {CATALOG_FIELDS.map(({ path, list, label, testId }) => (
        <Select
          key={path}
          label={t(label)}
          placeholder={t('serviceRequests.form.choose')}
          required
          searchable
          allowDeselect={false}
          data={catalog.entries(catalog.options.data?.[list])}
          nothingFoundMessage={nothingFound}
          {...field(path)}
          {...(path === 'service_type' && onServiceTypeChange && { onChange: onServiceTypeChange })}
          data-path={path}
          data-testid={`${testIdPrefix}-${testId}`}
          comboboxProps={{ withinPortal: true }}
        />
      ))}
    </SimpleGrid>
  );
}
