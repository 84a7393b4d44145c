import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// Browser tests against the real built app and server. Run from the repository root, after
// `npm run build`, with
//   npx vitest run --config apps/web/e2e/vitest.config.ts
export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The page updates after each action: assertions poll instead of reading once.
    expect: { poll: { timeout: 10_000, interval: 50 } },
  },
});
