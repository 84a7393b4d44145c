import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { RealtimeEvent, TBackupList } from '@portal/shared';
import { realtime } from '../../../lib/realtime';
import { getSession, setSession, clearSession } from '../../../lib/session-store';
import { click, renderWithApp, settle, type Rendered } from '../../../test-utils/render';
import { jsonResponse, makeSession } from '../../../test-utils/session-factory';
import { BackupPage } from './backup-page';
import { makeBackup, makeBackupList } from '../test-factories';
import { replacePage } from '../../../lib/page-load';

// The sign-in page is the server's (decision 019): the app leaves for it with a full page load.
vi.mock('../../../lib/page-load', () => ({ replacePage: vi.fn() }));

interface Call {
  method: string;
  path: string;
  body: unknown;
}

async function typeInto(selector: string, text: string) {
  const input = document.querySelector(selector) as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const text = (testId: string) => document.querySelector(`[data-testid=${testId}]`)?.textContent ?? null;

describe('backup page', () => {
  let rendered: Rendered | undefined;
  let calls: Call[];
  let list: TBackupList;
  let answer: (call: Call) => Response | undefined;

  beforeEach(() => {
    setSession(makeSession({ user: { role: 'admin' } }), 'SIGNED_IN');
    calls = [];
    list = makeBackupList();
    answer = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://portal.test');
        const call = { method: init?.method ?? 'GET', path: url.pathname, body: init?.body };
        calls.push(call);
        const special = answer(call);
        if (special) return special;
        if (url.pathname === '/api/admin/backups') return jsonResponse(200, list);
        return jsonResponse(200, {});
      }),
    );
  });
  afterEach(() => {
    rendered?.unmount();
    rendered = undefined;
    clearSession('user');
  });

  it('lists the backups with their size, rows and a short hash, and an empty state', async () => {
    list = makeBackupList({ items: [makeBackup({ source: 'scheduled', created_by: null, sha256: '0123456789abcdef'.repeat(4) })] });
    rendered = await renderWithApp(<BackupPage />, { path: '/dashboard/backup' });
    await settle(10);
    const row = document.querySelector('[data-testid=backup-row]')!;
    expect(row.textContent).toContain('Automatic');
    expect(row.textContent).toContain('Scheduled');
    expect(row.textContent).toContain('1.5 MB');
    expect(row.textContent).toContain('167');
    expect([...row.querySelectorAll('[dir=ltr]')].map((el) => el.textContent)).toContain('0123456789ab…');

    rendered.unmount();
    list = makeBackupList({ items: [] });
    rendered = await renderWithApp(<BackupPage />, { path: '/dashboard/backup' });
    await settle(10);
    expect(text('list-empty')).toContain('No backups yet');
  });

  it('after a restore, signs this tab out and goes to the sign-in page with a message', async () => {
    const backup = list.items[0]!;
    answer = (call) =>
      call.path === `/api/admin/backups/${backup.id}/restore` ? jsonResponse(200, { restored: backup, migrated_forward: 0, signed_out: true }) : undefined;
    rendered = await renderWithApp(<BackupPage />, { path: '/dashboard/backup' });
    await settle(10);
    await click(document.querySelector('[data-testid=backup-restore]'));
    await typeInto('[data-testid=restore-confirm-input]', 'RESTORE');
    await click(document.querySelector('[data-testid=restore-submit]'));
    await settle(10);
    const restore = calls.find((call) => call.path.endsWith('/restore'))!;
    expect(restore.method).toBe('POST');
    expect(JSON.parse(String(restore.body))).toEqual({ confirm: 'RESTORE' });
    expect(getSession()).toBeNull();
    expect(vi.mocked(replacePage)).toHaveBeenCalledWith('/login');
    // The sign-in page says it, in its own language.
    expect(JSON.parse(sessionStorage.getItem('portal.notice.sign-in') ?? '{}')).toMatchObject({
      kind: 'success',
      title: 'backup.restore.doneTitle',
      body: 'backup.restore.doneBody',
    });
  });

  it('says why an uploaded file was refused', async () => {
    answer = (call) =>
      call.path === '/api/admin/backups/upload'
        ? jsonResponse(400, { error: { code: 'validation_failed', message: 'This file is not a backup of this portal' } })
        : undefined;
    rendered = await renderWithApp(<BackupPage />, { path: '/dashboard/backup' });
    await settle(10);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [new File(['x'], 'notes.txt')], configurable: true });
    await act(async () => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle(10);
    const upload = calls.find((call) => call.path === '/api/admin/backups/upload')!;
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    expect(text('backup-upload-error')).toContain('This file is not a backup of this portal');
  });

  it('shows progress while a backup is made, then refreshes the list', async () => {
    let finish: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://portal.test');
        calls.push({ method: init?.method ?? 'GET', path: url.pathname, body: init?.body });
        if (init?.method === 'POST' && url.pathname === '/api/admin/backups') return new Promise<Response>((resolve) => (finish = resolve));
        if (url.pathname === '/api/admin/backups') return jsonResponse(200, list);
        return jsonResponse(200, {});
      }),
    );
    rendered = await renderWithApp(<BackupPage />, { path: '/dashboard/backup' });
    await settle(10);
    await click(document.querySelector('[data-testid=backup-now]'));
    await settle(10);
    expect(text('backup-progress')).toContain('Backing up…');
    const listReads = calls.filter((call) => call.method === 'GET' && call.path === '/api/admin/backups').length;
    await act(async () => finish(jsonResponse(201, makeBackup())));
    await settle(10);
    expect(text('backup-progress')).toBeNull();
    expect(calls.filter((call) => call.method === 'GET' && call.path === '/api/admin/backups').length).toBeGreaterThan(listReads);
  });

  it('shows a backup running elsewhere from the realtime progress, until the list changes', async () => {
    const handlers: ((event: RealtimeEvent) => void)[] = [];
    vi.spyOn(realtime, 'subscribe').mockImplementation((topic, handler) => {
      if (topic === 'data') handlers.push(handler);
      return () => {};
    });
    const emit = (event: string, payload: RealtimeEvent['payload']) =>
      act(async () => {
        for (const handler of handlers) handler({ type: 'event', topic: 'data', event, payload });
      });
    rendered = await renderWithApp(<BackupPage />, { path: '/dashboard/backup' });
    await settle(10);
    expect(handlers.length).toBeGreaterThan(0);
    expect(text('backup-progress')).toBeNull();

    await emit('data.progress', { operation: 'import', id: 'x', phase: 'checking', done: 1, total: 2 });
    expect(text('backup-progress')).toBeNull();
    await emit('data.progress', { operation: 'backup', id: 'b1', phase: 'writing', done: 3, total: 12 });
    expect(text('backup-progress')).toBe('Writing the backup… 25%');
    expect((document.querySelector('[data-testid=backup-now]') as HTMLButtonElement).disabled).toBe(true);
    await emit('backup.changed', {});
    expect(text('backup-progress')).toBeNull();
  });
});
