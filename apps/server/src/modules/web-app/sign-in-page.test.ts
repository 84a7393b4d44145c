import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ar from '@portal/shared/locales/ar.json' with { type: 'json' };
import en from '@portal/shared/locales/en.json' with { type: 'json' };
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { signInLanguage } from './sign-in-page.js';

// The sign-in page (decision 019): the web build's sign-in.html, filled in by the server in the
// visitor's language. The test's "build" is the source template with its stylesheet named as
// the build names it.
const template = fs
  .readFileSync(new URL('../../../../web/sign-in.html', import.meta.url), 'utf8')
  .replace(/<link rel="stylesheet" href="[^"]+" \/>/, '<link rel="stylesheet" crossorigin href="/assets/sign-in-abc123.css">');
const FACES = ['cairo-arabic-400-normal-A1', 'cairo-arabic-500-normal-B2', 'cairo-latin-700-normal-C3', 'inter-latin-wght-normal-D4'];
const CSS = `${FACES.map((face) => `@font-face{src:url(/assets/${face}.woff2)}`).join('')}.card{padding:20px}`;

let server: TestServer;
let webDist: string;
let adminToken: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sign-in-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="ar" dir="rtl"><head><title>x</title><script type="module" crossorigin src="/assets/index-abc.js"></script>' +
      '<link rel="modulepreload" fetchpriority="low" crossorigin="" href="/assets/start-def.js"></head><body>app</body></html>',
  );
  fs.writeFileSync(path.join(webDist, 'sign-in.html'), template);
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'sign-in-abc123.css'), CSS);
  server = await startTestServer({ WEB_DIST: webDist });
  adminToken = (await server.signIn('admin@demo.test')).access_token;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const page = (query = '', headers: Record<string, string> = {}) => server.call('GET', `/login${query}`, { headers });
const settings = async (body: Record<string, unknown>) => {
  const res = await server.call('PUT', '/api/admin/settings', { token: adminToken, body });
  expect(res.statusCode, res.body).toBe(200);
};
/** The page without its script's messages (data, which keep their own `{{value}}` slots). */
const markup = (html: string) => html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, '');

describe('the sign-in page language', () => {
  it('follows the address, then the kept choice, then the browser, then the company default', () => {
    expect(signInLanguage({ lng: 'en', cookie: 'i18next=ar', acceptLanguage: 'ar' }, 'ar')).toBe('en');
    expect(signInLanguage({ lng: 'en-GB' }, 'ar')).toBe('en');
    expect(signInLanguage({ lng: 'fr', cookie: 'a=1; i18next=en', acceptLanguage: 'ar' }, 'ar')).toBe('en');
    expect(signInLanguage({ cookie: 'i18next=de', acceptLanguage: 'en-US,en;q=0.9' }, 'ar')).toBe('en');
    // Weights, not order: Arabic is the stronger wish here.
    expect(signInLanguage({ acceptLanguage: 'en;q=0.5, ar-SA;q=0.8, fr' }, 'en')).toBe('ar');
    expect(signInLanguage({ acceptLanguage: 'fr-FR, de;q=0.9' }, 'en')).toBe('en');
    expect(signInLanguage({ acceptLanguage: 'en;q=0, fr' }, 'ar')).toBe('ar');
    expect(signInLanguage({ acceptLanguage: ';;;,q=x,,' }, 'ar')).toBe('ar');
    expect(signInLanguage({}, 'en')).toBe('en');
  });
});

