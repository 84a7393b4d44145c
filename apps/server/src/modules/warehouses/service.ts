import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TCreateWarehouse, TPatchWarehouse, TWarehouseList, TWarehouseListQuery, TWarehouseWithStock } from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { technicians, users, warehouses } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { audienceFor, publish } from '../realtime/index.js';
import { after, orderBy, pageOf, type KeyType } from '../../db/keyset.js';
import { like, where } from '../../db/sql.js';
import { statusSql } from '../inventory/index.js';
import { rowsOf } from '../../db/rows.js';
import { warehouseStatus } from './status.js';

const SORT: Record<TWarehouseListQuery['sort'], { expr: string; type: KeyType }> = {
  code: { expr: 'lower(w.code)', type: 'text' },
  name: { expr: 'lower(w.name)', type: 'text' },
  kind: { expr: 'w.kind::text', type: 'text' },
  created: { expr: 'w.created_at', type: 'timestamptz' },
};

/**
 * Warehouses with their stock figures, as a subquery `x` with `sort_key`. Low / out of stock:
 * the active items with a level here whose status over all warehouses is so — the length of
 * `/api/items?warehouse_id=…&status=…&active=true`, which the figures link to.
 */
function warehousesSql(sort: TWarehouseListQuery['sort']): SQL {
  return sql`(
    select w.id, w.code, w.name, w.kind::text as kind, w.technician_id, u.name as technician_name, w.address, w.active,
      coalesce(s.value, 0)::numeric(16,2)::text as stock_value,
      coalesce(s.item_count, 0)::int as item_count,
      coalesce(s.low, 0)::int as low_stock_count,
      coalesce(s.out_, 0)::int as out_of_stock_count,
      ${sql.raw(SORT[sort].expr)} as sort_key, (${sql.raw(SORT[sort].expr)})::text as sort_text
    from warehouses w
    left join users u on u.id = w.technician_id
    left join (
      select l.warehouse_id, round(sum(l.quantity * i.price), 2) as value,
        count(*) filter (where l.quantity > 0) as item_count,
        count(*) filter (where i.active and t.status = 'low_stock') as low,
        count(*) filter (where i.active and t.status = 'out_of_stock') as out_
      from stock_levels l join inventory_items i on i.id = l.item_id
      -- The item's status over ALL warehouses, never this warehouse's quantity (docs/decisions/012-low-stock.md).
      cross join lateral (
        select ${statusSql(sql`coalesce((select sum(o.quantity) from stock_levels o where o.item_id = l.item_id), 0)`, sql`i.min_quantity`)} as status
      ) t
      group by l.warehouse_id
    ) s on s.warehouse_id = w.id
  )`;
}

type Row = TWarehouseWithStock & { sort_text: string; sort_key: unknown };
const toApi = ({ sort_text: _t, sort_key: _k, ...w }: Row): TWarehouseWithStock => w;

export async function getWarehouse(db: DbOrTx, id: string): Promise<TWarehouseWithStock | null> {
  const [row] = rowsOf<Row>(await db.execute(sql`select * from ${warehousesSql('code')} x where x.id = ${id}::uuid`));
  return row ? toApi(row) : null;
}

const codeTaken = (code: string) =>
  new AppError(409, 'code_taken', `The code ${code} is already used`, { fields: { code: 'invalid' }, details: { code } });

const forAudit = (w: TWarehouseWithStock) => ({ code: w.code, name: w.name, kind: w.kind, technician_id: w.technician_id, address: w.address, active: w.active });

