// `npm run bench` runs every benchmark; `npm run bench -- <name> [<name>…]` runs those;
// `--smoke` runs each for a few seconds with no thresholds (CI: a broken benchmark is noticed).
// Each benchmark is bench/<name>.mjs exporting `run()`; it prints its figures beside their goals
// and writes bench/results/<name>.json.
import { readdirSync } from 'node:fs';
import { SMOKE } from './lib/harness.mjs';

const dir = new URL('.', import.meta.url).pathname;
const available = readdirSync(dir)
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')
  .map((f) => f.replace(/\.mjs$/, ''));
// A fixed order: the cheap ones first.
const ORDER = ['startup', 'api-read', 'realtime', 'web'];
available.sort((a, b) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99) || a.localeCompare(b));

const asked = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const unknown = asked.filter((a) => !available.includes(a));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}
const selected = asked.length ? asked : available;

console.log(`Benchmarks: ${selected.join(', ')}${SMOKE ? ' (smoke: short runs, no thresholds)' : ''}`);
const summary = [];
let failed = false;
for (const name of selected) {
  console.log(`\n▶ ${name}`);
  const started = performance.now();
  try {
    const mod = await import(`./${name}.mjs`);
    const result = await mod.run();
    summary.push({ name, missed: result?.missed ?? [], seconds: (performance.now() - started) / 1000 });
  } catch (err) {
    failed = true;
    console.error(`  ✗ ${name} failed: ${err?.stack ?? err}`);
    summary.push({ name, error: true, seconds: (performance.now() - started) / 1000 });
  }
}

console.log('\nSummary:');
for (const s of summary) {
  const status = s.error ? 'FAILED' : s.missed.length ? `missed: ${s.missed.join('; ')}` : SMOKE ? 'ran' : 'all goals met';
  console.log(`  ${s.name.padEnd(12)} ${status}  (${s.seconds.toFixed(0)} s)`);
}
// A benchmark that breaks fails the run; a missed goal is reported, not an error.
process.exit(failed ? 1 : 0);
