import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { warehouses } from '../src/db/schema.js';
import { startTestServer, type TestServer } from './harness.js';

// Issue #22, item 6: a body refused before any schema saw it had a different 400 — no `fields`,
// and a `__proto__` key reported as "not valid JSON". Every 400 has one shape.
const FIGURE = 'requests';
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.signIn('admin@demo.test')).access_token;
});
afterAll(() => server.close());

const raw = (payload: string | undefined, contentType: string | null, token = admin) =>
  server.app.inject({
    method: 'POST',
    url: '/api/warehouses',
    payload,
    headers: { authorization: `Bearer ${token}`, ...(contentType ? { 'content-type': contentType } : {}) },
  });
const warehouseCount = async () => (await server.ctx.db.select({ n: count() }).from(warehouses))[0]!.n;

describe('bodies refused before validation', () => {
  const cases: [string, string | undefined, string | null, number, string, RegExp][] = [
    ['an empty JSON body', '', 'application/json', 400, 'required', /empty/],
    ['invalid JSON', '{"code": ', 'application/json', 400, 'invalid', /not valid JSON/],
    ['a __proto__ key', '{"code":"W-X","name":"x","kind":"main","__proto__":{"admin":true}}', 'application/json', 400, 'invalid', /__proto__/],
    ['a constructor.prototype key', '{"constructor":{"prototype":{"admin":true}}}', 'application/json', 400, 'invalid', /__proto__ or constructor/],
    ['plain text', 'code=W-X', 'text/plain', 415, 'invalid', /content type/],
    ['a form', 'code=W-X', 'application/x-www-form-urlencoded', 415, 'invalid', /content type/],
    ['multipart without a boundary', '--x\r\n', 'multipart/form-data', 415, 'invalid', /content type/],
    ['no body at all', undefined, null, 400, 'required', /./],
  ];
  it.each(cases)('%s → %i with the body named as the field at fault, and nothing written', async (_, payload, type, status, field, message) => {
    const before = await warehouseCount();
    const res = await raw(payload, type);
    expect(res.statusCode, res.body).toBe(status);
    const { error } = res.json();
    expect(error.code).toBe('validation_failed');
    expect(error.message).toMatch(message);
    expect(error.fields).toBeTypeOf('object');
    expect(Object.values(error.fields)).toContain(field);
    expect(await warehouseCount()).toBe(before);
  });

  it('answers deeply nested JSON with a 400, not a crash', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const res = await raw(`{"code":"W-DEEP","name":${deep},"kind":"main"}`, 'application/json');
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.message).toMatch(/nests deeper than 32/);
    expect(Object.keys(error.fields)[0]).toMatch(/^name\.0\.0/);
  });
});