export function createWarehouseService(ctx: AppContext) {
  const { db } = ctx;

  /** A van's technician: an existing technician without another van. */
  async function checkTechnician(tx: Tx, technicianId: string, warehouseId: string | null) {
    const [tech] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, technicianId), eq(users.role, 'technician')));
    if (!tech) throw badRequest({ technician_id: 'invalid' });
    const [other] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.technicianId, technicianId), warehouseId ? sql`${warehouses.id} <> ${warehouseId}` : undefined));
    if (other) throw new AppError(409, 'conflict', 'This technician already has a van', { fields: { technician_id: 'invalid' } });
  }

  async function codeInUse(tx: Tx, code: string, exceptId: string | null) {
    const [row] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(sql`lower(${warehouses.code}) = lower(${code})`, exceptId ? sql`${warehouses.id} <> ${exceptId}` : undefined));
    return !!row;
  }

  const changed = (tx: Tx, id: string, technicianId: string | null) =>
    publish(tx, { topic: 'stock', event: 'warehouse.changed', audience: audienceFor('read:stock', { own: [technicianId] }), payload: { ids: [id] } });

  return {
    /** The warehouse-diagnostic screen (status.ts). */
    async status(id: string) {
      const warehouse = await getWarehouse(db, id);
      if (!warehouse) throw notFound('Warehouse');
      return warehouseStatus(db, warehouse);
    },

    async list(q: TWarehouseListQuery): Promise<TWarehouseList> {
      const sort = SORT[q.sort];
      const filters = [
        q.q ? sql`(x.code ilike ${like(q.q)} or x.name ilike ${like(q.q)})` : undefined,
        q.kind ? sql`x.kind = ${q.kind}` : undefined,
        q.active ? sql`x.active = ${q.active === 'true'}` : undefined,
      ];
      const from = warehousesSql(q.sort);
      const page = rowsOf<Row>(
        await db.execute(
          sql`select * from ${from} x where ${where([...filters, after(q.cursor, sort.type, ['id'], q.order)])} order by ${orderBy(['id'], q.order)} limit ${q.limit + 1}`,
        ),
      );
      const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${from} x where ${where(filters)}`));
      const { items, next_cursor } = pageOf(page, q.limit, (last) => [last.sort_text, last.id]);
      return {
        items: items.map(toApi),
        next_cursor,
        total: count?.n ?? 0,
      };
    },

    async get(id: string): Promise<TWarehouseWithStock> {
      const w = await getWarehouse(db, id);
      if (!w) throw notFound('Warehouse');
      return w;
    },

    async create(actor: Actor, input: TCreateWarehouse): Promise<TWarehouseWithStock> {
      try {
        return await db.transaction(async (tx) => {
          if (await codeInUse(tx, input.code, null)) throw codeTaken(input.code);
          if (input.kind === 'van') await checkTechnician(tx, input.technician_id!, null);
          const [row] = await tx
            .insert(warehouses)
            .values({
              code: input.code,
              name: input.name,
              kind: input.kind,
              technicianId: input.kind === 'van' ? input.technician_id! : null,
              address: input.address ?? null,
              active: input.active ?? true,
            })
            .returning({ id: warehouses.id });
          if (input.kind === 'van') {
            await tx.update(technicians).set({ vanWarehouseId: row!.id }).where(eq(technicians.userId, input.technician_id!));
          }
          const w = (await getWarehouse(tx, row!.id))!;
          await audit(tx, { actorId: actor.userId, action: 'warehouse.created', entity: 'warehouse', entityId: w.id, after: forAudit(w), ip: actor.ip });
          await changed(tx, w.id, w.technician_id);
          return w;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw codeTaken(input.code);
        throw err;
      }
    },

    async patch(actor: Actor, id: string, input: TPatchWarehouse): Promise<TWarehouseWithStock> {
      try {
        return await db.transaction(async (tx) => {
          const before = await getWarehouse(tx, id);
          if (!before) throw notFound('Warehouse');
          const kind = input.kind ?? before.kind;
          const technicianId = input.technician_id !== undefined ? input.technician_id : before.technician_id;
          if (kind === 'van' && !technicianId) throw badRequest({ technician_id: 'required' });
          if (kind !== 'van' && input.technician_id) throw badRequest({ technician_id: 'invalid' });
          if (input.code !== undefined && (await codeInUse(tx, input.code, id))) throw codeTaken(input.code);
          if (kind === 'van' && technicianId !== before.technician_id) await checkTechnician(tx, technicianId!, id);
          await tx
            .update(warehouses)
            .set({
              code: input.code,
              name: input.name,
              kind: input.kind,
              technicianId: kind === 'van' ? technicianId : null,
              address: input.address,
              active: input.active,
            })
            .where(eq(warehouses.id, id));
          if (before.technician_id && before.technician_id !== (kind === 'van' ? technicianId : null)) {
            await tx.update(technicians).set({ vanWarehouseId: null }).where(and(eq(technicians.userId, before.technician_id), eq(technicians.vanWarehouseId, id)));
          }
          if (kind === 'van' && technicianId) await tx.update(technicians).set({ vanWarehouseId: id }).where(eq(technicians.userId, technicianId));
          const w = (await getWarehouse(tx, id))!;
          const action = input.active === false && before.active ? 'warehouse.deactivated' : 'warehouse.updated';
          await audit(tx, { actorId: actor.userId, action, entity: 'warehouse', entityId: id, before: forAudit(before), after: forAudit(w), ip: actor.ip });
          await changed(tx, id, w.technician_id);
          return w;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw codeTaken(input.code ?? '');
        throw err;
      }
    },
  };
}

export type WarehouseService = ReturnType<typeof createWarehouseService>;
