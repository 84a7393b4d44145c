/**
 * Data management and backups (issue #23, PRODUCT.md §10): the shapes of the admin's CSV
 * exports and imports, and of the backup files, their schedule and their restore.
 */
import { z } from 'zod';

/** What can be exported and imported as CSV. */
export const DATA_SETS = ['customers', 'items', 'stock'] as const;
export type DataSet = (typeof DATA_SETS)[number];
export const ZDataSet = z.enum(DATA_SETS);

/**
 * The CSV columns of each data set, in export order. An import takes them in any order; a
 * column not listed here is reported (unknown_columns) and ignored; a required one missing is
 * an error on row 1. These names are stable: spreadsheets and scripts rely on them.
 */
export const DATA_COLUMNS = {
  customers: ['email', 'name', 'mobile', 'address'],
  items: ['code', 'name', 'description', 'category', 'unit', 'price', 'tax_rate', 'min_quantity', 'active'],
  stock: ['item_code', 'warehouse_code', 'quantity'],
} as const satisfies Record<DataSet, readonly string[]>;

/** An import file holds at most this many data rows (a larger one is refused before any row is read). */
export const IMPORT_MAX_ROWS = 100_000;
/** And at most this many bytes. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** A report lists at most this many errors (the count says how many there were). */
export const IMPORT_MAX_REPORTED_ERRORS = 1_000;

/** POST /api/admin/data/:set/import?dry_run=true|false (a dry run unless told otherwise; other keys ignored, as on every route). */
export const ZImportQuery = z.object({
  dry_run: z.enum(['true', 'false'], { message: 'invalid' }).default('true').transform((v) => v === 'true'),
});
export type TImportQuery = z.infer<typeof ZImportQuery>;

/**
 * One problem in an import file: its row (1 is the header row, data starts at 2, as a
 * spreadsheet numbers them), the column at fault (null for the whole row or file), a stable
 * code (`required`, `invalid`, `out_of_range`, `too_long`, `duplicate`, `not_found`, `formula`,
 * `unknown_column`, `conflict` …) and a message in the caller's language.
 */
export const ZImportError = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});
export type TImportError = z.infer<typeof ZImportError>;

/** The answer of an import, dry or real; a real import with errors answers 422 with it and writes nothing. */
export const ZImportReport = z.object({
  data_set: ZDataSet,
  dry_run: z.boolean(),
  /** Data rows read (the header row not counted). */
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** How many errors there were in all; `errors` holds the first IMPORT_MAX_REPORTED_ERRORS. */
  error_count: z.number().int(),
  errors: z.array(ZImportError),
  /** Columns of the file this data set does not have (ignored). */
  unknown_columns: z.array(z.string()),
});
export type TImportReport = z.infer<typeof ZImportReport>;

export const IMPORT_STATUSES = ['running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_PHASES = ['checking', 'writing', 'finished'] as const;

/**
 * An import as a job (GET /api/admin/data/imports/:id): what the server has done so far, so a
 * page left and opened again shows the running import's progress, and its report when done.
 */
export const ZImportJob = z.object({
  id: z.uuid(),
  data_set: ZDataSet,
  dry_run: z.boolean(),
  status: z.enum(IMPORT_STATUSES),
  phase: z.enum(IMPORT_PHASES),
  file_name: z.string().nullable(),
  /** Data rows in the file when known (after the first pass), else null. */
  total_rows: z.number().int().nullable(),
  rows_checked: z.number().int(),
  rows_written: z.number().int(),
  report: ZImportReport.nullable(),
  /** Why a failed import failed (not a row error: those are in the report). */
  error: z.string().nullable(),
  created_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TImportJob = z.infer<typeof ZImportJob>;
export const ZImportJobList = z.object({ items: z.array(ZImportJob) });
export type TImportJobList = z.infer<typeof ZImportJobList>;

// --- Backups ---------------------------------------------------------------------------------

export const BACKUP_SOURCES = ['manual', 'scheduled', 'upload'] as const;
export const BACKUP_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
/** The typed word that confirms a restore. */
export const RESTORE_CONFIRMATION = 'RESTORE';
/** An uploaded backup may be at most this large. */
export const BACKUP_UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;

/** One backup file, as listed (GET /api/admin/backups) and as answered when made. */
export const ZBackup = z.object({
  /** The file's name without extension: `backup-<UTC time>-<random>`; safe in a path. */
  id: z.string(),
  created_at: z.string(),
  created_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  source: z.enum(BACKUP_SOURCES),
  /** Bytes of the file. */
  size: z.number().int(),
  /** SHA-256 (hex) over the backup's content, checked before any restore. */
  sha256: z.string(),
  app_version: z.string(),
  /** How many migrations the schema had, and the last one's name. */
  migration: z.object({ count: z.number().int(), tag: z.string() }),
  /** Where it was taken: a backup restores on either database. */
  database: z.enum(['pglite', 'postgres']),
  /** Rows per table. */
  counts: z.record(z.string(), z.number().int()),
});
export type TBackup = z.infer<typeof ZBackup>;

/** Scheduled backups (a time of day in the company's time zone; weekly also names the day, 0 = Sunday). */
export const ZBackupSchedule = z
  .object({
    frequency: z.enum(BACKUP_FREQUENCIES, { message: 'invalid' }),
    time: z.string({ message: 'required' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'invalid' }),
    weekday: z.number({ message: 'invalid' }).int({ message: 'invalid' }).min(0, { message: 'out_of_range' }).max(6, { message: 'out_of_range' }),
    /** How many backups to keep: older ones are deleted after each new one (uploaded ones too). */
    keep: z.number({ message: 'invalid' }).int({ message: 'invalid' }).min(1, { message: 'out_of_range' }).max(365, { message: 'out_of_range' }),
  })
  .strict();
export type TBackupSchedule = z.infer<typeof ZBackupSchedule>;
export const DEFAULT_BACKUP_SCHEDULE: TBackupSchedule = { frequency: 'off', time: '02:00', weekday: 5, keep: 7 };

export const ZBackupList = z.object({
  items: z.array(ZBackup),
  schedule: ZBackupSchedule,
  /** When the next scheduled backup runs (null when off). */
  next_run_at: z.string().nullable(),
  /** The last scheduled backup that failed and why, if the latest attempt failed. */
  last_failure: z.object({ at: z.string(), message: z.string() }).nullable(),
});
export type TBackupList = z.infer<typeof ZBackupList>;

export const ZBackupIdParams = z.object({ id: z.string().regex(/^backup-[0-9A-Za-z-]{1,80}$/, { message: 'invalid' }) }).strict();

/** POST /api/admin/backups/:id/restore */
export const ZRestoreRequest = z
  .object({ confirm: z.literal(RESTORE_CONFIRMATION, { message: 'invalid' }) })
  .strict();
export type TRestoreRequest = z.infer<typeof ZRestoreRequest>;

export const ZRestoreResult = z.object({
  restored: ZBackup,
  /** Migrations applied after loading (an older backup is migrated forward). */
  migrated_forward: z.number().int(),
  /** Every session ended: everyone signs in again. */
  signed_out: z.literal(true),
});
export type TRestoreResult = z.infer<typeof ZRestoreResult>;

/**
 * Progress of a running backup, restore or import, sent on the `data` realtime topic to
 * admins (event `data.progress`), so the page's bar moves without polling.
 */
export const ZDataProgress = z.object({
  operation: z.enum(['backup', 'restore', 'import']),
  id: z.string(),
  phase: z.string(),
  done: z.number().int(),
  total: z.number().int().nullable(),
});
export type TDataProgress = z.infer<typeof ZDataProgress>;
