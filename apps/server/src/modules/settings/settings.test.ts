import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { ZCreateServiceRequest, type TSession } from '@portal/shared';
import { auditLog, settings, technicians } from '../../db/schema.js';
import { createUser, realtimeUrl, sessionFor, startTestServer, type TestServer } from '../../../test/harness.js';
import { TestSocket, settle } from '../../../test/ws-client.js';
import { applyRequestAction, createServiceRequest } from '../service-requests/index.js';

let server: TestServer;
let admin: TSession;
let adminId: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin@demo.test');
  adminId = (await server.call('GET', '/api/auth/user', { token: admin.access_token })).json().id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server.close();
});

const put = (body: unknown, token = admin.access_token) => server.call('PUT', '/api/admin/settings', { token, body });
const get = () => server.call('GET', '/api/admin/settings', { token: admin.access_token });
const publicSettings = async () => (await server.call('GET', '/api/settings/public')).json();
const rowCount = async () => (await server.ctx.db.select({ n: count() }).from(settings))[0]!.n;
const auditCount = async () => (await server.ctx.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, 'settings')))[0]!.n;
const settingsAudit = (key: string) =>
  server.ctx.db.select().from(auditLog).where(and(eq(auditLog.entity, 'settings'), eq(auditLog.entityId, key))).orderBy(auditLog.createdAt);

const entry = (code: string) => ({ code, name_ar: `اسم ${code}`, name_en: `Name ${code}` });

describe('GET /api/admin/settings', () => {
  it('answers every setting and no logo', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ company_name: 'Demo Repairs Co.', currency: 'SAR', time_zone: 'Asia/Riyadh', appointment_slot_minutes: 60, low_stock_rule: 'at_or_below_minimum', logo: null });
    expect(body.sla_targets.high).toEqual({ response_hours: 2, resolution_hours: 8 });
    expect(body.working_hours).toMatchObject({ '0': { start: '08:00', end: '17:00' }, '5': null });
    expect(body.service_types.length).toBeGreaterThan(0);
  });
});

