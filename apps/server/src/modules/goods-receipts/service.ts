import { randomUUID } from 'node:crypto';
import {
  can,
  type Role,
  type TCreateGoodsReceipt,
  type TCreateSupplier,
  type TGoodsReceipt,
  type TGoodsReceiptList,
  type TGoodsReceiptListQuery,
  type TGoodsReceiptSummary,
  type TPatchSupplier,
  type TSupplier,
  type TSupplierList,
  type TSupplierListQuery,
} from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, notFound } from '../../lib/errors.js';
import { nextNumber } from '../../lib/numbers.js';
import { applyMovements } from '../inventory/index.js';
import { audienceFor, publish } from '../realtime/index.js';
import {
  companyToday,
  findItemStates,
  findReceipt,
  findReceivingWarehouse,
  findSupplier,
  findSupplierState,
  insertReceipt,
  insertReceiptLines,
  insertSupplier,
  listReceipts,
  listSuppliers,
  updateLastCosts,
  updateSupplier,
  type FullReceiptRow,
  type ReceiptRow,
  type SupplierChanges,
} from './queries.js';

/** Who receives goods: what the service needs of the caller (the demo seed passes its own). */
export type ReceiptCaller = Pick<Actor, 'userId' | 'role' | 'ip'>;

const nameTaken = (name: string) =>
  new AppError(409, 'conflict', `A supplier named ${name} already exists`, { fields: { name: 'duplicate' }, details: { name } });

function summaryOf(r: ReceiptRow): TGoodsReceiptSummary {
  return {
    id: r.id,
    number: r.number,
    warehouse: { id: r.warehouse_id, code: r.warehouse_code, name: r.warehouse_name, kind: r.warehouse_kind },
    supplier: { id: r.supplier_id, name: r.supplier_name, phone: r.supplier_phone, vat_number: r.supplier_vat_number },
    reference: r.reference,
    received_on: r.received_on,
    notes: r.notes,
    created_by: r.created_by ? { id: r.created_by, name: r.created_by_name ?? '' } : null,
    created_at: r.created_at,
    line_count: r.line_count,
    total: r.total,
  };
}

const readReceipt = (r: FullReceiptRow, role: Role): TGoodsReceipt => ({
  ...summaryOf(r),
  lines: r.lines,
  allowed_actions: can(role, 'read:goods_receipt:any') ? ['print'] : [],
});

/**
 * Receives goods in the caller's transaction: checks the warehouse (main or branch, active),
 * the supplier (active) and the items (active), then writes the receipt and its lines, posts
 * one `receipt` movement per line through the ledger, sets each item's last cost from its
 * latest receipt, and writes the audit row — all or nothing.
 */
export async function createGoodsReceipt(tx: Tx, caller: ReceiptCaller, input: TCreateGoodsReceipt): Promise<TGoodsReceipt> {
  const [wh] = await findReceivingWarehouse(tx, input.warehouse_id);
  const [supplier] = await findSupplierState(tx, input.supplier_id);
  const items = await findItemStates(tx, input.lines.map((l) => l.item_id));
  const [today] = await companyToday(tx);
  const receivedOn = input.received_on ?? today!.today;

  const fields: Record<string, 'invalid' | 'out_of_range'> = {};
  if (!wh) fields.warehouse_id = 'invalid';
  if (!supplier || !supplier.active) fields.supplier_id = 'invalid';
  input.lines.forEach((line, i) => {
    if (!items.some((it) => it.id === line.item_id.toLowerCase())) fields[`lines.${i}.item_id`] = 'invalid';
  });
  if (receivedOn > today!.today) fields.received_on = 'out_of_range';
  if (Object.keys(fields).length) {
    const message = !fields.supplier_id
      ? 'Some fields are not valid'
      : supplier
        ? 'The supplier is deactivated: reactivate it to receive goods from it'
        : 'The supplier does not exist';
    throw new AppError(400, 'validation_failed', message, { fields });
  }
  if (wh!.kind === 'van') {
    throw new AppError(400, 'validation_failed', `Goods are received into a main or branch warehouse; ${wh!.code} is a van`, {
      fields: { warehouse_id: 'invalid' },
      details: { warehouse_id: wh!.id, warehouse_code: wh!.code, warehouse_kind: wh!.kind },
    });
  }
  if (!wh!.active) {
    throw new AppError(409, 'warehouse_inactive', `Warehouse ${wh!.code} is deactivated`, { details: { warehouse_id: wh!.id, warehouse_code: wh!.code } });
  }
  const inactive = items.find((it) => !it.active);
  if (inactive) {
    throw new AppError(409, 'item_inactive', `Item ${inactive.code} is deactivated and cannot be received`, {
      details: { item_id: inactive.id, item_code: inactive.code },
    });
  }

  const id = randomUUID();
  // Drawn after every check but the ledger's: a refusal rolls the number back too.
  const number = await nextNumber(tx, 'goods_receipt', 'GR');
  await insertReceipt(tx, {
    id,
    number,
    warehouseId: wh!.id,
    supplierId: supplier!.id,
    reference: input.reference ?? null,
    receivedOn,
    notes: input.notes ?? null,
    createdBy: caller.userId,
  });
  await insertReceiptLines(
    tx,
    input.lines.map((l, i) => ({ receiptId: id, lineNo: i + 1, itemId: l.item_id, quantity: l.quantity, unitCost: l.unit_cost })),
  );
  await applyMovements(
    tx,
    input.lines.map((l) => ({
      itemId: l.item_id,
      warehouseId: wh!.id,
      quantity: l.quantity,
      kind: 'receipt' as const,
      documentType: 'goods_receipt',
      documentId: id,
      documentNumber: number,
      actorId: caller.userId,
    })),
  );
  // Each item's last cost is that of its latest receipt by day received, not the last one entered.
  await updateLastCosts(tx, input.lines.map((l) => l.item_id));
  await audit(tx, {
    actorId: caller.userId,
    action: 'goods_receipt.created',
    entity: 'goods_receipt',
    entityId: id,
    after: {
      number,
      warehouse_id: wh!.id,
      supplier_id: supplier!.id,
      reference: input.reference ?? null,
      received_on: receivedOn,
      notes: input.notes ?? null,
      lines: input.lines,
    },
    ip: caller.ip,
  });
  await publish(tx, { topic: 'stock', event: 'goods_receipt.created', audience: audienceFor('read:goods_receipt', {}), payload: { ids: [id] } });
  return readReceipt((await findReceipt(tx, id))!, caller.role);
}

