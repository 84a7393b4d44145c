import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { trackingLinks } from '../../db/schema.js';

export interface TrackingLinkRow {
  generation: number;
  tokenHash: string;
}

/** The request's link row, made at generation 0 with `firstHash` when it has none yet. */
export async function ensureTrackingLink(db: DbOrTx, requestId: string, firstHash: string): Promise<TrackingLinkRow> {
  await db.insert(trackingLinks).values({ requestId, generation: 0, tokenHash: firstHash }).onConflictDoNothing({ target: trackingLinks.requestId });
  const [row] = await db
    .select({ generation: trackingLinks.generation, tokenHash: trackingLinks.tokenHash })
    .from(trackingLinks)
    .where(eq(trackingLinks.requestId, requestId));
  if (!row) throw new Error(`tracking link of ${requestId} vanished`);
  return row;
}

export async function setTrackingHash(db: DbOrTx, requestId: string, generation: number, tokenHash: string): Promise<void> {
  await db.update(trackingLinks).set({ generation, tokenHash, updatedAt: sql`now()` }).where(eq(trackingLinks.requestId, requestId));
}

export async function findRequestIdByTrackingHash(db: DbOrTx, tokenHash: string): Promise<string | null> {
  const [row] = await db.select({ requestId: trackingLinks.requestId }).from(trackingLinks).where(eq(trackingLinks.tokenHash, tokenHash));
  return row?.requestId ?? null;
}
