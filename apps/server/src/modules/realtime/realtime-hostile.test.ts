import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_CLOSE, type RealtimeServerFrame, type TSession } from '@portal/shared';
import { TEST_DB, realtimeUrl, startTestServer, type TestServer } from '../../../test/harness.js';
import { TestSocket } from '../../../test/ws-client.js';
import { originAllowed } from './routes.js';

let server: TestServer;
let url: string;
let admin: TSession;
const sockets: TestSocket[] = [];
// An unhandled rejection would kill a production process; here it must not happen at all.
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  server = await startTestServer();
  url = await realtimeUrl(server);
  admin = await server.signIn('admin@demo.test');
});
afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  for (const s of sockets) s.close();
  await server.close();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function open(headers: { origin?: string } = {}): Promise<TestSocket> {
  const ws = new WebSocket(url, headers);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const s = new TestSocket(ws);
  sockets.push(s);
  return s;
}

/** The status and body of a refused upgrade (rejects if the socket opened). */
function refusedUpgrade(origin: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin });
    ws.once('open', () => {
      ws.close();
      reject(new Error(`socket opened for Origin ${origin}`));
    });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.once('error', reject);
  });
}

const isValidationReply = (f: RealtimeServerFrame) => f.type === 'reply' && f.status === 'error' && f.code === 'validation_failed';

/**
 * Sends one raw frame and waits for the validation_failed reply it earns; paced under the
 * per-socket rate limit (10 a second) so every frame is answered rather than throttled.
 */
async function sendJunk(s: TestSocket, data: string | Buffer, binary = false) {
  const before = s.frames.filter(isValidationReply).length;
  s.ws.send(data, { binary });
  const deadline = Date.now() + 2000;
  while (s.frames.filter(isValidationReply).length === before) {
    if (Date.now() > deadline) throw new Error(`no validation_failed reply to ${String(data).slice(0, 60)}; got ${JSON.stringify(s.frames.slice(-3))}`);
    if (s.closeCode !== null) throw new Error(`socket closed (${s.closeCode}) after ${String(data).slice(0, 60)}`);
    await pause(10);
  }
  // Well under the limit whatever the machine's speed: 10 frames in any second close the socket.
  await pause(150);
  return s.frames.filter(isValidationReply).at(-1)!;
}

const deepArray = '['.repeat(5000) + ']'.repeat(5000);
const JUNK: { name: string; data: string | Buffer; binary?: boolean }[] = [
  ...['null', 'true', 'false', '0', '-1.5e308', '"x"', '[]', '{}', '[1]', '[{"type":"heartbeat"}]', deepArray].map((data) => ({ name: data.slice(0, 20), data })),
  { name: 'invalid JSON', data: '{"type":' },
  { name: 'empty text', data: '' },
  { name: 'not JSON at all', data: 'hello' },
  { name: 'token of the wrong type', data: '{"type":"auth","token":5}' },
  { name: 'topic of the wrong type', data: '{"type":"join","topic":{}}' },
  { name: 'type null', data: '{"type":null}' },
  { name: 'unknown type', data: '{"type":"subscribe_all"}' },
  { name: 'type in an array', data: '{"type":["auth"]}' },
  { name: 'ref of the wrong type', data: '{"type":"auth","ref":{}}' },
  { name: 'oversized token', data: JSON.stringify({ type: 'auth', token: 'x'.repeat(5000) }) },
  { name: '__proto__ carrying the type', data: '{"__proto__":{"type":"heartbeat","ref":"p"}}' },
  { name: '__proto__ as the type', data: '{"type":"__proto__"}' },
  { name: 'constructor as the type', data: '{"type":"constructor","topic":"toString"}' },
  { name: 'binary frame', data: Buffer.from([0, 1, 2, 255]), binary: true },
  { name: 'binary frame holding valid JSON', data: Buffer.from('{"type":"heartbeat","ref":"b"}'), binary: true },
];

