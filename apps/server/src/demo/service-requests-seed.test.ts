import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SERVICE_REQUEST_STATUSES } from '@portal/shared';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { checkInvariant } from '../modules/inventory/index.js';
import { rowsOf } from '../db/rows.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface Row {
  id: string;
  number: string;
  status: string;
  customer: string;
  technician: string | null;
  skills: string[] | null;
  service_type: string;
  problem: string;
  device_serial: string | null;
  created_at: string;
  assigned_at: string | null;
  first_response_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  feedback_at: string | null;
  updated_at: string;
  rating: number | null;
  feedback: string | null;
  history: { from: string | null; to: string; at: string; role: string }[];
  signature: string | null;
}

describe('demo service requests', () => {
  let rows: Row[];
  beforeAll(async () => {
    rows = rowsOf<Row>(
      await server.ctx.db.execute(sql`
        select r.id, r.number, r.status::text, cu.email as customer, tu.email as technician, t.skills, r.service_type, r.problem_description as problem, r.device_serial,
          r.created_at::text, r.assigned_at::text, r.first_response_at::text, r.started_at::text, r.completed_at::text,
          r.cancelled_at::text, r.feedback_at::text, r.updated_at::text, r.rating, r.feedback,
          (select json_agg(json_build_object('from', h.from_status, 'to', h.to_status, 'at', h.created_at, 'role', u.role) order by h.created_at)
             from service_request_history h left join users u on u.id = h.actor_id where h.request_id = r.id) as history,
          (select encode(a.data, 'base64') from attachments a where a.request_id = r.id and a.kind = 'customer_signature') as signature
        from service_requests r
        join users cu on cu.id = r.customer_id
        left join users tu on tu.id = r.technician_id
        left join technicians t on t.user_id = r.technician_id
        order by r.number`),
    );
  });

  it('about 40 requests numbered SR-000001… in date order, in every status, across the demo customers and technicians', () => {
    expect(rows.length).toBeGreaterThanOrEqual(35);
    expect(rows.map((r) => r.number)).toEqual(rows.map((_, i) => `SR-${String(i + 1).padStart(6, '0')}`));
    const dates = rows.map((r) => Date.parse(r.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    // Spread over the past two months, none in the future.
    expect(Date.now() - dates[0]!).toBeGreaterThan(50 * 86_400_000);
    expect(Date.now() - dates[0]!).toBeLessThan(62 * 86_400_000);
    expect(Math.max(...rows.map((r) => Date.parse(r.updated_at)))).toBeLessThan(Date.now());

    const byStatus = Object.fromEntries(SERVICE_REQUEST_STATUSES.map((s) => [s, rows.filter((r) => r.status === s).length]));
    for (const s of SERVICE_REQUEST_STATUSES) expect(byStatus[s], s).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((r) => r.customer))).toEqual(
      new Set(['customer1@demo.test', 'customer2@demo.test', 'fatima@example.test', 'omar@example.test', 'sara@example.test']),
    );
    expect(new Set(rows.map((r) => r.technician).filter(Boolean))).toEqual(new Set(['tech1@demo.test', 'tech2@demo.test', 'tech3@demo.test']));
    // Each technician has the skill the request needs; open ones have none while pending.
    for (const r of rows) {
      if (r.technician) expect(r.skills, r.number).toContain(r.service_type);
      if (r.status === 'pending') expect(r.technician, r.number).toBeNull();
    }
    // Arabic and English descriptions.
    expect(rows.filter((r) => /[\u0600-\u06FF]/.test(r.problem)).length).toBeGreaterThanOrEqual(8);
    expect(rows.filter((r) => /^[A-Za-z]/.test(r.problem)).length).toBeGreaterThanOrEqual(8);
  });

  it('two requests share a serial number (the same device back), and the later one lists the earlier in its device history', async () => {
    const serials = new Map<string, Row[]>();
    for (const r of rows) if (r.device_serial) serials.set(r.device_serial, [...(serials.get(r.device_serial) ?? []), r]);
    const shared = [...serials.values()].filter((list) => list.length > 1);
    expect(shared).toHaveLength(1);
    const [earlier, later] = shared[0]!;
    expect(earlier!.customer).toBe(later!.customer);
    const session = await server.signIn(later!.customer);
    const detail = (await server.call('GET', `/api/service-requests/${later!.id}`, { token: session.access_token })).json();
    expect(detail.device_history.map((d: { id: string }) => d.id)).toEqual([earlier!.id]);
  });

  it('completed requests carry feedback: ratings 1–5, mostly 4–5, each with a PNG signature', () => {
    const rated = rows.filter((r) => r.rating !== null);
    expect(rated.length).toBeGreaterThanOrEqual(5);
    expect(rated.every((r) => r.status === 'completed' && r.feedback_at && r.signature)).toBe(true);
    expect(rated.filter((r) => r.rating! >= 4).length / rated.length).toBeGreaterThan(0.6);
    // Some completed ones still wait for the customer's feedback (the dashboard's pending tasks).
    expect(rows.some((r) => r.status === 'completed' && r.rating === null)).toBe(true);
    for (const r of rated) {
      const png = Buffer.from(r.signature!, 'base64');
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(png.length).toBeGreaterThan(500);
      expect(png.length).toBeLessThan(20_000);
    }
  });

  it('history follows the state machine in time order, by the right roles, and the request timestamps agree with it', () => {
    for (const r of rows) {
      const h = r.history;
      expect(h[0]!.from, r.number).toBeNull();
      expect(h[0]!.to).toBe('pending');
      expect(h.at(-1)!.to, r.number).toBe(r.status);
      for (let i = 1; i < h.length; i++) {
        expect(h[i]!.from, `${r.number} row ${i}`).toBe(h[i - 1]!.to);
        expect(Date.parse(h[i]!.at), `${r.number} row ${i}`).toBeGreaterThan(Date.parse(h[i - 1]!.at));
        // Assignment, unassignment and reopening are the admin's; work is the technician's.
        if (h[i]!.to === 'assigned' || h[i]!.from === 'completed') expect(h[i]!.role).toBe('admin');
        if (h[i]!.from === 'in_progress' && h[i]!.to !== 'cancelled') expect(h[i]!.role).toBe('technician');
      }
      const at = (v: string | null) => (v ? Date.parse(v) : null);
      expect(at(r.created_at)).toBe(Date.parse(h[0]!.at));
      const order = [r.created_at, r.first_response_at, r.started_at, r.completed_at, r.feedback_at].map(at).filter((v): v is number => v !== null);
      expect(order, r.number).toEqual([...order].sort((a, b) => a - b));
      if (r.assigned_at) expect(at(r.assigned_at)! >= at(r.created_at)!).toBe(true);
      if (r.cancelled_at) expect(at(r.cancelled_at)).toBe(Date.parse(h.at(-1)!.at));
      expect(at(r.updated_at)).toBe(Math.max(Date.parse(h.at(-1)!.at), at(r.feedback_at) ?? 0));
      if (r.status === 'completed') expect(r.completed_at).not.toBeNull();
      if (['assigned', 'in_progress', 'pending_parts', 'completed'].includes(r.status)) expect(r.first_response_at, r.number).not.toBeNull();
    }
  });

  it("notifications and audit rows are dated with the change they report, and the inventory ledger still holds", async () => {
    const [bad] = rowsOf<{ n: number }>(
      await server.ctx.db.execute(sql`
        select count(*)::int as n from notifications n
        join service_requests r on n.link = '/dashboard/service-requests/' || r.id
        where n.created_at < r.created_at or n.created_at > r.updated_at`),
    );
    expect(bad!.n).toBe(0);
    const [audits] = rowsOf<{ n: number; off: number }>(
      await server.ctx.db.execute(sql`
        select count(*)::int as n, count(*) filter (where a.created_at < r.created_at or a.created_at > r.updated_at)::int as off
        from audit_log a join service_requests r on a.entity = 'service_request' and a.entity_id = r.id::text`),
    );
    expect(audits!.n).toBeGreaterThan(0);
    expect(audits!.off).toBe(0);
    expect(await checkInvariant(server.ctx.db)).toEqual({ ok: true, mismatches: [], negatives: [] });
  });

  it('the lists answer for each role: the admin sees all, a customer their own, a technician their assigned', async () => {
    const admin = await server.signIn('admin@demo.test');
    const all = (await server.call('GET', '/api/service-requests?limit=100', { token: admin.access_token })).json();
    expect(all.total).toBe(rows.length);
    const customer = await server.signIn('customer1@demo.test');
    const own = (await server.call('GET', '/api/service-requests?limit=100', { token: customer.access_token })).json();
    expect(own.total).toBe(rows.filter((r) => r.customer === 'customer1@demo.test').length);
    const tech = await server.signIn('tech3@demo.test');
    const assigned = (await server.call('GET', '/api/service-requests?limit=100', { token: tech.access_token })).json();
    expect(assigned.total).toBe(rows.filter((r) => r.technician === 'tech3@demo.test').length);
    expect(assigned.total).toBeGreaterThan(0);
  });

  it('field work on the jobs worked: parts from the van through the ledger, labor, photos with thumbnails, quality checks', async () => {
    const [f] = rowsOf<{ with_parts: number; parts_outside: number; consumptions: number; lines: number; labor: number; photos: number; thumbs: number; checked: number; checked_not_completed: number }>(
      await server.ctx.db.execute(sql`
        select
          (select count(distinct request_id)::int from request_parts) as with_parts,
          (select count(*)::int from request_parts p join service_requests r on r.id = p.request_id where r.status not in ('in_progress', 'pending_parts', 'completed')) as parts_outside,
          (select count(*)::int from stock_movements where kind = 'consumption' and document_type = 'service_request') as consumptions,
          (select count(*)::int from request_parts) as lines,
          (select count(*)::int from service_requests where labor_hours is not null) as labor,
          (select count(*)::int from attachments where kind = 'photo') as photos,
          (select count(*)::int from attachments where kind = 'photo' and thumbnail is not null) as thumbs,
          (select count(*)::int from service_requests where qc_result = 'passed') as checked,
          (select count(*)::int from service_requests where qc_result is not null and status <> 'completed') as checked_not_completed`),
    );
    expect(f!.with_parts).toBeGreaterThanOrEqual(5);
    expect(f!.parts_outside).toBe(0);
    expect(f!.consumptions).toBe(f!.lines);
    expect(f!.labor).toBeGreaterThanOrEqual(5);
    expect(f!.photos).toBeGreaterThanOrEqual(5);
    expect(f!.thumbs).toBe(f!.photos);
    expect(f!.checked).toBeGreaterThanOrEqual(3);
    expect(f!.checked_not_completed).toBe(0);
    expect(await checkInvariant(server.ctx.db)).toEqual({ ok: true, mismatches: [], negatives: [] });
  });
});
