import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../lib/session-store';
import { click, renderWithApp, settle, type Rendered } from '../../../test-utils/render';
import { jsonResponse, makeSession } from '../../../test-utils/session-factory';
import { makeBackupList } from '../test-factories';
import { scheduleErrors, ScheduleForm, type ScheduleFormValues } from './schedule-form';

const values = (overrides: Partial<ScheduleFormValues> = {}): ScheduleFormValues => ({ frequency: 'weekly', time: '02:30', weekday: '5', keep: 7, ...overrides });

describe('schedule form values', () => {
  it('names the fields at fault as the shared schema does', () => {
    expect(scheduleErrors(values())).toEqual({});
    expect(scheduleErrors(values({ time: '' }))).toEqual({ time: 'required' });
    expect(scheduleErrors(values({ time: '24:00' }))).toEqual({ time: 'invalid' });
    expect(scheduleErrors(values({ keep: '' }))).toEqual({ keep: 'required' });
    expect(scheduleErrors(values({ keep: 0 }))).toEqual({ keep: 'out_of_range' });
    expect(scheduleErrors(values({ keep: 366 }))).toEqual({ keep: 'out_of_range' });
    expect(scheduleErrors(values({ keep: 2.5 }))).toEqual({ keep: 'invalid' });
  });
});

async function typeInto(testId: string, text: string) {
  const input = document.querySelector(`[data-testid=${testId}]`) as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const errorOf = (testId: string) =>
  document.querySelector(`[data-testid=${testId}]`)?.closest('.mantine-InputWrapper-root')?.querySelector('.mantine-InputWrapper-error')?.textContent;

describe('schedule form', () => {
  let rendered: Rendered | undefined;
  let puts: unknown[];
  beforeEach(() => {
    setSession(makeSession({ user: { role: 'admin' } }), 'SIGNED_IN');
    puts = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://portal.test');
        if (url.pathname === '/api/admin/backups/schedule' && init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return jsonResponse(200, JSON.parse(String(init.body)));
        }
        if (url.pathname === '/api/settings/public') return jsonResponse(200, { time_zone: 'Asia/Riyadh' });
        return jsonResponse(200, {});
      }),
    );
  });
  afterEach(() => {
    rendered?.unmount();
    rendered = undefined;
    clearSession('user');
  });

  it('asks for the day only when weekly, says the time is the company one, and checks the values before saving', async () => {
    rendered = await renderWithApp(
      <ScheduleForm list={makeBackupList({ schedule: { frequency: 'daily', time: '02:00', weekday: 5, keep: 7 }, next_run_at: '2025-01-06T23:00:00.000Z' })} />,
    );
    await settle(10);
    expect(document.querySelector('[data-testid=schedule-weekday]')).toBeNull();
    expect(document.querySelector('[data-testid=backup-schedule]')?.textContent).toContain("In the company's time zone (\u2066Asia/Riyadh\u2069)");
    expect(document.querySelector('[data-testid=schedule-next-run]')?.textContent).toMatch(/^Next backup: /);

    await click([...document.querySelectorAll('[data-testid=schedule-frequency] label')].find((el) => el.textContent === 'Weekly'));
    expect(document.querySelector('[data-testid=schedule-weekday]')).not.toBeNull();

    await typeInto('schedule-keep', '0');
    await click(document.querySelector('[data-testid=schedule-save]'));
    await settle(10);
    expect(puts).toEqual([]);
    expect(errorOf('schedule-keep')).toBe('This value is out of the allowed range');

    await typeInto('schedule-keep', '14');
    await typeInto('schedule-time', '03:15');
    await click(document.querySelector('[data-testid=schedule-save]'));
    await settle(10);
    expect(puts).toEqual([{ frequency: 'weekly', time: '03:15', weekday: 5, keep: 14 }]);
  });

  it('shows the last scheduled failure', async () => {
    rendered = await renderWithApp(<ScheduleForm list={makeBackupList({ last_failure: { at: '2025-01-05T02:00:00.000Z', message: 'Disk full' } })} />);
    expect(document.querySelector('[data-testid=backup-last-failure]')?.textContent).toContain('Disk full');
    expect(document.querySelector('[data-testid=schedule-next-run]')?.textContent).toBe('Scheduled backups are off.');
  });
});
