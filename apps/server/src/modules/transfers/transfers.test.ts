import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import {
  can,
  TRANSFER_ACTIONS,
  TRANSFER_STATUSES,
  transferRefusal,
  type Role,
  type TransferAction,
  type TransferStatus,
  type TTransfer,
  ZCreateServiceRequest,
} from '@portal/shared';
import { auditLog, counters, inventoryItems, notifications, stockMovements, transferEvents, transfers, warehouses } from '../../db/schema.js';
import { caller, person, type Person as SignedInPerson, startTestServer, TEST_DB, type TestServer } from '../../../test/harness.js';
import { checkInvariant } from '../inventory/index.js';
import { levelOf, makeItem, makeWarehouse, receive } from '../inventory/factories.js';
import { createTransfer, transitionTransfer } from './service.js';
import { applyRequestAction, createServiceRequest } from '../service-requests/index.js';

let server: TestServer;
type Person = SignedInPerson & { van?: string };
const people: Record<'admin' | 'admin2' | 'sup' | 'sup2' | 'tech' | 'tech2' | 'customer', Person> = {} as never;
let main: { id: string };
let branch: { id: string };
let itemA: { id: string };
let itemB: { id: string };

/** A signed-in person, with their van when they are a technician. */
async function personWithVan(role: Role): Promise<Person> {
  const signedInPerson = await person(server, role);
  const [van] = await server.ctx.db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.technicianId, signedInPerson.id));
  return { ...signedInPerson, van: van?.id };
}
const call = (p: Person | null, method: 'GET' | 'POST', url: string, body?: unknown) =>
  server.call(method, url, { token: p?.token, body: method === 'POST' ? (body ?? {}) : undefined });

beforeAll(async () => {
  server = await startTestServer();
  for (const [key, role] of [
    ['admin', 'admin'],
    ['admin2', 'admin'],
    ['sup', 'whs_supervisor'],
    ['sup2', 'whs_supervisor'],
    ['tech', 'technician'],
    ['tech2', 'technician'],
    ['customer', 'customer'],
  ] as const) {
    people[key] = await personWithVan(role);
  }
  const db = server.ctx.db;
  main = await makeWarehouse(db, { kind: 'main', name: 'المستودع الرئيسي' });
  branch = await makeWarehouse(db, { kind: 'branch' });
  itemA = await makeItem(db, { name: 'بطارية آيفون 13' });
  itemB = await makeItem(db, { name: 'شاشة سامسونج' });
  await receive(db, itemA.id, main.id, '100000');
  await receive(db, itemB.id, main.id, '100000');
});
afterAll(async () => {
  await server?.close();
});

const lines = (q = '1') => [
  { item_id: itemA.id, quantity: q },
  { item_id: itemB.id, quantity: q },
];

/** A transfer requested by `requester` (into the technician's van for a technician), brought to `status`. */
async function transferIn(status: TransferStatus, requester: Person, other: Person = people.admin2): Promise<TTransfer> {
  const to = requester.role === 'technician' ? requester.van! : branch.id;
  return server.ctx.db.transaction(async (tx) => {
    const t = await createTransfer(tx, caller(requester), { from_warehouse_id: main.id, to_warehouse_id: to, notes: null, lines: lines() });
    if (status === 'pending') return t;
    if (status === 'cancelled') return transitionTransfer(tx, caller(other), t.id, 'cancel');
    if (status === 'rejected') return transitionTransfer(tx, caller(other), t.id, 'reject', 'not needed');
    const approved = await transitionTransfer(tx, caller(other), t.id, 'approve');
    if (status === 'approved') return approved;
    return transitionTransfer(tx, caller(other), t.id, 'receive');
  });
}

const ROUTE_CAPABILITY: Record<TransferAction, Parameters<typeof can>[1]> = {
  approve: 'approve:transfer:any',
  reject: 'approve:transfer:any',
  cancel: 'cancel:transfer',
  receive: 'receive:transfer',
};

