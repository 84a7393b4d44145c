// `availability`: a week of free slots through the API — GET /api/availability for each of 7
// days — over 50 technicians with the service type and 5,000 live appointments around that week
// (two weeks ~80% booked), on one throwaway PostgreSQL database. Goal: p95 of one day's answer
// ≤ 50 ms (4 clients at once). `--smoke` runs a few rounds only.
import pg from 'pg';
import { createReport, percentile, rounds, signIn, SMOKE, startPortal } from './lib/harness.mjs';

const TECHS = 50;
const APPOINTMENTS = 5000;
const CLIENTS = 4;
const WEEKS_PER_CLIENT = SMOKE ? 3 : 40;
const TYPE = 'bench_av';

async function setup(pool) {
  const { rows: [st] } = await pool.query(`select value from settings where key = 'service_types'`);
  const types = st?.value ?? [
    { code: 'laptop', name_en: 'Laptops', name_ar: 'حواسيب' },
  ];
  types.push({ code: TYPE, name_en: 'Bench', name_ar: 'قياس' });
  await pool.query(
    `insert into settings (key, value) values ('service_types', $1::jsonb) on conflict (key) do update set value = excluded.value`,
    [JSON.stringify(types)],
  );
  const hours = JSON.stringify(Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, { start: '08:00', end: '17:00' }])));
  await pool.query(`
    with u as (
      insert into users (email, name, role, password_hash)
      select 'bench-av-' || g || '@bench.test', 'Bench Tech ' || lpad(g::text, 2, '0'), 'technician', '!unusable'
      from generate_series(1, ${TECHS}) g returning id)
    insert into technicians (user_id, skills, weekly_hours) select id, array['${TYPE}'], $1::jsonb from u`, [hours]);
  const { rows: [r] } = await pool.query(`select id, customer_id, technician_id from service_requests order by created_at limit 1`);
  // Slots of the next 14 days in Riyadh (08:00–17:00, hourly), ~80% of them booked, 5,000 in all.
  await pool.query(`
    insert into appointments (number, customer_id, service_request_id, technician_id, service_kind, starts_at, ends_at, status)
    select 'AP-B' || lpad(row_number() over ()::text, 6, '0'), $1::uuid, $2::uuid, t.user_id, 'office', s, s + interval '1 hour',
      (case when (d + h) % 2 = 0 then 'scheduled' else 'confirmed' end)::appointment_status
    from (select user_id, row_number() over (order by user_id) as n from technicians where '${TYPE}' = any(skills)) t,
      generate_series(1, 14) d, generate_series(8, 16) h,
      lateral (select ((date_trunc('day', now() at time zone 'Asia/Riyadh') + make_interval(days => d, hours => h)) at time zone 'Asia/Riyadh') as s) x
    where (t.n * 7 + d * 13 + h * 29) % 5 <> 0
    limit ${APPOINTMENTS}`, [r.customer_id, r.id]);
  const { rows: [c] } = await pool.query(`select count(*)::int as n from appointments where number like 'AP-B%'`);
  return c.n;
}

export async function run() {
  const report = createReport('availability');
  const portal = await startPortal({ db: 'postgres' });
  const pool = new pg.Pool({ connectionString: portal.databaseUrl, max: 2 });
  try {
    const booked = await setup(pool);
    const token = (await signIn(portal.url, 'customer1@demo.test')).access_token;
    const days = Array.from({ length: 7 }, (_, i) => new Date(Date.now() + (i + 1) * 86_400_000).toISOString().slice(0, 10));
    const get = async (date) => {
      const t0 = performance.now();
      const res = await fetch(`${portal.url}/api/availability?service_kind=office&service_type=${TYPE}&date=${date}`, { headers: { authorization: `Bearer ${token}` } });
      const body = await res.json();
      if (!res.ok) throw new Error(`availability ${date}: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - t0, slots: body.slots.length };
    };
    // Warm-up and a sanity check: some slots free, not all.
    const first = await Promise.all(days.map(get));
    report.note(`PostgreSQL; ${TECHS} technicians with the skill, ${booked} live appointments over 14 days; ${CLIENTS} clients; slots per day ${first.map((f) => f.slots).join(', ')}`);
    const p95s = [];
    const weeks = [];
    await rounds(async () => {
      const latencies = [];
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          for (let w = 0; w < WEEKS_PER_CLIENT; w++) {
            const t0 = performance.now();
            for (const d of days) latencies.push((await get(d)).ms);
            weeks.push(performance.now() - t0);
          }
        }),
      );
      p95s.push(percentile(latencies, 95));
    });
    report.figure('one day of slots, p95', p95s, { unit: 'ms', goal: { op: '<=', value: 50 } });
    report.figure('a week (7 days, one after another), p95', [percentile(weeks, 95)], { unit: 'ms' });
  } finally {
    await pool.end();
    await portal.stop();
  }
  return report.save();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then((r) => process.exit(r.missed.length ? 1 : 0), (err) => {
    console.error(err);
    process.exit(1);
  });
}
