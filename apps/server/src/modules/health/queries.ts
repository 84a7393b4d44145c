import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** One cheap statement that reads a table: it fails when the database does not answer. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select id from users limit 1`);
}
