// `startup`: how long `npm start` takes to answer `GET /api/health` with 200 on the built tree.
// - restart: an existing PGlite data folder (made by one first start, stopped with SIGTERM) —
//   goal ≤ 3000 ms, median of the rounds;
// - first start: an empty data folder (creates the database, migrates, loads the demo data),
//   reported beside it;
// - baseline: a bare Node HTTP server answering /api/health, spawned the same way.
// It spawns exactly what `npm start` runs (`node scripts/start.mjs` from the repository root,
// which checks the build is fresh and imports the server), without npm's own start-up.
// See docs/performance.md.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';
import { ROOT, ROUNDS, SERVER_MAIN, createReport, freePort, requireBuild, startProcess, tempDir } from './lib/harness.mjs';

// The same rule as scripts/build-if-stale.mjs: start.mjs would BUILD when an output is older
// than its sources, and a benchmark never builds. When the tree is stale (someone is editing
// it) the benchmark starts apps/server/dist/main.js directly instead, and says so.
const BUILD_TARGETS = [
  { output: 'apps/web/dist/index.html', sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'packages/shared/src'] },
  { output: 'apps/server/dist/main.js', sources: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'packages/shared/src'] },
];
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}
function staleOutputs() {
  return BUILD_TARGETS.filter((t) => newest(join(ROOT, t.output)) < Math.max(...t.sources.map((s) => newest(join(ROOT, s))))).map((t) => t.output);
}

const BARE_SERVER = `require('node:http').createServer((q, s) => { s.writeHead(q.url === '/api/health' ? 200 : 404); s.end('{}'); }).listen(+process.env.PORT, process.env.HOST)`;

export async function run() {
  requireBuild({ server: true, web: true });
  const report = createReport('startup');
  const checkStarted = performance.now();
  const stale = staleOutputs();
  const checkMs = performance.now() - checkStarted;
  const args = [...SERVER_NODE_FLAGS, ...(stale.length ? [SERVER_MAIN] : ['scripts/start.mjs'])];
  if (stale.length) {
    report.note(`the build is older than its sources (${stale.join(', ')}): \`npm start\` would rebuild, so this run starts ${SERVER_MAIN.slice(ROOT.length)} directly (the freshness check is left out)`);
  }
  // What a person gets with `npm start`: no NODE_ENV, default log level, demo data on PGlite.
  const env = (dataDir) => ({ DATA_DIR: dataDir, DATABASE_URL: undefined, NODE_ENV: undefined, DEMO_DATA: undefined, LOG_LEVEL: undefined });
  const start = async (dataDir, label) => startProcess({ args, env: env(dataDir), port: await freePort(), label, timeoutMs: 120_000 });

  const folders = [];
  let running = null;
  try {
    const baseline = [];
    const first = [];
    const restart = [];
    for (let round = 0; round < ROUNDS; round++) {
      const bare = await startProcess({ args: ['-e', BARE_SERVER], port: await freePort(), label: 'bare node server' });
      baseline.push(bare.elapsedMs);
      await bare.stop();

      // A fresh folder each round: create, migrate, seed.
      const dir = tempDir('portal-bench-startup-');
      folders.push(dir);
      running = await start(dir, 'first start');
      first.push(running.elapsedMs);
      await running.stop();
      running = null;

      // Restart on the folder just made (its second start, then the round's data stays warm).
      running = await start(dir, 'restart');
      restart.push(running.elapsedMs);
      await running.stop();
      running = null;
      report.note(`round ${round + 1}: bare node ${bare.elapsedMs.toFixed(0)} ms, first start ${first.at(-1).toFixed(0)} ms, restart ${restart.at(-1).toFixed(0)} ms`);
    }
    report.figure('restart on an existing PGlite folder', restart, { unit: 'ms', goal: { op: '<=', value: 3000 }, digits: 0 });
    report.figure('first start on an empty folder', first, { unit: 'ms', digits: 0 });
    report.figure('baseline: bare node HTTP server', baseline, { unit: 'ms', digits: 0 });
    report.figure("start.mjs's build freshness check (in this process)", checkMs, { unit: 'ms', digits: 0 });
    return report.save({ command: `node ${args.join(' ')}`, staleBuild: stale });
  } finally {
    if (running) await running.stop().catch(() => {});
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  }
}
