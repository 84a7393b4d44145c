import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, sessionFor, startTestServer, TEST_DB, type TestServer } from '../../../test/harness.js';

/** Issue #24: a customer's default address can be changed afterwards — by themselves and by an admin. */
let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  const { user } = await createUser(server, { role: 'admin' });
  adminToken = (await sessionFor(server, user.id)).access_token;
});
afterAll(() => server?.close());

async function signedIn(role: 'customer' | 'technician' | 'whs_supervisor' = 'customer') {
  const { user } = await createUser(server, { role });
  return { id: user.id, token: (await sessionFor(server, user.id)).access_token };
}
const put = (token: string, body: unknown) => server.call('PUT', '/api/auth/user', { token, body });
const options = async (token: string) => (await server.call('GET', '/api/service-requests/options', { token })).json().default_address as string | null;

describe(`customer address (${TEST_DB})`, () => {
  it('a customer sets, reads and clears their own address; new requests start from it', async () => {
    const me = await signedIn();
    expect((await server.call('GET', '/api/auth/user', { token: me.token })).json().address).toBeNull();
    const res = await put(me.token, { address: '  طريق الملك فهد، الرياض 12345  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().address).toBe('طريق الملك فهد، الرياض 12345');
    expect((await server.call('GET', '/api/auth/user', { token: me.token })).json().address).toBe('طريق الملك فهد، الرياض 12345');
    expect(await options(me.token)).toBe('طريق الملك فهد، الرياض 12345');
    // Other fields leave it alone; an empty one clears it.
    expect((await put(me.token, { name: 'Still Here' })).json().address).toBe('طريق الملك فهد، الرياض 12345');
    expect((await put(me.token, { address: '' })).json().address).toBeNull();
    expect(await options(me.token)).toBeNull();
  });

  it('bad input is 400 on the field and changes nothing', async () => {
    const me = await signedIn();
    await put(me.token, { address: 'Olaya 1' });
    const long = await put(me.token, { address: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ address: 'too_long' });
    const wrongType = await put(me.token, { address: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.fields).toHaveProperty('address');
    expect((await put(me.token, { address: 'x'.repeat(500) })).statusCode).toBe(200);
    expect((await put(me.token, { address: 'Olaya 1' })).json().address).toBe('Olaya 1');
  });

  it('staff have no address: theirs is refused with 400 on the field, their other changes still work, and their profile has none', async () => {
    for (const role of ['technician', 'whs_supervisor'] as const) {
      const staff = await signedIn(role);
      const res = await put(staff.token, { address: 'Somewhere' });
      expect(res.statusCode, role).toBe(400);
      expect(res.json().error.fields).toEqual({ address: 'invalid' });
      const ok = await put(staff.token, { name: 'Staff Name' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).not.toHaveProperty('address');
      expect(ok.json().name).toBe('Staff Name');
    }
  });

  it('an admin changes a customer\'s address (audited), and is refused one for staff', async () => {
    const customer = await signedIn();
    const res = await server.call('PATCH', `/api/admin/users/${customer.id}`, { token: adminToken, body: { address: 'Tahlia St 5, Jeddah' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().address).toBe('Tahlia St 5, Jeddah');
    expect(await options(customer.token)).toBe('Tahlia St 5, Jeddah');
    expect((await server.call('GET', `/api/admin/users/${customer.id}`, { token: adminToken })).json().address).toBe('Tahlia St 5, Jeddah');
    const listed = (await server.call('GET', `/api/admin/users?role=customer&limit=100&q=${encodeURIComponent((await server.call('GET', '/api/auth/user', { token: customer.token })).json().email)}`, { token: adminToken })).json();
    expect(listed.items[0].address).toBe('Tahlia St 5, Jeddah');
    const [entry] = (await server.call('GET', `/api/admin/audit?entity_id=${customer.id}`, { token: adminToken })).json().items;
    expect(entry.after.address).toBe('Tahlia St 5, Jeddah');
    expect(entry.before.address).toBeNull();

    const tooLong = await server.call('PATCH', `/api/admin/users/${customer.id}`, { token: adminToken, body: { address: 'x'.repeat(501) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields).toEqual({ address: 'too_long' });
    const tech = await signedIn('technician');
    const refused = await server.call('PATCH', `/api/admin/users/${tech.id}`, { token: adminToken, body: { address: 'Van' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ address: 'invalid' });
    // A customer may not change another's through the admin route.
    expect((await server.call('PATCH', `/api/admin/users/${tech.id}`, { token: customer.token, body: { address: 'x' } })).statusCode).toBe(403);
  });
});
