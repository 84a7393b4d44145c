import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ZCreateServiceRequest, type TAuditEntry } from '@portal/shared';
import { auditLog } from '../../db/schema.js';
import { createUser, sessionFor, startTestServer, TEST_DB, type TestServer } from '../../../test/harness.js';
import { rowsOf } from '../../db/rows.js';
import { makeItem, makeWarehouse, receive } from '../inventory/factories.js';
import { createServiceRequest } from '../service-requests/index.js';

/** Issue #24: the audit log names records by their number, code or name — never an id fragment. */
let server: TestServer;
let admin: { id: string; token: string };
beforeAll(async () => {
  server = await startTestServer();
  const { user } = await createUser(server, { role: 'admin', name: 'Label Admin' });
  admin = { id: user.id, token: (await sessionFor(server, user.id)).access_token };
});
afterAll(() => server?.close());

const entriesFor = async (entityId: string) =>
  (await server.call('GET', `/api/admin/audit?entity_id=${entityId}`, { token: admin.token })).json().items as TAuditEntry[];

describe(`audit record labels (${TEST_DB})`, () => {
  it('a service request by its number, a transfer by its number, a user by their name, an item and a warehouse by their code', async () => {
    // A request raised by the admin (audited), then assigned.
    const customer = await createUser(server, { role: 'customer', name: 'Label Customer' });
    const tech = await createUser(server, { role: 'technician', name: 'Label Tech' });
    const request = await server.ctx.db.transaction((tx) =>
      createServiceRequest(
        tx,
        { userId: admin.id, role: 'admin', ip: null },
        ZCreateServiceRequest.parse({
          customer_id: customer.user.id,
          priority: 'low',
          location: 'office',
          service_type: 'laptop',
          fault_type: 'screen',
          problem_description: 'Audit me',
          device: { brand: 'HP', model: 'X', warranty_status: 'unknown' },
        }),
      ),
    );
    expect((await server.call('POST', `/api/service-requests/${request.id}/assign`, { token: admin.token, body: { technician_id: tech.user.id } })).statusCode).toBe(200);
    const srEntries = await entriesFor(request.id);
    expect(srEntries.map((e) => e.action)).toEqual(['service_request.assign', 'service_request.created']);
    for (const e of srEntries) expect(e.entity_label).toBe(request.number);

    // A user changed by the admin: named by their current name.
    expect((await server.call('PATCH', `/api/admin/users/${customer.user.id}`, { token: admin.token, body: { name: 'Renamed Customer' } })).statusCode).toBe(200);
    const [userEntry] = await entriesFor(customer.user.id);
    expect(userEntry).toMatchObject({ entity: 'user', entity_label: 'Renamed Customer' });

    // A transfer between two warehouses.
    const item = await makeItem(server.ctx.db);
    const from = await makeWarehouse(server.ctx.db);
    const to = await makeWarehouse(server.ctx.db);
    await receive(server.ctx.db, item.id, from.id, '5');
    const created = await server.call('POST', '/api/transfers', { token: admin.token, body: { from_warehouse_id: from.id, to_warehouse_id: to.id, lines: [{ item_id: item.id, quantity: 1 }] } });
    expect(created.statusCode, created.body).toBe(201);
    const transfer = created.json() as { id: string; number: string };
    const [transferEntry] = await entriesFor(transfer.id);
    expect(transferEntry).toMatchObject({ entity: 'transfer', entity_label: transfer.number });
    expect(transfer.number).toMatch(/^TR-\d{6}$/);

    // A record since deleted keeps the number its entry recorded; an unknown one has no label.
    const gone = crypto.randomUUID();
    await server.ctx.db.insert(auditLog).values([
      { actorId: admin.id, action: 'service_request.created', entity: 'service_request', entityId: gone, after: { number: 'SR-999999' } },
      { actorId: admin.id, action: 'settings.updated', entity: 'settings', entityId: 'time_zone', after: { time_zone: 'Asia/Riyadh' } },
    ]);
    expect((await entriesFor(gone))[0]!.entity_label).toBe('SR-999999');
    expect((await entriesFor('time_zone'))[0]!.entity_label).toBeNull();

    // The CSV names the record too.
    const csv = (await server.call('GET', `/api/admin/audit?entity_id=${request.id}&format=csv`, { token: admin.token })).rawPayload.toString('utf8');
    expect(csv).toContain(`,${request.number},${request.id},`);
    const [count] = rowsOf<{ n: number }>(await server.ctx.db.execute(sql`select count(*)::int as n from audit_log where entity_id = ${request.id}`));
    expect(count!.n).toBe(2);
  });
});
