/** The idempotency module's public entry point: other modules and the app import only this file. */
export { idempotencyPlugin, idempotentUpload, REPLAYED_HEADER } from './plugin.js';
export { createIdempotencyService, uploadFingerprint, type IdempotencyService, type StoredAnswer } from './service.js';
