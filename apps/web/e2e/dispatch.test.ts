import { describe, expect, it } from 'vitest';
import type { TServiceRequest } from '@portal/shared';
import { htmlLangDir, signIn, skipE2e, useBrowserContexts } from './browser';
import { api, documentIsTheSame, markDocument, tokenOf, watchJoins } from './helpers';

describe.skipIf(skipE2e())('dispatch', () => {
  const { openPage } = useBrowserContexts();

  it('an admin on a phone, in Arabic, sees a new request arrive live, assigns it from the candidates, and finds it under assigned', async () => {
    const admin = await tokenOf('admin@demo.test');
    const customer = await tokenOf('customer1@demo.test');
    const page = await openPage({ phone: true, locale: 'ar-SA' });
    const joins = watchJoins(page);
    await page.goto('/login?lng=ar');
    await signIn(page, 'admin@demo.test');
    await page.goto('/dashboard/service-orders');
    await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await page.getByTestId('dispatch-page').waitFor();
    await joins.joined('service_requests');
    await markDocument(page);

    // A customer raises a request: it appears under "unassigned" without a reload.
    const raised = await api<TServiceRequest>('/api/service-requests', {
      token: customer,
      body: { priority: 'high', location: 'office', service_type: 'laptop', fault_type: 'battery', problem_description: 'Dispatch e2e', device: { brand: 'Acme', model: 'E2E', warranty_status: 'unknown' } },
    });
    const row = page.getByTestId('dispatch-item').filter({ hasText: raised.number });
    await expect.poll(() => row.count()).toBe(1);
    expect(await documentIsTheSame(page)).toBe(true);
    await expect.poll(() => row.getByTestId('sla-response').getAttribute('data-state')).toBe('on_track');

    // Assign: the drawer lists skilled technicians first; the first one takes it.
    await row.getByTestId('dispatch-assign').click();
    const first = page.getByTestId('dispatch-candidate').first();
    await first.waitFor();
    expect(await first.getAttribute('data-skilled')).toBe('true');
    await first.getByTestId('dispatch-choose').click();
    await expect.poll(() => row.count()).toBe(0);

    const detail = await api<TServiceRequest>(`/api/service-requests/${raised.id}`, { token: admin });
    expect(detail.status).toBe('assigned');
    await page.getByTestId('dispatch-tab-assigned').click();
    const assigned = page.getByTestId('dispatch-item').filter({ hasText: raised.number });
    await expect.poll(() => assigned.count()).toBe(1);
    await expect.poll(() => assigned.getByText(detail.technician!.name).count()).toBe(1);
    expect(await documentIsTheSame(page)).toBe(true);
  });
});
