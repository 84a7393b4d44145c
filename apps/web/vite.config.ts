import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { localeParts } from './locale-parts';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/** Text files worth compressing; fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip -9) beside every compressible build
 * file, once the build is written. The server sends them with @fastify/static's
 * `preCompressed` (see apps/server/src/app.ts), so no CPU is spent compressing per request and
 * the smallest encoding the browser accepts goes out.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const body = readFileSync(file);
        const br = brotliCompressSync(body, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
        });
        const gz = gzipSync(body, { level: 9 });
        // A tiny file can come out bigger; then the plain one is sent.
        if (br.length < body.length) writeFileSync(`${file}.br`, br);
        if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * Libraries every screen needs, in long-lived chunks of their own so a release that changes only
 * our code leaves them cached. Only libraries the entry loads anyway: grouping a library that
 * only some lazy pages use would make every visitor download it.
 */
const VENDOR_GROUPS = [
  { name: 'vendor-react', test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/ },
  { name: 'vendor-router', test: /[\\/]node_modules[\\/](?:react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: 'vendor-i18n', test: /[\\/]node_modules[\\/](?:i18next|react-i18next|i18next-browser-languagedetector|html-parse-stringify|void-elements)[\\/]/ },
  { name: 'vendor-query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
];

export default defineConfig({
  plugins: [react(), localeParts(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Mantine is one big vendor chunk by nature; keep the warning meaningful for our own code.
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
});
