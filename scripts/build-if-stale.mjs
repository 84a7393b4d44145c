// Builds the web app and the server when their output is missing or older than the source,
// so `npm start` and `npm test` work on a fresh clone and after a pull without a manual build.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

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

const targets = [
  {
    name: 'web app',
    workspace: '@portal/web',
    output: 'apps/web/dist/index.html',
    // The messages and the public folder (icons, the manifest's images) are built in too.
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/locale-parts.ts', 'apps/web/package.json', 'packages/shared/src', 'packages/shared/locales'],
  },
  {
    name: 'server',
    workspace: '@portal/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'packages/shared/src', 'packages/shared/locales'],
  },
];

export function buildIfStale({ quiet = false } = {}) {
  for (const t of targets) {
    const built = newest(join(root, t.output));
    const source = Math.max(...t.sources.map((s) => newest(join(root, s))));
    if (built && built >= source) continue;
    if (!quiet) console.log(`Building the ${t.name}…`);
    execSync(`npm run build -w ${t.workspace}`, { cwd: root, stdio: quiet ? 'ignore' : 'inherit' });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale();
