import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';

// The single-page app's routes: the web build's index.html, with the company's language and name
// written in by the server (app.ts, the not-found handler).
const webIndex = fs.readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');

const ASSET = `export const words = ${JSON.stringify('repair '.repeat(2000))};\n`;

let server: TestServer;
let webDist: string;
let adminToken: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), webIndex);
  // A hashed asset as the build writes it: the file and its brotli copy beside it.
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), ASSET);
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(ASSET));
  server = await startTestServer({ WEB_DIST: webDist });
  adminToken = (await server.signIn('admin@demo.test')).access_token;
});
afterAll(() => server.close());

describe('an app route (the web app shell)', () => {
  it('answers the app in the company language, its name in the title and in the critical shell painted before any script', async () => {
    const put = await server.call('PUT', '/api/admin/settings', {
      token: adminToken,
      body: { default_language: 'en', company_name: 'Fix & Go <Riyadh> $1 "Ltd"' },
    });
    expect(put.statusCode, put.body).toBe(200);

    const res = await server.call('GET', '/dashboard/service-requests?status=new');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<html lang="en" dir="ltr">');
    // Escaped (a name is anyone's input), and a `$1` stays as typed.
    const name = 'Fix &#38; Go &#60;Riyadh&#62; $1 &#34;Ltd&#34;';
    expect(res.body).toContain(`<title>${name}</title>`);
    expect(res.body).toMatch(new RegExp(`<p class="boot-name"[^>]*>${name.replace(/[$]/g, '\\$')}</p>`));
    expect(res.body).not.toContain('<Riyadh>');
  });

  it('answers the root and HEAD like any page', async () => {
    const root = await server.call('GET', '/');
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-type']).toMatch(/^text\/html/);
    const head = await server.call('HEAD', '/login');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(head.body).toBe('');
  });

  it('leaves /api to the API: an unknown API path is a JSON 404', async () => {
    const res = await server.call('GET', '/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    for (const [method, url] of [['GET', '/api'], ['POST', '/login'], ['DELETE', '/dashboard']] as const) {
      const other = await server.call(method, url);
      expect(other.statusCode, `${method} ${url}`).toBe(404);
      expect(other.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });
});

// Issue #26: what a browser downloads on a slow phone. Lighthouse's uses-text-compression flagged
// index.html and the API's JSON, which went out as they were.
describe('compression', () => {
  const br = { 'accept-encoding': 'br, gzip' };

  it('sends index.html and the larger API answers compressed to a browser that accepts it', async () => {
    const page = await server.call('GET', '/login', { headers: br });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(page.rawPayload).toString('utf8')).toContain('class="boot-name"');

    const list = await server.call('GET', '/api/items', { token: adminToken, headers: { 'accept-encoding': 'gzip' } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    const json = JSON.parse(zlib.gunzipSync(list.rawPayload).toString('utf8')) as { items: unknown[] };
    expect(json.items.length).toBeGreaterThan(0);
    expect(list.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(json)) / 2);
  });

  it('leaves small answers, and clients that ask for no encoding, as they are', async () => {
    const small = await server.call('GET', '/api/health', { headers: br });
    expect(small.headers['content-encoding']).toBeUndefined();
    const plain = await server.call('GET', '/api/items', { token: adminToken });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((plain.json() as { items: unknown[] }).items.length).toBeGreaterThan(0);
  });

  it('serves a built asset from its precompressed copy, not compressed a second time', async () => {
    const res = await server.call('GET', '/assets/app-abc123.js', { headers: br });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.equals(fs.readFileSync(path.join(webDist, 'assets', 'app-abc123.js.br')))).toBe(true);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(ASSET);
  });

  it('never compresses the answers that carry session tokens', async () => {
    // Padded past the 1 KB threshold with a long e-mail address, so only the route's own choice can leave it plain.
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(50)}.test`;
    const signup = await server.call('POST', '/api/auth/signup', {
      headers: br,
      body: { email, password: 'a-long-password-1', name: 'م'.repeat(120), mobile: '+966500000001' },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    expect(signup.rawPayload.length).toBeGreaterThan(1024);
    expect(signup.headers['content-encoding']).toBeUndefined();
    const token = await server.call('POST', '/api/auth/token?grant_type=password', { headers: br, body: { email, password: 'a-long-password-1' } });
    expect(token.statusCode).toBe(200);
    expect(token.headers['content-encoding']).toBeUndefined();
  });
});
