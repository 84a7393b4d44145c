import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localeParts } from './locale-parts.ts';

// The web app's unit tests, in a browser-like DOM. Run from the repository root with
//   npx vitest run --config apps/web/vitest.config.ts
export default defineProject({
  plugins: [react(), localeParts()],
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-utils/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
