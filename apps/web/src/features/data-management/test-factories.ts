import type { TImportError, TImportJob, TImportReport } from '@portal/shared';

/** An import report with overrides (a clean dry run of customers by default). */
export function makeReport(overrides: Partial<TImportReport> = {}): TImportReport {
  return {
    data_set: 'customers',
    dry_run: true,
    rows: 3,
    created: 2,
    updated: 1,
    unchanged: 0,
    error_count: 0,
    errors: [],
    unknown_columns: [],
    ...overrides,
  };
}

export function makeImportError(row: number, overrides: Partial<TImportError> = {}): TImportError {
  return { row, column: 'email', code: 'invalid', message: `Row ${row}: not an email address`, ...overrides };
}

let counter = 0;

/** An import job with overrides (running, nothing known yet, by default). */
export function makeJob(overrides: Partial<TImportJob> = {}): TImportJob {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    data_set: 'customers',
    dry_run: true,
    status: 'running',
    phase: 'checking',
    file_name: 'customers.csv',
    total_rows: null,
    rows_checked: 0,
    rows_written: 0,
    report: null,
    error: null,
    created_by: { id: '00000000-0000-4000-8000-000000000001', name: 'Admin' },
    created_at: '2025-01-05T10:00:00.000Z',
    finished_at: null,
    ...overrides,
  };
}
