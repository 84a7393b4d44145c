import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { EMAIL_KINDS } from '@portal/shared';
import { outbox, person, startTestServer, TEST_DB, type Person, type TestServer, emptyJobQueue } from '../../../test/harness.js';
import { rowsOf } from '../../db/rows.js';
import { jobHandlersFor } from '../../job-handlers.js';
import { createJobRunner, type JobRunner } from '../jobs/index.js';
import { REMINDER_JOB } from '../appointments/index.js';
import { CUSTOMER_MAIL_JOB } from '../notifications/index.js';
import { putSetting, DEFAULT_SETTINGS } from '../settings/store.js';
import { requestIdOfTrackingToken } from '../service-requests/index.js';
import { unsubscribeTokenOf } from './index.js';

// ---------------------------------------------------------------------------------------
// Reading the outbox: the .eml files as a mail client would (multipart, base64 or
// quoted-printable parts, encoded-word subjects).

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  raw: string;
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

const decodeWords = (v: string) =>
  v.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );

function decodeBody(body: string, encoding: string | undefined): Buffer {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    return Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1');
  }
  return Buffer.from(body, 'utf8');
}

function parseMail(raw: string): Mail {
  const mail: Mail = { to: '', subject: '', text: '', html: '', attachments: [], raw };
  const top = splitHead(raw);
  mail.to = top.headers.to ?? '';
  mail.subject = decodeWords(top.headers.subject ?? '');
  const walk = (part: { headers: Record<string, string>; body: string }) => {
    const type = part.headers['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const chunk of part.body.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        walk(splitHead(chunk.replace(/^\r?\n/, '')));
      }
      return;
    }
    const content = decodeBody(part.body, part.headers['content-transfer-encoding']);
    const filename = /filename="?([^";]+)"?/i.exec(part.headers['content-disposition'] ?? '')?.[1];
    if (filename) mail.attachments.push({ filename: decodeWords(filename), contentType: type.split(';')[0]!.trim(), content });
    else if (/^text\/html/i.test(type)) mail.html = content.toString('utf8');
    else if (/^text\/plain/i.test(type)) mail.text = content.toString('utf8');
  };
  walk(top);
  return mail;
}

/** Every message in a server's outbox, oldest first (the harness waits for `atLeast`). */
async function mailsOf(s: TestServer, atLeast = 0): Promise<Mail[]> {
  await outbox(s, atLeast, atLeast ? 10_000 : 0);
  const dir = path.join(s.dataDir, 'outbox');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort() : [];
  return files.map((f) => parseMail(fs.readFileSync(path.join(dir, f), 'utf8')));
}

// ---------------------------------------------------------------------------------------

const TYPE = 'mail_test';
const ZONE = 'Asia/Riyadh';
const ALL_DAY = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, { start: '00:00', end: '23:00' }]));
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000d49484452', 'hex'), Buffer.alloc(32, 1)]);
const signature = `data:image/png;base64,${PNG.toString('base64')}`;

const servers: TestServer[] = [];
let server: TestServer;
let admin: Person;
let tech: Person;
let runner: JobRunner;
let seq = 0;

const q = <T>(s: TestServer, query: ReturnType<typeof sql>) => s.ctx.db.execute(query).then((r) => rowsOf<T>(r));
const call = (p: Person | null, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, s: TestServer = server) =>
  s.call(method, url, { token: p?.token, body: method === 'GET' ? undefined : (body ?? {}) });

/** The customer-mail runner of an instance, with the handlers the app registers (the reminders too). */
function runnerOf(s: TestServer, opts: { instanceId?: string; batch?: number; leaseMs?: number } = {}): JobRunner {
  const all = jobHandlersFor(s.ctx);
  return createJobRunner(s.ctx.db, { handlers: { [CUSTOMER_MAIL_JOB]: all[CUSTOMER_MAIL_JOB]!, [REMINDER_JOB]: all[REMINDER_JOB]! }, ...opts });
}

