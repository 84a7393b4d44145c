import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TSession } from '@portal/shared';
import { baseUrl, DEMO_PASSWORD } from './browser';

// What several browser tests share: the API called from the test process (as "another user"),
// and small page helpers.

export interface ApiInit {
  method?: string;
  token?: string;
  body?: unknown;
}

/** Calls the portal's API; a non-2xx answer throws with its status and body. */
export async function apiRequest(path: string, init: ApiInit = {}): Promise<Response> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status} ${await response.text()}`);
  return response;
}

export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  return (await (await apiRequest(path, init)).json()) as T;
}

/** A fresh access token for a demo account (or any account with DEMO_PASSWORD). */
export async function tokenOf(email: string, password = DEMO_PASSWORD): Promise<string> {
  return (await api<TSession>('/api/auth/token?grant_type=password', { body: { email, password } })).access_token;
}

/** Resolves once the page's realtime socket has joined `topic` (the server answered ok). */
export function watchJoins(page: Page) {
  const joined = new Set<string>();
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/api/realtime')) return;
    const joins = new Map<string, string>();
    ws.on('framesent', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { type: string; ref: string; topic?: string };
      if (frame.type === 'join' && frame.topic) joins.set(frame.ref, frame.topic);
    });
    ws.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { type: string; ref?: string; status?: string };
      if (frame.type === 'reply' && frame.status === 'ok' && frame.ref && joins.has(frame.ref)) joined.add(joins.get(frame.ref)!);
    });
  });
  return { joined: (topic: string) => expect.poll(() => joined.has(topic), { timeout: 15_000 }).toBe(true) };
}

/** Picks `label` in a Mantine Select (the `nth` with that test id), typing `search` first to narrow it. */
export async function choose(page: Page, testId: string, search: string, label: string, nth = 0) {
  const input = page.getByTestId(testId).nth(nth);
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** Marks the document, so a test can tell that the page was never reloaded. */
export async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __e2eMark: number }).__e2eMark = 42));
}
export async function documentIsTheSame(page: Page) {
  return page.evaluate(() => (window as unknown as { __e2eMark?: number }).__e2eMark === 42);
}

/**
 * The bell's unread count as the page shows it, once its list has loaded: read too early it
 * was 0, and a test expecting "before + 1" then waited for 1 where the page rightly showed 18.
 */
export async function unreadCount(page: Page): Promise<number> {
  const bell = page.getByTestId('notification-bell');
  await expect.poll(() => bell.getAttribute('data-unread-count'), { timeout: 15_000 }).not.toBeNull();
  return Number(await bell.getAttribute('data-unread-count'));
}
