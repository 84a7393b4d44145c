import type { Db } from '../../db/client.js';
import { pingDatabase } from './queries.js';

/** What the health route checks. */
export function createHealthService(db: Db) {
  return {
    /** One cheap query; throws when the database does not answer it. */
    async pingDatabase(): Promise<void> {
      await pingDatabase(db);
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
