import { createHash } from 'node:crypto';
import type { ErrorCode } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { deletePendingKey, findKey, insertPendingKey, storeAnswer, takeOverStaleKey, type KeyRef } from './queries.js';

/**
 * Idempotency keys (issue #27, decision 013): a technician's device replays the actions it
 * queued offline, each with a key it made, and a replay of a key already applied answers the
 * first answer and changes nothing. Everything lives in the database, so every instance sees
 * the same keys: the first request claims its key (a pending row), runs, and stores its answer;
 * a duplicate waits for that answer.
 */

export type { KeyRef } from './queries.js';

/** 8–100 characters of letters, digits and `_-:.` (a UUID fits). */
const KEY = /^[A-Za-z0-9_\-:.]{8,100}$/;

export const isValidKey = (value: unknown): value is string => typeof value === 'string' && KEY.test(value);

/** An answer as it was sent: replayed as is. */
export interface StoredAnswer {
  status: number;
  body: string | null;
  contentType: string | null;
}

/** JSON with object keys sorted at every depth: the same body always reads the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The fingerprint of a JSON body (as the route's schema parsed it: defaults filled, so `{}` and `{ note: null }` are one). */
export const bodyFingerprint = (body: unknown): string => createHash('sha256').update(canonicalJson(body)).digest('hex');

/** The fingerprint of an upload: its fields, then (after a byte no JSON text holds) the file's bytes. */
export function uploadFingerprint(file: Buffer, fields: { kind: string; caption: string | null }): string {
  return createHash('sha256').update(canonicalJson(fields)).update('\0').update(file).digest('hex');
}

const KEY_REUSED: ErrorCode = 'idempotency_key_reused';
const IN_PROGRESS: ErrorCode = 'idempotency_in_progress';

export interface IdempotencyOptions {
  /** How long a duplicate waits for the first request's answer before a 409 (ms). */
  waitMs?: number;
  /** How often it looks (ms). */
  pollMs?: number;
  /**
   * A pending key older than this (s) was left by a run whose process died: the next request
   * with it runs again (decision 013). Far longer than any run of the opted-in routes.
   */
  leaseSeconds?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createIdempotencyService(db: DbOrTx, opts: IdempotencyOptions = {}) {
  const { waitMs = 10_000, pollMs = 40, leaseSeconds = 120 } = opts;

  return {
    /**
     * Claims `ref` for this request (null: run it, then `store` or `release`), or answers the
     * stored answer of the same request. 422 when the key was used for another request (other
     * route or body); 409 when its first request still runs after `waitMs`.
     */
    async claim(ref: KeyRef, route: string, fingerprint: string): Promise<StoredAnswer | null> {
      const deadline = Date.now() + waitMs;
      for (;;) {
        if (await insertPendingKey(db, ref, route, fingerprint)) return null;
        const row = await findKey(db, ref);
        // Gone meanwhile: its run failed and released it, so this one claims it afresh.
        if (!row) continue;
        if (row.route !== route || row.fingerprint !== fingerprint) {
          throw new AppError(422, KEY_REUSED, 'This idempotency key was already used for a different request');
        }
        if (row.state === 'done') return { status: row.status_code!, body: row.response_body, contentType: row.content_type };
        if (row.age_seconds > leaseSeconds && (await takeOverStaleKey(db, ref, leaseSeconds))) return null;
        if (Date.now() >= deadline) {
          const retryAfter = Math.min(30, Math.max(1, Math.ceil(leaseSeconds - row.age_seconds)));
          throw new AppError(409, IN_PROGRESS, 'The first request with this idempotency key is still running: try again shortly', { retry_after: retryAfter });
        }
        await sleep(pollMs);
      }
    },

    /** Stores the answer of the run that claimed `ref`: a replay answers it. */
    store: (ref: KeyRef, answer: StoredAnswer) => storeAnswer(db, ref, answer),

    /** Lets `ref` go (the run failed on our side, nothing was done): a retry runs afresh. */
    release: (ref: KeyRef) => deletePendingKey(db, ref),
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
