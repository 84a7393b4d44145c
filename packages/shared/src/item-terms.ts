/**
 * The words items are described with — their units and their categories' names — free of zod,
 * so a screen that only shows an item loads no schemas (issue #26). The schemas are in
 * inventory.ts and item-categories.ts.
 */

/** The units an item is counted in: codes here, names in the locale files (`inventory.units.*`). */
export const ITEM_UNITS = ['pcs', 'set', 'pair', 'box', 'pack', 'roll', 'kg', 'g', 'm', 'l'] as const;
export type ItemUnit = (typeof ITEM_UNITS)[number];

/** A category's name in a language. */
export const categoryName = (c: { name_ar: string; name_en: string }, language: string) => (language.startsWith('ar') ? c.name_ar : c.name_en);