describe('PUT /api/admin/settings: validation', () => {
  const base = { response_hours: 2, resolution_hours: 8 };
  const day = { start: '08:00', end: '17:00' };
  const week = { '0': day, '1': day, '2': day, '3': day, '4': day, '5': null, '6': null };
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['empty company name', { company_name: '   ' }, 'company_name', 'required'],
    ['long company name', { company_name: 'x'.repeat(121) }, 'company_name', 'too_long'],
    ['support phone', { support_phone: 'call us' }, 'support_phone', 'invalid_mobile'],
    ['currency not ISO 4217', { currency: 'RIYAL' }, 'currency', 'invalid'],
    ['unknown currency', { currency: 'XYZ' }, 'currency', 'invalid'],
    ['time zone', { time_zone: 'Mars/Olympus' }, 'time_zone', 'invalid'],
    ['offset is not a zone', { time_zone: '+03:00' }, 'time_zone', 'invalid'],
    ['language', { default_language: 'fr' }, 'default_language', 'invalid'],
    ['slot not a step of 15', { appointment_slot_minutes: 50 }, 'appointment_slot_minutes', 'out_of_range'],
    ['slot too long', { appointment_slot_minutes: 255 }, 'appointment_slot_minutes', 'out_of_range'],
    ['slot too short', { appointment_slot_minutes: 0 }, 'appointment_slot_minutes', 'out_of_range'],
    ['lead negative', { booking_lead_hours: -1 }, 'booking_lead_hours', 'out_of_range'],
    ['lead over a week', { booking_lead_hours: 169 }, 'booking_lead_hours', 'out_of_range'],
    ['lead fractional', { booking_lead_hours: 1.5 }, 'booking_lead_hours', 'invalid'],
    ['low-stock rule', { low_stock_rule: 'whenever' }, 'low_stock_rule', 'invalid'],
    ['SLA zero', { sla_targets: { high: { ...base, response_hours: 0 }, medium: base, low: base } }, 'sla_targets.high.response_hours', 'out_of_range'],
    ['SLA response after resolution', { sla_targets: { high: base, medium: { response_hours: 9, resolution_hours: 8 }, low: base } }, 'sla_targets.medium.response_hours', 'out_of_range'],
    ['SLA priority missing', { sla_targets: { high: base, medium: base } }, 'sla_targets.low', 'required'],
    ['working day ending before it starts', { working_hours: { ...week, '1': { start: '17:00', end: '08:00' } } }, 'working_hours.1.end', 'invalid'],
    ['no working day', { working_hours: Object.fromEntries(Object.keys(week).map((d) => [d, null])) }, 'working_hours', 'required'],
    ['no service types', { service_types: [] }, 'service_types', 'required'],
    ['duplicate fault code', { fault_types: [entry('a'), entry('b'), entry('a')] }, 'fault_types.2.code', 'duplicate'],
    ['code with capitals', { service_types: [entry('Laptop')] }, 'service_types.0.code', 'invalid'],
    ['code too long', { service_types: [entry('x'.repeat(51))] }, 'service_types.0.code', 'too_long'],
    ['missing Arabic name', { service_types: [{ ...entry('a'), name_ar: ' ' }] }, 'service_types.0.name_ar', 'required'],
    ['unknown key', { colour: 'red' }, 'colour', 'invalid'],
  ];
  it.each(cases)('%s → 400 on the field, nothing written', async (_name, body, field, code) => {
    const [rows, audits, before] = [await rowCount(), await auditCount(), await publicSettings()];
    // A valid change beside the bad one is not written either.
    const res = await put({ ...body, booking_lead_hours: body.booking_lead_hours ?? 7 });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    const fields = res.json().error.fields;
    expect(fields[field] ?? fields[`body.${field}`] ?? fields, `${JSON.stringify(fields)}`).toBe(code);
    expect(await rowCount()).toBe(rows);
    expect(await auditCount()).toBe(audits);
    expect(await publicSettings()).toEqual(before);
    expect((await get()).json().booking_lead_hours).not.toBe(7);
  });
});

