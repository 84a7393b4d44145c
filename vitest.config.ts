import { defineConfig } from 'vitest/config';

// Unit and integration tests. The browser tests have their own config (apps/web/e2e), run
// by scripts/test.mjs after a build. Server tests run on PGlite always, and on PostgreSQL
// too when TEST_DATABASE_URL names a server (CI sets it).
const serverOn = (db: 'pglite' | 'postgres') => ({
  extends: './apps/server/vitest.config.ts',
  root: './apps/server',
  test: { name: `server:${db}`, env: { TEST_DB: db } },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'] } },
      serverOn('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverOn('postgres')] : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
