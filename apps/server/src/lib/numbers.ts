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
  const [number] = await nextNumbers(tx, kind, prefix, 1, width);
  return number!;
}

/**
 * `count` consecutive numbers of a kind at once (a CSV import's adjustments), by the same rule
 * as nextNumber: one upsert moves the counter by `count` and holds its row lock.
 */
export async function nextNumbers(tx: DbOrTx, kind: string, prefix: string, count: number, width = 6): Promise<string[]> {
  if (count <= 0) return [];
  const [row] = await tx
    .insert(counters)
    .values({ kind, value: count })
    .onConflictDoUpdate({ target: counters.kind, set: { value: sql`${counters.value} + ${count}` } })
    .returning({ value: counters.value });
  const last = Number(row!.value);
  return Array.from({ length: count }, (_, i) => `${prefix}-${String(last - count + 1 + i).padStart(width, '0')}`);
}
