import { z } from 'zod';

/**
 * Item categories (issue #24): a code the items refer to, named in Arabic and in English. Both
 * names are required and each is unique (case-insensitive) among the categories; the code is
 * stable (items keep it) and may be given on create, else the server derives one.
 */

const requiredName = z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(60, { message: 'too_long' });

export const ZItemCategory = z.object({
  code: z.string(),
  name_ar: z.string(),
  name_en: z.string(),
  /** Items in this category (active or not); in the list only. */
  item_count: z.number().int().optional(),
});
export type TItemCategory = z.infer<typeof ZItemCategory>;

export const ZCreateItemCategory = z.object({
  /** Letters, digits and . _ / - (as item codes); derived from the English name when absent. */
  code: z
    .string()
    .trim()
    .max(40, { message: 'too_long' })
    .regex(/^([A-Za-z0-9][A-Za-z0-9._/-]*)?$/, { message: 'invalid' })
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  name_ar: requiredName,
  name_en: requiredName,
});
export type TCreateItemCategory = z.infer<typeof ZCreateItemCategory>;

/** Renames a category (either name or both); the code does not change. */
export const ZPatchItemCategory = z
  .object({ name_ar: requiredName, name_en: requiredName })
  .partial()
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: 'required' });
export type TPatchItemCategory = z.infer<typeof ZPatchItemCategory>;

/** Every category (a company has tens, not thousands): sorted by the name in `lang`. */
export const ZItemCategoryListQuery = z.object({
  /** Searches the code and both names. */
  q: z.string().trim().max(100).optional(),
  lang: z.enum(['ar', 'en']).default('en'),
});
export type TItemCategoryListQuery = z.infer<typeof ZItemCategoryListQuery>;

export const ZItemCategoryList = z.object({ items: z.array(ZItemCategory) });
export type TItemCategoryList = z.infer<typeof ZItemCategoryList>;
