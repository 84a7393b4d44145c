import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** What the health route checks. */
export function createHealthService(db: Db) {
  return {
    /** One cheap query; throws when the database does not answer it. */
    async pingDatabase(): Promise<void> {
      await db.execute(sql`select id from users limit 1`);
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
