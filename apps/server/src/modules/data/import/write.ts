import type { DataSet, TImportReport } from '@portal/shared';
import type { Actor } from '../../../context.js';
import type { Db } from '../../../db/client.js';
import { audit } from '../../../lib/audit.js';
import { isUniqueViolation } from '../../../lib/db-errors.js';
import type { ReportBuilder } from './check.js';
import { scanFile, type ScanResult } from './scan.js';
import type { DataSetImporter } from './set.js';

/** Thrown inside the transaction to roll it back when the second pass finds what the first did not. */
class ChangedMeanwhile extends Error {}

/**
 * The second pass of a real import, after a first pass found no error: the file read again
 * and written in ONE transaction — all of it or nothing — batch by batch, each batch looked up
 * again inside the transaction (what it found a moment ago may have changed). Should a row now
 * fail (someone made that email a staff account meanwhile), everything is rolled back and the
 * report says why. Audited in the same transaction.
 */
export async function writeImport<Row, Plan>(
  db: Db,
  input: { file: string; set: DataSet; importer: DataSetImporter<Row, Plan>; actor: Actor; importId: string },
  report: ReportBuilder,
  progress: (written: number) => void,
): Promise<{ ok: boolean; report: () => TImportReport }> {
  const { file, set, importer, actor } = input;
  let scanned: ScanResult = { header: null, rows: 0 };
  let written = 0;
  try {
    await db.transaction(async (tx) => {
      scanned = await scanFile(
        file,
        set,
        importer,
        {
          problems: (row, problems) => report.problems(row, problems),
          progress: () => {},
          async batch(rows, present) {
            const classified = await importer.classify(
              tx,
              rows.map((r) => r.value),
              present,
            );
            const plans = [];
            for (const [i, c] of classified.entries()) {
              if ('problems' in c) report.problems(rows[i]!.row, c.problems);
              else {
                report.count(c.outcome);
                plans.push(c);
              }
            }
            if (report.failed) throw new ChangedMeanwhile();
            await importer.write(tx, plans, actor);
            written += rows.length;
            progress(written);
          },
        },
        { check: false },
      );
      if (report.failed) throw new ChangedMeanwhile();
      const r = report.report(scanned);
      await audit(tx, {
        actorId: actor.userId,
        action: 'data.imported',
        entity: 'data_import',
        entityId: input.importId,
        after: { data_set: set, dry_run: false, rows: r.rows, created: r.created, updated: r.updated, unchanged: r.unchanged, errors: 0 },
        ip: actor.ip,
      });
    });
  } catch (err) {
    // Two imports (or an import and a person) creating the same email or code at once.
    if (isUniqueViolation(err)) report.problems(1, [{ column: null, code: 'changed_meanwhile' }]);
    else if (!(err instanceof ChangedMeanwhile)) throw err;
    return { ok: false, report: () => report.report(scanned) };
  }
  return { ok: true, report: () => report.report(scanned) };
}
