// `requests-list`: the service-request lists at 1,000,000 requests (issue #8, decision 004).
// One throwaway PostgreSQL database: the built portal starts on it (migrates, loads the demo
// data), then the bench generates the requests in bulk in SQL — a few thousand customers
// (users + customers rows), ~50 technicians, a year of requests with realistic distributions,
// `search_text` computed exactly as the server computes it (`searchTextOf` in
// apps/server/src/modules/service-requests/search-queries.ts). The service_requests indexes are dropped
// for the load and recreated afterwards from their own definitions (read from pg_indexes), then
// VACUUM ANALYZE. Then, through the real API with autocannon at 10 connections, p95 ≤ 20 ms each:
//   a. the admin list filtered by a status, newest first (the default order)
//   b. search by serial number            (`q=<a serial>`)
//   c. search by customer name            (`q=<a full name>`)
//   d. one customer's own list            (signed in as that customer)
// and for each, EXPLAIN (ANALYZE, BUFFERS) of the statement the server runs: the bench imports
// the server's own `listStatement` (from source, through tsx: the built server is one bundle
// that exports nothing), checks that statement answers the same first page as the API did, and
// explains it as the server runs it: a prepared statement on its generic plan. The load runs in
// rounds across the scenarios, each round after a reference figure (the server's CPU for a
// request that reads no list) that tells how fast the machine is at the time, so runs hours
// apart can be compared. See docs/performance.md.
import { readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { DEMO_PASSWORD, ROOT, SMOKE, createReport, createThrowawayDatabase, requireBuild, rounds, signIn, sleep, startPortal } from './lib/harness.mjs';
import { load } from './lib/http-load.mjs';
import { generateRequests } from './lib/requests-data.mjs';

const num = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const REQUESTS = num('BENCH_SR_REQUESTS', SMOKE ? 20_000 : 1_000_000);
const CUSTOMERS = num('BENCH_SR_CUSTOMERS', SMOKE ? 300 : 4_000);
const TECHNICIANS = num('BENCH_SR_TECHNICIANS', SMOKE ? 10 : 50);
const CONNECTIONS = 10;
const GOAL_MS = 20;

// ---------------------------------------------------------------------------------------
// The plans

/** Plan lines that show how rows are found: nodes with their actual rows, conditions, buffers. */
function summarisePlan(lines) {
  const keep = /->|^\S|Index Cond|Recheck Cond|Filter:|Rows Removed|Heap Blocks|Sort Key|Sort Method|Buffers:|Planning Time|Execution Time|InitPlan|SubPlan/;
  return lines
    .filter((l) => keep.test(l.trimStart()) || keep.test(l))
    // Two spaces a level instead of six, without the estimates: the actual rows and times tell.
    .map((l) => {
      const text = l.replace(/\(cost=\S+ rows=(\d+) width=\d+\)\s*/, '(est. rows=$1) ').replace(/\s+$/, '');
      const indent = text.length - text.trimStart().length;
      return ' '.repeat(Math.round(indent / 3)) + text.trimStart();
    });
}

async function loadServerQueries() {
  const root = pathToFileURL(ROOT.endsWith('/') ? ROOT : `${ROOT}/`);
  const queries = await tsImport(new URL('apps/server/src/modules/service-requests/list-queries.ts', root).href, import.meta.url);
  const shared = await tsImport(new URL('packages/shared/src/index.ts', root).href, import.meta.url);
  return { listStatement: queries.listStatement, ZServiceRequestListQuery: shared.ZServiceRequestListQuery };
}

// ---------------------------------------------------------------------------------------
// Where a request's time goes, independent of how busy the machine is

/** CPU time (user + system) of a process so far, in ms, from /proc (Linux); NaN elsewhere. */
function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime (fields 14 and 15) in clock ticks of 1/100 s.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/**
 * A probe for load(): the server's CPU time, the CPU time of every PostgreSQL process, and the database's active_time (time its
 * sessions spent running statements, wall clock). Backends report their statistics about a
 * second after they go idle, hence the pause.
 */
const probeOf = (pid, client) => async () => {
  await sleep(1200);
  const { rows: [db] } = await client.query(`select active_time from pg_stat_database where datname = current_database()`);
  const own = process.cpuUsage();
  return { cpu: processCpuMs(pid), db: Number(db.active_time), pgCpu: postgresCpuMs(), benchCpu: (own.user + own.system) / 1000, ...machineCpuMs() };
};

/**
 * The whole machine's CPU so far, in ms (Linux /proc/stat, all cores): busy (what ran here:
 * everything but idle, I/O wait and steal), steal (time the hypervisor gave this machine's CPUs to
 * someone else) and all of it. With the server's, PostgreSQL's and this process's own CPU, busy
 * tells whether anything else ran; steal is kept apart, as nothing here ran in it.
 */
function machineCpuMs() {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { machineBusy: ((user + nice + system + irq + softirq) * 1000) / 100, steal: (steal * 1000) / 100, machineAll: ((user + nice + system + idle + iowait + irq + softirq + steal) * 1000) / 100 };
  } catch {
    return { machineBusy: NaN, steal: NaN, machineAll: NaN };
  }
}

