/**
 * A technician's work without a connection (issue #27): their reads kept on the device, and an
 * outbox of their work actions replayed in order, each with its idempotency key. Other roles
 * are untouched: their calls go to the server as before.
 */
export { OfflineReads } from './offline-reads';
export { sendOrQueue, requestPath, type SendResult, type WorkRequest } from './runtime';
export type { OutboxItem, OutboxKind } from './outbox';
export { isQueuedId, itemIdOf, queuedPartUse } from './overlay';
export { useOutbox, useOutboxActions, useQueuedWork, useWithQueuedWork } from './hooks';
export { OutboxBadge } from './components/outbox-badge';
export { QueuedWorkPanel } from './components/queued-work-panel';
export { QueuedMark } from './components/queued-mark';
export { QueuedPhotoThumb } from './components/queued-photo';
export { LastRefreshed } from './components/last-refreshed';
export { useConfirmSignOut } from './components/confirm-sign-out';
