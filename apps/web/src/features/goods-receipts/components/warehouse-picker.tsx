import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TWarehouse } from '@portal/shared';

/** A main or branch warehouse by code and name, grouped by kind (goods are never received into a van). */
export function ReceivingWarehouseSelect({ warehouses, ...props }: { warehouses: readonly TWarehouse[] } & Omit<SelectProps, 'data'>) {
  const { t } = useTranslation();
  const data = (['main', 'branch'] as const)
    .map((kind) => ({
      group: t(`warehouseKind.${kind}`),
      items: warehouses.filter((w) => w.kind === kind).map((w) => ({ value: w.id, label: `${w.code} · ${w.name}` })),
    }))
    .filter((group) => group.items.length > 0);
  return <Select searchable clearable={!props.required} nothingFoundMessage={t('list.noMatchesTitle')} comboboxProps={{ withinPortal: true }} data={data} {...props} />;
}
