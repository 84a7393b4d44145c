import type { TTransferDocumentQuery } from '@portal/shared';
import { apiFetchBlob } from '../../../lib/api-client';

/** GET /api/transfers/:id/document?format=&lang= — the delivery note as a file, saved by the browser. */
export async function downloadTransferDocument(id: string, number: string, query: TTransferDocumentQuery): Promise<void> {
  const blob = await apiFetchBlob(`/api/transfers/${encodeURIComponent(id)}/document`, { query: { ...query } });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `${number}-${query.lang}.${query.format}`;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
