import { z } from 'zod';
import { compareDecimal, ITEM_UNITS, ZCreateItem } from '@portal/shared';
import { audit } from '../../../lib/audit.js';
import { ensureCategory, findCategory } from '../../inventory/index.js';
import { audienceFor, publish } from '../../realtime/index.js';
import { cellValue, zodProblems, type Classified, type DataSetImporter } from './set.js';
import { labelOf } from '../../../lib/labels.js';
import { findItemsByCode, insertItems, updateItems, type StoredItem } from '../queries.js';

/**
 * Items by code (case-insensitive, as codes are unique): the rules of creating an item
 * (ZCreateItem) plus `active`. An empty cell takes the API's default (unit pcs, minimum 0,
 * tax 15 %, active true), as a new item would; a column the file lacks leaves that field of
 * an existing item as it is.
 *
 * `category` is a category's code or either of its names (issue #24); one that names none is
 * created when the import is written, with the text as both names (audited as
 * item_category.created). `unit` is a unit's code or its English or Arabic name; another is
 * that row's error on `unit`.
 */

const BOOLEAN: Record<string, boolean> = { true: true, false: false, yes: true, no: false, '1': true, '0': false };

/** A unit cell → its code: the code itself or a name in either language (a few spellings more); else as given. */
const UNIT_BY_NAME = new Map<string, string>();
for (const u of ITEM_UNITS) for (const name of [u, labelOf('ar', 'inventory.units', u), labelOf('en', 'inventory.units', u)]) UNIT_BY_NAME.set(name.toLowerCase(), u);
for (const [name, u] of Object.entries({
  piece: 'pcs', pieces: 'pcs', pc: 'pcs', 'قطع': 'pcs', sets: 'set', pairs: 'pair', boxes: 'box', packs: 'pack', rolls: 'roll',
  kilogram: 'kg', kilograms: 'kg', 'كجم': 'kg', 'كيلو': 'kg', gram: 'g', grams: 'g', 'جم': 'g', 'غرام': 'g',
  metre: 'm', meter: 'm', metres: 'm', meters: 'm', 'متر': 'm', litre: 'l', liter: 'l', litres: 'l', liters: 'l',
})) UNIT_BY_NAME.set(name, u);
const unitCode = (cell: string | undefined) => (cell === undefined ? undefined : (UNIT_BY_NAME.get(cell.trim().toLowerCase()) ?? cell));

const ZItemRow = ZCreateItem.extend({
  active: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return true;
      const b = BOOLEAN[v.toLowerCase()];
      if (b === undefined) ctx.addIssue({ code: 'custom', message: 'invalid' });
      return b ?? true;
    }),
});
type ItemRow = z.output<typeof ZItemRow>;

/** An item as stored: decimals as PostgreSQL's exact text. */
type Item = StoredItem;
type Plan = Item & { id: string | null };

const FIELDS = ['code', 'name', 'description', 'category', 'unit', 'price', 'tax_rate', 'min_quantity', 'active'] as const;
const DECIMALS = new Set<string>(['price', 'tax_rate', 'min_quantity']);
const same = (field: (typeof FIELDS)[number], a: Item, b: Item) =>
  DECIMALS.has(field) ? compareDecimal(a[field] as string, b[field] as string) === 0 : a[field] === b[field];

// A NOTIFY payload stays small: ids only when they are few (as the ledger does).
const MAX_EVENT_IDS = 50;

export const itemsImporter: DataSetImporter<ItemRow, Plan> = {
  required: ['code', 'name', 'category', 'price'],
  keyColumn: 'code',
  key: (cells) => cells.code?.toLowerCase() || null,

  parse(cells) {
    const values: Record<string, string | undefined> = Object.fromEntries(FIELDS.map((f) => [f, cellValue(cells, f)]));
    values.unit = unitCode(values.unit);
    const parsed = ZItemRow.safeParse(values);
    return parsed.success ? { value: parsed.data } : { problems: zodProblems(parsed.error, cells) };
  },

  async classify(db, rows, present) {
    const found = await findItemsByCode(db, rows.map((r) => r.code.toLowerCase()));
    const byCode = new Map(found.map((i) => [i.code.toLowerCase(), i]));
    // A category cell → its code; one naming no category stays as written (created on write).
    const categories = new Map<string, string>();
    for (const text of new Set(rows.map((r) => r.category))) categories.set(text, (await findCategory(db, text))?.code ?? text);
    return rows.map((r): Classified<Plan> => {
      const given: Item = { ...r, category: categories.get(r.category) ?? r.category, description: r.description ?? null };
      const existing = byCode.get(r.code.toLowerCase());
      if (!existing) return { outcome: 'created', plan: { ...given, id: null } };
      // A column the file lacks keeps its value; `code` is always there (required).
      const next = { ...existing };
      for (const f of FIELDS) if (present.has(f)) (next as Record<string, unknown>)[f] = given[f];
      const unchanged = FIELDS.every((f) => same(f, next, existing));
      return { outcome: unchanged ? 'unchanged' : 'updated', plan: next };
    });
  },

  async write(tx, plans, actor) {
    // Categories named by no code or name yet: created now, the items then refer to their codes.
    const codes = new Map<string, string>();
    for (const text of new Set(plans.map((p) => p.plan.category))) {
      const { category, created } = await ensureCategory(tx, text);
      codes.set(text, category.code);
      if (created) {
        await audit(tx, { actorId: actor.userId, action: 'item_category.created', entity: 'item_category', entityId: category.code, after: { ...category, source: 'import' }, ip: actor.ip });
      }
    }
    for (const p of plans) p.plan.category = codes.get(p.plan.category) ?? p.plan.category;
    const creates = plans.filter((p) => p.plan.id === null).map((p) => p.plan);
    const updates = plans.filter((p) => p.plan.id !== null && p.outcome === 'updated').map((p) => p.plan);
    const ids: string[] = [];
    if (creates.length) {
      const rows = await insertItems(
        tx,
        creates.map((i) => ({
          code: i.code,
          name: i.name,
          description: i.description,
          category: i.category,
          unit: i.unit,
          price: i.price,
          taxRate: i.tax_rate,
          minQuantity: i.min_quantity,
          active: i.active,
        })),
      );
      ids.push(...rows.map((r) => r.id));
    }
    if (updates.length) {
      await updateItems(tx, updates);
      ids.push(...updates.map((i) => i.id!));
    }
    if (ids.length) {
      await publish(tx, {
        topic: 'stock',
        event: 'item.changed',
        audience: audienceFor('read:stock', {}),
        payload: ids.length <= MAX_EVENT_IDS ? { ids } : {},
      });
    }
  },
};
