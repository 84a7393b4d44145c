import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('answers ok after checking the database', async () => {
  const res = await server.call('GET', '/api/health');
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
});

it('serves the OpenAPI document describing the auth routes', async () => {
  const res = await server.call('GET', '/api/docs/json');
  expect(res.statusCode).toBe(200);
  const doc = res.json();
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/signup', '/api/auth/token', '/api/health']));
});

it('answers unknown API paths with 404 in the error shape', async () => {
  const res = await server.call('GET', '/api/no-such-thing');
  expect(res.statusCode).toBe(404);
  expect(res.json().error.code).toBe('not_found');
});

it('lists the demo accounts in the public settings only in demo mode', async () => {
  const res = await server.call('GET', '/api/settings/public');
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ company_name: 'Demo Repairs Co.', demo: { password: 'demo12345' } });
  expect(res.json().demo.accounts.map((a: { email: string }) => a.email)).toContain('admin@demo.test');

  const production = await startTestServer({ DEMO_DATA: '0' });
  try {
    const res2 = await production.call('GET', '/api/settings/public');
    expect(res2.json().demo).toBeNull();
  } finally {
    await production.close();
  }
});
