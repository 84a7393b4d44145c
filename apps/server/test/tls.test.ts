import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import http2 from 'node:http2';
import path from 'node:path';
import tls from 'node:tls';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TSession } from '@portal/shared';
import { TEST_DB, freePort, startTestServer, type TestServer } from './harness.js';
import { selfSignedCertificate, type SelfSigned } from '../../../scripts/self-signed-cert.mjs';
import { TestSocket } from './ws-client.js';
import { loadConfig } from '../src/config.js';

// HTTPS served by the portal itself (TLS_CERT_FILE / TLS_KEY_FILE, decision 023): HTTP/2 for
// browsers, HTTP/1.1 on the same port for the rest and for the realtime WebSocket.

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/** One request over an HTTP/2 session (the session is the caller's, to check what it negotiated). */
function h2Request(session: http2.ClientHttp2Session, p: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = session.request({ ':method': opts.method ?? 'GET', ':path': p, ...opts.headers });
    let body = '';
    let headers: Record<string, unknown> = {};
    req.setEncoding('utf8');
    req.on('response', (h) => (headers = h));
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve({ status: Number(headers[':status']), headers, body }));
    req.on('error', reject);
    req.end(opts.body);
  });
}

function h2Session(origin: string, ca: Buffer): Promise<http2.ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(origin, { ca });
    session.once('connect', () => resolve(session));
    session.once('error', reject);
  });
}

function h1Get(url: string, ca: Buffer): Promise<Answer & { httpVersion: string; alpn: string | false | null }> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca, ALPNProtocols: ['http/1.1'], agent: false } as https.RequestOptions & tls.ConnectionOptions, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, httpVersion: res.httpVersion, alpn: (res.socket as tls.TLSSocket).alpnProtocol }),
        );
      })
      .on('error', reject);
  });
}

/** The SHA-256 fingerprint of the certificate a new TLS connection to `port` is shown. */
function servedFingerprint(port: number, ca: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, ca, ALPNProtocols: ['h2'] }, () => {
      const fingerprint = socket.getPeerCertificate().fingerprint256;
      socket.end();
      resolve(fingerprint);
    });
    socket.once('error', reject);
  });
}

const fingerprintOf = (pem: Buffer) => new X509Certificate(pem).fingerprint256;

describe('TLS configuration', () => {
  let pair: SelfSigned;
  let other: SelfSigned;
  beforeAll(() => {
    pair = selfSignedCertificate();
    other = selfSignedCertificate();
  });
  afterAll(() => {
    for (const p of [pair, other]) fs.rmSync(p.dir, { recursive: true, force: true });
  });

  it('reads the certificate and key, and puts default links on https', () => {
    const c = loadConfig({ TLS_CERT_FILE: pair.certFile, TLS_KEY_FILE: pair.keyFile, HOST: '127.0.0.1', PORT: '8443' });
    expect(c.tls?.cert.equals(pair.cert)).toBe(true);
    expect(c.publicOrigin).toBe('https://127.0.0.1:8443');
    expect(loadConfig({}).tls).toBeNull();
  });

  it('stops the start with a line naming the problem', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: pair.certFile })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE go together/);
    expect(() => loadConfig({ TLS_KEY_FILE: pair.keyFile })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE go together/);
    expect(() => loadConfig({ TLS_CERT_FILE: path.join(pair.dir, 'missing.pem'), TLS_KEY_FILE: pair.keyFile })).toThrow(/TLS_CERT_FILE: cannot read .*missing\.pem \(ENOENT\)/);
    // Another certificate's key, and a file that is not PEM at all.
    expect(() => loadConfig({ TLS_CERT_FILE: pair.certFile, TLS_KEY_FILE: other.keyFile })).toThrow(/not a certificate and its private key/);
    expect(() => loadConfig({ TLS_CERT_FILE: pair.certFile, TLS_KEY_FILE: path.join(import.meta.dirname, 'harness.ts') })).toThrow(/not a certificate and its private key/);
  });
});

