import { sql, type SQL } from 'drizzle-orm';

/** What runs a statement: the database handle or a transaction on it (client.ts's DbOrTx). */
interface Executor {
  execute(query: SQL): PromiseLike<unknown>;
}
/** A database handle whose transactions hand an Executor to their callback (client.ts's Db). */
interface Transactional<Tx extends Executor, Config> {
  transaction<T>(run: (tx: Tx) => Promise<T>, config?: Config): Promise<T>;
}

interface Notification {
  channel: string;
  payload: string;
}

/** How many queued NOTIFYs one statement sends (two parameters each). */
export const NOTIFICATIONS_PER_STATEMENT = 1000;

/** The NOTIFYs each open top-level transaction has queued, by its transaction handle. */
const queued = new WeakMap<object, Notification[]>();

/**
 * Makes every top-level `db.transaction` send the NOTIFYs queued in it (`notifyInTransaction`) in
 * one statement, after its callback and just before its commit. PostgreSQL delivers a NOTIFY only
 * at commit whenever it is sent inside the transaction, so listeners see exactly what they saw
 * when each event was its own statement; only the round trips go (a transfer's approval published
 * three events: three statements of its fourteen). Savepoints (`tx.transaction`) keep sending at
 * once, which is right for them too. See decision 017.
 */
export function sendNotificationsAtCommit<Tx extends Executor, Config>(db: Transactional<Tx, Config>): void {
  const begin = db.transaction.bind(db);
  db.transaction = <T>(run: (tx: Tx) => Promise<T>, config?: Config) =>
    begin(async (tx) => {
      const queue: Notification[] = [];
      queued.set(tx, queue);
      try {
        const result = await run(tx);
        // A statement carries at most 65,535 parameters: a transaction announcing more than a
        // thousand events sends them in as many statements of a thousand.
        for (let i = 0; i < queue.length; i += NOTIFICATIONS_PER_STATEMENT) {
          const part = queue.slice(i, i + NOTIFICATIONS_PER_STATEMENT);
          await tx.execute(sql`select ${sql.join(part.map((n) => sql`pg_notify(${n.channel}, ${n.payload})`), sql`, `)}`);
        }
        return result;
      } finally {
        // Anything published on this handle from now on is sent at once, as outside a transaction.
        queued.delete(tx);
      }
    }, config);
}

/**
 * NOTIFY `channel` with `payload` in the caller's transaction: queued until just before the commit
 * of a top-level transaction, sent at once anywhere else (a savepoint, or no transaction). Either
 * way it is delivered only if, and when, the transaction commits.
 */
export async function notifyInTransaction(tx: Executor, channel: string, payload: string): Promise<void> {
  const queue = queued.get(tx);
  if (queue) queue.push({ channel, payload });
  else await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
}
