import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TCreateItemCategory, TItemCategory, TItemCategoryList, TItemCategoryListQuery, TPatchItemCategory } from '@portal/shared';
import type { Actor } from '../../context.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { itemCategories } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { audienceFor, publish } from '../realtime/index.js';
import { like } from '../../db/sql.js';
import { rowsOf } from '../../db/rows.js';

/**
 * Item categories (issue #24): a code the items refer to (inventory_items.category, a foreign
 * key, cascading a change of code), named in Arabic and English. No unique index holds the
 * names, so every write takes one advisory lock and checks them (case-insensitive) under it.
 */

const LOCK = sql`select pg_advisory_xact_lock(hashtext('portal.item_categories'))`;

const nameTaken = (fields: Record<string, 'duplicate'>) =>
  new AppError(409, 'conflict', 'Another category already has this name', { fields, details: { fields: Object.keys(fields) } });
const codeTaken = (code: string) =>
  new AppError(409, 'code_taken', `The category code ${code} is already used`, { fields: { code: 'invalid' }, details: { code } });

const SELECT = sql`select c.code, c.name_ar, c.name_en from item_categories c`;

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

/** Which of the names another category (not `except`) already has. */
async function takenNames(tx: DbOrTx, names: { name_ar?: string; name_en?: string }, except?: string) {
  const fields: Record<string, 'duplicate'> = {};
  for (const key of ['name_ar', 'name_en'] as const) {
    const value = names[key];
    if (value === undefined) continue;
    const [hit] = rowsOf<{ code: string }>(
      await tx.execute(sql`select code from item_categories where lower(${sql.raw(key)}) = lower(${value}) and code <> ${except ?? ''} limit 1`),
    );
    if (hit) fields[key] = 'duplicate';
  }
  return fields;
}

/** A code from the English name: "Chargers & Cables" → "chargers-cables"; a free one, suffixed if taken. */
async function freeCode(tx: DbOrTx, nameEn: string): Promise<string> {
  const base =
    nameEn
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32) || `cat-${randomBytes(3).toString('hex')}`;
  for (let n = 1; ; n++) {
    const code = n === 1 ? base : `${base}-${n}`;
    if (!(await getCategory(tx, code))) return code;
  }
}

/**
 * Creates a category in the caller's transaction (no audit, no event): the route and the
 * item import use it. Names already taken → 409 on the names; a code taken → 409 code_taken.
 */
export async function insertCategory(tx: Tx, input: TCreateItemCategory): Promise<TItemCategory> {
  await tx.execute(LOCK);
  const taken = await takenNames(tx, input);
  if (Object.keys(taken).length) throw nameTaken(taken);
  const code = input.code ?? (await freeCode(tx, input.name_en));
  if (await getCategory(tx, code)) throw codeTaken(code);
  await tx.insert(itemCategories).values({ code, nameAr: input.name_ar, nameEn: input.name_en });
  return { code, name_ar: input.name_ar, name_en: input.name_en };
}

/**
 * The category an import cell names (its code, or either name), created when none does, with
 * the text as both names and as its code when that is a valid code. Returns it and whether it is new.
 */
export async function ensureCategory(tx: Tx, text: string): Promise<{ category: TItemCategory; created: boolean }> {
  const found = await findCategory(tx, text);
  if (found) return { category: found, created: false };
  await tx.execute(LOCK);
  const again = await findCategory(tx, text);
  if (again) return { category: again, created: false };
  const name = text.trim();
  const code = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(name) && name.length <= 40 ? name : undefined;
  return { category: await insertCategory(tx, { code, name_ar: name, name_en: name }), created: true };
}

export function createCategoryService(db: Db) {
  const changed = (tx: Tx, code: string) =>
    publish(tx, { topic: 'stock', event: 'item_category.changed', audience: audienceFor('read:inventory_item', {}), payload: { ids: [code] } });

  return {
    async list(q: TItemCategoryListQuery): Promise<TItemCategoryList> {
      const nameCol = sql.raw(q.lang === 'ar' ? 'c.name_ar' : 'c.name_en');
      const filter = q.q
        ? sql`where c.code ilike ${like(q.q)} or c.name_ar ilike ${like(q.q)} or c.name_en ilike ${like(q.q)}`
        : sql``;
      const rows = rowsOf<TItemCategory>(
        await db.execute(sql`
          select c.code, c.name_ar, c.name_en, (select count(*)::int from inventory_items i where i.category = c.code) as item_count
          from item_categories c ${filter}
          order by lower(${nameCol}), c.code`),
      );
      return { items: rows };
    },

    async create(actor: Actor, input: TCreateItemCategory): Promise<TItemCategory> {
      return db.transaction(async (tx) => {
        const category = await insertCategory(tx, input);
        await audit(tx, { actorId: actor.userId, action: 'item_category.created', entity: 'item_category', entityId: category.code, after: category, ip: actor.ip });
        await changed(tx, category.code);
        return { ...category, item_count: 0 };
      });
    },

    async patch(actor: Actor, code: string, input: TPatchItemCategory): Promise<TItemCategory> {
      return db.transaction(async (tx) => {
        await tx.execute(LOCK);
        const before = await getCategory(tx, code);
        if (!before) throw notFound('Category');
        const taken = await takenNames(tx, input, code);
        if (Object.keys(taken).length) throw nameTaken(taken);
        await tx.execute(sql`
          update item_categories set name_ar = coalesce(${input.name_ar ?? null}, name_ar), name_en = coalesce(${input.name_en ?? null}, name_en)
          where code = ${code}`);
        const after = (await getCategory(tx, code))!;
        await audit(tx, { actorId: actor.userId, action: 'item_category.updated', entity: 'item_category', entityId: code, before, after, ip: actor.ip });
        await changed(tx, code);
        const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from inventory_items where category = ${code}`));
        return { ...after, item_count: count?.n ?? 0 };
      });
    },
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;

/** An item's `category` must be a known code (the web picks it from the list): else 400 on `category`. */
export async function assertCategory(db: DbOrTx, code: string): Promise<void> {
  if (!(await getCategory(db, code))) throw badRequest({ category: 'invalid' }, `There is no category ${code}`);
}
