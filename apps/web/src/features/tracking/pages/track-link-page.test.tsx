import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import en from '@portal/shared/locales/en.json';
import type { RealtimeServerFrame, RealtimeTrackingEvent, TTrackingView } from '@portal/shared';
import { createI18n } from '../../../lib/i18n';
import { FakeSocket } from '../../../test-utils/fake-socket';
import { renderWithApp, settle, type Rendered } from '../../../test-utils/render';
import { TrackLinkPage } from './track-link-page';

const TOKEN = 'A'.repeat(32);
const GROUPS = Object.keys(en);
const RAW_KEY = new RegExp(`\\b(?:${GROUPS.join('|')})\\.[A-Za-z][\\w.]*`, 'g');

const view = (status: TTrackingView['status']): TTrackingView => ({
  number: 'SR-000042',
  status,
  timeline: [
    { status: 'pending', at: '2026-11-20T08:00:00.000Z' },
    { status: 'assigned', at: '2026-11-20T09:00:00.000Z' },
    ...(status === 'in_progress' ? [{ status: 'in_progress' as const, at: '2026-11-21T10:00:00.000Z' }] : []),
  ],
  device: { brand: 'Lenovo', model: 'T14' },
  service_type: { code: 'laptop', name_ar: 'الحواسيب', name_en: 'Laptops' },
  fault_type: { code: 'battery', name_ar: 'البطارية', name_en: 'Battery' },
  location: 'office',
  created_at: '2026-11-20T08:00:00.000Z',
  next_appointment: null,
  technician_first_name: 'Tariq',
  awaiting_parts: false,
  completed_at: null,
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const page = () => (
  <Routes>
    <Route path="/track/:token" element={<TrackLinkPage />} />
  </Routes>
);

/** The public part of the messages alone, as a signed-out visitor's first screen has them. */
async function publicOnly(language: 'ar' | 'en') {
  const i18n = createI18n();
  await i18n.ready;
  await i18n.changeLanguage(language);
  expect(i18n.exists('nav.dashboard')).toBe(false);
  return i18n;
}

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await settle(20);
  expect(check()).toBe(true);
}

describe('the tracking link page', () => {
  let rendered: Rendered | null = null;
  let answers: (() => Response)[];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/api/settings/public')) return json(200, { company_name: 'Demo Repairs', support_phone: '', default_language: 'ar', currency: 'SAR', time_zone: 'Asia/Riyadh', logo_url: null, demo: null });
    return (answers.shift() ?? (() => json(500, {})))();
  });

  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
  });
  afterEach(() => {
    rendered?.unmount();
    rendered = null;
    vi.unstubAllGlobals();
  });

  for (const language of ['ar', 'en'] as const) {
    it(`(${language}) shows the view with every message worded, and follows the request live`, async () => {
      answers = [() => json(200, view('assigned')), () => json(200, view('in_progress'))];
      rendered = await renderWithApp(page(), { path: `/track/${TOKEN}`, language, i18n: await publicOnly(language) });
      const status = () => rendered!.container.querySelector('[data-testid=tracking-view]')?.getAttribute('data-status');
      await until(() => status() === 'assigned');
      expect(rendered.container.textContent!.match(RAW_KEY) ?? []).toEqual([]);
      expect(rendered.container.textContent).toContain(language === 'ar' ? 'الحواسيب' : 'Laptops');

      // The anonymous subscription: a `track` frame with the link's token, then a hint refetches.
      await until(() => FakeSocket.all.length === 1);
      const socket = FakeSocket.all[0]!;
      socket.open();
      expect(socket.sent.map((s) => s.frame)).toEqual([{ type: 'track', token: TOKEN, ref: 'track' }]);
      socket.receive({ type: 'reply', ref: 'track', status: 'ok' });
      await until(() => rendered!.container.querySelector('[data-testid=tracking-live]') !== null);
      const hint: RealtimeTrackingEvent = { type: 'event', topic: 'tracking', event: 'tracking.changed', payload: {} };
      socket.receive(hint as unknown as RealtimeServerFrame);
      await until(() => status() === 'in_progress');
      expect(rendered.container.querySelectorAll('[data-testid=tracking-timeline-entry]')).toHaveLength(3);
    });
  }

  it('says a bad link does not work, and offers tracking by number', async () => {
    answers = [() => json(404, { error: { code: 'not_found', message: 'No request matches these details' } })];
    rendered = await renderWithApp(page(), { path: `/track/${TOKEN}`, language: 'en', i18n: await publicOnly('en') });
    await until(() => rendered!.container.querySelector('[data-testid=tracking-not-found]') !== null);
    expect(rendered.container.textContent).toContain('This link does not work');
    expect(rendered.container.querySelector('[data-testid=tracking-by-number]')?.getAttribute('href')).toBe('/track');
    expect(FakeSocket.all).toHaveLength(0);
  });

  it('says how long to wait when limited', async () => {
    answers = [() => json(429, { error: { code: 'rate_limited', message: 'Too many attempts', retry_after: 290 } }, { 'retry-after': '290' })];
    rendered = await renderWithApp(page(), { path: `/track/${TOKEN}`, language: 'en', i18n: await publicOnly('en') });
    await until(() => rendered!.container.querySelector('[data-testid=tracking-rate-limited]') !== null);
    expect(rendered.container.textContent).toContain('about 5 min');
  });
});
