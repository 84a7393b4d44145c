import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOW_STOCK_RULES } from '@portal/shared';
import type { SettingsField } from '../settings-form';
import { SettingsSection } from './settings-section';

/** Which rule makes an item "low on stock" everywhere (dashboards, item list, inventory report). */
export function InventorySection({ field }: { field: SettingsField }) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="inventory" title={t('settings.form.sections.inventory')}>
      <Select
        label={t('settings.form.inventory.lowStockRule')}
        description={t('settings.form.inventory.lowStockRuleHint')}
        maw={420}
        allowDeselect={false}
        data={LOW_STOCK_RULES.map((r) => ({ value: r, label: t(`settings.form.inventory.rules.${r}`) }))}
        {...field('low_stock_rule')}
        data-testid="settings-low-stock-rule"
      />
    </SettingsSection>
  );
}
