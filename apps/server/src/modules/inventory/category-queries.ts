import { sql } from 'drizzle-orm';
import type { TItemCategory, TItemCategoryList, TItemCategoryListQuery } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { itemCategories } from '../../db/schema.js';
import { like } from '../../db/sql.js';
import { rowsOf } from '../../db/rows.js';

/**
 * Item categories' statements (categories.ts holds the rules). No unique index holds the
 * names, so every write takes one advisory lock (lockCategories) and checks them under it.
 */

const LOCK = sql`select pg_advisory_xact_lock(hashtext('portal.item_categories'))`;

/** Takes the categories' advisory lock until the end of the caller's transaction: writers take turns. */
export async function lockCategories(tx: DbOrTx): Promise<void> {
  await tx.execute(LOCK);
}

const SELECT = sql`select c.code, c.name_ar, c.name_en from item_categories c`;

/** A category by its code, or null. */
export async function getCategory(db: DbOrTx, code: string): Promise<TItemCategory | null> {
  const [row] = rowsOf<TItemCategory>(await db.execute(sql`${SELECT} where c.code = ${code}`));
  return row ?? null;
}

/** A category by its code, else by its Arabic or English name (case-insensitive, trimmed). */
export async function findCategory(db: DbOrTx, text: string): Promise<TItemCategory | null> {
  const t = text.trim();
  if (!t) return null;
  const [row] = rowsOf<TItemCategory>(
    await db.execute(sql`${SELECT}
      where c.code = ${t} or lower(c.code) = lower(${t}) or lower(c.name_ar) = lower(${t}) or lower(c.name_en) = lower(${t})
      order by (c.code = ${t}) desc, (lower(c.code) = lower(${t})) desc, c.code limit 1`),
  );
  return row ?? null;
}

/** The code of a category other than `except` whose `key` name is `value` (case-insensitive), if any. */
export async function categoryWithName(tx: DbOrTx, key: 'name_ar' | 'name_en', value: string, except?: string): Promise<{ code: string }[]> {
  return rowsOf<{ code: string }>(
    await tx.execute(sql`select code from item_categories where lower(${sql.raw(key)}) = lower(${value}) and code <> ${except ?? ''} limit 1`),
  );
}

/** Inserts a category. */
export async function insertCategoryRow(tx: DbOrTx, category: TItemCategory): Promise<void> {
  await tx.insert(itemCategories).values({ code: category.code, nameAr: category.name_ar, nameEn: category.name_en });
}

/** The categories matching `q` (code or either name), with how many items each has, by name in `lang`. */
export async function listCategories(db: DbOrTx, q: TItemCategoryListQuery): Promise<TItemCategoryList> {
  const nameCol = sql.raw(q.lang === 'ar' ? 'c.name_ar' : 'c.name_en');
  const filter = q.q ? sql`where c.code ilike ${like(q.q)} or c.name_ar ilike ${like(q.q)} or c.name_en ilike ${like(q.q)}` : sql``;
  const rows = rowsOf<TItemCategory>(
    await db.execute(sql`
          select c.code, c.name_ar, c.name_en, (select count(*)::int from inventory_items i where i.category = c.code) as item_count
          from item_categories c ${filter}
          order by lower(${nameCol}), c.code`),
  );
  return { items: rows };
}

/** Renames a category (a name not given stays). */
export async function updateCategoryNames(tx: DbOrTx, code: string, names: { name_ar?: string; name_en?: string }): Promise<void> {
  await tx.execute(sql`
          update item_categories set name_ar = coalesce(${names.name_ar ?? null}, name_ar), name_en = coalesce(${names.name_en ?? null}, name_en)
          where code = ${code}`);
}

/** How many items are of the category. */
export async function countCategoryItems(tx: DbOrTx, code: string): Promise<{ n: number }[]> {
  return rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from inventory_items where category = ${code}`));
}
