import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/**
 * The statements of idempotency keys (table idempotency_keys, decision 013). Each runs on its
 * own, outside the handler's transaction: the pending row must be seen by a duplicate on any
 * instance while the first request still runs.
 */

export interface KeyRef {
  userId: string;
  key: string;
}

export interface KeyRow {
  route: string;
  fingerprint: string;
  state: 'pending' | 'done';
  status_code: number | null;
  response_body: string | null;
  content_type: string | null;
  /** Seconds since the key was claimed (by the database's clock, the same on every instance). */
  age_seconds: number;
}

/** Claims a key for a first run (a pending row); false when the user already has this key. */
export async function insertPendingKey(db: DbOrTx, ref: KeyRef, route: string, fingerprint: string): Promise<boolean> {
  const rows = rowsOf<{ key: string }>(
    await db.execute(sql`
      insert into idempotency_keys (user_id, key, route, fingerprint)
      values (${ref.userId}::uuid, ${ref.key}, ${route}, ${fingerprint})
      on conflict (user_id, key) do nothing
      returning key`),
  );
  return rows.length === 1;
}

/** The user's key as stored (null: none, or released meanwhile). */
export async function findKey(db: DbOrTx, ref: KeyRef): Promise<KeyRow | null> {
  const [row] = rowsOf<KeyRow>(
    await db.execute(sql`
      select route, fingerprint, state, status_code, response_body, content_type,
        extract(epoch from now() - created_at)::float8 as age_seconds
      from idempotency_keys where user_id = ${ref.userId}::uuid and key = ${ref.key}`),
  );
  return row ?? null;
}

/**
 * Takes over a pending key claimed more than `leaseSeconds` ago — its run died with its process —
 * for a new run; false when it finished, went, or another request took it over first.
 */
export async function takeOverStaleKey(db: DbOrTx, ref: KeyRef, leaseSeconds: number): Promise<boolean> {
  const rows = rowsOf<{ key: string }>(
    await db.execute(sql`
      update idempotency_keys set created_at = now()
      where user_id = ${ref.userId}::uuid and key = ${ref.key} and state = 'pending'
        and created_at < now() - make_interval(secs => ${leaseSeconds})
      returning key`),
  );
  return rows.length === 1;
}

/** Stores the answer of the run that claimed the key. */
export async function storeAnswer(db: DbOrTx, ref: KeyRef, answer: { status: number; body: string | null; contentType: string | null }): Promise<void> {
  await db.execute(sql`
    update idempotency_keys set state = 'done', status_code = ${answer.status}, response_body = ${answer.body},
      content_type = ${answer.contentType}, completed_at = now()
    where user_id = ${ref.userId}::uuid and key = ${ref.key} and state = 'pending'`);
}

/** Deletes a pending key (its run failed on our side): a retry runs afresh. */
export async function deletePendingKey(db: DbOrTx, ref: KeyRef): Promise<void> {
  await db.execute(sql`delete from idempotency_keys where user_id = ${ref.userId}::uuid and key = ${ref.key} and state = 'pending'`);
}
