import { IMPORT_MAX_REPORTED_ERRORS, type DataSet, type TImportError, type TImportReport } from '@portal/shared';
import type { DbOrTx } from '../../../db/client.js';
import { toImportError, type Language, type Problem } from '../messages.js';
import { scanFile, type ScanResult } from './scan.js';
import type { DataSetImporter, Outcome } from './set.js';

/** The counts and errors of one pass, worded in the caller's language. */
export class ReportBuilder {
  private readonly errors: TImportError[] = [];
  private errorCount = 0;
  private readonly counts: Record<Outcome, number> = { created: 0, updated: 0, unchanged: 0 };

  constructor(
    private readonly set: DataSet,
    private readonly dryRun: boolean,
    private readonly language: Language,
  ) {}

  problems(row: number, problems: Problem[]) {
    this.errorCount += problems.length;
    for (const p of problems) if (this.errors.length < IMPORT_MAX_REPORTED_ERRORS) this.errors.push(toImportError(this.language, row, p));
  }

  count(outcome: Outcome) {
    this.counts[outcome]++;
  }

  get failed() {
    return this.errorCount > 0;
  }

  report(scan: ScanResult): TImportReport {
    return {
      data_set: this.set,
      dry_run: this.dryRun,
      rows: scan.rows,
      ...this.counts,
      error_count: this.errorCount,
      // Database lookups answer a batch after the rows read past it: back into row order.
      errors: [...this.errors].sort((a, b) => a.row - b.row),
      unknown_columns: scan.header?.unknown ?? [],
    };
  }
}

/**
 * The first pass, the whole of a dry run: every row through the schema, duplicates within the
 * file, and each batch looked up to tell what it would create, update or leave — and what the
 * database refuses (an email of a staff account, an unknown warehouse). Writes nothing.
 */
export async function checkImport<Row, Plan>(
  db: DbOrTx,
  file: string,
  set: DataSet,
  importer: DataSetImporter<Row, Plan>,
  report: ReportBuilder,
  progress: (rows: number) => void,
): Promise<ScanResult> {
  return scanFile(
    file,
    set,
    importer,
    {
      problems: (row, problems) => report.problems(row, problems),
      progress,
      async batch(rows, present) {
        const classified = await importer.classify(
          db,
          rows.map((r) => r.value),
          present,
        );
        classified.forEach((c, i) => ('problems' in c ? report.problems(rows[i]!.row, c.problems) : report.count(c.outcome)));
      },
    },
    { check: true },
  );
}
