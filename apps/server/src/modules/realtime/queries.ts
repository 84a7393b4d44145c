import type { DbOrTx } from '../../db/client.js';
import { notifyInTransaction } from '../../db/at-commit.js';

/**
 * NOTIFY `channel` with `payload`, in the caller's transaction: PostgreSQL delivers it only
 * when that transaction commits (and never when it rolls back). A top-level transaction sends
 * its NOTIFYs together just before it commits (db/at-commit.ts).
 */
export async function notifyChannel(tx: DbOrTx, channel: string, payload: string): Promise<void> {
  await notifyInTransaction(tx, channel, payload);
}