describe('transfer transitions, per role (from the shared state machine)', () => {
  // Every role × status × action × (requested by the caller or by someone else).
  const cases = (['admin', 'sup', 'tech', 'customer'] as const).flatMap((who) =>
    TRANSFER_STATUSES.flatMap((status) =>
      TRANSFER_ACTIONS.flatMap((action) => (['me', 'other'] as const).map((requester) => ({ who, status, action, requester }))),
    ),
  );

  it.each(cases)('$who, $action a $status transfer requested by $requester', async ({ who, status, action, requester }) => {
    const me = people[who];
    // A customer cannot request: their "own" case is someone else's transfer.
    const requestedBy = requester === 'me' && who !== 'customer' ? me : who === 'tech' ? people.sup : people.sup2;
    // Technicians see only transfers touching their van: the others' case goes into it too.
    const t =
      who === 'tech' && requester === 'other'
        ? await server.ctx.db.transaction(async (tx) => {
            const created = await createTransfer(tx, caller(people.sup), { from_warehouse_id: main.id, to_warehouse_id: me.van!, lines: lines() });
            if (status === 'pending') return created;
            if (status === 'cancelled') return transitionTransfer(tx, caller(people.sup), created.id, 'cancel');
            if (status === 'rejected') return transitionTransfer(tx, caller(people.admin2), created.id, 'reject', 'no');
            const approved = await transitionTransfer(tx, caller(people.admin2), created.id, 'approve');
            return status === 'approved' ? approved : transitionTransfer(tx, caller(people.admin2), created.id, 'receive');
          })
        : await transferIn(status, requestedBy);
    expect(t.status).toBe(status);

    const refusal = transferRefusal(t, { userId: me.id, role: me.role, vanWarehouseId: me.van ?? null }, action);
    const expected = !can(me.role, ROUTE_CAPABILITY[action])
      ? 403
      : refusal === 'forbidden'
        ? 403
        : refusal === 'invalid_state' || refusal === 'own_request'
          ? 409
          : 200;
    // What the read offers is exactly what the server allows.
    const read = await call(me, 'GET', `/api/transfers/${t.id}`);
    expect(read.statusCode).toBe(who === 'customer' ? 403 : 200);
    if (read.statusCode === 200) expect((read.json() as TTransfer).allowed_actions.includes(action)).toBe(expected === 200);
    const res = await call(me, 'POST', `/api/transfers/${t.id}/${action}`, action === 'reject' ? { reason: 'not now' } : {});
    expect(res.statusCode, res.body).toBe(expected);
    const after = await server.ctx.db.select({ status: transfers.status }).from(transfers).where(eq(transfers.id, t.id));
    if (expected === 200) {
      const body = res.json() as TTransfer;
      expect(body.status).toBe(after[0]!.status);
      expect(body.timeline.at(-1)).toMatchObject({ from_status: status, to_status: body.status, actor: { id: me.id } });
    } else {
      expect(after[0]!.status).toBe(status);
      if (refusal === 'invalid_state' && expected === 409) {
        expect(res.json().error.code).toBe('invalid_state');
        expect(res.json().error.message).toContain(status);
      }
      if (refusal === 'own_request' && expected === 409) expect(res.json().error.code).toBe('own_transfer');
    }
  });
});