// Issue #22, item 5: values PostgreSQL cannot store reached it and answered 500. Each is now a
// 400 naming the field, found by validation before any query runs.
describe('values the database cannot hold', () => {
  const get = (url: string) => server.call('GET', url, { token: admin });
  const expect400 = async (res: Awaited<ReturnType<typeof get>>, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBeTruthy();
    expect(error.fields).toHaveProperty(field);
  };

  it.each([
    // As JSON escapes: the body carries them the way a client would send them.
    ['a NUL byte', 'W\\u0000X'],
    ['a lone high surrogate', 'W\\ud800X'],
    ['a lone low surrogate', '\\udc00'],
  ])('refuses %s in a body string, a key, a query and a path', async (_, text) => {
    const before = await warehouseCount();
    await expect400(await raw(`{"code":"${text}","name":"x","kind":"main"}`, 'application/json'), 'code');
    await expect400(await raw(`{"code":"W-Z","name":{"${text}":1},"kind":"main"}`, 'application/json'), 'name');
    // In a query as a client would percent-encode it (a lone surrogate as WTF-8 bytes, which the
    // query parser turns into U+FFFD: harmless, but never a 500).
    const encoded = { 'W\\u0000X': 'W%00X', 'W\\ud800X': 'W%ED%A0%80X', '\\udc00': '%ED%B0%80' }[text]!;
    for (const path of ['/api/service-requests', '/api/items', `/api/warehouses/${encoded}`]) {
      const res = await get(path.includes('/api/warehouses/') ? path : `${path}?q=${encoded}`);
      if (text.includes('u0000')) await expect400(res, path.includes('/api/warehouses/') ? 'id' : 'q');
      else expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(500);
    }
    expect(await warehouseCount()).toBe(before);
  });

  it.each(['0000-01-01', '9999-12-31T23:59:59Z', '2025-01-01T00:00:00-23:59', '+275760-09-13T00:00:00Z', '2025-02-30', '1899-12-31'])(
    'refuses the date %s in every list filter',
    async (date) => {
      const q = `from=${encodeURIComponent(date)}`;
      for (const path of ['/api/service-requests', '/api/transfers', '/api/stock/movements', '/api/admin/audit', '/api/appointments', `/api/analytics/${FIGURE}`]) {
        await expect400(await get(`${path}?${q}`), 'from');
      }
    },
  );

  it('refuses an instant out of range in a body', async () => {
    const off = { starts_at: '0000-01-01T00:00:00Z', ends_at: '0000-01-02T00:00:00Z' };
    const techs = (await get('/api/admin/technicians')).json().items as { id: string }[];
    const res = await server.call('POST', `/api/technicians/${techs[0]!.id}/time-off`, { token: admin, body: off });
    await expect400(res, 'starts_at');
  });

  const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
  it.each([
    ['junk', 'not-a-cursor!'],
    ['JSON of the wrong shape', b64({ a: 1 })],
    ['a timestamp in year 0', b64(['0000-01-01T00:00:00Z', '00000000-0000-4000-8000-000000000000'])],
    ['a timestamp on 31 February', b64(['2025-02-31 00:00:00+00', '00000000-0000-4000-8000-000000000000'])],
    ['a broken uuid', b64(['2025-01-01T00:00:00Z', '------------------------------------'])],
    ['a NUL in a text key', b64(['W\u0000', '00000000-0000-4000-8000-000000000000'])],
    ['a huge number', b64({ k: '1e999', id: '00000000-0000-4000-8000-000000000000' })],
  ])('refuses a cursor holding %s on every paged list', async (what, cursor) => {
    const lists = ['/api/service-requests', '/api/transfers', '/api/items', '/api/stock/movements', '/api/notifications', '/api/dispatch', '/api/appointments', '/api/warehouses', '/api/admin/users', '/api/admin/audit'];
    // Lists sorted by a name or code by default take any short text as their first key.
    const textKeyed = ['/api/items', '/api/warehouses', '/api/admin/users'];
    for (const path of lists.filter((p) => !what.startsWith('a timestamp') || !textKeyed.includes(p))) {
      const res = await get(`${path}?cursor=${cursor}`);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json().error.fields, path).toEqual({ cursor: 'invalid' });
    }
  });
});

describe('addresses the router refuses', () => {
  it.each([
    ['a lone surrogate in a path segment', '/api/admin/users/b2215310-0000-4000-8000-da496c8b85d3%ED%A0%80', 'invalid'],
    ['a NUL and a bad escape in a path segment', '/api/items/%00%ZZ', 'invalid'],
    ['a path segment over 100 characters', `/api/items/${'a'.repeat(150)}`, 'too_long'],
  ])('%s → 400 in the same shape', async (_, url, code) => {
    const res = await server.call('GET', url, { token: admin });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { params: code } });
  });
});

describe('the Host header', () => {
  // Links were built from it (issue #22, items 2 and 5): a bad port threw in `new URL` → 500.
  it.each(['localhost:99999', 'localhost:abc', 'a:b:c', '[::1', ''])('%s is never read: the routes that send links answer as usual', async (host) => {
    const email = `host-${Math.random().toString(36).slice(2)}@test.test`;
    const created = await server.call('POST', '/api/admin/users', {
      token: admin,
      body: { name: 'Host Test', email, role: 'whs_supervisor', language: 'en' },
      headers: { host },
    });
    expect(created.statusCode, created.body).toBe(201);
    const recover = await server.call('POST', '/api/auth/recover', {
      body: { email, code_challenge: 'a'.repeat(43), code_challenge_method: 'S256', redirect_to: '/reset-password' },
      headers: { host },
    });
    expect(recover.statusCode, recover.body).toBe(200);
  });
});
