// `backup`: back up and restore the demo company plus 100,000 service requests (issue #23).
// The built portal starts on a throwaway PostgreSQL database (it migrates and loads the demo
// company), the bench generates the requests in bulk (bench/lib/requests-data.mjs), then through
// the real API: POST /api/admin/backups (seconds, file size) and POST /api/admin/backups/:id/restore
// (seconds), sampling the server's resident memory every 50 ms during each (peak RSS: both
// stream, so the peak must not grow with the data). Then the same file is uploaded to a portal
// on PGlite, restored there (cross-database) and backed up again there. Goals, on either
// database: backup ≤ 30 s, restore ≤ 60 s.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { SMOKE, createReport, requireBuild, signIn, sleep, startPortal } from './lib/harness.mjs';
import { generateRequests } from './lib/requests-data.mjs';

const num = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const REQUESTS = num('BENCH_BACKUP_REQUESTS', SMOKE ? 2_000 : 100_000);
const CUSTOMERS = num('BENCH_BACKUP_CUSTOMERS', SMOKE ? 100 : 2_000);
const TECHNICIANS = num('BENCH_BACKUP_TECHNICIANS', SMOKE ? 5 : 30);
const BACKUP_GOAL_S = 30;
const RESTORE_GOAL_S = 60;

/** Resident memory of a process now, in MB (Linux). */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/** Runs `fn` while sampling `pid`'s resident memory; answers { result, seconds, peakMb }. */
async function measured(pid, fn) {
  let peak = rssMb(pid);
  let running = true;
  const sampler = (async () => {
    while (running) {
      try {
        peak = Math.max(peak, rssMb(pid));
      } catch {
        /* the process is gone: the call fails on its own */
      }
      await sleep(50);
    }
  })();
  const t0 = performance.now();
  try {
    const result = await fn();
    return { result, seconds: (performance.now() - t0) / 1000, peakMb: peak };
  } finally {
    running = false;
    await sampler;
  }
}

async function call(base, token, method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 400)}`);
  return text ? JSON.parse(text) : null;
}

async function restoreOn(portal, backupId, report, label) {
  const admin = await signIn(portal.url, 'admin@demo.test');
  const { result, seconds, peakMb } = await measured(portal.pid, () =>
    call(portal.url, admin.access_token, 'POST', `/api/admin/backups/${backupId}/restore`, { confirm: 'RESTORE' }),
  );
  report.figure(`restore ${label}`, seconds, { unit: 's', goal: { op: '<=', value: RESTORE_GOAL_S }, digits: 1 });
  report.figure(`peak RSS during restore ${label}`, peakMb, { unit: 'MB', digits: 0 });
  return result;
}

export async function run() {
  requireBuild();
  const report = createReport('backup');
  const portal = await startPortal({ db: 'postgres' });
  const client = new pg.Client({ connectionString: portal.databaseUrl });
  await client.connect();
  let pglite = null;
  try {
    await generateRequests(client, report, { requests: REQUESTS, customers: CUSTOMERS, technicians: TECHNICIANS });
    const { rows: [{ n }] } = await client.query(`select count(*)::int as n from service_requests`);
    report.note(`${n.toLocaleString('en')} service requests, ${portal.databaseUrl.split('/').pop()} on PostgreSQL`);

    const admin = await signIn(portal.url, 'admin@demo.test');
    const rssIdle = rssMb(portal.pid);
    const made = await measured(portal.pid, () => call(portal.url, admin.access_token, 'POST', '/api/admin/backups'));
    const backup = made.result;
    report.figure('backup (PostgreSQL)', made.seconds, { unit: 's', goal: { op: '<=', value: BACKUP_GOAL_S }, digits: 1 });
    report.figure('backup file size', backup.size / 1024 / 1024, { unit: 'MB', digits: 1 });
    report.figure('rows in the backup', Object.values(backup.counts).reduce((a, b) => a + b, 0), { digits: 0 });
    report.note(`resident memory before the backup: ${rssIdle.toFixed(0)} MB`);
    report.figure('peak RSS during backup', made.peakMb, { unit: 'MB', digits: 0 });

    // Change something, restore, and check it is back as it was.
    await client.query(`update service_requests set problem_description = 'changed after the backup' where number = 'SR-000041'`);
    const restored = await restoreOn(portal, backup.id, report, '(PostgreSQL)');
    const { rows: [after] } = await client.query(`select count(*)::int as n, count(*) filter (where problem_description = 'changed after the backup')::int as changed from service_requests`);
    if (after.n !== n || after.changed !== 0) throw new Error(`restore did not bring the data back: ${JSON.stringify(after)}`);
    report.note(`restored ${restored.restored.id}: ${after.n.toLocaleString('en')} requests, the change after the backup gone`);

    // The same file on the embedded database: download it, upload it to a PGlite portal, restore.
    const res = await fetch(`${portal.url}/api/admin/backups/${backup.id}/download`, { headers: { authorization: `Bearer ${(await signIn(portal.url, 'admin@demo.test')).access_token}` } });
    if (!res.ok) throw new Error(`download → ${res.status}`);
    const file = new Blob([await res.arrayBuffer()]);
    pglite = await startPortal({ db: 'pglite' });
    const pgliteAdmin = await signIn(pglite.url, 'admin@demo.test');
    const form = new FormData();
    form.set('file', file, `${backup.id}.ndjson.gz`);
    const uploaded = await call(pglite.url, pgliteAdmin.access_token, 'POST', '/api/admin/backups/upload', form);
    await restoreOn(pglite, uploaded.id, report, '(the PostgreSQL backup on PGlite)');
    // And a backup of the same data on the embedded database.
    const pgliteAgain = await signIn(pglite.url, 'admin@demo.test');
    const liteMade = await measured(pglite.pid, () => call(pglite.url, pgliteAgain.access_token, 'POST', '/api/admin/backups'));
    report.figure('backup (PGlite)', liteMade.seconds, { unit: 's', goal: { op: '<=', value: BACKUP_GOAL_S }, digits: 1 });
    report.figure('peak RSS during backup (PGlite)', liteMade.peakMb, { unit: 'MB', digits: 0 });
  } finally {
    await client.end();
    await pglite?.stop();
    await portal.stop();
  }
  return report.save({ requests: REQUESTS });
}