describe('PUT /api/admin/settings: changes', () => {
  it('writes and audits each changed key (before → after), skips unchanged ones, normalises codes and zones', async () => {
    const current = (await get()).json();
    const res = await put({
      company_name: '  Fixers Ltd ',
      support_phone: '+966 55 123 4567',
      currency: 'usd',
      time_zone: 'Europe/London',
      appointment_slot_minutes: current.appointment_slot_minutes,
      sla_targets: { ...current.sla_targets, low: { response_hours: 12.5, resolution_hours: 72 } },
      working_hours: { ...current.working_hours, '5': { start: '09:00', end: '13:00' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ company_name: 'Fixers Ltd', support_phone: '+966 55 123 4567', currency: 'USD', time_zone: 'Europe/London' });

    const name = await settingsAudit('company_name');
    expect(name).toHaveLength(1);
    expect(name[0]).toMatchObject({ action: 'settings.updated', actorId: adminId, before: { company_name: 'Demo Repairs Co.' }, after: { company_name: 'Fixers Ltd' } });
    expect((await settingsAudit('sla_targets'))[0]!.after).toEqual({ sla_targets: { ...current.sla_targets, low: { response_hours: 12.5, resolution_hours: 72 } } });
    expect(await settingsAudit('currency')).toHaveLength(1);
    expect((await settingsAudit('working_hours'))[0]!.after).toMatchObject({ working_hours: { '5': { start: '09:00', end: '13:00' } } });
    expect(await settingsAudit('appointment_slot_minutes')).toHaveLength(0);

    // The same values again change nothing and audit nothing.
    const audits = await auditCount();
    expect((await put({ company_name: 'Fixers Ltd', currency: 'USD' })).statusCode).toBe(200);
    expect(await auditCount()).toBe(audits);
  });

  it('is in the public settings at once', async () => {
    await put({ company_name: 'Public Name', support_phone: '+966500000777', default_language: 'en', time_zone: 'Asia/Dubai' });
    expect(await publicSettings()).toMatchObject({ company_name: 'Public Name', support_phone: '+966500000777', default_language: 'en', time_zone: 'Asia/Dubai', logo_url: null });
  });

  // Issue #22, item 3: a name that looks like JSON came back as a number, boolean or array, and
  // the sign-in page's settings answered 500 for everyone.
  it.each(['2024', 'true', 'null', '[1]', '{"a":1}', '"quoted"', '1e308', '-0'])('keeps the company name %s a string, exactly', async (name) => {
    expect((await put({ company_name: name })).statusCode).toBe(200);
    const pub = await server.call('GET', '/api/settings/public');
    expect(pub.statusCode).toBe(200);
    expect(pub.json().company_name).toBe(name);
    const all = await get();
    expect(all.statusCode).toBe(200);
    expect(all.json().company_name).toBe(name);
    const [audit] = (await settingsAudit('company_name')).slice(-1);
    expect(audit!.after).toEqual({ company_name: name });
  });

  it('saves reordered, renamed and added service and fault types', async () => {
    const { service_types } = (await get()).json();
    const next = [{ ...service_types[1], name_en: 'Mobiles' }, service_types[0], ...service_types.slice(2), entry('solar')];
    const res = await put({ service_types: next });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().service_types).toEqual(next);
    const options = await server.call('GET', '/api/service-requests/options', { token: admin.access_token });
    expect(options.json().service_types.map((e: { code: string }) => e.code)).toEqual(next.map((e) => e.code));
  });

  it('sends settings.updated to every signed-in user that joined the topic, a customer included', async () => {
    const url = await realtimeUrl(server);
    const { user } = await createUser(server, { role: 'customer' });
    const customer = await TestSocket.open(url);
    sockets.push(customer);
    await customer.signIn((await sessionFor(server, user.id)).access_token, ['settings']);
    const tech = await TestSocket.open(url);
    sockets.push(tech);
    const { user: techUser } = await createUser(server, { role: 'technician' });
    await tech.signIn((await sessionFor(server, techUser.id)).access_token, ['settings']);

    await put({ support_phone: '+966500000888' });
    for (const s of [customer, tech]) {
      const frame = await s.waitFor((f) => f.type === 'event' && f.event === 'settings.updated');
      expect(frame).toMatchObject({ topic: 'settings', payload: { keys: ['support_phone'] } });
    }
    // A refused change publishes nothing.
    await put({ support_phone: 'nope' });
    await settle();
    expect(customer.events('settings.updated')).toHaveLength(1);
  });
});

describe('removing a service or fault type still in use', () => {
  it('is refused (409) while a technician has it as a skill or an open request uses it; allowed once only closed requests do', async () => {
    const start = (await get()).json();
    const added = await put({ service_types: [...start.service_types, entry('drone')], fault_types: [...start.fault_types, entry('smoke'), entry('spark')] });
    expect(added.statusCode, added.body).toBe(200);
    const { service_types, fault_types } = added.json();

    const { user: tech } = await createUser(server, { role: 'technician', name: 'Skilled Tech' });
    await server.ctx.db.update(technicians).set({ skills: ['drone'] }).where(eq(technicians.userId, tech.id));
    const { user: customer } = await createUser(server, { role: 'customer' });
    const caller = { userId: customer.id, role: 'customer' as const, ip: null };
    const input = (fault: string) =>
      ZCreateServiceRequest.parse({
        priority: 'medium', location: 'office', address: null, service_type: 'laptop', fault_type: fault, problem_description: 'Smoke came out', additional_notes: null,
        device: { brand: 'LG', model: 'X', serial_number: null, warranty_status: 'unknown', warranty_number: null, warranty_expiry: null },
      });
    const open = await server.ctx.db.transaction((tx) => createServiceRequest(tx, caller, input('smoke')));
    await server.ctx.db.transaction(async (tx) => {
      const r = await createServiceRequest(tx, caller, input('spark'));
      await applyRequestAction(tx, { userId: adminId, role: 'admin', ip: null }, r.id, 'cancel', { reason: 'not needed' });
    });

    const without = (list: { code: string }[], ...codes: string[]) => list.filter((e) => !codes.includes(e.code));
    const audits = await auditCount();
    const res = await put({ service_types: without(service_types, 'drone'), fault_types: without(fault_types, 'smoke', 'spark') });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('catalog_in_use');
    const details = res.json().error.details;
    expect(details.service_types).toEqual([{ code: 'drone', technicians: [{ id: tech.id, name: 'Skilled Tech' }], open_requests: [] }]);
    expect(details.fault_types).toEqual([{ code: 'smoke', technicians: [], open_requests: [{ id: open.id, number: expect.stringMatching(/^SR-/) }] }]);
    expect(await auditCount()).toBe(audits);
    expect((await get()).json().fault_types.map((e: { code: string }) => e.code)).toEqual(expect.arrayContaining(['smoke', 'spark']));

    // Only a cancelled request holds "spark": it may go.
    const ok = await put({ fault_types: without(fault_types, 'spark') });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().fault_types.map((e: { code: string }) => e.code)).not.toContain('spark');
  });
});

