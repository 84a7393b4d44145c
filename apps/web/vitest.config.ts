import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localeParts } from './locale-parts';
import { preactAliases } from './preact-aliases';

const REACT_LIBRARIES =
  /[\\/]node_modules[\\/](?:@mantine|@floating-ui|@fullcalendar|@tabler|@tanstack|@reduxjs|mantine-datatable|react-[^\\/]+|recharts|use-callback-ref|use-sidecar)[\\/]/;

// The web app's unit tests, in a browser-like DOM. Run from the repository root with
//   npx vitest run --config apps/web/vitest.config.ts
export default defineProject({
  plugins: [react(), localeParts()],
  resolve: { alias: preactAliases('test'), conditions: ['module', 'browser', 'production'], mainFields: ['module', 'main'] },
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-utils/setup.ts'],
    // Libraries that import React go through the aliases too, so the tests render on Preact as the
    // app does (one left out fails loudly: React's hooks read a null dispatcher). Not every
    // library: dayjs must stay one instance for its locales to register where they are read.
    server: { deps: { inline: [REACT_LIBRARIES] } },
    restoreMocks: true,
    unstubGlobals: true,
  },
});