/** Adds a supplier in the caller's transaction (the demo seed uses it too). */
export async function createSupplier(tx: Tx, caller: ReceiptCaller, input: TCreateSupplier): Promise<TSupplier> {
  const [row] = await insertSupplier(tx, { name: input.name, phone: input.phone, vatNumber: input.vat_number, active: input.active ?? true });
  const supplier = (await findSupplier(tx, row!.id))!;
  await audit(tx, { actorId: caller.userId, action: 'supplier.created', entity: 'supplier', entityId: supplier.id, after: supplierAudit(supplier), ip: caller.ip });
  return supplier;
}

const supplierAudit = (s: TSupplier) => ({ name: s.name, phone: s.phone, vat_number: s.vat_number, active: s.active });

export function createGoodsReceiptService(ctx: AppContext) {
  const { db } = ctx;
  /** A duplicate name (ignoring case) is a 409 on `name`, whichever statement meets it. */
  const guardName = async <T>(name: string | undefined, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken(name ?? '');
      throw err;
    }
  };

  return {
    create: (caller: ReceiptCaller, input: TCreateGoodsReceipt) => db.transaction((tx) => createGoodsReceipt(tx, caller, input)),

    async get(caller: ReceiptCaller, id: string): Promise<TGoodsReceipt> {
      const row = await findReceipt(db, id);
      if (!row) throw notFound('Goods receipt');
      return readReceipt(row, caller.role);
    },

    async list(q: TGoodsReceiptListQuery): Promise<TGoodsReceiptList> {
      const page = await listReceipts(db, q);
      return { items: page.rows.map(summaryOf), next_cursor: page.next_cursor, total: page.total };
    },

    listSuppliers: (q: TSupplierListQuery): Promise<TSupplierList> => listSuppliers(db, q),

    createSupplier: (caller: ReceiptCaller, input: TCreateSupplier) => guardName(input.name, () => db.transaction((tx) => createSupplier(tx, caller, input))),

    patchSupplier: (caller: ReceiptCaller, id: string, input: TPatchSupplier) =>
      guardName(input.name, () =>
        db.transaction(async (tx) => {
          const before = await findSupplier(tx, id);
          if (!before) throw notFound('Supplier');
          const set: SupplierChanges = { updatedAt: new Date() };
          if (input.name !== undefined) set.name = input.name;
          if (input.phone !== undefined) set.phone = input.phone;
          if (input.vat_number !== undefined) set.vatNumber = input.vat_number;
          if (input.active !== undefined) set.active = input.active;
          await updateSupplier(tx, id, set);
          const supplier = (await findSupplier(tx, id))!;
          const action = input.active === false && before.active ? 'supplier.deactivated' : input.active === true && !before.active ? 'supplier.activated' : 'supplier.updated';
          await audit(tx, { actorId: caller.userId, action, entity: 'supplier', entityId: id, before: supplierAudit(before), after: supplierAudit(supplier), ip: caller.ip });
          return supplier;
        }),
      ),
  };
}

export type GoodsReceiptService = ReturnType<typeof createGoodsReceiptService>;