/** A signed-in customer reading in `language`. */
async function customerIn(language: 'ar' | 'en', s: TestServer = server): Promise<Person & { email: string }> {
  const p = await person(s, 'customer');
  await s.ctx.db.execute(sql`update users set language = ${language}::language where id = ${p.id}::uuid`);
  const [{ email }] = await q<{ email: string }>(s, sql`select email from users where id = ${p.id}::uuid`) as [{ email: string }];
  return { ...p, email };
}

const requestBody = (over: Record<string, unknown> = {}) => ({
  priority: 'medium',
  location: 'office',
  address: null,
  service_type: 'laptop',
  fault_type: 'screen',
  problem_description: 'The screen flickers',
  device: { brand: 'Dell', model: 'XPS 13', warranty_status: 'unknown' },
  ...over,
});

async function raise(p: Person, over: Record<string, unknown> = {}, s: TestServer = server): Promise<{ id: string; number: string }> {
  const res = await call(p, 'POST', '/api/service-requests', requestBody(over), s);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Runs the runner until nothing is due; returns the messages it wrote. */
async function drain(s: TestServer = server, r: JobRunner = runner): Promise<Mail[]> {
  const before = (await mailsOf(s)).length;
  for (let i = 0; i < 5 && (await r.runOnce()) > 0; i++);
  return (await mailsOf(s)).slice(before);
}

const to = (mails: Mail[], email: string) => mails.filter((m) => m.to.includes(email));
const linkIn = (m: Mail, pattern: RegExp) => pattern.exec(m.text)?.[0] ?? null;

/** The checks every customer e-mail passes: language, parts, links. */
async function expectCustomerMail(m: Mail, language: 'ar' | 'en', requestId: string) {
  const origin = server.ctx.config.publicOrigin;
  expect(m.text.length).toBeGreaterThan(20);
  if (language === 'ar') {
    expect(m.html).toContain('<html dir="rtl" lang="ar">');
    expect(m.text).toMatch(/[\u0600-\u06FF]/);
    expect(m.text).not.toMatch(/\bHello\b/);
  } else {
    expect(m.html).toContain('<html dir="ltr" lang="en">');
    expect(m.text).toContain('Hello');
    expect(m.text).not.toMatch(/[\u0600-\u06FF]/);
  }
  // The tracking link opens this request; the unsubscribe link is at the foot of every mail.
  const tracking = linkIn(m, new RegExp(`${origin}/track/([A-Za-z0-9_-]{32})`));
  expect(tracking, m.text).not.toBeNull();
  expect(await requestIdOfTrackingToken(server.ctx.db, tracking!.split('/track/')[1]!)).toBe(requestId);
  const unsubscribe = linkIn(m, new RegExp(`${origin}/unsubscribe/[0-9a-f-]{36}\\.[A-Za-z0-9_-]{43}`));
  expect(unsubscribe, m.text).not.toBeNull();
  expect(m.html).toContain(unsubscribe!);
}

/** An appointment a few days ahead, booked by `p` (the request is raised with it). */
async function book(p: Person, kind: 'home' | 'office' = 'home') {
  seq++;
  const starts = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 3, hours: seq }).toISO({ suppressMilliseconds: true });
  const res = await call(p, 'POST', '/api/bookings', {
    service_kind: kind,
    address: kind === 'home' ? '12 Olaya Street, Riyadh' : undefined,
    starts_at: starts,
    service_type: TYPE,
    fault_type: 'screen',
    problem_description: 'No picture',
    device: { brand: 'Sony', model: 'Bravia', warranty_status: 'unknown' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { appointmentId: body.appointment.id as string, requestId: body.service_request.id as string, number: body.service_request.number as string, starts: starts! };
}

beforeAll(async () => {
  server = await startTestServer();
  servers.push(server);
  await emptyJobQueue(server);
  await putSetting(server.ctx.db, 'service_types', [...DEFAULT_SETTINGS.service_types, { code: TYPE, name_en: 'Mail test', name_ar: 'اختبار البريد' }], null);
  await putSetting(server.ctx.db, 'company_name', 'Fixit Co', null);
  admin = await person(server, 'admin');
  tech = await person(server, 'technician', 'Khalid Alharbi');
  await server.ctx.db.execute(sql`update technicians set weekly_hours = ${JSON.stringify(ALL_DAY)}::jsonb, skills = array[${TYPE}]::text[] where user_id = ${tech.id}::uuid`);
  runner = runnerOf(server);
  // Whatever the demo company left queued is not these tests' business.
  await drain();
}, 120_000);
afterAll(async () => {
  for (const s of servers.reverse()) await s.close();
});

describe(`customer e-mail (${TEST_DB})`, () => {
  it('request received: one message to the customer in their language, with the tracking and unsubscribe links; none twice', async () => {
    const ar = await customerIn('ar');
    const en = await customerIn('en');
    const rAr = await raise(ar);
    const rEn = await raise(en);
    const mails = await drain();
    const [toAr, toEn] = [to(mails, ar.email), to(mails, en.email)];
    expect(toAr).toHaveLength(1);
    expect(toEn).toHaveLength(1);
    await expectCustomerMail(toAr[0]!, 'ar', rAr.id);
    await expectCustomerMail(toEn[0]!, 'en', rEn.id);
    expect(toAr[0]!.subject).toContain('استلمنا');
    expect(toAr[0]!.subject).toContain('Fixit Co');
    // The number is isolated left to right inside the Arabic.
    expect(toAr[0]!.html).toContain(`<bdi dir="ltr">${rAr.number}</bdi>`);
    expect(toEn[0]!.subject).toBe(`Fixit Co: we received your request ${rEn.number}`);
    // Done once: another poll sends nothing.
    expect(await drain()).toHaveLength(0);
  });

  it("an admin's walk-in customer (created on the spot) gets the request-received mail besides the welcome mail", async () => {
    const email = `walkin-${Date.now()}@test.test`;
    const r = await raise(admin, { new_customer: { name: 'Walk In', email, mobile_number: '+966500001234' } });
    const mails = to(await drain(), email);
    expect(mails).toHaveLength(1);
    await expectCustomerMail(mails[0]!, 'ar', r.id);
  });

  it('booking, rescheduling, the 24 h reminder, on the way, waiting for parts and completed: each one message, with the PDF and feedback link at the end', async () => {
    const en = await customerIn('en');
    const b = await book(en);
    // Booked: the request is received and the appointment booked.
    let mails = to(await drain(), en.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([`Fixit Co: we received your request ${b.number}`, 'Fixit Co: your appointment is booked'].sort());
    for (const m of mails) await expectCustomerMail(m, 'en', b.requestId);
    const booked = mails.find((m) => m.subject.includes('booked'))!;
    expect(booked.text).toContain('Khalid');
    expect(booked.text).toContain(b.number);

    // Rescheduled by the admin to an hour later.
    const later = DateTime.fromISO(b.starts).plus({ hours: 1 }).toISO({ suppressMilliseconds: true });
    const moved = await call(admin, 'POST', `/api/appointments/${b.appointmentId}/reschedule`, { starts_at: later });
    expect(moved.statusCode, moved.body).toBe(200);
    mails = to(await drain(), en.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Fixit Co: your appointment was moved');
    await expectCustomerMail(mails[0]!, 'en', b.requestId);

    // The reminders come due: the 24 h one is also an e-mail (the 1 h one only in-app).
    await server.ctx.db.execute(sql`update jobs set run_at = now() - interval '1 second' where subject_id = ${b.appointmentId}::uuid and kind = ${REMINDER_JOB} and done_at is null`);
    mails = to(await drain(), en.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Fixit Co: reminder of your appointment tomorrow');
    await expectCustomerMail(mails[0]!, 'en', b.requestId);
    const [{ n: inApp }] = (await q<{ n: number }>(
      server,
      sql`select count(*)::int as n from notifications where user_id = ${en.id}::uuid and title = 'notifications.appointment_reminder.title'`,
    )) as [{ n: number }];
    expect(inApp).toBe(2);

    // Work starts on the home visit: the technician is on the way.
    const start = await call(tech, 'POST', `/api/service-requests/${b.requestId}/work-log/start`, { note: 'Leaving now' });
    expect(start.statusCode, start.body).toBe(201);
    mails = to(await drain(), en.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Fixit Co: your technician is on the way');
    expect(mails[0]!.text).toContain('Khalid');
    await expectCustomerMail(mails[0]!, 'en', b.requestId);

    const parts = await call(tech, 'POST', `/api/service-requests/${b.requestId}/await-parts`, { note: 'A new panel' });
    expect(parts.statusCode, parts.body).toBe(200);
    mails = to(await drain(), en.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Fixit Co: your request ${b.number} is waiting for parts`);
    // The staff note stays with staff.
    expect(mails[0]!.text).not.toContain('A new panel');
    await expectCustomerMail(mails[0]!, 'en', b.requestId);

    expect((await call(tech, 'POST', `/api/service-requests/${b.requestId}/resume`, {})).statusCode).toBe(200);
    expect(to(await drain(), en.email)).toHaveLength(0);
    const done = await call(tech, 'POST', `/api/service-requests/${b.requestId}/complete`, {
      diagnosis: 'Loose cable',
      resolution: 'Reseated the cable',
      technician_signature: signature,
      customer_signature: signature,
    });
    expect(done.statusCode, done.body).toBe(200);
    mails = to(await drain(), en.email);
    expect(mails).toHaveLength(1);
    const completed = mails[0]!;
    expect(completed.subject).toBe(`Fixit Co: your request ${b.number} is completed`);
    await expectCustomerMail(completed, 'en', b.requestId);
    expect(completed.text).toContain(`${server.ctx.config.publicOrigin}/dashboard/service-requests/${b.requestId}#feedback`);
    expect(completed.attachments).toHaveLength(1);
    expect(completed.attachments[0]!.contentType).toBe('application/pdf');
    expect(completed.attachments[0]!.filename).toMatch(/-en\.pdf$/);
    expect(completed.attachments[0]!.content.subarray(0, 4).toString()).toBe('%PDF');
  }, 60_000);

  it('an Arabic customer\'s completed mail attaches the Arabic report; an office request\'s start sends no "on the way"', async () => {
    const ar = await customerIn('ar');
    const r = await raise(ar);
    await drain();
    expect((await call(admin, 'POST', `/api/service-requests/${r.id}/assign`, { technician_id: tech.id })).statusCode).toBe(200);
    expect((await call(tech, 'POST', `/api/service-requests/${r.id}/work-log/start`, {})).statusCode).toBe(201);
    expect(to(await drain(), ar.email)).toHaveLength(0);
    const done = await call(tech, 'POST', `/api/service-requests/${r.id}/complete`, { diagnosis: 'عطل', resolution: 'تم الإصلاح', technician_signature: signature, customer_signature: signature });
    expect(done.statusCode, done.body).toBe(200);
    const mails = to(await drain(), ar.email);
    expect(mails).toHaveLength(1);
    await expectCustomerMail(mails[0]!, 'ar', r.id);
    expect(mails[0]!.subject).toContain('اكتمل');
    expect(mails[0]!.attachments[0]!.filename).toMatch(/-ar\.pdf$/);
    expect(mails[0]!.attachments[0]!.content.subarray(0, 4).toString()).toBe('%PDF');
  }, 60_000);

  it('a preference of in-app only writes no mail of that kind; the in-app notification is still there', async () => {
    const en = await customerIn('en');
    const initial = await call(en, 'GET', '/api/me/email-preferences');
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({ kinds: EMAIL_KINDS.map((kind) => ({ kind, email: true })) });
    const put = await call(en, 'PUT', '/api/me/email-preferences', { kinds: [{ kind: 'request_received', email: false }] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().kinds).toContainEqual({ kind: 'request_received', email: false });
    expect(put.json().kinds).toContainEqual({ kind: 'completed', email: true });

    const r = await raise(en);
    expect(to(await drain(), en.email)).toHaveLength(0);
    const [{ n }] = (await q<{ n: number }>(server, sql`select count(*)::int as n from notifications where user_id = ${en.id}::uuid and title = 'notifications.sr_created.title'`)) as [
      { n: number },
    ];
    expect(n).toBe(1);
    const [job] = await q<{ done: boolean }>(server, sql`select done_at is not null as done from jobs where kind = ${CUSTOMER_MAIL_JOB} and subject_id = ${r.id}::uuid`);
    expect(job).toEqual({ done: true });

    // Turned back on, the next request's mail goes out; hostile bodies are 400s.
    expect((await call(en, 'PUT', '/api/me/email-preferences', { kinds: [{ kind: 'request_received', email: true }] })).statusCode).toBe(200);
    await raise(en);
    expect(to(await drain(), en.email)).toHaveLength(1);
    for (const body of [{ kinds: [{ kind: 'spam', email: false }] }, { kinds: 'x' }, { kinds: [{ kind: 'completed', email: 'no' }] }, {}]) {
      expect((await call(en, 'PUT', '/api/me/email-preferences', body)).statusCode).toBe(400);
    }
    expect((await call(null, 'GET', '/api/me/email-preferences')).statusCode).toBe(401);
  });

  it("the mail's unsubscribe link turns every kind off; a tampered or malformed token is a 404", async () => {
    const ar = await customerIn('ar');
    await raise(ar);
    const [m] = to(await drain(), ar.email);
    const link = linkIn(m!, /\/unsubscribe\/(\S+)/)!;
    const token = link.split('/unsubscribe/')[1]!;
    expect(token).toBe(await unsubscribeTokenOf(server.ctx.db, ar.id));

    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const other = await customerIn('en');
    const forged = `${other.id}.${token.split('.')[1]}`;
    for (const bad of [tampered, forged, 'garbage', `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.${'A'.repeat(43)}`, 'x'.repeat(200)]) {
      expect((await call(null, 'POST', '/api/email-preferences/unsubscribe', { token: bad })).statusCode, bad).toBe(404);
    }
    expect((await call(null, 'POST', '/api/email-preferences/unsubscribe', { token: 'x'.repeat(201) })).statusCode).toBe(400);
    // Nothing changed for anyone.
    expect((await call(other, 'GET', '/api/me/email-preferences')).json().kinds.every((k: { email: boolean }) => k.email)).toBe(true);

    const res = await call(null, 'POST', '/api/email-preferences/unsubscribe', { token });
    expect(res.statusCode).toBe(204);
    expect((await call(ar, 'GET', '/api/me/email-preferences')).json()).toEqual({ kinds: EMAIL_KINDS.map((kind) => ({ kind, email: false })) });
    await raise(ar);
    expect(to(await drain(), ar.email)).toHaveLength(0);
  });

  it('unsubscribing is rate limited per address', async () => {
    const ip = '203.0.113.77';
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await server.call('POST', '/api/email-preferences/unsubscribe', { ip, body: { token: 'garbage' } })).statusCode;
    expect(last).toBe(429);
    expect((await server.call('POST', '/api/email-preferences/unsubscribe', { ip: '203.0.113.78', body: { token: 'garbage' } })).statusCode).toBe(404);
  });

  it('a failing SMTP server does not fail the action; the job is retried and the message goes out once the server answers', async () => {
    // A port nobody listens on (yet).
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as net.AddressInfo).port;
        probe.close(() => resolve(p));
      });
    });
    const smtpServer = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    servers.push(smtpServer);
    await emptyJobQueue(smtpServer);
    await putSetting(smtpServer.ctx.db, 'company_name', 'Fixit Co', null);
    const en = await customerIn('en', smtpServer);
    const started = Date.now();
    const r = await raise(en, {}, smtpServer);
    expect(Date.now() - started).toBeLessThan(5_000);

    const failing = runnerOf(smtpServer, { instanceId: 'smtp-test' });
    expect(await failing.runOnce()).toBe(0);
    const [job] = await q<{ attempts: number; last_error: string | null; retry_later: boolean; done: boolean }>(
      smtpServer,
      sql`select attempts, last_error, run_at > now() as retry_later, done_at is not null as done from jobs where kind = ${CUSTOMER_MAIL_JOB} and subject_id = ${r.id}::uuid`,
    );
    expect(job).toMatchObject({ attempts: 1, retry_later: true, done: false });
    expect(job!.last_error).toMatch(/ECONNREFUSED|connect/i);

    // The mail server comes up on that port: a minimal SMTP dialogue that keeps what it receives.
    const received: string[] = [];
    const smtp = net.createServer((socket) => {
      let data = false;
      let buffer = '';
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('latin1');
        for (;;) {
          if (data) {
            const end = buffer.indexOf('\r\n.\r\n');
            if (end < 0) return;
            received.push(buffer.slice(0, end));
            buffer = buffer.slice(end + 5);
            data = false;
            socket.write('250 queued\r\n');
            continue;
          }
          const nl = buffer.indexOf('\r\n');
          if (nl < 0) return;
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 2);
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO' || verb === 'HELO') socket.write('250-test\r\n250 8BITMIME\r\n');
          else if (verb === 'DATA') {
            data = true;
            socket.write('354 go\r\n');
          } else if (verb === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    try {
      await smtpServer.ctx.db.execute(sql`update jobs set run_at = now() where kind = ${CUSTOMER_MAIL_JOB} and subject_id = ${r.id}::uuid`);
      expect(await failing.runOnce()).toBe(1);
      expect(received).toHaveLength(1);
      const sent = parseMail(received[0]!);
      expect(sent.subject).toBe(`Fixit Co: we received your request ${r.number}`);
      expect(sent.to).toContain(en.email);
      // Done: polled again, nothing more is sent.
      await smtpServer.ctx.db.execute(sql`update jobs set run_at = now() where kind = ${CUSTOMER_MAIL_JOB} and subject_id = ${r.id}::uuid`);
      expect(await failing.runOnce()).toBe(0);
      expect(received).toHaveLength(1);
    } finally {
      await new Promise((resolve) => smtp.close(resolve));
    }
  }, 60_000);

  it.skipIf(TEST_DB !== 'postgres')('two instances running their runners at once send each message once', async () => {
    const other = await startTestServer({}, { shareDatabaseOf: server });
    servers.push(other);
    const customers = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => customerIn(i % 2 ? 'ar' : 'en')));
    const requests = [];
    for (const c of customers) requests.push(await raise(c));
    const beforeA = (await mailsOf(server)).length;
    const beforeB = (await mailsOf(other)).length;
    const a = runnerOf(server, { instanceId: 'a', batch: 1 });
    const b = runnerOf(other, { instanceId: 'b', batch: 1 });
    // Both poll at once, repeatedly (two polls in flight per instance), until nothing is left.
    const done = await Promise.all(
      [a, b].map(async (r) => {
        let n = 0;
        for (let i = 0; i < 8; i++) n += await Promise.all([r.runOnce(), r.runOnce()]).then(([x, y]) => x + y);
        return n;
      }),
    );
    expect(done[0]! + done[1]!).toBe(customers.length);
    const sent = [...(await mailsOf(server)).slice(beforeA), ...(await mailsOf(other)).slice(beforeB)];
    for (const [i, c] of customers.entries()) {
      const theirs = to(sent, c.email);
      expect(theirs, c.email).toHaveLength(1);
      expect(theirs[0]!.text).toContain(requests[i]!.number);
    }
    expect(sent).toHaveLength(customers.length);

    // A claim whose lease ran out (its instance stalled) is run by the other; the stale one then does nothing.
    const c = await customerIn('en');
    await raise(c);
    const stalled = runnerOf(server, { instanceId: 'stalled', leaseMs: 300 });
    const claimed = await stalled.claim();
    expect(claimed).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 400));
    expect(await b.runOnce()).toBe(1);
    expect(await stalled.run(claimed[0]!)).toBe('skipped');
    const all = [...(await mailsOf(server)), ...(await mailsOf(other))];
    expect(to(all, c.email)).toHaveLength(1);
  }, 120_000);
});

