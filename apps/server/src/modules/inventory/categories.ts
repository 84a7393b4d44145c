import { randomBytes } from 'node:crypto';
import type { TCreateItemCategory, TItemCategory, TItemCategoryList, TItemCategoryListQuery, TPatchItemCategory } from '@portal/shared';
import type { Actor } from '../../context.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { audienceFor, publish } from '../realtime/index.js';
import {
  categoryWithName,
  countCategoryItems,
  findCategory,
  getCategory,
  insertCategoryRow,
  listCategories,
  lockCategories,
  updateCategoryNames,
} from './category-queries.js';

/**
 * Item categories (issue #24): a code the items refer to (inventory_items.category, a foreign
 * key, cascading a change of code), named in Arabic and English. No unique index holds the
 * names, so every write takes one advisory lock and checks them (case-insensitive) under it.
 */

const nameTaken = (fields: Record<string, 'duplicate'>) =>
  new AppError(409, 'conflict', 'Another category already has this name', { fields, details: { fields: Object.keys(fields) } });
const codeTaken = (code: string) =>
  new AppError(409, 'code_taken', `The category code ${code} is already used`, { fields: { code: 'invalid' }, details: { code } });

/** Which of the names another category (not `except`) already has. */
async function takenNames(tx: DbOrTx, names: { name_ar?: string; name_en?: string }, except?: string) {
  const fields: Record<string, 'duplicate'> = {};
  for (const key of ['name_ar', 'name_en'] as const) {
    const value = names[key];
    if (value === undefined) continue;
    const [hit] = await categoryWithName(tx, key, value, except);
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
  await lockCategories(tx);
  const taken = await takenNames(tx, input);
  if (Object.keys(taken).length) throw nameTaken(taken);
  const code = input.code ?? (await freeCode(tx, input.name_en));
  if (await getCategory(tx, code)) throw codeTaken(code);
  await insertCategoryRow(tx, { code, name_ar: input.name_ar, name_en: input.name_en });
  return { code, name_ar: input.name_ar, name_en: input.name_en };
}

/**
 * The category an import cell names (its code, or either name), created when none does, with
 * the text as both names and as its code when that is a valid code. Returns it and whether it is new.
 */
export async function ensureCategory(tx: Tx, text: string): Promise<{ category: TItemCategory; created: boolean }> {
  const found = await findCategory(tx, text);
  if (found) return { category: found, created: false };
  await lockCategories(tx);
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
    list(q: TItemCategoryListQuery): Promise<TItemCategoryList> {
      return listCategories(db, q);
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
        await lockCategories(tx);
        const before = await getCategory(tx, code);
        if (!before) throw notFound('Category');
        const taken = await takenNames(tx, input, code);
        if (Object.keys(taken).length) throw nameTaken(taken);
        await updateCategoryNames(tx, code, input);
        const after = (await getCategory(tx, code))!;
        await audit(tx, { actorId: actor.userId, action: 'item_category.updated', entity: 'item_category', entityId: code, before, after, ip: actor.ip });
        await changed(tx, code);
        const [count] = await countCategoryItems(tx, code);
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
