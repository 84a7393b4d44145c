import { useTranslation } from 'react-i18next';
import { categoryName, ITEM_UNITS } from '@portal/shared';

/**
 * Units and categories as people read them (issue #24): a unit's code → its name in the page's
 * language (`inventory.units.*`; an unknown code as it is), and an item's category by the name
 * in the page's language.
 */
export function useItemLabels() {
  const { t, i18n } = useTranslation();
  const unit = (code: string | null | undefined) => (code ? t(`inventory.units.${code}`, { defaultValue: code }) : '');
  const category = (row: { category: string; category_name_ar?: string | null; category_name_en?: string | null }) =>
    row.category_name_ar != null && row.category_name_en != null
      ? categoryName({ name_ar: row.category_name_ar, name_en: row.category_name_en }, i18n.language)
      : row.category;
  const unitOptions = ITEM_UNITS.map((u) => ({ value: u, label: unit(u) }));
  return { unit, category, unitOptions };
}
