import { describe, expect, it } from 'vitest';
import { canRunForReal, importProgress } from './import-progress';
import { makeImportError, makeJob, makeReport } from './test-factories';

describe('import progress', () => {
  it('runs without a value until the server knows how many rows the file has', () => {
    expect(importProgress(makeJob({ rows_checked: 120 }))).toEqual({ phase: 'checking', done: 120, total: null, percent: null });
  });

  it('counts rows checked, then rows written, against the total', () => {
    expect(importProgress(makeJob({ total_rows: 400, rows_checked: 100 })).percent).toBe(25);
    const writing = importProgress(makeJob({ phase: 'writing', total_rows: 400, rows_checked: 400, rows_written: 300 }));
    expect(writing).toMatchObject({ phase: 'writing', done: 300, total: 400, percent: 75 });
  });

  it('offers the real import only after a clean dry run with rows', () => {
    expect(canRunForReal(makeJob({ status: 'done', phase: 'finished', report: makeReport() }))).toBe(true);
    expect(canRunForReal(makeJob({ status: 'done', phase: 'finished', report: makeReport({ error_count: 1, errors: [makeImportError(2)] }) }))).toBe(false);
    expect(canRunForReal(makeJob({ status: 'done', phase: 'finished', report: makeReport({ rows: 0, created: 0, updated: 0 }) }))).toBe(false);
    expect(canRunForReal(makeJob({ status: 'done', dry_run: false, phase: 'finished', report: makeReport({ dry_run: false }) }))).toBe(false);
    expect(canRunForReal(makeJob())).toBe(false);
  });
});
