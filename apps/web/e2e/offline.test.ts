import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TServiceRequest, TStockList } from '@portal/shared';
import ar from '@portal/shared/locales/ar.json';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { baseUrl, signIn, skipE2e, useBrowserContexts } from './browser';
import { api, tokenOf } from './helpers';

// Issue #27: a technician works a whole job on a phone without a connection. Their tasks and
// van are kept on the device, what they do waits in an outbox (each action with its device time
// and an idempotency key), and it reaches the server, once, when the connection is back.

const shots = process.env.E2E_SCREENSHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-offline-'));
const shot = (name: string) => path.join(shots, name);

interface KeptItem {
  id: string;
  kind: string;
  method: string;
  path: string;
  body?: unknown;
  upload?: { fileName: string; fields: Record<string, string> };
  at: string;
  state: string;
}

/** A value the app keeps in its IndexedDB store (features/offline/storage.ts), or null. */
function readKept<T>(page: Page, key: string): Promise<T | null> {
  return page.evaluate(
    (key) =>
      new Promise<T | null>((resolve, reject) => {
        const open = indexedDB.open('portal-offline');
        // Never leave a store-less database behind for the app to trip on.
        open.onupgradeneeded = () => open.result.createObjectStore('kv');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('kv').objectStore('kv').get(key);
          get.onsuccess = () => {
            resolve((get.result as T | undefined) ?? null);
            db.close();
          };
          get.onerror = () => reject(get.error);
        };
      }),
    key,
  );
}

const signedInUserId = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('portal.session') ?? '{}') as { user?: { id: string } }).user?.id ?? '');

/** The query keys the device keeps for the user (features/offline/persisted-reads.ts). */
async function keptQueryKeys(page: Page, userId: string): Promise<string[]> {
  const kept = await readKept<{ state: { queries: { queryKey: unknown[] }[] } }>(page, `queries:${userId}`);
  return (kept?.state.queries ?? []).map((q) => JSON.stringify(q.queryKey));
}

async function technicianId(adminToken: string, email: string): Promise<string> {
  const found = await api<{ items: { id: string; email: string }[] }>(`/api/admin/users/lookup?role=technician&q=${encodeURIComponent(email)}`, { token: adminToken });
  return found.items.find((u) => u.email === email)!.id;
}

async function newAssignedRequest(admin: string, technicianEmail: string, serial: string): Promise<TServiceRequest> {
  const request = await api<TServiceRequest>('/api/service-requests', {
    token: admin,
    body: {
      new_customer: { name: 'سلمى الحربي', email: `salma-${Date.now()}-${serial}@example.test` },
      priority: 'high',
      location: 'home',
      address: 'حي النرجس، الرياض',
      service_type: 'laptop',
      fault_type: 'battery',
      problem_description: 'The laptop does not charge.',
      device: { brand: 'Lenovo', model: 'ThinkPad T14', serial_number: serial, warranty_status: 'out_of_warranty' },
    },
  });
  await api(`/api/service-requests/${request.id}/assign`, { token: admin, body: { technician_id: await technicianId(admin, technicianEmail) } });
  return request;
}

const statusOf = (page: Page) => page.getByTestId('sr-number').locator('xpath=..').getByTestId('sr-status').getAttribute('data-status');
const badgeCount = async (page: Page) => ((await page.getByTestId('outbox-badge').count()) ? Number(await page.getByTestId('outbox-badge').getAttribute('data-count')) : 0);

/** Waits until the service worker controls the page (pwa.test.ts checks the worker itself). */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Draws a wavy stroke across a signature pad (inside `scope`). */
async function sign(page: Page, scope: Locator) {
  const pad = scope.getByTestId('sr-signature-canvas');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 10; i += 1) await page.mouse.move(box.x + 20 + i * 15, box.y + box.height * (0.6 + 0.2 * Math.sin(i)), { steps: 3 });
  await page.mouse.up();
}

