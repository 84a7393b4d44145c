import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TWarehouse } from '@portal/shared';

/** A warehouse by code and name, grouped by kind. */
export function WarehouseSelect({ warehouses, ...props }: { warehouses: readonly TWarehouse[] } & Omit<SelectProps, 'data'>) {
  const { t } = useTranslation();
  const kinds = ['main', 'branch', 'van'] as const;
  const data = kinds
    .map((kind) => ({
      group: t(`transfers.kind.${kind}`),
      items: warehouses.filter((w) => w.kind === kind).map((w) => ({ value: w.id, label: `${w.code} · ${w.name}` })),
    }))
    .filter((group) => group.items.length > 0);
  return <Select searchable clearable={!props.required} nothingFoundMessage={t('transfers.noMatch')} comboboxProps={{ withinPortal: true }} data={data} {...props} />;
}
