import type { TCreateWarehouse, TPatchWarehouse, TWarehouseList, TWarehouseListQuery, TWarehouseWithStock } from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { audienceFor, publish } from '../realtime/index.js';
import {
  clearTechnicianVan,
  findOtherVanOf,
  findTechnicianUser,
  getWarehouse,
  insertWarehouse,
  listWarehouses,
  setTechnicianVan,
  updateWarehouse,
  warehouseCodeInUse,
} from './queries.js';
import { warehouseStatus } from './status.js';

const codeTaken = (code: string) =>
  new AppError(409, 'code_taken', `The code ${code} is already used`, { fields: { code: 'invalid' }, details: { code } });

const forAudit = (w: TWarehouseWithStock) => ({ code: w.code, name: w.name, kind: w.kind, technician_id: w.technician_id, address: w.address, active: w.active });

export function createWarehouseService(ctx: AppContext) {
  const { db } = ctx;

  /** A van's technician: an existing technician without another van. */
  async function checkTechnician(tx: Tx, technicianId: string, warehouseId: string | null) {
    const [tech] = await findTechnicianUser(tx, technicianId);
    if (!tech) throw badRequest({ technician_id: 'invalid' });
    const [other] = await findOtherVanOf(tx, technicianId, warehouseId);
    if (other) throw new AppError(409, 'conflict', 'This technician already has a van', { fields: { technician_id: 'invalid' } });
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

    list(q: TWarehouseListQuery): Promise<TWarehouseList> {
      return listWarehouses(db, q);
    },

    async get(id: string): Promise<TWarehouseWithStock> {
      const w = await getWarehouse(db, id);
      if (!w) throw notFound('Warehouse');
      return w;
    },

    async create(actor: Actor, input: TCreateWarehouse): Promise<TWarehouseWithStock> {
      try {
        return await db.transaction(async (tx) => {
          if (await warehouseCodeInUse(tx, input.code, null)) throw codeTaken(input.code);
          if (input.kind === 'van') await checkTechnician(tx, input.technician_id!, null);
          const [row] = await insertWarehouse(tx, {
            code: input.code,
            name: input.name,
            kind: input.kind,
            technicianId: input.kind === 'van' ? input.technician_id! : null,
            address: input.address ?? null,
            active: input.active ?? true,
          });
          if (input.kind === 'van') {
            await setTechnicianVan(tx, input.technician_id!, row!.id);
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
          if (input.code !== undefined && (await warehouseCodeInUse(tx, input.code, id))) throw codeTaken(input.code);
          if (kind === 'van' && technicianId !== before.technician_id) await checkTechnician(tx, technicianId!, id);
          await updateWarehouse(tx, id, {
            code: input.code,
            name: input.name,
            kind: input.kind,
            technicianId: kind === 'van' ? technicianId : null,
            address: input.address,
            active: input.active,
          });
          if (before.technician_id && before.technician_id !== (kind === 'van' ? technicianId : null)) {
            await clearTechnicianVan(tx, before.technician_id, id);
          }
          if (kind === 'van' && technicianId) await setTechnicianVan(tx, technicianId, id);
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
