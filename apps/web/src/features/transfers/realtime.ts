import { TRANSFER_STATUSES } from '@portal/shared';
import { registerRealtimeInvalidation, useRealtimeSubscription } from '../../lib/realtime';
import { transferKeys } from './api/keys';

// A transfer created or moved on (`transfer.<its new status>`) makes every transfers query
// stale, and the stock it moved; a stock change makes the quantities shown (available in the
// source, the form's lines) stale.
for (const event of ['transfer.created', ...TRANSFER_STATUSES.map((status) => `transfer.${status}`)]) {
  registerRealtimeInvalidation(event, [transferKeys.all, ['stock']]);
}
for (const event of ['stock.changed', 'item.changed', 'warehouse.changed']) {
  registerRealtimeInvalidation(event, [['stock'], transferKeys.all]);
}

const ignore = () => {};

/** Joins the topics whose events keep the open transfers screens fresh (see the map above). */
export function useTransfersLive(): void {
  useRealtimeSubscription('transfers', ignore);
  useRealtimeSubscription('stock', ignore);
}
