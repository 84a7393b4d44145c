import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';

// The single-page app's routes: the web build's index.html, with the company's language and name
// written in by the server (app.ts, the not-found handler).
const webIndex = fs.readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');

let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), webIndex);
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

  it('leaves /api to the API: an unknown API path is a JSON 404', async () => {
    const res = await server.call('GET', '/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
