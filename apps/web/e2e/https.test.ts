import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSession } from '@portal/shared';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-node-flags.mjs';
import { selfSignedCertificate, type SelfSigned } from '../../../scripts/self-signed-cert.mjs';
import { chromePath, DEMO_PASSWORD, freePort, signIn, skipE2e } from './browser';
import { unreadCount, watchJoins } from './helpers';

// The built portal serving HTTPS itself (TLS_CERT_FILE / TLS_KEY_FILE, decision 023), as a phone
// reaches a real install: the app's files over HTTP/2, and the realtime socket (an HTTP/1.1
// upgrade beside it) still delivering live. A server of its own: the other browser tests use the
// plain-HTTP one of global-setup.ts.

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** The API from the test process, trusting only the throwaway certificate. */
function apiCall<T>(base: string, ca: Buffer, path: string, init: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  return new Promise((done, fail) => {
    const req = request(
      `${base}${path}`,
      {
        method: init.body === undefined ? 'GET' : 'POST',
        ca,
        headers: {
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: (text ? JSON.parse(text) : null) as T }));
      },
    );
    req.on('error', fail);
    req.end(init.body === undefined ? undefined : JSON.stringify(init.body));
  });
}

describe.skipIf(skipE2e())('the portal over HTTPS with HTTP/2', () => {
  let cert: SelfSigned;
  let child: ChildProcess;
  let base: string;
  let browser: Browser;
  let output = '';

  beforeAll(async () => {
    cert = selfSignedCertificate('portal-e2e-tls-');
    const port = await freePort();
    base = `https://127.0.0.1:${port}`;
    const env = { ...process.env };
    for (const name of ['DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'WEB_DIST']) delete env[name];
    child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(repoRoot, 'apps/server/dist/main.js')], {
      cwd: repoRoot,
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(cert.dir, 'data-')),
        DEMO_DATA: '1',
        NODE_ENV: 'test',
        TLS_CERT_FILE: cert.certFile,
        TLS_KEY_FILE: cert.keyFile,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the HTTPS server did not start:\n${output}`);
      const up = await apiCall(base, cert.cert, '/api/health').then((r) => r.status === 200, () => false);
      if (up) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    browser = await chromium.launch({
      executablePath: chromePath(),
      // Trusted by its public key, as a real authority's certificate would be: no certificate error
      // is ignored, and the service worker and secure-context APIs behave as on a real install.
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', `--ignore-certificate-errors-spki-list=${cert.spki}`],
    });
  });

  afterAll(async () => {
    await browser?.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    if (cert) rmSync(cert.dir, { recursive: true, force: true });
  });

  it('loads the app over HTTP/2, signs in, and an announcement reaches the open page live', async () => {
    const context = await browser.newContext({ baseURL: base, locale: 'ar-SA', viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const joins = watchJoins(page);
      await page.goto('/login');
      await signIn(page, 'customer1@demo.test');
      const customer = await page.evaluate(() => (JSON.parse(localStorage.getItem('portal.session') ?? '{}') as { user: { id: string } }).user);
      await page.goto('/dashboard');
      await page.getByTestId('dashboard-home').waitFor();

      // The page and every script and stylesheet it loaded came over HTTP/2.
      const protocols = await page.evaluate(() =>
        performance
          .getEntriesByType('navigation')
          .concat(performance.getEntriesByType('resource').filter((e) => /\.(?:js|css)$/.test(new URL(e.name).pathname)))
          .map((e) => (e as PerformanceResourceTiming).nextHopProtocol),
      );
      expect(protocols.length).toBeGreaterThan(10);
      expect(new Set(protocols)).toEqual(new Set(['h2']));

      // The realtime socket: wss://, joined, and delivering.
      await joins.joined('notifications');
      const before = await unreadCount(page);
      const admin = await apiCall<TSession>(base, cert.cert, '/api/auth/token?grant_type=password', {
        body: { email: 'admin@demo.test', password: DEMO_PASSWORD },
      });
      expect(admin.status).toBe(200);
      const sent = await apiCall(base, cert.cert, '/api/admin/announcements', {
        token: admin.body.access_token,
        body: { audience: { kind: 'user', user_id: customer.id }, type: 'info', title: `صيانة ${Date.now()}`, message: 'The portal will be read-only tonight.' },
      });
      expect(sent.status).toBe(200);
      await expect.poll(() => unreadCount(page), { timeout: 15_000 }).toBe(before + 1);
    } finally {
      await context.close();
    }
  });
});
