import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { counters } from '../db/schema.js';

/**
 * The next human number of a kind (`TR-000045`, `ADJ-000012`), drawn in the caller's
 * transaction. The upsert locks the counter row until that transaction ends, so concurrent
 * callers take turns and a rolled-back caller gives its number back: gap-free, no duplicates.
 * Call it as late as possible in the transaction (after the checks that may refuse), since
 * the row lock serialises everyone drawing the same kind.
 */
export async function nextNumber(tx: DbOrTx, kind: string, prefix: string, width = 6): Promise<string> {
  const [row] = await tx
    .insert(counters)
    .values({ kind, value: 1 })
    .onConflictDoUpdate({ target: counters.kind, set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  return `${prefix}-${String(row!.value).padStart(width, '0')}`;
}
