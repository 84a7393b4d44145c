/**
 * A technician's work without a connection (issue #27): their reads kept on the device, and an
 * outbox of their work actions replayed in order, each with its idempotency key. Other roles
 * are untouched: their calls go to the server as before.
 *
 * The app imports two small entry points of its own, never this file, so that every role's first
 * load stays free of the outbox (and of the schemas it pulls in): `offline-reads.tsx` (providers)
 * and `shell.tsx` (header badge, sign-out check), which load the rest on demand for technicians.
 */
export { OfflineReads } from './offline-reads';
export { sendOrQueue, requestPath, type SendResult, type WorkRequest } from './runtime';
export type { OutboxItem, OutboxKind } from './outbox';
export { isQueuedId, itemIdOf, queuedPartUse } from './overlay';
export { useOutbox, useOutboxActions, useQueuedWork, useWithQueuedWork } from './hooks';
export { QueuedWorkPanel } from './components/queued-work-panel';
export { QueuedMark } from './components/queued-mark';
export { QueuedPhotoThumb } from './components/queued-photo';
export { LastRefreshed } from './components/last-refreshed';
