import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { chromePath, freePort } from './browser';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-node-flags.mjs';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

function loud(message: string): string {
  const line = '!'.repeat(78);
  return `\n${line}\n${message}\n${line}\n`;
}

async function waitForHealth(base: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '(no log)';
  throw new Error(`The server did not answer ${base}/api/health.\n--- server log ---\n${log}`);
}

/**
 * Starts the real built server (which serves the built web app) on a free port with a fresh
 * data folder and the demo data, for the whole e2e run; stops it afterwards.
 */
export default async function setup(project: TestProject) {
  const chrome = chromePath();
  if (!existsSync(chrome)) {
    const message = `No Chromium at ${chrome} (set CHROME_PATH, or apt-get install chromium): the browser tests cannot run.`;
    if (process.env.REQUIRE_E2E === '1') throw new Error(loud(`REQUIRE_E2E=1 and ${message}`));
    console.warn(loud(`WARNING: ${message}\nSKIPPING every end-to-end test.`));
    project.provide('e2eSkip', true);
    project.provide('baseUrl', '');
    project.provide('dataDir', '');
    return;
  }

  const serverMain = join(repoRoot, 'apps/server/dist/main.js');
  const webIndex = join(repoRoot, 'apps/web/dist/index.html');
  for (const file of [serverMain, webIndex]) {
    if (!existsSync(file)) throw new Error(loud(`${file} is missing: run \`npm run build\` before the e2e tests.`));
  }

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const logFile = join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  // Embedded database and the mail outbox, whatever the developer's shell has set.
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'WEB_DIST']) delete env[name];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverMain], {
    cwd: repoRoot,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'data'),
      DEMO_DATA: '1',
      NODE_ENV: 'test',
      // Every test signs in from the same address; the limiter itself is tested on the server.
      RATE_LIMIT_IP_MAX: '10000',
    },
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base, child, logFile);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  project.provide('e2eSkip', false);
  project.provide('baseUrl', base);
  project.provide('dataDir', join(dataDir, 'data'));

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eSkip: boolean;
    baseUrl: string;
    dataDir: string;
  }
}