// Frames never reach the database (a token is checked through the session cache), so the paced
// junk runs once, on PGlite; the cross-instance bus is covered on PostgreSQL by multi-instance.test.ts.
describe.skipIf(TEST_DB !== 'pglite')('hostile realtime frames', () => {
  it('answers every malformed frame with validation_failed, before and after auth, and keeps serving everyone', async () => {
    // A signed-in witness that must keep getting events whatever the others send.
    const customer = await server.signIn('customer1@demo.test');
    const witness = await open();
    await witness.signIn(customer.access_token, ['settings']);

    // Before auth.
    const anonymous = await open();
    for (const junk of JUNK) {
      const reply = await sendJunk(anonymous, junk.data, junk.binary);
      expect(reply, junk.name).toMatchObject({ type: 'reply', ref: '', status: 'error', code: 'validation_failed' });
      expect((reply as { message: string }).message.length, junk.name).toBeGreaterThan(0);
    }
    // The socket is still usable: a valid frame is answered normally.
    expect(await anonymous.request({ type: 'heartbeat' })).toMatchObject({ status: 'ok' });

    // After auth (and a join): the same junk leaves the session and its topics alone.
    const member = await open();
    await member.signIn(admin.access_token, ['settings']);
    // Its auth and join frames count in the same one-second window as the junk that follows.
    await pause(1100);
    for (const junk of JUNK) {
      const reply = await sendJunk(member, junk.data, junk.binary);
      expect(reply, junk.name).toMatchObject({ status: 'error', code: 'validation_failed' });
    }
    expect(await member.request({ type: 'heartbeat' })).toMatchObject({ status: 'ok' });

    // Nothing escaped: the server still answers, over HTTP on its real port too.
    expect((await server.call('GET', '/api/health')).statusCode).toBe(200);
    const { port } = server.app.server.address() as AddressInfo;
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    // And events still flow to the sockets that joined before the junk.
    const res = await server.call('PUT', '/api/admin/settings', { token: admin.access_token, body: { company_name: 'After The Junk Ltd' } });
    expect(res.statusCode, res.body).toBe(200);
    for (const s of [witness, member]) {
      await s.waitFor((f) => f.type === 'event' && f.event === 'settings.updated');
    }
    expect(witness.closeCode).toBeNull();
    expect(rejections).toEqual([]);
  });

  it('echoes a frame’s ref only when it is a valid ref', async () => {
    const s = await open();
    expect(await sendJunk(s, '{"type":"subscribe_all","ref":"r1"}')).toMatchObject({ ref: 'r1', code: 'validation_failed' });
    expect(await sendJunk(s, '{"type":"join","topic":{},"ref":"r2"}')).toMatchObject({ ref: 'r2', code: 'validation_failed' });
    expect(await sendJunk(s, JSON.stringify({ type: 'nope', ref: 'x'.repeat(65) }))).toMatchObject({ ref: '' });
    expect(await sendJunk(s, '{"type":"nope","ref":7}')).toMatchObject({ ref: '' });
    expect(await sendJunk(s, '[{"ref":"r3"}]')).toMatchObject({ ref: '' });
    // A well-formed join of a topic that does not exist keeps its own answer.
    expect(await s.request({ type: 'join', topic: 'everything' })).toMatchObject({ status: 'error', code: 'not_found' });
    await pause(110);
    // The message says what was wrong.
    expect(await sendJunk(s, '{"type":"auth","token":5,"ref":"r4"}')).toMatchObject({ ref: 'r4', message: expect.stringContaining('token') });
  });

  it('closes a socket that floods bad frames (rate limit) and one that sends a frame over 16 KB, and no other', async () => {
    const customer = await server.signIn('customer1@demo.test');
    const witness = await open();
    await witness.signIn(customer.access_token, ['settings']);

    const flooder = await open();
    for (let i = 0; i < 40; i++) flooder.ws.send('null');
    expect(await flooder.waitClosed()).toBe(REALTIME_CLOSE.rateLimited);

    const huge = await open();
    huge.ws.send(JSON.stringify({ type: 'heartbeat', ref: 'h', pad: 'x'.repeat(17 * 1024) }));
    expect(await huge.waitClosed()).toBe(1009); // "message too big", from ws's maxPayload
    expect(huge.frames.filter((f) => f.type === 'reply')).toEqual([]);

    expect(await witness.request({ type: 'heartbeat' })).toMatchObject({ status: 'ok' });
    expect((await server.call('GET', '/api/health')).statusCode).toBe(200);
    const res = await server.call('PUT', '/api/admin/settings', { token: admin.access_token, body: { company_name: 'After The Flood Ltd' } });
    expect(res.statusCode, res.body).toBe(200);
    await witness.waitFor((f) => f.type === 'event' && f.event === 'settings.updated');
    expect(rejections).toEqual([]);
  });
});

describe('the Origin of a realtime upgrade', () => {
  it('refuses another site with 403 and the usual error body, before any socket exists', async () => {
    const connections = server.hub.connections.size;
    for (const origin of ['http://evil.example', 'null', 'https://localhost.evil.example', `${server.ctx.config.publicOrigin}.evil.example`]) {
      const { status, body } = await refusedUpgrade(origin);
      expect(status, origin).toBe(403);
      expect(JSON.parse(body), origin).toMatchObject({ error: { code: 'forbidden', message: expect.any(String) } });
    }
    expect(server.hub.connections.size).toBe(connections);
  });

  it('accepts the portal’s own origin, a loopback origin outside production, and a client that sends none', async () => {
    for (const headers of [{ origin: server.ctx.config.publicOrigin }, { origin: 'http://localhost:5173' }, { origin: 'http://[::1]:4173' }, {}]) {
      const s = await open(headers);
      expect(await s.request({ type: 'heartbeat' }), JSON.stringify(headers)).toMatchObject({ status: 'ok' });
    }
  });

  it('in production allows only PUBLIC_URL’s origin (and non-browser clients)', () => {
    const production = { env: 'production' as const, publicOrigin: 'https://portal.example.com' };
    expect(originAllowed('https://portal.example.com', production)).toBe(true);
    expect(originAllowed(undefined, production)).toBe(true);
    for (const origin of ['http://portal.example.com', 'https://portal.example.com:8443', 'http://localhost:5173', 'http://127.0.0.1:3000', 'https://evil.example', 'null', '', 'https://portal.example.com/']) {
      expect(originAllowed(origin, production), origin).toBe(false);
    }
  });
});
