// The benchmark harness: starting what is measured, rounds, medians, and the one-line report
// format every benchmark prints (figure, median, min–max, goal, verdict). See docs/performance.md.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';
import { selfSignedCertificate } from '../../scripts/self-signed-cert.mjs';

export const ROOT = new URL('../..', import.meta.url).pathname;
export const SERVER_MAIN = join(ROOT, 'apps/server/dist/main.js');
export const WEB_DIST = join(ROOT, 'apps/web/dist');
export const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEMO_PASSWORD = 'demo12345';

/** `--smoke`: every benchmark runs a few seconds, once, with no thresholds (CI). */
export const SMOKE = process.argv.includes('--smoke');

/** Stops with a clear message when the build a benchmark needs is missing: benchmarks never build. */
export function requireBuild({ server = true, web = false } = {}) {
  const missing = [];
  if (server && !existsSync(SERVER_MAIN)) missing.push('apps/server/dist/main.js');
  if (web && !existsSync(join(WEB_DIST, 'index.html'))) missing.push('apps/web/dist/index.html');
  if (missing.length) {
    throw new Error(`The build is missing (${missing.join(', ')}). Run \`npm run build\` first: benchmarks measure the built app and never build it.`);
  }
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** A throwaway database on the benchmark PostgreSQL server; `drop()` removes it. */
export async function createThrowawayDatabase(prefix = 'portal_bench') {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export function tempDir(prefix = 'portal-bench-') {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** The certificates of the portals started here over HTTPS: the harness's own requests trust them. */
const trustedCertificates = [];

/**
 * One request to a portal over http: or https: (trusting the certificates above), without
 * decoding the body: `body` holds the bytes as sent. Global `fetch` cannot be told to trust a
 * certificate on Node 20.
 */
export function portalRequest(url, { method = 'GET', headers = {}, body } = {}) {
  const secure = url.startsWith('https:');
  return new Promise((resolve, reject) => {
    const req = (secure ? httpsRequest : httpRequest)(url, { method, headers, agent: false, ...(secure ? { ca: trustedCertificates } : {}) }, (res) => {
      const chunks = [];
      res.on('data', (d) => chunks.push(d));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({
          status: res.statusCode,
          ok: res.statusCode >= 200 && res.statusCode < 300,
          headers: res.headers,
          body: bytes,
          text: () => bytes.toString('utf8'),
          json: () => JSON.parse(bytes.toString('utf8')),
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Starts a node process and resolves once `GET <url><healthPath>` answers 200.
 * Returns { url, port, pid, stop(), elapsedMs } where elapsedMs is spawn → healthy.
 */
export async function startProcess({ args, env = {}, port, healthPath = '/api/health', timeoutMs = 60_000, label = 'process', scheme = 'http' }) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d) => {
    output = (output + d.toString()).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  child.on('exit', (code) => (exited = code ?? 0));
  const url = `${scheme}://127.0.0.1:${port}`;
  for (;;) {
    if (exited !== null) throw new Error(`${label} exited with ${exited} before it was healthy:\n${output}`);
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`${label} was not healthy after ${timeoutMs} ms:\n${output}`);
    }
    try {
      const res = await portalRequest(url + healthPath);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await sleep(25);
  }
  const elapsedMs = performance.now() - started;
  return {
    url,
    port,
    pid: child.pid,
    elapsedMs,
    output: () => output,
    async stop() {
      if (exited !== null) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await done;
      clearTimeout(timer);
    },
  };
}

/**
 * The built portal server. `db`: 'postgres' (a throwaway database unless `databaseUrl`) or
 * 'pglite' (a temp data folder unless `dataDir`). Demo data is loaded so the demo accounts exist.
 */
export async function startPortal({ db, databaseUrl, dataDir, env = {}, demo = true, tls = false } = {}) {
  requireBuild();
  // `tls`: the portal serves HTTPS itself, HTTP/2 with HTTP/1.1 beside it (decision 023), with a
  // throwaway certificate that this process trusts and `tls.spki` lets Chrome trust.
  const certificate = tls ? selfSignedCertificate('portal-bench-tls-') : null;
  if (certificate) trustedCertificates.push(certificate.cert);
  const scheme = certificate ? 'https' : 'http';
  let throwaway = null;
  let folder = null;
  const dbEnv = {};
  if (db === 'postgres') {
    if (!databaseUrl) {
      throwaway = await createThrowawayDatabase();
      databaseUrl = throwaway.url;
    }
    dbEnv.DATABASE_URL = databaseUrl;
  } else {
    folder = dataDir ?? tempDir('portal-bench-data-');
    dbEnv.DATA_DIR = folder;
  }
  const port = await freePort();
  const proc = await startProcess({
    args: [...SERVER_NODE_FLAGS, ...(process.env.BENCH_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF_DIR}`] : []), SERVER_MAIN],
    port,
    label: `portal server (${db})`,
    scheme,
    env: {
      NODE_ENV: 'production',
      PUBLIC_URL: `${scheme}://127.0.0.1:${port}`,
      ...(certificate ? { TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile } : {}),
      LOG_LEVEL: 'warn',
      DEMO_DATA: demo ? '1' : '0',
      // The benchmark signs in many clients from one address.
      RATE_LIMIT_IP_MAX: '1000000',
      RATE_LIMIT_LOGIN_FAILURES_MAX: '1000000',
      ...dbEnv,
      ...env,
    },
  });
  return {
    ...proc,
    databaseUrl,
    dataDir: folder,
    tls: certificate ? { spki: certificate.spki } : null,
    async stop() {
      await proc.stop();
      if (throwaway) await throwaway.drop();
      if (folder && !dataDir) rmSync(folder, { recursive: true, force: true });
      if (certificate) rmSync(certificate.dir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the API; returns the session (access_token, refresh_token, user…). */
export async function signIn(baseUrl, email, password = DEMO_PASSWORD) {
  const res = await portalRequest(`${baseUrl}/api/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${res.text()}`);
  return res.json();
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function percentile(values, p) {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** Rounds per figure: at least 3 (1 in smoke mode). */
export const ROUNDS = SMOKE ? 1 : Math.max(3, Number(process.env.BENCH_ROUNDS ?? 3));

/** Runs `fn` ROUNDS times (or `rounds`); returns every sample. */
export async function rounds(fn, n = ROUNDS) {
  const samples = [];
  for (let i = 0; i < n; i++) samples.push(await fn(i));
  return samples;
}

/**
 * One benchmark's report. `figure()` records a figure from its samples and prints one line:
 *   name   median (min–max) unit   goal   ok|MISS
 * `goal` is { op: '>=' | '<=', value } or null (reported only). `save()` writes
 * bench/results/<name>.json.
 */
export function createReport(bench) {
  const figures = [];
  const startedAt = new Date().toISOString();
  return {
    figures,
    figure(name, samples, { unit = '', goal = null, digits = 1, note } = {}) {
      const list = Array.isArray(samples) ? samples : [samples];
      const med = median(list);
      const min = Math.min(...list);
      const max = Math.max(...list);
      const met = goal && !SMOKE ? (goal.op === '>=' ? med >= goal.value : med <= goal.value) : null;
      const fmt = (v) => (Number.isFinite(v) ? v.toFixed(digits) : String(v));
      const goalText = goal ? `goal ${goal.op} ${goal.value}${unit ? ' ' + unit : ''}` : 'reported';
      const verdict = met === null ? (goal && SMOKE ? 'smoke' : '') : met ? 'ok' : 'MISS';
      console.log(
        `  ${name.padEnd(46)} ${fmt(med).padStart(10)} ${unit.padEnd(6)} (${fmt(min)}–${fmt(max)}, n=${list.length})  ${goalText.padEnd(22)} ${verdict}`,
      );
      figures.push({ name, unit, median: med, min, max, samples: list, goal, met, ...(note ? { note } : {}) });
      return med;
    },
    note(text) {
      console.log(`  · ${text}`);
    },
    save(extra = {}) {
      const dir = join(ROOT, 'bench/results');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${bench}.json`);
      writeFileSync(
        file,
        JSON.stringify({ bench, smoke: SMOKE, startedAt, finishedAt: new Date().toISOString(), node: process.version, cpus: os.cpus().length, figures, ...extra }, null, 2) + '\n',
      );
      return { bench, figures, missed: figures.filter((f) => f.met === false).map((f) => f.name) };
    },
  };
}