describe('GET /login', () => {
  it('is the whole form in one response: its styles written in, no comments, revalidated, for anyone', async () => {
    const res = await page('?lng=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-language']).toBe('en');
    expect(res.headers.vary).toMatch(/accept-language/);
    expect(res.body).toContain(`<style>${CSS}</style>`);
    expect(res.body).not.toMatch(/<link rel="stylesheet"/);
    expect(res.body).not.toContain('<!--');
    expect(markup(res.body)).not.toContain('{{');
    expect(res.body).toContain('<html lang="en" dir="ltr">');
    expect(res.body).toContain(`<label for="email">${en.auth.login.email} `);
    expect(res.body).toContain(`<button type="submit" class="submit">${en.auth.login.submit}</button>`);
    // The switch names the other language and keeps the rest of the address.
    expect(res.body).toContain('href="/login?lng=ar"');
    expect(res.body).toContain(`>${en.language.ar}`);
  });

  it("asks for the faces its language is drawn in with the HTML, and only those", async () => {
    const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="\/assets\/([\w-]+)\.woff2" \/>/g)].map((m) => m[1]);
    expect(preloads((await page('?lng=ar')).body)).toEqual(['cairo-arabic-400-normal-A1', 'cairo-latin-700-normal-C3']);
    expect(preloads((await page('?lng=en')).body)).toEqual(['inter-latin-wght-normal-D4']);
  });

  it("names the app's first scripts, for the page to fetch while the visitor types", async () => {
    const { body } = await page('?lng=en');
    const scripts = JSON.parse(body.match(/<script type="application\/json" id="app-scripts">([^<]*)<\/script>/)![1]!);
    expect(scripts).toEqual(['/assets/index-abc.js', '/assets/start-def.js']);
  });

  it('is in Arabic, right to left, for an Arabic browser, and says so', async () => {
    const res = await page('', { 'accept-language': 'ar-SA,ar;q=0.9,en;q=0.8' });
    expect(res.headers['content-language']).toBe('ar');
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body).toContain(`<h2 id="sign-in-title">${ar.auth.login.title}</h2>`);
    const messages = JSON.parse(res.body.match(/<script type="application\/json" id="sign-in-messages">([\s\S]*?)<\/script>/)![1]!);
    expect(messages.toast.invalidCredentials).toBe(ar.toast.invalidCredentials);
    expect(messages.validation.invalid_email).toBe(ar.validation.invalid_email);
    expect(messages.errors.rate_limited).toBe(ar.errors.rate_limited);
  });

  it("greets a browser that prefers neither language in the company's default language", async () => {
    await settings({ default_language: 'en' });
    try {
      expect((await page('', { 'accept-language': 'fr-FR' })).headers['content-language']).toBe('en');
    } finally {
      await settings({ default_language: 'ar' });
    }
    expect((await page('', { 'accept-language': 'fr-FR' })).headers['content-language']).toBe('ar');
    // The kept choice wins over the browser.
    expect((await page('', { 'accept-language': 'ar', cookie: 'theme=x; i18next=en' })).headers['content-language']).toBe('en');
  });

  it("writes the company's name as text wherever it shows, however it is spelled", async () => {
    await settings({ company_name: 'Fix & Go <b>Riyadh</b> $1 "Ltd"' });
    try {
      const { body } = await page('?lng=en');
      const escaped = 'Fix &#38; Go &#60;b&#62;Riyadh&#60;/b&#62; $1 &#34;Ltd&#34;';
      expect(body).toContain(`<title>${en.auth.login.title} · ${escaped}</title>`);
      expect(body.split(escaped).length - 1).toBe(4); // title, brand panel, phone header, copyright
      expect(body).not.toContain('<b>Riyadh');
    } finally {
      await settings({ company_name: 'Demo Repairs Co.' });
    }
  });

  it('carries ?redirect= into the language switch and the sign-up link, encoded', async () => {
    const { body } = await page(`?lng=en&redirect=${encodeURIComponent('/dashboard/profile?a=1&b="x"><script>')}`);
    const encoded = 'redirect=%2Fdashboard%2Fprofile%3Fa%3D1%26b%3D%22x%22%3E%3Cscript%3E';
    expect(body).toContain(`href="/login?lng=ar&#38;${encoded}"`);
    expect(body).toContain(`href="/signup?${encoded}"`);
    expect(markup(body)).not.toContain('<script>"');
  });

  it('shows the demo accounts in demo mode, to fill the form', async () => {
    const { body } = await page('?lng=ar');
    expect(body).toContain('data-testid="demo-accounts"');
    expect(body).toContain('data-demo-email="tech1@demo.test"');
    expect(body).toContain(`<span class="role">${ar.roles.technician}</span>`);
  });

  it('answers 400, not a page, for an address past its limits; a language it does not speak is no error', async () => {
    expect((await page(`?lng=${'x'.repeat(36)}`)).statusCode).toBe(400);
    expect((await page(`?redirect=/${'a'.repeat(2048)}`)).statusCode).toBe(400);
    const res = await page('?lng=fr', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-language']).toBe('en');
  });

  it('never sends the template as it is', async () => {
    const res = await server.call('GET', '/sign-in.html');
    expect(res.body).not.toContain('{{');
  });
});

describe('GET /login without a web build', () => {
  it('is not found, as any page is without the app', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-no-web-'));
    const bare = await startTestServer({ WEB_DIST: empty });
    try {
      expect((await bare.call('GET', '/login')).statusCode).toBe(404);
    } finally {
      await bare.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