describe('company logo', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000d49484452', 'hex'), Buffer.alloc(64, 7)]);
  const upload = (image: string) => server.call('PUT', '/api/admin/settings/logo', { token: admin.access_token, body: { image } });

  it('refuses what is not a PNG, JPEG or WebP by its bytes, whatever it claims, and anything over 512 KB', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const image of [`data:image/png;base64,${svg.toString('base64')}`, Buffer.from('GIF89a......').toString('base64'), 'not base64!!']) {
      const res = await upload(image);
      expect(res.statusCode, image.slice(0, 30)).toBe(400);
      expect(res.json().error.fields).toEqual({ image: 'invalid' });
    }
    const big = Buffer.concat([png, Buffer.alloc(512 * 1024, 1)]);
    const res = await upload(big.toString('base64'));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
    expect((await publicSettings()).logo_url).toBeNull();
    expect(await settingsAudit('logo')).toHaveLength(0);
  });

  it('stores, serves with an ETag (304 on a match), shows in the public settings, and removes', async () => {
    // A real image: the logo is decoded and re-encoded without metadata before it is stored (issue #22).
    const logo = await sharp({ create: { width: 64, height: 32, channels: 4, background: { r: 26, g: 115, b: 232, alpha: 1 } } }).png().toBuffer();
    const res = await upload(`data:image/jpeg;base64,${logo.toString('base64')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().logo).toMatchObject({ content_type: 'image/png' });
    const size = res.json().logo.size as number;
    const { logo_url } = await publicSettings();
    expect(logo_url).toBe(res.json().logo.url);
    expect(logo_url).toMatch(/^\/api\/settings\/logo\?v=/);

    const image = await server.call('GET', logo_url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.rawPayload.length).toBe(size);
    const stored = await sharp(image.rawPayload).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['png', 64, 32]);
    const etag = image.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    const again = await server.call('GET', '/api/settings/logo', { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('public, no-cache');

    const audits = await settingsAudit('logo');
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ logo: { content_type: 'image/png', size } });

    const webp = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#1a73e8' } }).webp().toBuffer();
    expect((await upload(webp.toString('base64'))).json().logo.content_type).toBe('image/webp');

    const removed = await server.call('DELETE', '/api/admin/settings/logo', { token: admin.access_token });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().logo).toBeNull();
    expect((await publicSettings()).logo_url).toBeNull();
    expect((await server.call('GET', '/api/settings/logo')).statusCode).toBe(404);
    expect(await settingsAudit('logo')).toHaveLength(3);
  });
});