describe('transfers', () => {
  it('creates a pending transfer with a TR number, its lines and the requester; notifies other approvers, not the requester', async () => {
    const res = await call(people.sup, 'POST', '/api/transfers', {
      from_warehouse_id: main.id,
      to_warehouse_id: people.tech.van,
      notes: '  urgent  ',
      lines: [{ item_id: itemA.id, quantity: 2.5 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const t = res.json() as TTransfer;
    expect(t).toMatchObject({
      status: 'pending',
      notes: 'urgent',
      parts_request: true,
      requested_by: { id: people.sup.id },
      allowed_actions: ['cancel'],
      lines: [{ item_id: itemA.id, quantity: '2.500', item_name: 'بطارية آيفون 13' }],
      timeline: [{ from_status: null, to_status: 'pending', actor: { id: people.sup.id } }],
    });
    expect(t.number).toMatch(/^TR-\d{6}$/);
    const notified = await server.ctx.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.title, 'notifications.transfer_requested.title'), eq(notifications.link, `/dashboard/transfers/${t.id}`)));
    const ids = notified.map((n) => n.userId);
    expect(ids).toEqual(expect.arrayContaining([people.sup2.id, people.admin.id, people.admin2.id, people.tech.id]));
    expect(ids).not.toContain(people.sup.id);
    expect(ids).not.toContain(people.tech2.id);
    expect(ids).not.toContain(people.customer.id);
  });

  it('approve takes every line out of the source; receive puts it into the van; requester and technician are told', async () => {
    const db = server.ctx.db;
    const t = (await call(people.tech, 'POST', '/api/transfers', { from_warehouse_id: main.id, to_warehouse_id: people.tech.van, lines: lines('3') })).json() as TTransfer;
    const beforeA = await levelOf(db, itemA.id, main.id);
    const inVan = Number((await levelOf(db, itemA.id, people.tech.van!)) ?? 0);
    const approved = await call(people.sup, 'POST', `/api/transfers/${t.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(Number(await levelOf(db, itemA.id, main.id))).toBe(Number(beforeA) - 3);
    expect(Number((await levelOf(db, itemA.id, people.tech.van!)) ?? 0)).toBe(inVan);
    expect((approved.json() as TTransfer).allowed_actions).toEqual(['receive']);
    const techSees = (await call(people.tech, 'GET', `/api/transfers/${t.id}`)).json() as TTransfer;
    expect(techSees.allowed_actions).toEqual(['receive']);

    const received = await call(people.tech, 'POST', `/api/transfers/${t.id}/receive`);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({ status: 'completed', received_by: { id: people.tech.id }, decided_by: { id: people.sup.id } });
    expect(Number(await levelOf(db, itemA.id, people.tech.van!))).toBe(inVan + 3);
    const moves = await db.select().from(stockMovements).where(eq(stockMovements.documentId, t.id));
    expect(moves.map((m) => `${m.kind} ${m.quantity}`).sort()).toEqual(['transfer_in 3.000', 'transfer_in 3.000', 'transfer_out -3.000', 'transfer_out -3.000']);
    const told = await db
      .select({ userId: notifications.userId, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.link, `/dashboard/transfers/${t.id}`));
    expect(told).toEqual(expect.arrayContaining([{ userId: people.tech.id, title: 'notifications.transfer_approved.title' }]));
    // The actor is not told about their own action.
    expect(told.filter((n) => n.userId === people.tech.id && n.title === 'notifications.transfer_received.title')).toEqual([]);
    // Each transition's audit row, written in the statement that moves the status.
    const audited = await db
      .select({ actorId: auditLog.actorId, action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'transfer'), eq(auditLog.entityId, t.id), inArray(auditLog.action, ['transfer.approved', 'transfer.completed'])));
    expect(audited).toEqual(
      expect.arrayContaining([
        { actorId: people.sup.id, action: 'transfer.approved', before: { status: 'pending' }, after: { status: 'approved' } },
        { actorId: people.tech.id, action: 'transfer.completed', before: { status: 'approved' }, after: { status: 'completed' } },
      ]),
    );
    expect(audited).toHaveLength(2);
    expect((await checkInvariant(db)).ok).toBe(true);
  });

  it('receiving parts into a van tells its technician, once, which of their requests wait in pending_parts (nothing when none)', async () => {
    const db = server.ctx.db;
    const [techA, techB, techC] = [await personWithVan('technician'), await personWithVan('technician'), await personWithVan('technician')];
    /** A request of the customer assigned to `tech`, brought to in_progress or pending_parts by an admin. */
    const job = (tech: Person, status: 'in_progress' | 'pending_parts') =>
      db.transaction(async (tx) => {
        const admin = { userId: people.admin.id, role: people.admin.role, ip: null };
        const r = await createServiceRequest(tx, caller(people.customer), ZCreateServiceRequest.parse({
          priority: 'medium', location: 'office', address: null, service_type: 'laptop', fault_type: 'screen',
          problem_description: 'No picture', additional_notes: null,
          device: { brand: 'Dell', model: 'XPS 13', serial_number: null, warranty_status: 'unknown', warranty_number: null, warranty_expiry: null },
        }));
        await applyRequestAction(tx, admin, r.id, 'assign', { technician_id: tech.id });
        await applyRequestAction(tx, admin, r.id, 'start', { note: null });
        if (status === 'pending_parts') await applyRequestAction(tx, admin, r.id, 'await-parts', { note: 'a new screen' });
        return r;
      });
    const a1 = await job(techA, 'pending_parts');
    const a2 = await job(techA, 'pending_parts');
    await job(techA, 'in_progress');
    const b1 = await job(techB, 'pending_parts');
    /** A transfer into `to`, approved by a supervisor and received by `receiver`. */
    const deliver = async (to: string, receiver: Person) => {
      const t = (await call(people.sup, 'POST', '/api/transfers', { from_warehouse_id: main.id, to_warehouse_id: to, lines: lines() })).json() as TTransfer;
      expect((await call(people.admin, 'POST', `/api/transfers/${t.id}/approve`)).statusCode).toBe(200);
      expect((await call(receiver, 'POST', `/api/transfers/${t.id}/receive`)).statusCode).toBe(200);
      return t;
    };
    const arrived = (userId: string) =>
      db
        .select({ type: notifications.type, message: notifications.message, params: notifications.params, link: notifications.link })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.title, 'notifications.parts_arrived.title')));

    // Approving tells nobody yet; receiving (by the technician) names both waiting requests, not the one in progress.
    const t1 = await deliver(techA.van!, techA);
    const numbers = [a1.number, a2.number].sort().join(', ');
    expect(await arrived(techA.id)).toEqual([
      {
        type: 'success',
        message: 'notifications.parts_arrived.message',
        params: { number: t1.number, to: t1.to_warehouse.name, total: 2, requests: numbers },
        link: '/dashboard/service-requests?status=pending_parts',
      },
    ]);
    // One waiting request links to itself, whoever receives.
    await deliver(techB.van!, people.sup2);
    expect(await arrived(techB.id)).toEqual([expect.objectContaining({ params: expect.objectContaining({ total: 1, requests: b1.number }), link: `/dashboard/service-requests/${b1.id}` })]);
    // A technician with nothing waiting, and a transfer into a branch: no notification.
    await deliver(techC.van!, techC);
    expect(await arrived(techC.id)).toEqual([]);
    await deliver(branch.id, people.sup2);
    expect(await arrived(techA.id)).toHaveLength(1);
    expect(await arrived(techB.id)).toHaveLength(1);
  });

  it('an approval with one short line changes nothing: levels, movements, status, timeline', async () => {
    const db = server.ctx.db;
    const scarce = await makeItem(db, { code: `SCARCE-${Date.now()}` });
    await receive(db, scarce.id, main.id, '1');
    const t = (
      await call(people.sup, 'POST', '/api/transfers', {
        from_warehouse_id: main.id,
        to_warehouse_id: branch.id,
        lines: [
          { item_id: itemA.id, quantity: '1' },
          { item_id: scarce.id, quantity: '2' },
        ],
      })
    ).json() as TTransfer;
    const levelA = await levelOf(db, itemA.id, main.id);
    const [movesBefore] = await db.select({ n: count() }).from(stockMovements);
    const res = await call(people.admin, 'POST', `/api/transfers/${t.id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'insufficient_stock', details: { item_id: scarce.id, available: '1.000', requested: '2.000' } });
    expect(await levelOf(db, itemA.id, main.id)).toBe(levelA);
    expect(await levelOf(db, scarce.id, main.id)).toBe('1.000');
    expect((await db.select({ n: count() }).from(stockMovements))[0]!.n).toBe(movesBefore!.n);
    const [row] = await db.select({ status: transfers.status }).from(transfers).where(eq(transfers.id, t.id));
    expect(row!.status).toBe('pending');
    expect((await db.select({ n: count() }).from(transferEvents).where(eq(transferEvents.transferId, t.id)))[0]!.n).toBe(1);
    // The audit row went with the rest.
    expect(await db.select({ id: auditLog.id }).from(auditLog).where(and(eq(auditLog.entityId, t.id), eq(auditLog.action, 'transfer.approved')))).toEqual([]);
  });

  it('the audit row of a rejection keeps its reason and who rejected it', async () => {
    const t = await transferIn('rejected', people.sup);
    const rows = await server.ctx.db
      .select({ actorId: auditLog.actorId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, t.id), eq(auditLog.action, 'transfer.rejected')));
    expect(rows).toEqual([{ actorId: people.admin2.id, before: { status: 'pending' }, after: { status: 'rejected', note: 'not needed' } }]);
  });

  it('a technician asks only into their own van, and only from a main or branch warehouse', async () => {
    const into = (to: string, from = main.id) => call(people.tech, 'POST', '/api/transfers', { from_warehouse_id: from, to_warehouse_id: to, lines: lines() });
    const other = await into(people.tech2.van!);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toMatch(/own van/);
    expect((await into(branch.id)).statusCode).toBe(403);
    const fromVan = await into(people.tech.van!, people.tech2.van!);
    expect(fromVan.statusCode).toBe(400);
    expect(fromVan.json().error.fields).toEqual({ from_warehouse_id: 'invalid' });
    expect((await into(people.tech.van!, branch.id)).statusCode).toBe(201);
    // Customers have no transfers at all.
    expect((await call(people.customer, 'POST', '/api/transfers', { from_warehouse_id: main.id, to_warehouse_id: branch.id, lines: lines() })).statusCode).toBe(403);
  });

  it('the requester cannot approve or reject their own transfer (409 saying why)', async () => {
    const t = await transferIn('pending', people.admin);
    const res = await call(people.admin, 'POST', `/api/transfers/${t.id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('own_transfer');
    expect(res.json().error.message).toMatch(/requested .* yourself/);
    expect((await call(people.admin, 'POST', `/api/transfers/${t.id}/reject`, { reason: 'x' })).json().error.code).toBe('own_transfer');
  });

  it('bad input answers 400 with the fields at fault and writes nothing', async () => {
    const db = server.ctx.db;
    const countAll = async () => (await db.select({ n: count() }).from(transfers))[0]!.n;
    const counter = async () => (await db.select({ v: counters.value }).from(counters).where(eq(counters.kind, 'transfer')))[0]?.v ?? 0;
    const [n0, c0] = [await countAll(), await counter()];
    const base = { from_warehouse_id: main.id, to_warehouse_id: branch.id, lines: lines() };
    const bad: [unknown, Record<string, string>][] = [
      [{ ...base, to_warehouse_id: main.id }, { to_warehouse_id: 'invalid' }],
      [{ ...base, lines: [] }, { lines: 'required' }],
      [{ ...base, lines: [{ item_id: itemA.id, quantity: '0' }] }, { 'lines.0.quantity': 'invalid' }],
      [{ ...base, lines: [{ item_id: itemA.id, quantity: -1 }] }, { 'lines.0.quantity': 'invalid' }],
      [{ ...base, lines: [{ item_id: itemA.id, quantity: '1.2345' }] }, { 'lines.0.quantity': 'invalid' }],
      [{ ...base, lines: [...lines(), { item_id: itemA.id, quantity: '1' }] }, { 'lines.2.item_id': 'invalid' }],
      [{ ...base, lines: [{ item_id: '00000000-0000-4000-8000-000000000000', quantity: '1' }] }, { 'lines.0.item_id': 'invalid' }],
      [{ ...base, from_warehouse_id: '00000000-0000-4000-8000-000000000000' }, { from_warehouse_id: 'invalid' }],
      [{ to_warehouse_id: branch.id, lines: lines() }, { from_warehouse_id: 'required' }],
    ];
    for (const [body, fields] of bad) {
      const res = await call(people.sup, 'POST', '/api/transfers', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields).toMatchObject(fields);
    }
    const t = await transferIn('pending', people.sup);
    const noReason = await call(people.admin, 'POST', `/api/transfers/${t.id}/reject`, { reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({ reason: 'required' });
    expect(await countAll()).toBe(n0 + 1);
    expect(await counter()).toBe(c0 + 1);
  });

  it('refuses a deactivated item or warehouse', async () => {
    const db = server.ctx.db;
    const gone = await makeItem(db, { active: false });
    const closed = await makeWarehouse(db, { active: false });
    const item = await call(people.sup, 'POST', '/api/transfers', { from_warehouse_id: main.id, to_warehouse_id: branch.id, lines: [{ item_id: gone.id, quantity: '1' }] });
    expect(item.statusCode).toBe(409);
    expect(item.json().error.code).toBe('item_inactive');
    const wh = await call(people.sup, 'POST', '/api/transfers', { from_warehouse_id: main.id, to_warehouse_id: closed.id, lines: lines() });
    expect(wh.statusCode).toBe(409);
    expect(wh.json().error.code).toBe('warehouse_inactive');
    // Deactivated after the request: the approval is refused by the ledger, nothing moves.
    const later = await makeItem(db);
    await receive(db, later.id, main.id, '5');
    const t = (await call(people.sup, 'POST', '/api/transfers', { from_warehouse_id: main.id, to_warehouse_id: branch.id, lines: [{ item_id: later.id, quantity: '1' }] })).json();
    await db.update(inventoryItems).set({ active: false }).where(eq(inventoryItems.id, later.id));
    const res = await call(people.admin, 'POST', `/api/transfers/${t.id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(await levelOf(db, later.id, main.id)).toBe('5.000');
  });

  it('technicians see only transfers from or into their van (others are 404); lists filter, sort and page', async () => {
    const mine = await transferIn('pending', people.tech);
    const theirs = await transferIn('pending', people.tech2);
    expect((await call(people.tech, 'GET', `/api/transfers/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(people.tech, 'POST', `/api/transfers/${theirs.id}/cancel`)).statusCode).toBe(404);
    expect((await call(people.tech, 'GET', `/api/transfers/${mine.id}`)).statusCode).toBe(200);
    const list = (await call(people.tech, 'GET', '/api/transfers?limit=100')).json();
    expect(list.items.length).toBeGreaterThan(0);
    for (const t of list.items) expect([t.from_warehouse.id, t.to_warehouse.id]).toContain(people.tech.van);
    expect(list.total).toBe(list.items.length);

    // Paging: every pending transfer once, in number order, whatever the page size.
    const all = (await call(people.admin, 'GET', '/api/transfers?status=pending&limit=100&sort=number&order=asc')).json();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { number: string }[]; next_cursor: string | null; total: number } = (
        await call(people.admin, 'GET', `/api/transfers?status=pending&limit=3&sort=number&order=asc${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      expect(page.total).toBe(all.total);
      seen.push(...page.items.map((t) => t.number));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((t: { number: string }) => t.number));
    expect([...seen].sort()).toEqual(seen);
    expect(new Set(seen).size).toBe(seen.length);

    const byQ = (await call(people.admin, 'GET', `/api/transfers?q=${mine.number}`)).json();
    expect(byQ.items.map((t: { id: string }) => t.id)).toEqual([mine.id]);
    const byWh = (await call(people.admin, 'GET', `/api/transfers?warehouse_id=${people.tech2.van}`)).json();
    expect(byWh.items.map((t: { id: string }) => t.id)).toContain(theirs.id);
    expect(byWh.items.map((t: { id: string }) => t.id)).not.toContain(mine.id);
    expect((await call(people.admin, 'GET', '/api/transfers?cursor=nonsense')).statusCode).toBe(400);
  });

  it('the delivery note: a PDF whose text holds the Arabic item names in reading order, and a CSV with a BOM', async () => {
    const t = await transferIn('approved', people.tech);
    const pdf = await server.call('GET', `/api/transfers/${t.id}/document?format=pdf&lang=ar`, { token: people.tech.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${t.number}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    let text: string | null = null;
    try {
      const file = path.join(os.tmpdir(), `${t.id}.pdf`);
      fs.writeFileSync(file, pdf.rawPayload);
      text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      fs.rmSync(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      console.warn('pdftotext is not installed: the reading order of the PDF text is not checked');
    }
    if (text !== null) {
      // Bidi embedding marks that pdftotext adds around runs say nothing about the order.
      const plain = text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
      expect(plain).toContain('بطارية آيفون 13');
      expect(plain).toContain('شاشة سامسونج');
      expect(plain).toContain(t.number);
      expect(plain).toContain('المستودع الرئيسي');
      // A warehouse's code and kind are their own line, in the note's language: an Arabic name
      // no longer turns the English line right to left.
      const en = await server.call('GET', `/api/transfers/${t.id}/document?format=pdf&lang=en`, { token: people.tech.token });
      const file = path.join(os.tmpdir(), `${t.id}-en.pdf`);
      fs.writeFileSync(file, en.rawPayload);
      const english = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
      fs.rmSync(file);
      expect(english).toContain('المستودع الرئيسي');
      expect(english).toContain(`${t.from_warehouse.code} · Main`);
      expect(english).toContain(`${t.to_warehouse.code} · Van`);
    }
    const csv = await server.call('GET', `/api/transfers/${t.id}/document?format=csv&lang=en`, { token: people.admin.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toContain('بطارية آيفون 13');
    expect(csv.body).toContain('Quantity');
    const hidden = await transferIn('pending', people.tech2);
    expect((await server.call('GET', `/api/transfers/${hidden.id}/document`, { token: people.tech.token })).statusCode).toBe(404);
  });
});

describe(`transfers under concurrency (${TEST_DB})`, () => {
  it('50 concurrent approvals drawing on the same stock never go negative; the invariant holds', async () => {
    const db = server.ctx.db;
    const item = await makeItem(db);
    const wh = await makeWarehouse(db, { kind: 'main' });
    await receive(db, item.id, wh.id, '30');
    const ts: TTransfer[] = [];
    for (let i = 0; i < 50; i++) {
      ts.push(
        await db.transaction((tx) =>
          createTransfer(tx, caller(people.sup), { from_warehouse_id: wh.id, to_warehouse_id: branch.id, lines: [{ item_id: item.id, quantity: '1' }] }),
        ),
      );
    }
    const results = await Promise.all(ts.map((t) => call(people.admin, 'POST', `/api/transfers/${t.id}/approve`)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(30);
    expect(codes.filter((c) => c === 409)).toHaveLength(20);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().error.code).toBe('insufficient_stock');
    expect(await levelOf(db, item.id, wh.id)).toBe('0.000');
    const approved = await db.select({ n: count() }).from(transfers).where(and(inArray(transfers.id, ts.map((t) => t.id)), eq(transfers.status, 'approved')));
    expect(approved[0]!.n).toBe(30);
    expect(await checkInvariant(db)).toMatchObject({ ok: true });
  });

  it('two transfers over the same items in opposite order, approved concurrently, never deadlock', async () => {
    const db = server.ctx.db;
    const a = await makeItem(db);
    const b = await makeItem(db);
    const wh = await makeWarehouse(db, { kind: 'main' });
    await receive(db, a.id, wh.id, '1000');
    await receive(db, b.id, wh.id, '1000');
    const make = (first: string, second: string) =>
      db.transaction((tx) =>
        createTransfer(tx, caller(people.sup), {
          from_warehouse_id: wh.id,
          to_warehouse_id: branch.id,
          lines: [
            { item_id: first, quantity: '1' },
            { item_id: second, quantity: '1' },
          ],
        }),
      );
    const pairs: TTransfer[] = [];
    for (let i = 0; i < 10; i++) pairs.push(await make(a.id, b.id), await make(b.id, a.id));
    const results = await Promise.all(pairs.map((t) => call(people.admin, 'POST', `/api/transfers/${t.id}/approve`)));
    expect(results.map((r) => r.statusCode)).toEqual(pairs.map(() => 200));
    // And received concurrently too.
    const received = await Promise.all(pairs.map((t) => call(people.sup2, 'POST', `/api/transfers/${t.id}/receive`)));
    expect(received.map((r) => r.statusCode)).toEqual(pairs.map(() => 200));
    expect(await levelOf(db, a.id, wh.id)).toBe('980.000');
    expect(await levelOf(db, b.id, branch.id)).toBe('20.000');
    expect((await checkInvariant(db)).ok).toBe(true);
  });

  it('numbers stay gap-free and unique under concurrent requests', async () => {
    const body = { from_warehouse_id: main.id, to_warehouse_id: branch.id, lines: lines() };
    const results = await Promise.all(Array.from({ length: 20 }, () => call(people.sup, 'POST', '/api/transfers', body)));
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 201));
    const numbers = results.map((r) => Number((r.json() as TTransfer).number.slice(3))).sort((x, y) => x - y);
    expect(numbers.at(-1)! - numbers[0]!).toBe(19);
    const all = await server.ctx.db.select({ number: transfers.number }).from(transfers);
    const every = all.map((t) => Number(t.number.slice(3))).sort((x, y) => x - y);
    expect(every).toEqual(every.map((_, i) => every[0]! + i));
  });

  it('two concurrent transitions of one transfer: exactly one wins, the other is told its status', async () => {
    const t = await transferIn('pending', people.sup);
    const [approve, cancel] = await Promise.all([call(people.admin, 'POST', `/api/transfers/${t.id}/approve`), call(people.sup, 'POST', `/api/transfers/${t.id}/cancel`)]);
    expect([approve.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
    const loser = approve.statusCode === 409 ? approve : cancel;
    expect(loser.json().error.code).toBe('invalid_state');
  });
});
