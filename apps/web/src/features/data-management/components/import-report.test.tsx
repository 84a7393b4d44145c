import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click, renderWithApp, type Rendered } from '../../../test-utils/render';
import { jsonResponse } from '../../../test-utils/session-factory';
import { makeImportError, makeReport } from '../test-factories';
import { ImportReportView } from './import-report';

const text = (testId: string) => document.querySelector(`[data-testid=${testId}]`)?.textContent;
const errorRows = () => [...document.querySelectorAll('[data-testid=import-error]')].map((row) => row.textContent);

describe('import report', () => {
  let rendered: Rendered | undefined;
  // The number and date formats read the public settings.
  beforeEach(() => vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, {}))));
  afterEach(() => {
    rendered?.unmount();
    rendered = undefined;
  });

  it('shows what a clean dry run would do, and no error table', async () => {
    rendered = await renderWithApp(<ImportReportView report={makeReport({ rows: 1250, created: 1000, updated: 200, unchanged: 50 })} />);
    expect(text('report-rows')).toBe('Rows1,250');
    expect(text('report-created')).toBe('Would create1,000');
    expect(text('report-updated')).toBe('Would update200');
    expect(text('report-unchanged')).toBe('Unchanged50');
    expect(text('report-errors')).toBe('Errors0');
    expect(document.querySelector('[data-testid=import-errors]')).toBeNull();
    expect(document.querySelector('[data-testid=report-unknown-columns]')).toBeNull();
  });

  it('lists the ignored columns left to right', async () => {
    rendered = await renderWithApp(<ImportReportView report={makeReport({ unknown_columns: ['notes', 'fax'] })} />, { language: 'ar' });
    const alert = document.querySelector('[data-testid=report-unknown-columns]')!;
    expect([...alert.querySelectorAll('[dir=ltr]')].map((el) => el.textContent)).toEqual(['notes', 'fax']);
  });

  it('lists every error by row and column, a page at a time, with the server message', async () => {
    const errors = Array.from({ length: 30 }, (_, i) => makeImportError(i + 2));
    errors[0] = makeImportError(2, { column: null, code: 'duplicate', message: 'Row 2 repeats row 1' });
    rendered = await renderWithApp(
      <ImportReportView report={makeReport({ dry_run: false, rows: 40, created: 0, updated: 0, error_count: 1200, errors })} />,
    );
    expect(text('report-created')).toBe('Created0');
    expect(document.querySelector('[data-testid=report-errors-alert]')?.textContent).toContain('1200 problems in the file');
    expect(document.querySelector('[data-testid=report-errors-alert]')?.textContent).toContain('Nothing was imported');
    expect(document.querySelector('[data-testid=report-errors-alert]')?.textContent).toContain('Showing the first 30 of 1,200.');
    const rows = errorRows();
    expect(rows).toHaveLength(25);
    expect(rows[0]).toBe('2Whole rowRepeatedRow 2 repeats row 1');
    expect(rows[1]).toBe('3emailNot validRow 3: not an email address');

    await click(document.querySelector('[data-testid=list-next]'));
    expect(errorRows()).toEqual([27, 28, 29, 30, 31].map((row) => `${row}emailNot validRow ${row}: not an email address`));
    expect(text('list-range')).toBe('26–30 of 30');
  });

  it('words an error code it does not know generically', async () => {
    rendered = await renderWithApp(<ImportReportView report={makeReport({ error_count: 1, errors: [makeImportError(5, { code: 'brand_new_code', message: 'Odd' })] })} />);
    expect(errorRows()).toEqual(['5emailErrorOdd']);
  });
});
