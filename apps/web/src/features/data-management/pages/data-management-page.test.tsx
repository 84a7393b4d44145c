import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { useLocation } from 'react-router';
import { notifications as toasts } from '@mantine/notifications';
import type { TImportJob } from '@portal/shared';
import { clearSession, setSession } from '../../../lib/session-store';
import { click, renderWithApp, settle, type Rendered } from '../../../test-utils/render';
import { jsonResponse, makeSession } from '../../../test-utils/session-factory';
import { DataManagementPage } from './data-management-page';
import { makeJob, makeReport } from '../test-factories';

function SearchProbe() {
  return <output data-testid="current-search">{useLocation().search}</output>;
}

interface Call {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

async function chooseFile(set: string, file: File) {
  const input = document.querySelector(`[data-testid=import-file-input-${set}]`) as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const text = (testId: string) => document.querySelector(`[data-testid=${testId}]`)?.textContent ?? null;

async function waitFor(check: () => boolean, ms = 3000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await settle(50);
  }
}

describe('data management page', () => {
  let rendered: Rendered | undefined;
  let calls: Call[];
  /** GET /api/admin/data/imports/:id answers, in turn, per job id (the last one repeats). */
  let jobAnswers: Map<string, TImportJob[]>;
  let started: TImportJob[];

  beforeEach(() => {
    setSession(makeSession({ user: { role: 'admin' } }), 'SIGNED_IN');
    calls = [];
    jobAnswers = new Map();
    started = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://portal.test');
        const method = init?.method ?? 'GET';
        calls.push({ method, url, headers: (init?.headers ?? {}) as Record<string, string>, body: init?.body });
        const importMatch = /^\/api\/admin\/data\/(\w+)\/import$/.exec(url.pathname);
        if (method === 'POST' && importMatch) {
          const job = started.shift()!;
          return jsonResponse(202, job);
        }
        const jobMatch = /^\/api\/admin\/data\/imports\/([\w-]+)$/.exec(url.pathname);
        if (jobMatch) {
          const answers = jobAnswers.get(jobMatch[1]!) ?? [];
          const answer = answers.length > 1 ? answers.shift()! : answers[0];
          return answer ? jsonResponse(200, answer) : jsonResponse(404, { error: { code: 'not_found', message: 'Import not found' } });
        }
        if (url.pathname === '/api/admin/data/imports') return jsonResponse(200, { items: [] });
        return jsonResponse(200, {});
      }),
    );
  });
  afterEach(() => {
    rendered?.unmount();
    rendered = undefined;
    clearSession('user');
  });

  it('checks a file, follows the server progress, then imports the clean file for real', async () => {
    const show = vi.spyOn(toasts, 'show');
    const dry = makeJob();
    const real = makeJob({ dry_run: false, phase: 'writing' });
    started.push(dry, real);
    jobAnswers.set(dry.id, [
      { ...dry, total_rows: 3, rows_checked: 2 },
      { ...dry, status: 'done', phase: 'finished', total_rows: 3, rows_checked: 3, report: makeReport() },
    ]);
    jobAnswers.set(real.id, [
      { ...real, status: 'done', phase: 'finished', total_rows: 3, rows_checked: 3, rows_written: 3, report: makeReport({ dry_run: false }) },
    ]);
    rendered = await renderWithApp(
      <>
        <DataManagementPage />
        <SearchProbe />
      </>,
      { path: '/dashboard/data-management' },
    );
    expect(text('import-panel')).toBeNull();
    expect(document.querySelector('[data-testid=import-check-customers]')).toHaveProperty('disabled', true);

    const file = new File(['email,name\na@example.com,A\n'], 'customers.csv', { type: 'text/csv' });
    await chooseFile('customers', file);
    await click(document.querySelector('[data-testid=import-check-customers]'));
    await settle(10);

    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/admin/data/customers/import');
    expect(post.url.searchParams.get('dry_run')).toBe('true');
    expect(post.headers.Prefer).toBe('respond-async');
    expect((post.body as FormData).get('file')).toBeInstanceOf(File);
    expect(text('current-search')).toBe(`?import=${dry.id}`);

    await waitFor(() => text('import-progress')?.includes('Checked 2 of 3 rows') ?? false);
    await waitFor(() => text('import-report') !== null);
    expect(text('import-progress')).toBeNull();
    expect(text('report-created')).toBe('Would create2');
    expect(text('import-run')).toBe('Import 3 rows');

    await click(document.querySelector('[data-testid=import-run]'));
    await settle(10);
    const second = calls.filter((call) => call.method === 'POST')[1]!;
    expect(second.url.searchParams.get('dry_run')).toBe('false');
    expect(((second.body as FormData).get('file') as File).name).toBe(file.name);
    expect(text('current-search')).toBe(`?import=${real.id}`);
    await waitFor(() => text('import-done') !== null);
    expect(text('import-done')).toContain('2 created, 1 updated, 0 unchanged');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Import finished' }));
  });

  it('shows the import named in the URL after a reload, and asks for the file again to import it', async () => {
    const job = makeJob({ status: 'done', phase: 'finished', report: makeReport() });
    jobAnswers.set(job.id, [job]);
    rendered = await renderWithApp(<DataManagementPage />, { path: `/dashboard/data-management?import=${job.id}` });
    await waitFor(() => text('import-report') !== null);
    expect(text('import-run')).toBeNull();
    expect(text('import-choose-again')).not.toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the errors of a dry run and offers no import', async () => {
    const job = makeJob({
      status: 'done',
      phase: 'finished',
      report: makeReport({ error_count: 1, errors: [{ row: 4, column: 'mobile', code: 'invalid', message: 'Not a mobile number' }] }),
    });
    jobAnswers.set(job.id, [job]);
    rendered = await renderWithApp(<DataManagementPage />, { path: `/dashboard/data-management?import=${job.id}` });
    await waitFor(() => text('import-errors') !== null);
    expect(text('import-status')).toBe('Has errors');
    expect([...document.querySelectorAll('[data-testid=import-error]')].map((row) => row.textContent)).toEqual(['4mobileNot validNot a mobile number']);
    expect(text('import-ready')).toBeNull();
  });
});
