import { registerRealtimeInvalidation, useRealtimeSubscription } from '../../lib/realtime';
import { transferKeys } from './api/keys';

// A transfer created or moved on (by anyone the server lets us see it from) makes every
// transfers query stale; a stock change makes the available quantities shown stale.
for (const event of ['transfer.created', 'transfer.updated']) registerRealtimeInvalidation(event, [transferKeys.all, ['stock']]);
registerRealtimeInvalidation('stock.changed', [['stock'], transferKeys.all]);

const ignore = () => {};

/** Joins the topics whose events keep the open transfers screens fresh (see the map above). */
export function useTransfersLive(): void {
  useRealtimeSubscription('transfers', ignore);
  useRealtimeSubscription('stock', ignore);
}
