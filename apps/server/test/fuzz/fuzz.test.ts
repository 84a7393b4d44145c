/**
 * Schema-driven fuzzing of every API operation (security issue #22): see fuzz.ts for what is
 * checked, openapi-arbitraries.ts for what is sent.
 *
 * In `npm test` it runs with a fixed seed and FUZZ_RUNS (100) cases per operation, on PGlite
 * only: the server:postgres project skips it to keep CI time (the cases exercise the same SQL
 * there; the PostgreSQL-specific limits, NUL bytes, dates, numerics, are the same on PGlite,
 * which is real PostgreSQL). `npm run fuzz` runs it with a random seed and more cases.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_DB } from '../harness.js';
import { FUZZ, formatFailures, startFuzz } from './fuzz.js';

// The operations come from the document the running server serves, so the server starts while
// the file is collected: one test per operation.
const fuzz = TEST_DB === 'pglite' ? await startFuzz() : null;
// ~30 ms a case is typical; a slow operation (PDF, CSV, password hashing) gets room too.
const timeout = 60_000 + FUZZ.runs * 1_000;

describe.skipIf(TEST_DB !== 'pglite')(`fuzz from the OpenAPI document (FUZZ_SEED=${FUZZ.seed}, FUZZ_RUNS=${FUZZ.runs})`, () => {
  afterAll(() => fuzz?.close());

  it('covers every operation of the document but the docs and the WebSocket', () => {
    expect(fuzz!.all.length).toBeGreaterThan(50);
    expect(fuzz!.skipped.every((k) => /\/api\/(docs|realtime)/.test(k))).toBe(true);
  });

  it('sees a write in its fingerprint (the refused-write check can fail)', async () => {
    const before = await fuzz!.fingerprint();
    await fuzz!.server.ctx.db.execute(sql`update users set name = name where email = 'customer2@demo.test'`);
    expect(fuzz!.diff(before, await fuzz!.fingerprint())).toEqual(['users update ×1']);
  });

  for (const op of fuzz?.operations ?? []) {
    it(`${op.key} (as ${op.role ?? 'anyone'})`, async () => {
      const failures = await fuzz!.run(op);
      if (failures.length) throw new Error(formatFailures(failures));
    }, timeout);
  }
});
