import fs from 'node:fs';
import type { DataSet, TImportReport } from '@portal/shared';
import type { Actor, AppContext } from '../../../context.js';
import type { DbOrTx } from '../../../db/client.js';
import { audit } from '../../../lib/audit.js';
import { ImportProgress } from '../jobs.js';
import { jobMessage } from '../messages.js';
import { checkImport, ReportBuilder } from './check.js';
import { customersImporter } from './customers.js';
import { itemsImporter } from './items.js';
import type { DataSetImporter } from './set.js';
import { stockImporter } from './stock.js';
import { writeImport } from './write.js';

const IMPORTERS: Record<DataSet, DataSetImporter<unknown, unknown>> = {
  customers: customersImporter,
  items: itemsImporter,
  stock: stockImporter,
};

export interface ImportRun {
  id: string;
  set: DataSet;
  dryRun: boolean;
  /** The uploaded file: deleted when the import ends, whatever the end. */
  file: string;
  actor: Actor;
}

/** 200 with the report for a dry run or a written import; 422 when a real import found errors and wrote nothing. */
export interface ImportResult {
  status: 200 | 422;
  report: TImportReport;
}

/** An import that did not write (a dry run, or a real one refused) is audited on its own; a written one in its transaction. */
const auditUnwritten = (db: DbOrTx, run: ImportRun, r: TImportReport) =>
  audit(db, {
    actorId: run.actor.userId,
    action: 'data.imported',
    entity: 'data_import',
    entityId: run.id,
    after: { data_set: run.set, dry_run: run.dryRun, rows: r.rows, created: r.created, updated: r.updated, unchanged: r.unchanged, errors: r.error_count },
    ip: run.actor.ip,
  });

/**
 * One import, dry or real: the check pass, then — for a real import without errors — the
 * write pass, moving its data_imports row and the admins' progress bars as it goes.
 */
export async function runImport(ctx: AppContext, run: ImportRun): Promise<ImportResult> {
  const language = run.actor.user.language;
  const importer = IMPORTERS[run.set];
  const progress = new ImportProgress(ctx, run.id);
  try {
    const checked = new ReportBuilder(run.set, run.dryRun, language);
    const scan = await checkImport(ctx.db, run.file, run.set, importer, checked, (rows) => progress.move({ checked: rows }));
    progress.move({ checked: scan.rows, total: scan.rows });

    if (run.dryRun || checked.failed) {
      const report = checked.report(scan);
      const refused = !run.dryRun;
      await auditUnwritten(ctx.db, run, report);
      await progress.finish({ status: refused ? 'failed' : 'done', report, error: refused ? jobMessage(language, 'refused') : null });
      return { status: refused ? 422 : 200, report };
    }

    progress.move({ phase: 'writing', written: 0 });
    const written = await writeImport(
      ctx.db,
      { file: run.file, set: run.set, importer, actor: run.actor, importId: run.id },
      new ReportBuilder(run.set, false, language),
      (rows) => progress.move({ written: rows }),
    );
    const report = written.report();
    if (!written.ok) {
      await auditUnwritten(ctx.db, run, report);
      await progress.finish({ status: 'failed', report, error: jobMessage(language, 'refused') });
      return { status: 422, report };
    }
    await progress.finish({ status: 'done', report, error: null });
    return { status: 200, report };
  } catch (err) {
    ctx.log.error({ err, import: run.id }, 'an import failed');
    await progress
      .finish({ status: 'failed', report: null, error: jobMessage(language, 'crashed') })
      .catch((e: unknown) => ctx.log.error({ err: e, import: run.id }, 'could not record that an import failed'));
    throw err;
  } finally {
    await fs.promises.rm(run.file, { force: true });
  }
}
