import { useState } from 'react';
import { ZDataProgress, type TDataProgress } from '@portal/shared';
import { registerRealtimeInvalidation, useRealtimeSubscription } from '../../lib/realtime';
import { backupKeys } from './api/keys';

// A backup made, uploaded, deleted or restored anywhere (the schedule too): the list refetches.
registerRealtimeInvalidation('backup.changed', [backupKeys.all]);

type Operation = 'backup' | 'restore';
/** Phases after which an operation is over (its result arrives by HTTP or `backup.changed`). */
const FINAL_PHASES = new Set(['done', 'finished', 'failed', 'error']);

/**
 * The latest progress of a backup and of a restore, from `data.progress` events (topic
 * `data`), while this page is open: a backup started elsewhere, or by the schedule, shows too.
 */
export function useBackupProgress() {
  const [progress, setProgress] = useState<Partial<Record<Operation, TDataProgress>>>({});
  const clear = (operation: Operation) =>
    setProgress((current) => {
      if (!current[operation]) return current;
      const next = { ...current };
      delete next[operation];
      return next;
    });
  useRealtimeSubscription('data', (event) => {
    if (event.event === 'backup.changed') {
      clear('backup');
      return;
    }
    if (event.event !== 'data.progress') return;
    const parsed = ZDataProgress.safeParse(event.payload);
    if (!parsed.success || parsed.data.operation === 'import') return;
    const { operation, phase } = parsed.data;
    if (FINAL_PHASES.has(phase)) clear(operation);
    else setProgress((current) => ({ ...current, [operation]: parsed.data }));
  });
  return { backup: progress.backup ?? null, restore: progress.restore ?? null, clear };
}
