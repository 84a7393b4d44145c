// `memory`: the resident memory of one portal instance — right after start with the demo company,
// and its peak while it serves the api-read detail routes and the service-request list (the
// shapes of requests-list, on the demo data) at 50 connections. On PostgreSQL (goals: ≤ 150 MB
// after start, ≤ 300 MB peak, issue #26), then the same figures on PGlite (reported: the embedded
// database lives in the same process). Read from /proc/<pid>/status (VmRSS, sampled every
// 100 ms, and the kernel's own high-water mark VmHWM).
import { readFileSync, rmSync } from 'node:fs';
import { createReport, createThrowawayDatabase, signIn, sleep, startPortal, SMOKE, tempDir } from './lib/harness.mjs';
import { load } from './lib/http-load.mjs';
import { DETAIL_ROUTES } from './lib/detail-routes.mjs';

const MB = 1024 * 1024;
const CONNECTIONS = 50;
const SECONDS = SMOKE ? 1 : 5;

/** `VmRSS` and `VmHWM` of a process, in bytes. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** The detail reads of api-read, then the service-request list as requests-list reads it, each as the role that opens it. */
async function workload(baseUrl) {
  const tokens = new Map();
  const tokenOf = async (email) => {
    if (!tokens.has(email)) tokens.set(email, (await signIn(baseUrl, email)).access_token);
    return tokens.get(email);
  };
  const reads = [];
  for (const route of DETAIL_ROUTES) {
    const token = await tokenOf(route.as);
    reads.push({ token, path: await route.path(baseUrl, token) });
  }
  const admin = await tokenOf('admin@demo.test');
  const customer = await tokenOf('customer1@demo.test');
  return [
    ...reads,
    { token: admin, path: '/api/service-requests?limit=25' },
    { token: admin, path: '/api/service-requests?limit=25&status=pending&sort=priority' },
    { token: admin, path: '/api/service-requests?limit=25&q=samsung' },
    { token: customer, path: '/api/service-requests?limit=25' },
  ];
}

/**
 * One instance on `where` ({ db, databaseUrl | dataDir }): its resident memory once started, then
 * its peak while serving the workload. `label` names the figures.
 */
async function measure(report, label, where, { goals }) {
  const portal = await startPortal(where);
  try {
    // Let start-up work (demo seeding, first jobs) finish before reading "after start".
    await sleep(SMOKE ? 500 : 3000);
    const afterStart = memoryOf(portal.pid).rss;
    let peak = afterStart;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, memoryOf(portal.pid).rss);
      } catch {
        /* the process is gone */
      }
    }, 100);
    try {
      for (const { token, path } of await workload(portal.url)) {
        const r = await load(`${portal.url}${path}`, { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: 0, headers: { authorization: `Bearer ${token}` } });
        if (r.non2xx || r.errors) throw new Error(`${path} answered ${r.non2xx} non-2xx and ${r.errors} errors`);
      }
    } finally {
      clearInterval(sampler);
    }
    const { hwm } = memoryOf(portal.pid);
    report.figure(`${label}: resident after start`, afterStart / MB, { unit: 'MB', goal: goals ? { op: '<=', value: 150 } : null, digits: 0 });
    report.figure(`${label}: resident peak under load`, Math.max(peak, hwm) / MB, { unit: 'MB', goal: goals ? { op: '<=', value: 300 } : null, digits: 0 });
  } finally {
    await portal.stop();
  }
}

/**
 * Each database twice: the first start creates the demo company (hashing its passwords, drawing
 * its photos), the second starts on it as a restarted instance does.
 */
async function both(report, db) {
  const throwaway = db === 'postgres' ? await createThrowawayDatabase() : null;
  const dataDir = db === 'pglite' ? tempDir('portal-bench-memory-') : undefined;
  const where = { db, databaseUrl: throwaway?.url, dataDir };
  try {
    await measure(report, `${db}, first start (creates the demo company)`, where, { goals: db === 'postgres' });
    await measure(report, `${db}, restart on it`, where, { goals: db === 'postgres' });
  } finally {
    if (throwaway) await throwaway.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run() {
  const report = createReport('memory');
  report.note(`each read at ${CONNECTIONS} connections for ${SECONDS} s; demo company; sampled every 100 ms`);
  await both(report, 'postgres');
  await both(report, 'pglite');
  return report.save();
}