const vanQuantity = async (token: string, vanId: string, itemId: string) =>
  Number((await api<TStockList>(`/api/stock?warehouse_id=${vanId}&limit=100`, { token })).items.find((s) => s.item_id === itemId)?.quantity);

/** Sends a kept outbox item again, as a replay would, from outside the browser. */
async function sendAgain(token: string, item: KeptItem, photo: Buffer): Promise<Response> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, 'Idempotency-Key': item.id };
  let body: string | FormData | undefined;
  if (item.upload) {
    const form = new FormData();
    for (const [name, value] of Object.entries(item.upload.fields)) form.append(name, value);
    form.append('file', new File([new Uint8Array(photo)], item.upload.fileName, { type: 'image/png' }));
    body = form;
  } else if (item.method !== 'DELETE') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(item.body ?? {});
  }
  return fetch(`${baseUrl()}${item.path}`, { method: item.method, headers, body });
}

describe.skipIf(skipE2e())('offline technician work', () => {
  const { openPage } = useBrowserContexts({ serviceWorker: true });

  it('on a phone in Arabic: the task opens offline after a reload, the whole job is done offline, and it reaches the server once', async () => {
    const admin = await tokenOf('admin@demo.test');
    const tech = await tokenOf('tech1@demo.test');
    const request = await newAssignedRequest(admin, 'tech1@demo.test', `E2E-OFF-${Date.now()}`);
    const vanId = (await api<TServiceRequest>(`/api/service-requests/${request.id}`, { token: tech })).work.van_id!;
    const part = (await api<TStockList>(`/api/stock?warehouse_id=${vanId}&limit=100`, { token: tech })).items.find((s) => Number(s.quantity) >= 2 && s.item_active)!;
    expect(part).toBeTruthy();
    const before = Number(part.quantity);

    const page = await openPage({ phone: true, locale: 'ar-SA' });
    const context: BrowserContext = page.context();
    await page.goto('/login?lng=ar');
    await signIn(page, 'tech1@demo.test');
    const userId = await signedInUserId(page);
    await page.goto('/dashboard/tasks');
    await page.getByText(request.number).first().waitFor();
    // The open-work list is kept on the device as soon as it is read.
    await expect.poll(() => keptQueryKeys(page, userId)).toEqual(expect.arrayContaining([expect.stringMatching(/^\["service-requests","list",/)]));
    await page.goto(`/dashboard/service-requests/${request.id}`);
    await expect.poll(() => statusOf(page)).toBe('assigned');
    await controlledByServiceWorker(page);
    // The device keeps the task, the task list and the van's stock for the parts picker.
    await expect
      .poll(() => keptQueryKeys(page, userId), { timeout: 15_000 })
      .toEqual(expect.arrayContaining([JSON.stringify(['service-requests', 'detail', request.id]), JSON.stringify(['van-stock', vanId, ''])]));
    expect((await keptQueryKeys(page, userId)).some((key) => key.startsWith('["service-requests","list",'))).toBe(true);

    // The basement: no network, and the app is opened again.
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => statusOf(page)).toBe('assigned');
    await page.getByTestId('offline-last-refreshed').waitFor();
    expect(await page.getByTestId('offline-last-refreshed').textContent()).toContain('آخر تحديث');

    // Start with a note: in progress at once, waiting to sync.
    await page.getByTestId('work-note').fill('وصلت إلى الموقع وفحصت الشاحن.');
    await page.getByTestId('work-start').click();
    await expect.poll(() => statusOf(page)).toBe('in_progress');
    await page.getByTestId('work-pause').waitFor();
    await expect.poll(() => page.getByTestId('work-log-entry').getByTestId('offline-mark').getAttribute('data-state')).toBe('pending');
    expect(await page.getByTestId('work-log-entry').textContent()).toContain('وصلت إلى الموقع');

    // The diagnostic.
    await page.getByTestId('work-diagnostic-symptoms').fill('لا يشحن');
    await page.getByTestId('work-diagnostic-diagnosis').fill('البطارية تالفة');
    await page.getByTestId('work-diagnostic-resolution').fill('استبدال البطارية');
    await page.getByTestId('work-diagnostic-save').click();

    // A part from the van, picked from the kept stock.
    const picker = page.getByTestId('work-part-item');
    await picker.click();
    await picker.fill(part.item_code);
    await page.getByRole('option').filter({ hasText: part.item_code }).first().click();
    await page.getByTestId('work-part-quantity').fill('1');
    await page.getByTestId('work-part-add').click();
    await expect.poll(() => page.getByTestId('work-part-line').count()).toBe(1);
    expect(await page.getByTestId('work-part-line').getByTestId('offline-mark').getAttribute('data-state')).toBe('pending');

    // A photo, kept on the device and shown from there.
    const png = await page.screenshot();
    await page.getByTestId('work-photo-input').setInputFiles({ name: 'charger.png', mimeType: 'image/png', buffer: png });
    const queuedPhoto = page.locator('[data-testid=work-photo][data-queued=true]');
    await expect.poll(() => queuedPhoto.count()).toBe(1);
    await expect.poll(() => queuedPhoto.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    // Complete: both sign on the phone.
    await page.getByTestId('sr-action-complete').click();
    const dialog = page.getByTestId('sr-action-dialog');
    await expect.poll(() => dialog.getByTestId('sr-action-diagnosis').inputValue()).toBe('البطارية تالفة');
    await page.getByTestId('sr-action-confirm').click();
    await expect.poll(() => dialog.getByText('يُرجى التوقيع للتأكيد.').count()).toBe(2);
    await sign(page, dialog.getByTestId('sr-action-technician_signature'));
    await sign(page, dialog.getByTestId('sr-action-customer_signature'));
    await page.getByTestId('sr-action-confirm').click();
    await expect.poll(() => statusOf(page)).toBe('completed');

    // Start, diagnostic, part, photo, the pause before completing, the completion: six waiting.
    await expect.poll(() => badgeCount(page)).toBe(6);
    const queue = page.getByTestId('offline-queue');
    await expect.poll(() => queue.getByTestId('offline-item').count()).toBe(6);
    const kept = (await readKept<KeptItem[]>(page, `outbox:${userId}`))!;
    expect(kept.map((i) => i.kind)).toEqual(['work-start', 'diagnostic', 'part-add', 'photo', 'work-stop', 'action']);
    expect(new Set(kept.map((i) => i.id)).size).toBe(6);
    await page.screenshot({ path: shot('offline-task-queued-ar.png'), fullPage: true });
    // Still offline: nothing reached the server.
    expect((await api<TServiceRequest>(`/api/service-requests/${request.id}`, { token: admin })).status).toBe('assigned');

    // Back online: the outbox replays in order and empties; the task shows the server's copy.
    await context.setOffline(false);
    await expect.poll(() => badgeCount(page), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('offline-queue').count()).toBe(0);
    await expect.poll(() => statusOf(page)).toBe('completed');
    await page.getByTestId('offline-last-refreshed').waitFor({ state: 'detached' });
    await page.screenshot({ path: shot('offline-task-synced-ar.png'), fullPage: true });

    const done = await api<TServiceRequest>(`/api/service-requests/${request.id}`, { token: admin });
    expect(done.status).toBe('completed');
    expect(done.work.diagnosis).toBe('البطارية تالفة');
    expect(done.work.parts.map((p) => [p.item_id, Number(p.quantity)])).toEqual([[part.item_id, 1]]);
    expect(done.work.attachments.map((a) => a.kind).sort()).toEqual(['customer_signature', 'photo', 'technician_signature']);
    expect(done.work.work_log).toHaveLength(1);
    const [entry] = done.work.work_log;
    expect(entry!.note).toContain('وصلت إلى الموقع');
    // The work log keeps the times the work was done on the phone, not when it synced.
    expect(Date.parse(entry!.started_at)).toBe(Date.parse(kept[0]!.at));
    expect(Date.parse(entry!.ended_at!)).toBe(Date.parse(kept[4]!.at));
    expect(await vanQuantity(admin, vanId, part.item_id)).toBe(before - 1);

    // The same outbox sent again: every answer is the stored one, and nothing changes.
    for (const item of kept) {
      const again = await sendAgain(tech, item, png);
      expect(again.ok, `${item.kind} ${again.status}`).toBe(true);
      expect(again.headers.get('idempotent-replayed'), item.kind).toBe('true');
    }
    const after = await api<TServiceRequest>(`/api/service-requests/${request.id}`, { token: admin });
    expect(after.work.parts).toHaveLength(1);
    expect(after.work.attachments).toHaveLength(3);
    expect(after.work.work_log).toHaveLength(1);
    expect(await vanQuantity(admin, vanId, part.item_id)).toBe(before - 1);
  });

  it('an action queued offline on a request reassigned meanwhile is shown as failed, with the reason in Arabic', async () => {
    const admin = await tokenOf('admin@demo.test');
    const request = await newAssignedRequest(admin, 'tech1@demo.test', `E2E-OFF-RE-${Date.now()}`);

    const page = await openPage({ phone: true, locale: 'ar-SA' });
    await page.goto('/login?lng=ar');
    await signIn(page, 'tech1@demo.test');
    await page.goto(`/dashboard/service-requests/${request.id}`);
    await expect.poll(() => statusOf(page)).toBe('assigned');

    await page.context().setOffline(true);
    await page.getByTestId('work-start').click();
    await expect.poll(() => statusOf(page)).toBe('in_progress');
    await expect.poll(() => badgeCount(page)).toBe(1);

    // Meanwhile the desk gives the job to another technician.
    await api(`/api/service-requests/${request.id}/assign`, { token: admin, body: { technician_id: await technicianId(admin, 'tech2@demo.test') } });

    await page.context().setOffline(false);
    const failed = page.locator('[data-testid=offline-item][data-state=failed]');
    await expect.poll(() => failed.count(), { timeout: 20_000 }).toBe(1);
    const reason = await failed.getByTestId('offline-item-reason').textContent();
    expect([ar.errors.not_found, ar.errors.forbidden, ar.errors.invalid_state]).toContain(reason);
    expect(await page.getByTestId('outbox-badge').getAttribute('data-failed')).toBe('1');
    await page.screenshot({ path: shot('offline-refused-ar.png'), fullPage: true });
    // The header's badge opens its list (its code comes on the first press), with the same reason.
    await page.getByTestId('outbox-badge').click();
    const panel = page.getByTestId('outbox-panel');
    await expect.poll(() => panel.locator('[data-testid=offline-item][data-state=failed]').getByTestId('offline-item-reason').textContent()).toBe(reason);
    await page.getByTestId('outbox-badge').click();
    await panel.waitFor({ state: 'hidden' });
    // Nothing was applied: the request is the other technician's, still assigned.
    expect((await api<TServiceRequest>(`/api/service-requests/${request.id}`, { token: admin })).status).toBe('assigned');

    // Signing out now would discard it: the menu asks first (and here the technician stays).
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-out-discard').waitFor();
    await page.getByRole('button', { name: ar.common.cancel, exact: true }).click();
    await page.getByTestId('sign-out-discard').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/dashboard/service-requests/${request.id}`);

    // Read and dismissed: gone from the task and the header.
    await failed.getByTestId('offline-item-dismiss').click();
    await expect.poll(() => page.getByTestId('offline-queue').count()).toBe(0);
    await expect.poll(() => page.getByTestId('outbox-badge').count()).toBe(0);
  });
});
