import type { TBackup, TBackupList } from '@portal/shared';
import { DEFAULT_BACKUP_SCHEDULE } from '@portal/shared';

let counter = 0;

/** A backup as listed, with overrides. */
export function makeBackup(overrides: Partial<TBackup> = {}): TBackup {
  counter += 1;
  return {
    id: `backup-20250105T020000Z-${String(counter).padStart(4, '0')}`,
    created_at: '2025-01-05T02:00:00.000Z',
    created_by: { id: '00000000-0000-4000-8000-000000000001', name: 'Admin' },
    source: 'manual',
    size: 1_536_000,
    sha256: 'ab'.repeat(32),
    app_version: '0.1.0',
    migration: { count: 12, tag: '0011_data_imports' },
    database: 'pglite',
    counts: { users: 7, items: 40, stock: 120 },
    ...overrides,
  };
}

export function makeBackupList(overrides: Partial<TBackupList> = {}): TBackupList {
  return { items: [makeBackup()], schedule: DEFAULT_BACKUP_SCHEDULE, next_run_at: null, last_failure: null, ...overrides };
}
