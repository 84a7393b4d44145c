// `analytics`: every analytics figure over a year of 1,000,000 requests (issue #11), p95 ≤ 500 ms.
// One throwaway PostgreSQL database: the built portal starts on it (migrates, loads the demo
// data), then the year of requests is generated as for requests-list (bench/lib/requests-data.mjs),
// plus what the other figures read: a work-log entry for every request worked, a part line on one
// in four completed requests, SLA breaches on one in twenty, and consumption movements. Then,
// through the real API, each figure over the whole year (monthly buckets) and again filtered
// (a technician and a priority): ten sequential calls per round after two warm-up calls, p95 of
// the ten. See docs/performance.md.
import pg from 'pg';
import { SMOKE, createReport, percentile, requireBuild, rounds, signIn, startPortal } from './lib/harness.mjs';
import { generateRequests } from './lib/requests-data.mjs';

const num = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const REQUESTS = num('BENCH_SR_REQUESTS', SMOKE ? 20_000 : 1_000_000);
const CUSTOMERS = num('BENCH_SR_CUSTOMERS', SMOKE ? 300 : 4_000);
const TECHNICIANS = num('BENCH_SR_TECHNICIANS', SMOKE ? 10 : 50);
const CALLS = SMOKE ? 3 : 10;
const GOAL_MS = 500;
const FIGURES = ['requests', 'service-types', 'times', 'first-time-fix', 'satisfaction', 'utilisation', 'parts', 'stock-value'];

/** The field-work rows the figures read, in bulk, for the generated requests. */
async function generateFieldWork(client, report) {
  const t = performance.now();
  await client.query(`
    insert into work_log_entries (request_id, technician_id, started_at, ended_at)
    select r.id, r.technician_id, r.started_at, r.started_at + (30 + (abs(hashtext(r.id::text)) % 180)) * interval '1 minute'
    from service_requests r where r.started_at is not null and r.technician_id is not null and r.number like 'SR-%'
      and not exists (select 1 from work_log_entries w where w.request_id = r.id)`);
  await client.query(`
    with items as (select row_number() over (order by code)::int as k, id, price, tax_rate from inventory_items),
    n as (select count(*)::int as n from items),
    main as (select id from warehouses where kind = 'main' limit 1)
    insert into request_parts (request_id, item_id, warehouse_id, quantity, unit_price, tax_rate, created_at)
    select r.id, i.id, (select id from main), 1 + abs(hashtext(r.number)) % 3, i.price, i.tax_rate, r.completed_at - interval '1 hour'
    from service_requests r
    join items i on i.k = 1 + abs(hashtext(r.id::text)) % (select n from n)
    where r.status = 'completed' and abs(hashtext(r.number || 'p')) % 4 = 0`);
  // Movements by the hundred thousand for the stock value trend: each part received the day
  // before it is consumed, so the levels (the sum of the movements) stay as they are.
  await client.query(`
    insert into stock_movements (item_id, warehouse_id, quantity, kind, document_type, document_id, created_at)
    select p.item_id, p.warehouse_id, m.q, m.kind::movement_kind, 'bench', p.request_id, p.created_at + m.shift
    from request_parts p
    cross join lateral (values (p.quantity, 'receipt', interval '-1 day'), (-p.quantity, 'consumption', interval '0')) m(q, kind, shift)`);
  await client.query(`
    insert into sla_breaches (request_id, target, due_at)
    select r.id, case when abs(hashtext(r.number || 's')) % 2 = 0 then 'response' else 'resolution' end, r.created_at + interval '8 hours'
    from service_requests r where abs(hashtext(r.number || 'b')) % 20 = 0
    on conflict do nothing`);
  for (const table of ['work_log_entries', 'request_parts', 'stock_movements', 'sla_breaches']) await client.query(`vacuum (analyze) ${table}`);
  const { rows: [c] } = await client.query(`select (select count(*) from work_log_entries)::int as w, (select count(*) from request_parts)::int as p,
    (select count(*) from stock_movements)::int as m, (select count(*) from sla_breaches)::int as b`);
  report.note(`field work: ${c.w.toLocaleString('en')} work-log entries, ${c.p.toLocaleString('en')} part lines, ${c.m.toLocaleString('en')} movements, ${c.b.toLocaleString('en')} SLA breaches in ${((performance.now() - t) / 1000).toFixed(0)} s`);
}

export async function run() {
  requireBuild();
  const report = createReport('analytics');
  const portal = await startPortal({ db: 'postgres' });
  const client = new pg.Client({ connectionString: portal.databaseUrl });
  await client.connect();
  try {
    await generateRequests(client, report, { requests: REQUESTS, customers: CUSTOMERS, technicians: TECHNICIANS });
    await generateFieldWork(client, report);
    const admin = await signIn(portal.url, 'admin@demo.test');
    const { rows: [tech] } = await client.query(`select technician_id as id from service_requests where technician_id is not null group by 1 order by count(*) desc limit 1`);
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);

    const call = async (path) => {
      const started = performance.now();
      const res = await fetch(`${portal.url}${path}`, { headers: { authorization: `Bearer ${admin.access_token}` } });
      const body = await res.text();
      if (!res.ok) throw new Error(`GET ${path} → ${res.status} ${body.slice(0, 300)}`);
      return { ms: performance.now() - started, body };
    };
    const variants = [
      ...FIGURES.map((f) => ({ name: `${f}, a year`, path: `/api/analytics/${f}?from=${from}&to=${to}` })),
      ...['requests', 'times'].map((f) => ({ name: `${f}, a year, technician + priority`, path: `/api/analytics/${f}?from=${from}&to=${to}&technician_id=${tech.id}&priority=high` })),
    ];
    for (const v of variants) {
      const first = JSON.parse((await call(v.path)).body);
      report.note(`${v.path.split('?')[0]}: ${first.rows.length} rows (${first.bucket})`);
      await call(v.path);
      const samples = await rounds(async () => {
        const times = [];
        for (let i = 0; i < CALLS; i += 1) times.push((await call(v.path)).ms);
        return percentile(times, 95);
      });
      report.figure(`${v.name}, p95`, samples, { unit: 'ms', goal: { op: '<=', value: GOAL_MS }, digits: 0 });
    }
  } finally {
    await client.end().catch(() => {});
    await portal.stop();
  }
  return report.save({ requests: REQUESTS, customers: CUSTOMERS, technicians: TECHNICIANS, calls: CALLS });
}