/**
 * CPU time of every PostgreSQL process (server, backends, workers) so far, in ms (Linux /proc).
 * A process that exits between two readings takes its time with it — the pool closes idle
 * connections, so the reference run, which runs no statement, can show a negative figure (and
 * "anything else" the same amount more).
 */
function postgresCpuMs() {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').startsWith('postgres')) continue;
      total += processCpuMs(entry);
    } catch {
      /* gone meanwhile */
    }
  }
  return total;
}

async function api(base, token, path) {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${path} → ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

export async function run() {
  requireBuild();
  const report = createReport('requests-list');
  // BENCH_SR_KEEP=1 keeps the database afterwards (its URL is printed), to try plans on it;
  // BENCH_SR_DATABASE=<that URL> measures on it again without generating the data.
  const reuse = process.env.BENCH_SR_DATABASE;
  const keep = process.env.BENCH_SR_KEEP === '1';
  const database = keep && !reuse ? await createThrowawayDatabase('portal_bench_sr') : null;
  const databaseUrl = reuse ?? database?.url;
  const portal = await startPortal({ db: 'postgres', ...(databaseUrl ? { databaseUrl } : {}) });
  if (database) report.note(`BENCH_SR_KEEP=1: the database stays, ${database.url}`);
  const client = new pg.Client({ connectionString: portal.databaseUrl });
  await client.connect();
  const plans = {};
  try {
    if (reuse) report.note(`BENCH_SR_DATABASE: measuring on ${reuse} as it is`);
    else await generateRequests(client, report, { requests: REQUESTS, customers: CUSTOMERS, technicians: TECHNICIANS });

    // The subjects of the scenarios.
    const { rows: [serialRow] } = await client.query(
      `select device_serial from service_requests where number = $1`,
      [`SR-${String(Math.floor(REQUESTS / 2) + 41).padStart(6, '0')}`],
    );
    const serial = serialRow?.device_serial ?? (await client.query(`select device_serial from service_requests where device_serial is not null limit 1`)).rows[0].device_serial;
    // A customer with a typical number of requests (the median), their Latin-script full name.
    const { rows: perCustomer } = await client.query(
      `select u.id, u.email, u.name, count(*)::int as n from service_requests r join users u on u.id = r.customer_id
       where u.email like 'bench-c-%' group by u.id order by n, u.email`,
    );
    const latin = perCustomer.filter((c) => /^[A-Za-z]/.test(c.name));
    const typical = latin[Math.floor(latin.length / 2)];
    const heaviest = perCustomer.at(-1);
    const { rows: [nameMatches] } = await client.query(`select count(*)::int as n from service_requests r where r.search_text like $1
       or r.customer_id = any(array(select u.id from users u where u.role = 'customer' and lower(u.name) like $1))`, [`%${typical.name.toLowerCase()}%`]);
    const broadName = typical.name.split(' ')[0];
    const { rows: [broadMatches] } = await client.query(`select count(*)::int as n from service_requests r where r.search_text like $1
       or r.customer_id = any(array(select u.id from users u where u.role = 'customer' and lower(u.name) like $1))`, [`%${broadName.toLowerCase()}%`]);
    report.note(`requests per customer: min ${perCustomer[0].n}, median ${typical.n}, max ${heaviest.n}`);

    const admin = await signIn(portal.url, 'admin@demo.test');
    const customer = await signIn(portal.url, heaviest.email, DEMO_PASSWORD);
    const scenarios = [
      { key: 'a', name: 'admin list, status=pending, newest first', session: admin, query: { status: 'pending' } },
      { key: 'b', name: `search by serial (q=${serial})`, session: admin, query: { q: serial } },
      { key: 'c', name: `search by customer name (q=${typical.name})`, session: admin, query: { q: typical.name }, note: `${nameMatches.n} requests match` },
      { key: 'd', name: `one customer's own list (${heaviest.n} requests)`, session: customer, query: {} },
      // Reported only: a broad search (one first name), where the capped count does the most work.
      { key: 'e', name: `broad search, a first name (q=${broadName})`, session: admin, query: { q: broadName }, note: `${broadMatches.n} requests match`, goal: false },
    ];

    const { listStatement, ZServiceRequestListQuery } = await loadServerQueries();
    // BENCH_SR_ONLY=c,d measures only those scenarios.
    const only = process.env.BENCH_SR_ONLY?.split(',');
    const measured = [];
    for (const s of scenarios.filter((x) => !only || only.includes(x.key))) {
      const path = `/api/service-requests${Object.keys(s.query).length ? '?' + new URLSearchParams(s.query) : ''}`;
      const first = await api(portal.url, s.session.access_token, path);
      report.note(`${s.key}. ${path} → ${first.items.length} items, total ${first.total}${first.total_capped ? '+' : ''}${s.note ? `; ${s.note}` : ''}`);
      if (!first.items.length) throw new Error(`${s.key}: the list is empty, nothing is measured`);

      // The statement the server runs for this page, its answer checked against the API's.
      const caller = { userId: s.session.user.id, role: s.session.user.role };
      const parsed = ZServiceRequestListQuery.parse(s.query);
      const statement = listStatement(caller, parsed);
      const { rows: direct } = await client.query(statement.sql, statement.params);
      const directIds = direct.slice(0, parsed.limit).map((r) => r.id);
      if (directIds.join() !== first.items.map((r) => r.id).join()) {
        throw new Error(`${s.key}: the statement rendered here does not answer the API's page — the plan would not be the server's`);
      }
      // The server runs it as a named prepared statement: after five custom plans PostgreSQL
      // settles on the generic one when it is as cheap. Explain what an execution then does.
      const literals = statement.params.map((v) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`)).join(', ');
      const stmtName = `bench_${s.key}`;
      await client.query(`prepare ${stmtName} as ${statement.sql}`);
      for (let i = 0; i < 6; i++) await client.query(`execute ${stmtName}(${literals})`);
      const { rows: plan } = await client.query(`explain (analyze, buffers) execute ${stmtName}(${literals})`);
      await client.query(`deallocate ${stmtName}`);
      const lines = plan.map((r) => r['QUERY PLAN']);
      plans[s.key] = { name: s.name, path, sql: statement.sql, params: statement.params, plan: lines };
      report.note(`${s.key}. EXPLAIN (ANALYZE, BUFFERS):`);
      for (const l of summarisePlan(lines)) console.log(`      ${l}`);

      measured.push({ ...s, path });
    }

    // The load, in rounds across the scenarios (round 1: a, b, c…; round 2: a, b, c…), so that
    // a slow minute of this shared machine lands on one round of several scenarios rather than
    // on every round of one. Each round starts with a reference: a request with no list and no
    // statement (token check, access hook, serialisation), whose server CPU tells how fast the
    // machine is at the time — the same code has cost a third more CPU a request at one hour than
    // at another (docs/performance.md).
    const delta = (r, k) =>
      k === 'otherCpu' ? delta(r, 'machineBusy') - delta(r, 'cpu') - delta(r, 'pgCpu') - delta(r, 'benchCpu') : r.probed.after[k] - r.probed.before[k];
    const per = (r, k) => delta(r, k) / r.requests;
    /** A share of the machine's CPU time (all cores) between the probes, in %. */
    const share = (r, k) => ((100 * delta(r, k)) / delta(r, 'machineAll')).toFixed(0);
    const reference = { key: 'ref', path: '/api/auth/user', session: admin };
    const runs = new Map();
    await rounds(async (round) => {
      for (const s of [reference, ...measured]) {
        const probe = probeOf(portal.pid, client);
        const run = await load(`${portal.url}${s.path}`, { connections: CONNECTIONS, headers: { authorization: `Bearer ${s.session.access_token}` }, probe });
        if (run.non2xx || run.errors) throw new Error(`${s.key}: errors under load: ${JSON.stringify({ non2xx: run.non2xx, errors: run.errors, statuses: run.statusCodeStats })}`);
        runs.set(s.key, [...(runs.get(s.key) ?? []), run]);
        report.note(
          `round ${round + 1}, ${s.key}: p95 ${run.p95.toFixed(1)} ms (mean ${((CONNECTIONS * 1000) / run.rps).toFixed(1)}), ${Math.round(run.rps)} req/s;` +
            ` CPU a request: server ${per(run, 'cpu').toFixed(3)}, PostgreSQL ${per(run, 'pgCpu').toFixed(3)}, load generator ${per(run, 'benchCpu').toFixed(3)}, anything else ${per(run, 'otherCpu').toFixed(3)} ms;` +
            ` machine busy ${share(run, 'machineBusy')} %, steal ${share(run, 'steal')} %`,
        );
      }
    });
    report.figure('reference: GET /api/auth/user, server CPU per request', runs.get('ref').map((r) => per(r, 'cpu')), { unit: 'ms', digits: 3 });
    for (const s of measured) {
      const rs = runs.get(s.key);
      report.figure(`${s.key}. ${s.name}, p95`, rs.map((r) => r.p95), { unit: 'ms', goal: s.goal === false ? null : { op: '<=', value: GOAL_MS }, digits: 1 });
      report.figure(`${s.key}. req/s`, rs.map((r) => r.rps), { unit: 'req/s', digits: 0 });
      report.figure(`${s.key}. server CPU per request`, rs.map((r) => per(r, 'cpu')), { unit: 'ms', digits: 2 });
      report.figure(`${s.key}. PostgreSQL CPU per request`, rs.map((r) => per(r, 'pgCpu')), { unit: 'ms', digits: 2 });
      report.figure(`${s.key}. PostgreSQL active time per request`, rs.map((r) => per(r, 'db')), { unit: 'ms', digits: 2 });
      report.figure(`${s.key}. load generator CPU per request`, rs.map((r) => per(r, 'benchCpu')), { unit: 'ms', digits: 2 });
      report.figure(`${s.key}. other processes' CPU per request`, rs.map((r) => per(r, 'otherCpu')), { unit: 'ms', digits: 2 });
      report.figure(`${s.key}. steal (CPU taken by the hypervisor)`, rs.map((r) => Number(share(r, 'steal'))), { unit: '%', digits: 0 });
    }
  } finally {
    await client.end().catch(() => {});
    await portal.stop();
  }
  return report.save({ requests: REQUESTS, customers: CUSTOMERS, technicians: TECHNICIANS, connections: CONNECTIONS, plans });
}
