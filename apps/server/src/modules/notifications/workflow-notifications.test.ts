import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { ZCreateServiceRequest, type TServiceRequest, type TServiceRequestList } from '@portal/shared';
import { caller, person, type Person, startTestServer, TEST_DB, type TestServer } from '../../../test/harness.js';
import { rowsOf } from '../../db/rows.js';
import { makeItem, receive } from '../inventory/factories.js';
import { applyRequestAction, createServiceRequest } from '../service-requests/index.js';
import { DEFAULT_SETTINGS, putSetting } from '../settings/store.js';
import { notify } from './service.js';

type Locale = Record<string, unknown>;
const locale = (l: 'ar' | 'en') => JSON.parse(readFileSync(new URL(`../../../../../packages/shared/locales/${l}.json`, import.meta.url), 'utf8')) as Locale;
const en = locale('en');
const ar = locale('ar');

/**
 * Issue #24: who hears what. Admins hear of completed work (quality check due) and the request
 * desk's `quality=pending` list is the dashboard's figure; customers get customer-facing wording
 * (no parts lines, transfer numbers or staff notes) while staff keep the details; times in
 * notifications are written in the reader's language and the company's zone.
 */

let server: TestServer;
const P = {} as Record<'admin' | 'admin2' | 'tech' | 'customer', Person>;

const call = (p: Person, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  server.call(method, url, { token: p.token, body: method === 'GET' ? undefined : (body ?? {}) });
const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.ctx.db.execute(query));

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000d49484452', 'hex'), Buffer.alloc(32, 1)]);
const signature = `data:image/png;base64,${PNG.toString('base64')}`;

type Note = { title: string; message: string; params: Record<string, string>; link: string | null };
const notesOf = (userId: string, number: string) =>
  q<Note>(sql`select title, message, params, link from notifications where user_id = ${userId}::uuid and params->>'number' = ${number} order by created_at, id`);

/** A notification as its reader sees it (the web app's interpolation of the key). */
function render(locale: Locale, key: string, params: Record<string, string>): string {
  const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], locale);
  expect(typeof text, key).toBe('string');
  return (text as string).replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? `{{${k}}}`);
}

async function inProgress(): Promise<{ id: string; number: string }> {
  return server.ctx.db.transaction(async (tx) => {
    const r = await createServiceRequest(
      tx,
      caller(P.customer),
      ZCreateServiceRequest.parse({
        priority: 'medium',
        location: 'office',
        service_type: 'laptop',
        fault_type: 'screen',
        problem_description: 'Fan noise',
        device: { brand: 'Lenovo', model: 'T14', warranty_status: 'unknown' },
      }),
    );
    await applyRequestAction(tx, caller(P.admin), r.id, 'assign', { technician_id: P.tech.id });
    await applyRequestAction(tx, caller(P.tech), r.id, 'start', { note: null });
    return r;
  });
}
const complete = (r: { id: string }) =>
  call(P.tech, 'POST', `/api/service-requests/${r.id}/complete`, { diagnosis: 'Dust', resolution: 'Cleaned', technician_signature: signature, customer_signature: signature });
const awaitingQc = async () => (await call(P.admin, 'GET', '/api/service-requests?quality=pending&limit=100')).json() as TServiceRequestList;
const dashboardFigure = async () => (await call(P.admin, 'GET', '/api/dashboard/admin')).json().awaiting_quality_check as number;

beforeAll(async () => {
  server = await startTestServer();
  P.admin = await person(server, 'admin', 'QC Admin');
  P.admin2 = await person(server, 'admin', 'Second Admin');
  P.tech = await person(server, 'technician', 'Workflow Tech');
  P.customer = await person(server, 'customer', 'Workflow Customer');
});
afterAll(() => server?.close());

