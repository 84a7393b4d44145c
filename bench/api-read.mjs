// `api-read`: an authenticated single-record GET through the whole portal (token check, access
// hook, validation, handler, serialisation) against a bare Fastify + pg route reading the same
// row, both on one throwaway PostgreSQL database, then the portal on PGlite.
// Each later domain adds its detail route to DETAIL_ROUTES.
import { join } from 'node:path';
import { createReport, freePort, ROOT, rounds, signIn, startPortal, startProcess } from './lib/harness.mjs';
import { load } from './lib/http-load.mjs';
import { DETAIL_ROUTES } from './lib/detail-routes.mjs';

const CONNECTIONS = 50;

export async function run() {
  const report = createReport('api-read');
  const portal = await startPortal({ db: 'postgres' });
  let bare;
  let lite;
  try {
    bare = await startProcess({
      args: [join(ROOT, 'bench/lib/bare-server.mjs')],
      port: await freePort(),
      healthPath: '/health',
      label: 'bare server',
      env: { DATABASE_URL: portal.databaseUrl },
    });
    const session = await signIn(portal.url, 'admin@demo.test');
    const auth = { authorization: `Bearer ${session.access_token}` };
    const userId = session.user.id;

    report.note(`PostgreSQL, ${CONNECTIONS} connections; bare = Fastify + pg reading the same user row`);
    const samples = { bare: [], portal: [], p99: [], ratio: [], healthAnon: [], healthToken: [] };
    await rounds(async () => {
      const b = await load(`${bare.url}/user/${userId}`, { connections: CONNECTIONS });
      const p = await load(`${portal.url}${await DETAIL_ROUTES[0].path()}`, { connections: CONNECTIONS, headers: auth });
      if (p.non2xx || p.errors) throw new Error(`portal answered ${p.non2xx} non-2xx and ${p.errors} errors`);
      samples.bare.push(b.rps);
      samples.portal.push(p.rps);
      samples.p99.push(p.p99);
      samples.ratio.push(p.rps / b.rps);
      samples.healthAnon.push((await load(`${portal.url}/api/health`, { connections: CONNECTIONS })).rps);
      samples.healthToken.push((await load(`${portal.url}/api/health`, { connections: CONNECTIONS, headers: auth })).rps);
    });
    report.figure('bare Fastify + pg, req/s', samples.bare, { unit: 'req/s', digits: 0 });
    report.figure(`${DETAIL_ROUTES[0].name}, req/s`, samples.portal, { unit: 'req/s', digits: 0 });
    report.figure(`${DETAIL_ROUTES[0].name} / bare`, samples.ratio, { goal: { op: '>=', value: 0.5 }, digits: 2 });
    report.figure(`${DETAIL_ROUTES[0].name}, p99`, samples.p99, { unit: 'ms', goal: { op: '<=', value: 25 }, digits: 0 });
    report.figure('GET /api/health, no token, req/s', samples.healthAnon, { unit: 'req/s', digits: 0 });
    report.figure('GET /api/health, bearer token, req/s', samples.healthToken, { unit: 'req/s', digits: 0 });

    // Every other detail route, against the same bare row read (its baseline of one indexed read).
    const bareMedian = report.figures.find((f) => f.name === 'bare Fastify + pg, req/s').median;
    for (const target of DETAIL_ROUTES.slice(1)) {
      const s = await signIn(portal.url, target.as);
      const path = await target.path(portal.url, s.access_token);
      const r = await rounds(() => load(`${portal.url}${path}`, { connections: CONNECTIONS, headers: { authorization: `Bearer ${s.access_token}` } }));
      if (r.some((x) => x.non2xx || x.errors)) throw new Error(`${target.name} answered errors under load`);
      report.figure(`${target.name}, req/s`, r.map((x) => x.rps), { unit: 'req/s', digits: 0 });
      report.figure(`${target.name} / bare`, r.map((x) => x.rps / bareMedian), { goal: { op: '>=', value: 0.5 }, digits: 2 });
      report.figure(`${target.name}, p99`, r.map((x) => x.p99), { unit: 'ms', goal: { op: '<=', value: 25 }, digits: 0 });
    }

    await portal.stop();
    await bare.stop();
    bare = null;

    // The same authenticated reads on the embedded database, each against its PostgreSQL figure.
    lite = await startPortal({ db: 'pglite' });
    report.note('PGlite (embedded, one connection), same routes and load');
    for (const target of DETAIL_ROUTES) {
      const s = await signIn(lite.url, target.as);
      const path = await target.path(lite.url, s.access_token);
      const runs = await rounds(() => load(`${lite.url}${path}`, { connections: CONNECTIONS, headers: { authorization: `Bearer ${s.access_token}` } }));
      // One connection serialises every statement: under this load a slow read can time out.
      // That is a figure here (beside its throughput), not a broken benchmark.
      report.figure(`PGlite ${target.name}, errors and timeouts`, runs.map((r) => r.non2xx + r.errors), { digits: 0 });
      const pgMedian = report.figures.find((f) => f.name === `${target.name}, req/s`).median;
      report.figure(`PGlite ${target.name}, req/s`, runs.map((r) => r.rps), { unit: 'req/s', digits: 0 });
      report.figure(`PGlite / PostgreSQL, ${target.name}`, runs.map((r) => r.rps / pgMedian), { goal: { op: '>=', value: 0.5 }, digits: 2 });
      report.figure(`PGlite ${target.name}, p99`, runs.map((r) => r.p99), { unit: 'ms', digits: 0 });
    }
  } finally {
    await bare?.stop();
    await portal.stop().catch(() => {});
    await lite?.stop();
  }
  return report.save();
}
