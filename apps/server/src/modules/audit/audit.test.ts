import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditEntry } from '@portal/shared';
import { auditLog } from '../../db/schema.js';
import { createUser, startTestServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let admin: string;
let adminId: string;
let otherAdminId: string;
const tag = `t${Date.now()}`;
beforeAll(async () => {
  server = await startTestServer();
  const s = await server.signIn('admin@demo.test');
  admin = s.access_token;
  adminId = s.user.id;
  otherAdminId = (await createUser(server, { role: 'admin', name: 'Other Admin' })).user.id;
  // A known set of rows: 3 by the admin on users, 2 by the other admin on transfers, spread over days.
  const day = (d: number) => new Date(Date.UTC(2031, 0, d, 12, 0, 0));
  await server.ctx.db.insert(auditLog).values([
    { actorId: adminId, action: `${tag}.user.updated`, entity: 'user', entityId: otherAdminId, before: { name: 'Old' }, after: { name: 'New, "quoted"' }, ip: '10.0.0.1', createdAt: day(1) },
    { actorId: adminId, action: `${tag}.user.updated`, entity: 'user', entityId: otherAdminId, before: null, after: { name: 'اسم عربي' }, ip: '10.0.0.1', createdAt: day(2) },
    { actorId: adminId, action: `${tag}.user.deactivated`, entity: 'user', entityId: otherAdminId, after: { note: '=HYPERLINK("x")' }, ip: null, createdAt: day(3) },
    { actorId: otherAdminId, action: `${tag}.transfer.approved`, entity: 'transfer', entityId: crypto.randomUUID(), after: { status: 'approved' }, createdAt: day(3) },
    { actorId: null, action: `${tag}.transfer.approved`, entity: 'transfer', entityId: crypto.randomUUID(), createdAt: day(4) },
  ]);
});
afterAll(() => server.close());

const get = (query: string, token = admin) => server.call('GET', `/api/admin/audit?${query}`, { token });
const range = 'from=2031-01-01&to=2031-01-31';

describe('the audit log', () => {
  it('lists newest first with who, what, which record, before/after, when and address', async () => {
    const res = await get(range);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.total).toBe(5);
    const items = page.items as TAuditEntry[];
    expect(items.map((e) => e.created_at)).toEqual([
      '2031-01-04T12:00:00.000Z',
      '2031-01-03T12:00:00.000Z',
      '2031-01-03T12:00:00.000Z',
      '2031-01-02T12:00:00.000Z',
      '2031-01-01T12:00:00.000Z',
    ]);
    expect(items[0]!.actor).toBeNull();
    const first = items.at(-1)!;
    expect(first).toMatchObject({ action: `${tag}.user.updated`, entity: 'user', entity_id: otherAdminId, ip: '10.0.0.1', before: { name: 'Old' } });
    expect(first.actor).toMatchObject({ id: adminId, email: 'admin@demo.test' });
  });

  it('filters by user, action, record type and date range, and pages with a cursor', async () => {
    expect((await get(`${range}&user_id=${adminId}`)).json().total).toBe(3);
    expect((await get(`${range}&user_id=${otherAdminId}`)).json().items.map((e: TAuditEntry) => e.entity)).toEqual(['transfer']);
    expect((await get(`${range}&action=${tag}.user.updated`)).json().total).toBe(2);
    expect((await get(`${range}&entity=transfer`)).json().total).toBe(2);
    expect((await get(`${range}&entity=user&entity_id=${otherAdminId}`)).json().total).toBe(3);
    expect((await get('from=2031-01-02&to=2031-01-03')).json().total).toBe(3);
    expect((await get('from=2031-01-03T12:00:00Z&to=2031-01-03T12:00:00Z')).json().total).toBe(2);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`${range}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      const page = res.json();
      seen.push(...page.items.map((e: TAuditEntry) => e.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);

    const bad = await get('user_id=nobody&from=yesterday&limit=0');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['from', 'limit', 'user_id']);
  });

  it('exports the filtered log as CSV: UTF-8 with a BOM, quoted cells, formulas defused', async () => {
    const res = await get(`${range}&user_id=${adminId}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('when,user,user email,action,record type,record,record id,ip,before,after');
    expect(lines[1]).toContain(',Other Admin,');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`${tag}.user.deactivated`);
    expect(lines[1]).toContain(`"{""note"":""=HYPERLINK(\\""x\\"")""}"`);
    expect(lines[2]).toContain('اسم عربي');
    expect(lines[3]).toContain(`"{""name"":""New, \\""quoted\\""""}"`);
    expect(lines[3]).toContain('2031-01-01T12:00:00.000Z,');
  });

  it('offers the actions and record types for the filters, and is for admins only', async () => {
    const facets = (await server.call('GET', '/api/admin/audit/facets', { token: admin })).json();
    expect(facets.actions).toEqual(expect.arrayContaining([`${tag}.user.updated`, `${tag}.transfer.approved`]));
    expect(facets.entities).toEqual(expect.arrayContaining(['user', 'transfer']));
    const supervisor = await server.signIn('supervisor@demo.test');
    expect((await get(range, supervisor.access_token)).statusCode).toBe(403);
    expect((await get(`${range}&format=csv`, supervisor.access_token)).statusCode).toBe(403);
  });

  it('records the admin screens’ changes (a real change shows up with its address)', async () => {
    const { user } = await createUser(server);
    await server.call('PATCH', `/api/admin/users/${user.id}`, { token: admin, body: { name: 'Audited' }, ip: '192.0.2.7' });
    const items = (await get(`entity=user&entity_id=${user.id}`)).json().items as TAuditEntry[];
    expect(items[0]).toMatchObject({ action: 'user.updated', ip: '192.0.2.7', after: { name: 'Audited' }, actor: { id: adminId } });
  });
});