describe(`quality check due (${TEST_DB})`, () => {
  it('completing tells every active admin, links to the request, and lists it under quality=pending — the dashboard figure', async () => {
    const r = await inProgress();
    const before = await dashboardFigure();
    expect((await awaitingQc()).items.map((i) => i.id)).not.toContain(r.id);

    expect((await complete(r)).statusCode).toBe(200);
    for (const admin of [P.admin, P.admin2]) {
      const due = (await notesOf(admin.id, r.number)).filter((n) => n.title === 'notifications.sr_quality_due.title');
      expect(due, admin.name).toHaveLength(1);
      expect(due[0]).toMatchObject({ message: 'notifications.sr_quality_due.message', link: `/dashboard/service-requests/${r.id}`, params: { number: r.number, actor: P.tech.name } });
    }
    // Only admins: the customer and the technician get their own news, not the quality check.
    expect((await notesOf(P.customer.id, r.number)).map((n) => n.title)).not.toContain('notifications.sr_quality_due.title');

    const list = await awaitingQc();
    expect(list.items.map((i) => i.id)).toContain(r.id);
    expect(list.items.every((i) => i.status === 'completed')).toBe(true);
    expect(list.total).toBe(await dashboardFigure());
    expect(await dashboardFigure()).toBe(before + 1);

    // A passed check takes it off the list (and the figure).
    const passed = await call(P.admin, 'POST', `/api/service-requests/${r.id}/quality-check`, { result: 'passed', notes: null });
    expect(passed.statusCode, passed.body).toBe(200);
    expect((await awaitingQc()).items.map((i) => i.id)).not.toContain(r.id);
    expect(await dashboardFigure()).toBe(before);
    expect((await awaitingQc()).total).toBe(before);
    const passedList = (await call(P.admin, 'GET', '/api/service-requests?quality=passed&limit=100')).json() as TServiceRequestList;
    expect(passedList.items.map((i) => i.id)).toContain(r.id);
  });

  it('a failed check reopens the work: it leaves the list, shows under quality=failed, and comes back when completed again', async () => {
    const r = await inProgress();
    await complete(r);
    expect((await awaitingQc()).items.map((i) => i.id)).toContain(r.id);
    const failed = await call(P.admin, 'POST', `/api/service-requests/${r.id}/quality-check`, { result: 'failed', notes: 'Screws missing on the base plate' });
    expect(failed.statusCode, failed.body).toBe(200);
    expect((failed.json() as TServiceRequest).status).toBe('in_progress');
    const pending = await awaitingQc();
    expect(pending.items.map((i) => i.id)).not.toContain(r.id);
    expect(pending.total).toBe(await dashboardFigure());
    const failedList = (await call(P.admin, 'GET', '/api/service-requests?quality=failed&limit=100')).json() as TServiceRequestList;
    expect(failedList.items.map((i) => i.id)).toContain(r.id);

    // The customer hears that it was reopened, in customer words: not the admin's notes.
    const reopened = (await notesOf(P.customer.id, r.number)).find((n) => n.title.startsWith('notifications.sr_reopened'))!;
    expect(reopened.title).toBe('notifications.sr_reopened_customer.title');
    expect(JSON.stringify(reopened.params)).not.toContain('Screws');
    // The technician keeps the details.
    const toTech = (await notesOf(P.tech.id, r.number)).find((n) => n.title === 'notifications.sr_reopened.title')!;
    expect(toTech.params.reason).toBe('Screws missing on the base plate');

    await complete(r);
    expect((await awaitingQc()).items.map((i) => i.id)).toContain(r.id);
    expect((await call(P.admin, 'GET', '/api/service-requests?quality=failed&limit=100')).json().items.map((i: { id: string }) => i.id)).not.toContain(r.id);
    expect((await awaitingQc()).total).toBe(await dashboardFigure());
  });

  it('quality is validated, admin-only in effect (a customer sees only their own), and searchable with other filters', async () => {
    const bad = await call(P.admin, 'GET', '/api/service-requests?quality=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ quality: 'invalid' });
    const r = await inProgress();
    await complete(r);
    const searched = (await call(P.admin, 'GET', `/api/service-requests?quality=pending&q=${r.number}`)).json() as TServiceRequestList;
    expect(searched.items.map((i) => i.id)).toEqual([r.id]);
    const other = await person(server, 'customer');
    expect((await call(other, 'GET', '/api/service-requests?quality=pending')).json().items).toEqual([]);
  });
});

describe(`customer-facing wording (${TEST_DB})`, () => {
  it('a parts request tells the customer their parts are on the way — no transfer number, item code or note; the technician gets the details', async () => {
    const r = await inProgress();
    const item = await makeItem(server.ctx.db);
    const [main] = await q<{ id: string }>(sql`select id from warehouses where kind = 'main' and active order by created_at limit 1`);
    await receive(server.ctx.db, item.id, main!.id, '10');
    // The admin asks on the technician's behalf, so the technician is told too.
    const res = await call(P.admin, 'POST', `/api/service-requests/${r.id}/parts-request`, { lines: [{ item_id: item.id, quantity: 1 }], note: 'Internal: check the hinge too' });
    expect(res.statusCode, res.body).toBe(201);
    const transfer = (res.json() as TServiceRequest).work.awaiting_transfer!;

    const customer = (await notesOf(P.customer.id, r.number)).find((n) => n.title.includes('awaiting_parts'))!;
    expect(customer.title).toBe('notifications.sr_awaiting_parts_customer.title');
    const stored = JSON.stringify(customer.params);
    for (const secret of [transfer.number, item.code, 'hinge']) expect(stored).not.toContain(secret);
    for (const locale of [en, ar]) {
      const text = render(locale, customer.message, customer.params);
      expect(text).toContain(r.number);
      for (const secret of [transfer.number, item.code, 'hinge', '{{']) expect(text).not.toContain(secret);
    }
    expect(render(en, customer.message, customer.params)).toBe(`Parts for ${r.number} are on their way to your technician. Work resumes as soon as they arrive.`);

    const tech = (await notesOf(P.tech.id, r.number)).find((n) => n.title === 'notifications.sr_awaiting_parts.title')!;
    expect(tech.params.reason).toContain(transfer.number);
    expect(tech.params.reason).toContain(item.code);
    expect(render(en, tech.message, tech.params)).toContain(item.code);
  });

  it('every notification a customer received in this file reads in both languages without staff details', async () => {
    const all = await q<Note>(sql`select title, message, params, link from notifications where user_id = ${P.customer.id}::uuid`);
    expect(all.length).toBeGreaterThan(5);
    for (const n of all) {
      expect(n.params.reason, n.title).toBeUndefined();
      for (const locale of [en, ar]) {
        const text = render(locale, n.message, n.params);
        expect(text, n.title).not.toMatch(/TR-\d{6}|×|\{\{/);
      }
    }
  });
});

describe(`times in notifications (${TEST_DB})`, () => {
  it('are written in each reader\'s language, in the company zone, one notify for both', async () => {
    const arabic = await person(server, 'customer', 'Arabic Reader');
    const english = await person(server, 'customer', 'English Reader');
    await server.ctx.db.execute(sql`update users set language = 'en' where id = ${english.id}::uuid`);
    await server.ctx.db.execute(sql`update users set language = 'ar' where id = ${arabic.id}::uuid`);
    await putSetting(server.ctx.db, 'time_zone', 'Asia/Riyadh', null);
    // 05:00 UTC is 08:00 in Riyadh.
    const number = `AP-T${Date.now()}`;
    await server.ctx.db.transaction((tx) =>
      notify(tx, { userIds: [arabic.id, english.id] }, {
        title: 'notifications.appointment_reminder.title',
        message: 'notifications.appointment_reminder.message',
        params: { number, request: 'SR-000001' },
        times: { when: '2026-11-26T05:00:00.000Z' },
      }),
    );
    const [toArabic] = await notesOf(arabic.id, number);
    const [toEnglish] = await notesOf(english.id, number);
    expect(toEnglish!.params.when).toBe('Thursday, November 26, 2026 at 8:00 AM');
    expect(toArabic!.params.when).toBe('الخميس، 26 نوفمبر 2026 في 8:00 ص');
    expect(toArabic!.params).toMatchObject({ number, request: 'SR-000001' });

    // Another zone moves the wall time (and the date): 2026-11-26 05:00 UTC is 00:00 in New York.
    await putSetting(server.ctx.db, 'time_zone', 'America/New_York', null);
    try {
      const later = `${number}-NY`;
      await server.ctx.db.transaction((tx) =>
        notify(tx, { role: 'customer' }, { title: 't', message: 'm', params: { number: later }, times: { when: Date.parse('2026-11-26T05:00:00Z') } }),
      );
      const [ny] = await notesOf(english.id, later);
      expect(ny!.params.when).toBe('Thursday, November 26, 2026 at 12:00 AM');
      const [nyAr] = await notesOf(arabic.id, later);
      expect(nyAr!.params.when).toBe('الخميس، 26 نوفمبر 2026 في 12:00 ص');
    } finally {
      await putSetting(server.ctx.db, 'time_zone', 'Asia/Riyadh', null);
    }
  });

});

describe(`a booking assigned on the spot (${TEST_DB})`, () => {
  it('tells the customer who is coming and when, in their language and the company zone — not "a technician will be assigned soon"', async () => {
    const TYPE = 'wf_test';
    await putSetting(server.ctx.db, 'time_zone', 'Asia/Riyadh', null);
    await putSetting(server.ctx.db, 'service_types', [...DEFAULT_SETTINGS.service_types, { code: TYPE, name_en: 'Workflow', name_ar: 'سير العمل' }], null);
    const allDay = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, { start: '00:00', end: '23:00' }]));
    await server.ctx.db.execute(sql`update technicians set weekly_hours = ${JSON.stringify(allDay)}::jsonb, skills = array[${TYPE}]::text[] where user_id = ${P.tech.id}::uuid`);
    const customer = await person(server, 'customer', 'Booking Customer');
    await server.ctx.db.execute(sql`update users set language = 'en' where id = ${customer.id}::uuid`);
    const start = DateTime.now().setZone('Asia/Riyadh').plus({ days: 3 }).set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
    const res = await call(customer, 'POST', '/api/bookings', {
      service_kind: 'office',
      starts_at: start.toISO({ suppressMilliseconds: true }),
      service_type: TYPE,
      fault_type: 'screen',
      problem_description: 'Cracked screen',
      device: { brand: 'Acme', model: 'One', warranty_status: 'unknown' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { service_request: sr, appointment: ap } = res.json();
    expect(ap.technician.id).toBe(P.tech.id);

    const [created] = (await notesOf(customer.id, sr.number)).filter((n) => n.title === 'notifications.sr_created.title');
    expect(created!.message).toBe('notifications.sr_created.message_assigned');
    expect(render(en, created!.message, created!.params)).toBe(`We received your request ${sr.number} (Acme One). ${P.tech.name} will handle it.`);
    expect(render(ar, created!.message, created!.params)).toContain(P.tech.name);
    expect(render(en, created!.message, created!.params)).not.toContain('soon');

    const [booked] = await notesOf(customer.id, ap.number);
    expect(booked!.title).toBe('notifications.appointment_booked.title');
    const when = start.setLocale('en').toLocaleString({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
    expect(booked!.params.when).toBe(`${when} at 9:00 AM`);
    expect(render(en, booked!.message, booked!.params)).toBe(
      `Your appointment ${ap.number} for ${sr.number} is booked for ${when} at 9:00 AM. ${P.tech.name} will be your technician.`,
    );
    // The technician (Arabic by default) reads the same instant in Arabic.
    const [job] = await notesOf(P.tech.id, ap.number);
    expect(job!.params.when).toMatch(/ في 9:00 ص$/);
  });
});
