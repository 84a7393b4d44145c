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

/** What a top-level transaction sends together just before its commit. */
interface Queue {
  /** Data-modifying statements whose outcome nothing in the transaction reads back. */
  writes: SQL[];
  notifications: Notification[];
}

/** How many queued NOTIFYs one statement sends (two parameters each). */
export const NOTIFICATIONS_PER_STATEMENT = 1000;
/**
 * How many writes wait at most: the next one sends them at once. A statement carries at most
 * 65,535 parameters; fifty writes of at most 800 (writeInTransaction's callers keep to that) and
 * a thousand NOTIFYs stay well within it.
 */
export const WRITES_PER_STATEMENT = 50;
/** The parameters a queued write may carry at most. */
export const MAX_WRITE_PARAMETERS = 800;

/** What each open top-level transaction has queued, by its transaction handle. */
const queued = new WeakMap<object, Queue>();

/** `with w0 as (…), w1 as (…) ` — the writes as data-modifying CTEs, which run whether read or not. */
const writesSql = (writes: SQL[]) =>
  writes.length ? sql`with ${sql.join(
    writes.map((w, i) => sql`${sql.raw(`w${i}`)} as (${w})`),
    sql`, `,
  )} ` : sql``;

/**
 * Makes every top-level `db.transaction` send what was queued in it — its NOTIFYs
 * (`notifyInTransaction`) and small writes nothing reads back (`writeInTransaction`) — in one
 * statement, after its callback and just before its commit. PostgreSQL delivers a NOTIFY only at
 * commit whenever it is sent inside the transaction, and a write inside it is seen by others
 * only at commit too, so the outcome is what it was when each was its own statement; only the
 * round trips go (a transfer's approval sends its three events and its notification's rows in
 * this one statement: 8 statements in its transaction, where each was its own before). Savepoints (`tx.transaction`) keep sending at once, which is
 * right for them too. See decision 017.
 */
export function sendQueuedAtCommit<Tx extends Executor, Config>(db: Transactional<Tx, Config>): void {
  const begin = db.transaction.bind(db);
  db.transaction = <T>(run: (tx: Tx) => Promise<T>, config?: Config) =>
    begin(async (tx) => {
      const queue: Queue = { writes: [], notifications: [] };
      queued.set(tx, queue);
      try {
        const result = await run(tx);
        const { writes, notifications } = queue;
        if (writes.length || notifications.length) {
          // More than a thousand events go in as many statements of a thousand; the writes go with the first.
          const statements = Math.max(1, Math.ceil(notifications.length / NOTIFICATIONS_PER_STATEMENT));
          for (let s = 0; s < statements; s++) {
            const part = notifications.slice(s * NOTIFICATIONS_PER_STATEMENT, (s + 1) * NOTIFICATIONS_PER_STATEMENT);
            const sends = part.length ? sql.join(part.map((n) => sql`pg_notify(${n.channel}, ${n.payload})`), sql`, `) : sql`1`;
            await tx.execute(sql`${writesSql(s === 0 ? writes : [])}select ${sends}`);
          }
        }
        return result;
      } finally {
        // Anything queued on this handle from now on is sent at once, as outside a transaction.
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
  if (queue) queue.notifications.push({ channel, payload });
  else await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * Runs a data-modifying statement (an insert, with at most MAX_WRITE_PARAMETERS parameters) in
 * the caller's transaction: queued until just before the commit of a top-level transaction, run
 * at once anywhere else. Only for rows nothing in the transaction reads back: a later statement
 * of the transaction does not see them.
 */
export async function writeInTransaction(tx: Executor, statement: SQL): Promise<void> {
  const queue = queued.get(tx);
  if (!queue) {
    await tx.execute(statement);
    return;
  }
  if (queue.writes.length >= WRITES_PER_STATEMENT) await sendQueuedWrites(tx);
  queue.writes.push(statement);
}

/**
 * Runs the writes queued in the caller's transaction now, in one statement; its NOTIFYs stay
 * queued. For a caller that must change those rows before the commit (the demo data dates its
 * notifications back).
 */
export async function sendQueuedWrites(tx: Executor): Promise<void> {
  const queue = queued.get(tx);
  if (queue?.writes.length) await tx.execute(sql`${writesSql(queue.writes.splice(0))}select 1`);
}
