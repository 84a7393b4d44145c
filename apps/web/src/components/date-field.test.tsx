import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { renderWithApp, settle, type Rendered } from '../test-utils/render';
import { useListState } from '../lib/list-state';
import { DateField, DateRangeFields, parseTypedDay } from './date-field';
import { LocalizedDatesProvider } from './dates-provider';

const input = () => document.querySelector('[data-testid=day]') as HTMLInputElement;

/** Types into a React-controlled input the way a person (or Playwright's fill) does. */
async function type(element: HTMLInputElement, text: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(element, text);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('DateField', () => {
  let rendered: Rendered | undefined;
  afterEach(() => {
    rendered?.unmount();
    rendered = undefined;
  });

  it('reads a typed day in either language and either kind of digits', () => {
    expect(parseTypedDay('2026-01-05', 'ar')).toBe('2026-01-05');
    expect(parseTypedDay('٢٠٢٦-٠١-٠٥', 'ar')).toBe('2026-01-05');
    expect(parseTypedDay('5 يناير 2026', 'ar')).toBe('2026-01-05');
    expect(parseTypedDay('5 Jan 2026', 'en')).toBe('2026-01-05');
    expect(parseTypedDay('5/1/2026', 'en')).toBe('2026-01-05');
    expect(parseTypedDay('2026-02-30', 'en')).toBeNull();
    expect(parseTypedDay('soon', 'en')).toBeNull();
    expect(parseTypedDay('  ', 'en')).toBeNull();
  });

  it('shows the day in the page language (not mm/dd/yyyy) and gives YYYY-MM-DD back', async () => {
    const onChange = vi.fn();
    rendered = await renderWithApp(
      <LocalizedDatesProvider>
        <DateField label="من" value="2026-01-05" onChange={onChange} data-testid="day" />
      </LocalizedDatesProvider>,
      { language: 'ar' },
    );
    expect(input().type).toBe('text');
    expect(input().value).toBe('5 يناير 2026');
    expect(input().getAttribute('data-value')).toBe('2026-01-05');

    await act(async () => input().focus());
    await type(input(), '2026-03-09');
    await settle();
    expect(onChange).toHaveBeenLastCalledWith('2026-03-09');
  });

  it('gives an empty string when cleared, as the native input did', async () => {
    const onChange = vi.fn();
    rendered = await renderWithApp(<DateField label="From" value="2026-01-05" onChange={onChange} data-testid="day" />, { language: 'en' });
    expect(input().value).toBe('5 Jan 2026');
    await act(async () => input().focus());
    await type(input(), '');
    await settle();
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});

describe('DateRangeFields', () => {
  let rendered: Rendered | undefined;
  afterEach(() => {
    rendered?.unmount();
    rendered = undefined;
  });

  function Range() {
    const list = useListState<'since' | 'until'>({ filters: ['since', 'until'] });
    return (
      <LocalizedDatesProvider>
        <DateRangeFields list={list} names={['since', 'until']} labels={['From', 'To']} testId="range" />
        <output data-testid="until">{list.filters.until ?? 'none'}</output>
      </LocalizedDatesProvider>
    );
  }
  const field = (end: 'from' | 'to') => document.querySelector(`[data-testid=range-${end}]`) as HTMLInputElement;
  const until = () => document.querySelector('[data-testid=until]')!.textContent;

  it('shows the range the address holds; an end before the start is not taken, one after it is', async () => {
    rendered = await renderWithApp(<Range />, { path: '/list?since=2026-11-01&until=2026-11-20', language: 'en' });
    expect(field('from').value).toBe('1 Nov 2026');
    expect(field('to').value).toBe('20 Nov 2026');

    await act(async () => field('to').focus());
    await type(field('to'), '2026-10-15');
    await settle();
    expect(until()).toBe('2026-11-20');

    await type(field('to'), '2026-11-10');
    await settle();
    expect(until()).toBe('2026-11-10');
  });
});

describe('DateTimeField', () => {
  it('reads a typed day and time, ISO or as shown', async () => {
    const { parseTypedDateTime } = await import('./date-field');
    expect(parseTypedDateTime('2026-01-05T18:00', 'ar')).toBe('2026-01-05 18:00:00');
    expect(parseTypedDateTime('5 يناير 2026 18:30', 'ar')).toBe('2026-01-05 18:30:00');
    expect(parseTypedDateTime('5 Jan 2026 07:05', 'en')).toBe('2026-01-05 07:05:00');
    expect(parseTypedDateTime('2026-01-05T25:00', 'en')).toBeNull();
  });
});
