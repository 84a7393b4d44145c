import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * NOTIFY `channel` with `payload`, in the caller's transaction: PostgreSQL delivers it only
 * when that transaction commits (and never when it rolls back).
 */
export async function notifyChannel(tx: DbOrTx, channel: string, payload: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
}
