import type { DataSet } from '@portal/shared';
import { apiFetchFile } from '../../../lib/api-client';
import { filenameFromDisposition, saveBlob } from '../../../lib/download';

/** GET /api/admin/data/:set.csv — the whole data set as CSV, saved by the browser. */
export async function exportDataCsv(set: DataSet): Promise<void> {
  const { blob, disposition } = await apiFetchFile(`/api/admin/data/${set}.csv`);
  saveBlob(blob, filenameFromDisposition(disposition) ?? `${set}-${new Date().toISOString().slice(0, 10)}.csv`);
}
