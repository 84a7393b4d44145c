import { Readable } from 'node:stream';
import type { DataSet, TImportJob, TImportJobList } from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { getSettings } from '../settings/index.js';
import { exportCsv, exportFileName } from './export.js';
import { runImport, type ImportResult } from './import/run.js';
import { getImportJob, listImportJobs } from './jobs.js';
import { insertImportJob } from './queries.js';
import type { Upload } from './upload.js';

/** Data management (issue #23): CSV exports, imports (dry, real, in the background) and their jobs. */
export function createDataService(ctx: AppContext) {
  // Imports running in the background of this process, so that closing the server waits for them.
  const background = new Set<Promise<unknown>>();

  async function start(actor: Actor, set: DataSet, dryRun: boolean, upload: Upload) {
    const id = await insertImportJob(ctx.db, { dataSet: set, dryRun, fileName: upload.fileName, createdBy: actor.userId });
    // From here the import owns the file and deletes it when it ends.
    upload.claimed = true;
    return { id, run: { id, set, dryRun, file: upload.path, actor } };
  }

  const job = async (actor: Actor, id: string): Promise<TImportJob> => {
    const found = await getImportJob(ctx.db, id, actor.user.language);
    if (!found) throw notFound('Import');
    return found;
  };

  return {
    /** The data set as a CSV stream (read in batches as it is sent), named after the company day. */
    async exportFile(actor: Actor, set: DataSet): Promise<{ fileName: string; body: Readable }> {
      const { time_zone } = await getSettings(ctx.db, ['time_zone']);
      return { fileName: exportFileName(set, time_zone), body: Readable.from(exportCsv(ctx.db, set, actor)) };
    },

    /** Runs the import to its end and answers its report. */
    async importNow(actor: Actor, set: DataSet, dryRun: boolean, upload: Upload): Promise<ImportResult> {
      const { run } = await start(actor, set, dryRun, upload);
      return runImport(ctx, run);
    },

    /** Starts the import and answers its job at once; it goes on in this process (GET imports/:id follows it). */
    async importLater(actor: Actor, set: DataSet, dryRun: boolean, upload: Upload): Promise<TImportJob> {
      const { id, run } = await start(actor, set, dryRun, upload);
      // Read before the import starts: on PGlite a read waits while the import's transaction is open.
      const answer = await job(actor, id);
      const running = runImport(ctx, run)
        // runImport has logged it and marked the job failed.
        .catch(() => {})
        .finally(() => background.delete(running));
      background.add(running);
      return answer;
    },

    job,
    jobs: (actor: Actor): Promise<TImportJobList> => listImportJobs(ctx.db, actor.user.language),

    async close() {
      await Promise.allSettled([...background]);
    },
  };
}

export type DataService = ReturnType<typeof createDataService>;
