// `npm test`: every suite. Unit and integration tests first (shared, server on PGlite — and
// on PostgreSQL when TEST_DATABASE_URL is set — and web), then a build and the browser tests
// against the real built app. REQUIRE_PG=1 / REQUIRE_E2E=1 (CI) turn skips into failures.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const root = new URL('..', import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), 'portal-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let runs = 0;

/** Runs vitest, adding its counts (from the JSON reporter) to the totals. */
function run(args) {
  const out = join(reports, `run-${++runs}.json`);
  const { status } = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
  }
  return status ?? 1;
}

if (!process.env.TEST_DATABASE_URL) {
  if (process.env.REQUIRE_PG === '1') {
    console.error('\nREQUIRE_PG=1 but TEST_DATABASE_URL is not set: the PostgreSQL suite cannot run.\n');
    process.exit(1);
  }
  console.warn('\n*** TEST_DATABASE_URL is not set: server tests run on PGlite only (set it to a PostgreSQL URL to run them there too). ***\n');
}

const results = [];
results.push(['unit and integration', run([])]);

buildIfStale();
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chrome) && process.env.REQUIRE_E2E !== '1') {
  console.warn(`\n*** No Chromium at ${chrome}: the browser tests are SKIPPED. Install it (apt-get install chromium) or set CHROME_PATH. ***\n`);
  results.push(['browser (skipped: no Chromium)', 0]);
} else {
  results.push(['browser', run(['--config', 'apps/web/e2e/vitest.config.ts'])]);
}

rmSync(reports, { recursive: true, force: true });
console.log('\nSummary:');
for (const [name, code] of results) console.log(`  ${code === 0 ? 'passed' : 'FAILED'}  ${name}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(results.some(([, code]) => code !== 0) ? 1 : 0);