describe('the portal over HTTPS', () => {
  let cert: SelfSigned;
  let server: TestServer;
  let origin: string;
  let admin: TSession;

  beforeAll(async () => {
    cert = selfSignedCertificate();
    server = await startTestServer({ TLS_CERT_FILE: cert.certFile, TLS_KEY_FILE: cert.keyFile });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `https://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    admin = await server.signIn('admin@demo.test');
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(cert.dir, { recursive: true, force: true });
  });

  it('speaks HTTP/2: a read, a sign-in with a JSON body, a signed-in read, a refusal', async () => {
    const session = await h2Session(origin, cert.cert);
    try {
      expect(session.alpnProtocol).toBe('h2');
      const health = await h2Request(session, '/api/health');
      expect(health.status).toBe(200);
      const signIn = await h2Request(session, '/api/auth/token?grant_type=password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'tech1@demo.test', password: 'demo12345' }),
      });
      expect(signIn.status).toBe(200);
      const { access_token } = JSON.parse(signIn.body) as { access_token: string };
      // Several requests at once on the one connection: what HTTP/2 is for.
      const [user, requests, refused] = await Promise.all([
        h2Request(session, '/api/auth/user', { headers: { authorization: `Bearer ${access_token}` } }),
        h2Request(session, '/api/service-requests?limit=5', { headers: { authorization: `Bearer ${access_token}` } }),
        h2Request(session, '/api/admin/users', { headers: { authorization: `Bearer ${access_token}` } }),
      ]);
      expect(user.status).toBe(200);
      expect(JSON.parse(user.body)).toMatchObject({ email: 'tech1@demo.test' });
      expect(requests.status).toBe(200);
      expect(refused.status).toBe(403);
      // Bad input is still a 400 naming the field, never a 500.
      const bad = await h2Request(session, '/api/auth/token?grant_type=password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email": 5',
      });
      expect(bad.status).toBe(400);
      expect(bad.headers.connection).toBeUndefined();
      expect(health.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      session.close();
    }
  });

  it('speaks HTTP/1.1 on the same port to a client that offers only that', async () => {
    const res = await h1Get(`${origin}/api/health`, cert.cert);
    expect(res.alpn).toBe('http/1.1');
    expect(res.httpVersion).toBe('1.1');
    expect(res.status).toBe(200);
  });

  it('opens the realtime WebSocket over TLS (an HTTP/1.1 upgrade) and signs it in', async () => {
    const ws = new WebSocket(`${origin.replace('https:', 'wss:')}/api/realtime`, { ca: cert.cert });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const socket = new TestSocket(ws);
    try {
      await socket.signIn(admin.access_token);
    } finally {
      socket.close();
    }
  });

  it('refuses a client that does not trust the certificate, and goes on serving', async () => {
    await expect(h1Get(`${origin}/api/health`, Buffer.from(''))).rejects.toThrow();
    expect((await h1Get(`${origin}/api/health`, cert.cert)).status).toBe(200);
  });
});

// The process as `npm start` runs it: a renewed certificate is taken on SIGHUP, and SIGTERM stops it
// even while a browser keeps an HTTP/2 connection open. One database kind is enough.
describe.skipIf(TEST_DB !== 'pglite')('the HTTPS server process', () => {
  it('reloads its certificate on SIGHUP, keeps the old one if the new pair is bad, and stops on SIGTERM with a session open', async () => {
    const first = selfSignedCertificate();
    const renewed = selfSignedCertificate();
    const dataDir = fs.mkdtempSync(path.join(first.dir, 'data-'));
    // The files the server is pointed at; "renewal" rewrites them in place.
    const certFile = path.join(first.dir, 'live-cert.pem');
    const keyFile = path.join(first.dir, 'live-key.pem');
    fs.copyFileSync(first.certFile, certFile);
    fs.copyFileSync(first.keyFile, keyFile);
    const port = await freePort();
    const { DATABASE_URL: _, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '0', LOG_LEVEL: 'info', TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 90_000;
      for (;;) {
        if (Date.now() > deadline) throw new Error(`not healthy:\n${output}`);
        const up = await h1Get(`https://127.0.0.1:${port}/api/health`, first.cert).then((r) => r.status === 200, () => false);
        if (up) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(output).toContain(`https://localhost:${port}`);
      const bothCas = Buffer.concat([first.cert, renewed.cert]);
      expect(await servedFingerprint(port, bothCas)).toBe(fingerprintOf(first.cert));

      // A bad pair (the renewed certificate with the old key): refused, the old one stays.
      fs.copyFileSync(renewed.certFile, certFile);
      child.kill('SIGHUP');
      await waitFor(() => output.includes('not reloaded'));
      expect(await servedFingerprint(port, bothCas)).toBe(fingerprintOf(first.cert));

      fs.copyFileSync(renewed.keyFile, keyFile);
      child.kill('SIGHUP');
      await waitFor(() => output.includes('TLS certificate reloaded'));
      expect(await servedFingerprint(port, bothCas)).toBe(fingerprintOf(renewed.cert));

      // An idle HTTP/2 session, as a browser keeps one, must not hold the shutdown.
      const session = await h2Session(`https://127.0.0.1:${port}`, bothCas);
      expect((await h2Request(session, '/api/health')).status).toBe(200);
      const stopped = Date.now();
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(Date.now() - stopped).toBeLessThan(10_000);
      session.destroy();
    } finally {
      child.kill('SIGKILL');
      for (const p of [first, renewed]) fs.rmSync(p.dir, { recursive: true, force: true });
    }
  }, 120_000);
});

async function waitFor(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
