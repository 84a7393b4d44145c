import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSession } from '@portal/shared';
import { realtimeUrl, startTestServer, type TestServer } from '../../../test/harness.js';
import { TestSocket } from '../../../test/ws-client.js';
import { notify } from '../notifications/index.js';
import { makeItem, makeWarehouse, receive } from './factories.js';

let server: TestServer;
let url: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
  url = await realtimeUrl(server);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server.close();
});

async function socketFor(session: TSession, topics: Parameters<TestSocket['signIn']>[1]) {
  const s = await TestSocket.open(url);
  sockets.push(s);
  return s.signIn(session.access_token, topics);
}

describe('stock changes live', () => {
  it('publishes stock.changed to readers of stock and a low-stock notification to supervisors, on commit only', async () => {
    const db = server.ctx.db;
    const wh = await makeWarehouse(db);
    const item = await makeItem(db, { minQuantity: '5' });
    await receive(db, item.id, wh.id, '6');
    const supervisor = await server.signIn('supervisor@demo.test');
    const tech = await server.signIn('tech2@demo.test');
    const customer = await server.signIn('customer1@demo.test');
    const sup = await socketFor(supervisor, ['stock', 'notifications']);
    const tec = await socketFor(tech, ['stock']);
    const cus = await socketFor(customer, ['notifications']);

    // Refused (would go negative): nothing is published.
    const refused = await server.call('POST', '/api/adjustments', { token: supervisor.access_token, body: { warehouse_id: wh.id, item_id: item.id, quantity_change: '-7', reason: 'lost' } });
    expect(refused.statusCode).toBe(409);

    const res = await server.call('POST', '/api/adjustments', { token: supervisor.access_token, body: { warehouse_id: wh.id, item_id: item.id, quantity_change: '-2', reason: 'damaged' } });
    expect(res.statusCode).toBe(201);
    const isMine = (f: { type: string; event?: string; payload?: unknown }) =>
      f.type === 'event' && f.event === 'stock.changed' && JSON.stringify(f.payload).includes(item.id);
    await sup.waitFor(isMine as never);
    // The refused change, made first, would have been published before this one.
    expect(sup.events('stock.changed')).toHaveLength(1);
    await tec.waitFor(isMine as never);
    await sup.waitFor((f) => f.type === 'event' && f.event === 'notification.created');
    // A later notification of the customer's own reaches them; a low-stock one, sent first, would have come before it.
    await server.ctx.db.transaction((tx) => notify(tx, { userIds: [customer.user.id] }, { title: 'later', message: 'later' }));
    await cus.waitFor((f) => f.type === 'event' && f.event === 'notification.created');
    expect(cus.events()).toHaveLength(1);
  });
});
