import { apiFetchFile, type ApiRequestOptions } from '../../../lib/api-client';
import { filenameFromDisposition, saveBlob } from '../../../lib/download';

/** GET /api/service-requests/export?<filters>&lang= (admin) — the filtered list as CSV, saved by the browser. */
export async function downloadServiceRequestsCsv(filters: NonNullable<ApiRequestOptions['query']>, lang: string): Promise<void> {
  const { blob, disposition } = await apiFetchFile('/api/service-requests/export', { query: { ...filters, lang } });
  saveBlob(blob, filenameFromDisposition(disposition) ?? 'service-requests.csv');
}
