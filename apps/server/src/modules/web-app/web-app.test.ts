import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ar from '@portal/shared/locales/ar.json' with { type: 'json' };
import en from '@portal/shared/locales/en.json' with { type: 'json' };
import { startTestServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await server.signIn('admin@demo.test')).access_token;
});
afterAll(() => server.close());

const manifest = (query = '') => server.call('GET', `/manifest.webmanifest${query}`);
const setDefaultLanguage = async (language: 'ar' | 'en') => {
  const res = await server.call('PUT', '/api/admin/settings', { token: adminToken, body: { default_language: language } });
  expect(res.statusCode, res.body).toBe(200);
};

describe('GET /manifest.webmanifest', () => {
  it('is a web app manifest, served to anyone without signing in', async () => {
    const res = await manifest('?lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      id: '/',
      name: en.app.name,
      short_name: en.app.shortName,
      description: en.app.tagline,
      lang: 'en',
      dir: 'ltr',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: '#4263eb',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    });
  });

  it('names the app in Arabic, right to left', async () => {
    const res = await manifest('?lang=ar');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: ar.app.name, short_name: ar.app.shortName, description: ar.app.tagline, lang: 'ar', dir: 'rtl', start_url: '/dashboard' });
  });

  it("follows the company's default language when no language is asked for", async () => {
    try {
      await setDefaultLanguage('en');
      expect((await manifest()).json()).toMatchObject({ name: en.app.name, lang: 'en', dir: 'ltr' });
      await setDefaultLanguage('ar');
      expect((await manifest()).json()).toMatchObject({ name: ar.app.name, lang: 'ar', dir: 'rtl' });
      // An asked-for language wins over the default.
      expect((await manifest('?lang=en')).json()).toMatchObject({ lang: 'en' });
    } finally {
      await setDefaultLanguage('ar');
    }
  });

  it.each(['fr', 'AR', '', 'en-US'])('refuses the language %j with a 400 naming the field', async (lang) => {
    const res = await manifest(`?lang=${encodeURIComponent(lang)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { lang: 'invalid' } });
  });
});
