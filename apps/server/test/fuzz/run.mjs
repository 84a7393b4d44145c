// `npm run fuzz`: the fuzz suite (fuzz.test.ts) with a random seed, printed so that a failure can
// be replayed (FUZZ_SEED=… npm run fuzz), and FUZZ_RUNS cases per operation (1000 unless set).
// FUZZ_OPS='^POST /api/items$' narrows it to some operations; FUZZ_REPORT=file.json keeps every
// failure. Extra arguments go to vitest.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const runs = process.env.FUZZ_RUNS ?? '1000';
const replay = `FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz`;

console.log(`\nfuzz: seed ${seed}, ${runs} cases per operation (replay: ${replay})\n`);
const { status } = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'server:pglite', 'apps/server/test/fuzz/fuzz.test.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_DB: 'pglite', FUZZ_SEED: seed, FUZZ_RUNS: runs } },
);
console.log(`\nfuzz: seed ${seed}, ${runs} cases per operation — replay: ${replay}\n`);
process.exit(status ?? 1);
