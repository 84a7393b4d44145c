import { useQueryClient } from '@tanstack/react-query';
import { ZDataProgress, type TImportJobList } from '@portal/shared';
import { useRealtimeSubscription } from '../../lib/realtime';
import { dataKeys } from './api/keys';

/**
 * Follows `data.progress` events of imports (topic `data`): the job shown refetches at once
 * rather than at its next poll, and the recent list learns of an import started elsewhere and
 * of one that finished. Refetches already under way are not cancelled, so a burst of events
 * costs one request at a time.
 */
export function useImportsLive(): void {
  const queryClient = useQueryClient();
  useRealtimeSubscription('data', (event) => {
    if (event.event !== 'data.progress') return;
    const parsed = ZDataProgress.safeParse(event.payload);
    if (!parsed.success || parsed.data.operation !== 'import') return;
    const { id, phase } = parsed.data;
    const jobKey = dataKeys.importJob(id);
    if (queryClient.getQueryData(jobKey)) void queryClient.invalidateQueries({ queryKey: jobKey, exact: true }, { cancelRefetch: false });
    const listed = queryClient.getQueryData<TImportJobList>(dataKeys.imports)?.items.some((job) => job.id === id);
    if (!listed || phase === 'finished') {
      void queryClient.invalidateQueries({ queryKey: dataKeys.imports, exact: true }, { cancelRefetch: false });
    }
  });
}
