import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import en from '@portal/shared/locales/en.json';
import { createI18n } from '../../../lib/i18n';
import { click, renderWithApp, settle, type Rendered } from '../../../test-utils/render';
import { jsonResponse } from '../../../test-utils/session-factory';
import { UnsubscribePage } from './unsubscribe-page';

const TOKEN = `3f1c2b9a-1234-4abc-8def-0123456789ab.${'A'.repeat(42)}g`;
const byId = (id: string) => document.querySelector(`[data-testid=${id}]`);

describe('unsubscribe page', () => {
  let rendered: Rendered | undefined;
  let answer: () => Response;
  let calls: { url: string; init: RequestInit | undefined }[];

  beforeEach(() => {
    calls = [];
    answer = () => new Response(null, { status: 204 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        calls.push({ url, init });
        if (url.startsWith('/api/email-preferences/unsubscribe')) return answer();
        return jsonResponse(200, {});
      }),
    );
  });
  afterEach(() => {
    rendered?.unmount();
    rendered = undefined;
    vi.unstubAllGlobals();
  });

  const open = async (token: string, language: 'ar' | 'en' = 'en') => {
    rendered = await renderWithApp(
      <Routes>
        <Route path="/unsubscribe/:token" element={<UnsubscribePage />} />
      </Routes>,
      { path: `/unsubscribe/${token}`, language },
    );
  };
  const unsubscribeCalls = () => calls.filter((c) => c.url.startsWith('/api/email-preferences/unsubscribe'));

  it('asks first (opening the link changes nothing), then stops the e-mails and says so', async () => {
    await open(TOKEN);
    expect(byId('unsubscribe-confirm')).not.toBeNull();
    expect(unsubscribeCalls()).toHaveLength(0);
    await click(byId('unsubscribe-confirm'));
    await settle(20);
    expect(byId('unsubscribe-done')?.textContent).toContain('You will get no more e-mails');
    const [call] = unsubscribeCalls();
    expect(call!.init?.method).toBe('POST');
    expect(JSON.parse(String(call!.init?.body))).toEqual({ token: TOKEN });
    // Sent without the session: the link works signed out.
    expect((call!.init?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('a link the server does not know (404) is "not valid"; a malformed one is, without asking the server', async () => {
    answer = () => jsonResponse(404, { error: { code: 'not_found', message: 'Unsubscribe link not found' } });
    await open(TOKEN, 'ar');
    await click(byId('unsubscribe-confirm'));
    await settle(20);
    expect(byId('unsubscribe-invalid')?.textContent).toContain('هذا الرابط غير صالح');
    rendered!.unmount();
    rendered = undefined;

    calls = [];
    await open('not-a-token');
    expect(byId('unsubscribe-invalid')).not.toBeNull();
    expect(byId('unsubscribe-confirm')).toBeNull();
    expect(unsubscribeCalls()).toHaveLength(0);
  });

  // A public screen: drawn with the public part of the messages only (apps/web/locale-parts.ts).
  it('shows no raw message key with the public messages alone, in both languages and every state', async () => {
    const rawKey = new RegExp(`\\b(?:${Object.keys(en).join('|')})\\.[A-Za-z][\\w.]*`, 'g');
    for (const language of ['ar', 'en'] as const) {
      const publicOnly = createI18n();
      await publicOnly.ready;
      await publicOnly.changeLanguage(language);
      expect(publicOnly.exists('nav.dashboard')).toBe(false);
      for (const token of [TOKEN, 'broken']) {
        rendered = await renderWithApp(
          <Routes>
            <Route path="/unsubscribe/:token" element={<UnsubscribePage />} />
          </Routes>,
          { path: `/unsubscribe/${token}`, language, i18n: publicOnly },
        );
        if (token === TOKEN) {
          await click(byId('unsubscribe-confirm'));
          await settle(20);
          expect(byId('unsubscribe-done')).not.toBeNull();
        }
        expect(rendered.container.textContent!.match(rawKey) ?? []).toEqual([]);
        rendered.unmount();
        rendered = undefined;
      }
    }
  });

  it('a failure of the server keeps the button, with the error', async () => {
    answer = () => jsonResponse(429, { error: { code: 'rate_limited', message: 'Too many requests', retry_after: 60 } });
    await open(TOKEN);
    await click(byId('unsubscribe-confirm'));
    await settle(20);
    expect(byId('unsubscribe-error')).not.toBeNull();
    expect(byId('unsubscribe-confirm')).not.toBeNull();
    expect(byId('unsubscribe-done')).toBeNull();
  });
});
