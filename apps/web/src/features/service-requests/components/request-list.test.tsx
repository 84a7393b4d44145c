import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '@portal/shared/locales/ar.json';
import en from '@portal/shared/locales/en.json';
import type { TServiceRequestSummary } from '@portal/shared';
import { useListState } from '../../../lib/list-state';
import { click, renderWithApp, settle, type Rendered } from '../../../test-utils/render';
import { DEFAULT_ORDER, DEFAULT_SORT, LIST_FILTERS, RequestFilters, type ListFilter } from './request-filters';
import { RequestList } from './request-list';

const MESSAGES = { ar, en };

const record = (n: number, overrides: Partial<TServiceRequestSummary> = {}): TServiceRequestSummary => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  number: `SR-00004${n}`,
  status: 'assigned',
  priority: 'high',
  location: 'office',
  service_type: 'laptop',
  fault_type: 'battery',
  problem_description: 'البطارية لا تشحن بعد التحديث',
  // 08:00 UTC is 11:00 in Riyadh, the company's zone below.
  request_date: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
  customer: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Fatima Al-Harbi' },
  technician: { id: '00000000-0000-4000-8000-0000000000a1', name: 'طارق العتيبي' },
  device: { brand: 'Lenovo', model: 'ThinkPad T14', serial_number: 'PF-12345' },
  assigned_at: null,
  first_response_at: null,
  completed_at: null,
  rating: null,
  allowed_actions: [],
  ...overrides,
});

/** happy-dom's own window API: the media queries follow the viewport it sets. */
const viewport = (size: { width: number; height: number }) =>
  (window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }).happyDOM.setViewport(size);

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function Requests({ records }: { records: TServiceRequestSummary[] }) {
  const list = useListState<ListFilter>({ filters: LIST_FILTERS, defaultSort: DEFAULT_SORT, defaultOrder: DEFAULT_ORDER });
  return (
    <>
      <RequestFilters list={list} />
      <RequestList list={list} records={records} loading={false} noRecordsText="none" />
    </>
  );
}

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await settle(20);
  expect(check()).toBe(true);
}

describe('the requests list', () => {
  let rendered: Rendered | null = null;
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/api/settings/public')) {
      return json({ company_name: 'Demo Repairs', support_phone: '', default_language: 'ar', currency: 'SAR', time_zone: 'Asia/Riyadh', logo_url: null, demo: null });
    }
    if (url.includes('/api/service-requests/options')) {
      return json({ service_types: [{ code: 'laptop', name_ar: 'الحواسيب', name_en: 'Laptops' }], fault_types: [], default_address: null });
    }
    return new Response('{}', { status: 404 });
  });

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    viewport({ width: 390, height: 844 });
  });
  afterEach(() => {
    rendered?.unmount();
    rendered = null;
    vi.unstubAllGlobals();
    viewport({ width: 1024, height: 768 });
  });

  for (const language of ['ar', 'en'] as const) {
    it(`(${language}) draws each request as a card: its number, status, priority, problem, service, time in the company's zone and technician`, async () => {
      const messages = MESSAGES[language];
      rendered = await renderWithApp(<Requests records={[record(1), record(2, { status: 'pending', technician: null, priority: 'low' })]} />, {
        path: '/dashboard/service-requests',
        language,
      });
      const cards = () => [...rendered!.container.querySelectorAll<HTMLElement>('[data-testid=sr-row]')];
      await until(() => cards().length === 2 && cards()[0]!.textContent!.includes(language === 'ar' ? 'الحواسيب' : 'Laptops'));
      // No table: a phone has no room for columns.
      expect(rendered.container.querySelector('table')).toBeNull();

      const [first, second] = cards() as [HTMLElement, HTMLElement];
      const link = first.querySelector('a')!;
      expect(link.getAttribute('href')).toBe(`/dashboard/service-requests/${record(1).id}`);
      expect(link.querySelector('bdi[dir=ltr]')!.textContent).toBe('SR-000041');
      expect(first.querySelector('[data-testid=sr-status]')!.textContent).toBe(messages.serviceRequests.status.assigned);
      expect(first.querySelector('[data-priority=high]')!.textContent).toBe(messages.serviceRequests.priority.high);
      const problem = [...first.querySelectorAll('p')].find((p) => p.textContent === record(1).problem_description)!;
      expect(problem.getAttribute('dir')).toBe('auto');
      expect(first.textContent).toContain('ThinkPad T14');
      await until(() => first.textContent!.includes('11:00'));
      expect(first.textContent).not.toContain('08:00');
      expect(first.textContent).toContain('طارق العتيبي');
      expect(second.dataset.status).toBe('pending');
      expect(second.querySelector('[data-priority=low]')!.textContent).toBe(messages.serviceRequests.priority.low);
      // Unassigned, and no selection column: no technician line (the admin desk names the customer there).
      expect(second.textContent).not.toContain('طارق العتيبي');
    });
  }

  it('draws the filter fields only once the panel is opened, with the values the address holds', async () => {
    rendered = await renderWithApp(<Requests records={[record(1)]} />, { path: '/dashboard/service-requests?priority=high', language: 'en' });
    const priority = () => rendered!.container.querySelector<HTMLInputElement>('[data-testid=sr-filter-priority]');
    await until(() => rendered!.container.querySelector('[data-testid=sr-filters-toggle]') !== null);
    expect(priority()).toBeNull();
    await click(rendered.container.querySelector('[data-testid=sr-filters-toggle]'));
    await until(() => priority() !== null);
    expect(priority()!.value).toBe(en.serviceRequests.priority.high);
    await click(rendered.container.querySelector('[data-testid=sr-filters-toggle]'));
    expect(priority()).toBeNull();
  });

  it('draws a table wider than a phone', async () => {
    viewport({ width: 1280, height: 800 });
    rendered = await renderWithApp(<Requests records={[record(1), record(2)]} />, { path: '/dashboard/service-requests', language: 'en' });
    const rows = () => [...rendered!.container.querySelectorAll<HTMLElement>('table [data-testid=sr-row]')];
    await until(() => rows().length === 2);
    expect(rendered.container.querySelector('[data-testid=sr-cards]')).toBeNull();
    expect(rows()[0]!.textContent).toContain('SR-000041');
    expect(rows()[0]!.querySelector('[data-testid=sr-status]')!.textContent).toBe(en.serviceRequests.status.assigned);
  });
});
