import fs from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { is, SQL, type Query } from 'drizzle-orm';
import pg from 'pg';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema.js';
import { migrationsFolder } from './migrations-folder.js';
import { PgliteStatements } from './pglite-statements.js';
import { sendQueuedAtCommit } from './at-commit.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database handle or a transaction on it: what query helpers accept. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * LISTEN on a channel; the callback gets each payload. Returns an unsubscribe function.
   * `onReconnect` runs after the listening connection was lost and re-established: events
   * sent meanwhile were missed, so whatever they would have invalidated must be dropped.
   */
  listen(channel: string, onPayload: (payload: string) => void, opts?: { onReconnect?: () => void }): Promise<() => Promise<void>>;
  /**
   * Runs a hot read outside any transaction as a named prepared statement (PostgreSQL parses
   * and plans it once per connection, then reuses a generic plan), answering raw rows as
   * `db.execute` does. `name` must always come with the same SQL text (its parameters vary);
   * null runs it unnamed. `query` may come already rendered (`dialect.sqlToQuery`), when the
   * caller needed its text (to name it). On PGlite too (db/pglite-statements.ts).
   */
  prepared<T>(name: string | null, query: SQL | Query): Promise<T[]>;
  /**
   * Calls `onChange` whenever data may have changed (the `data_changed` trigger of migration
   * 0018): for this instance's own writes before the changing statement's or transaction's promise
   * resolves; for other instances' writes when their commit reaches this one over the bus; and
   * whenever changes may have been missed (the listening connection reconnected, or a restore had
   * the connections recycled). What caches whole reads listens here (db/read-cache.ts).
   */
  onDataChanged(onChange: () => void): Promise<() => Promise<void>>;
  /** Applies the committed migrations; instances starting together migrate one at a time. */
  migrate(): Promise<void>;
  /**
   * Replaces every pooled connection — the idle ones now, those in use when they are released —
   * because their named statements were planned against a schema that a restore rebuilt (new
   * enum types: "cached plan must not change result type"). PGlite's one connection forgets
   * its named statements instead.
   */
  recycleConnections(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Dates and times come back as PostgreSQL's text, as drizzle's `db.execute` answers them on
 * both drivers (the drivers' own parsers would make Date objects, in the process's time zone).
 */
const RAW_TEXT_OIDS = [1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187]; // date, timestamp, timestamptz, interval and their arrays
const RAW_TEXT_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    RAW_TEXT_OIDS.includes(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};
/** Renders a drizzle `sql` template to its text and parameters (both drivers' named statements). */
const dialect = new PgDialect();

const RAW_TEXT_PARSERS = Object.fromEntries(RAW_TEXT_OIDS.map((oid) => [oid, (v: string) => v]));

/** The `data_changed` trigger's channel (migration 0018); `<it>_<backend pid>` reaches only the writer. */
const DATA_CHANGED = 'data_changed';

// Any fixed number: the advisory lock that serialises migrations across instances.
const MIGRATION_LOCK_ID = 724_311;

export class DataDirLockedError extends Error {}

/**
 * PGlite has no lock of its own: two processes on one data folder corrupt it. We hold a lock
 * file with our pid and refuse to start when a live process holds it.
 */
function acquireLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => fs.rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `Another server (pid ${pid}) is already using the data folder ${dataDir}. ` +
            'Stop it first, or start this one with a different DATA_DIR.',
        );
      }
      // A stale lock from a process that died without cleaning up.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite's postgresql.conf (rewritten at every open). PostgreSQL's default 128 MB of shared
 * buffers live in the WebAssembly memory of this very process, all of it touched at start: an
 * instance reopening its data folder held ~300 MB for the database alone, ~175 MB with 32 MB
 * (measured on PGlite 0.5.16, docs/performance.md "memory"). The operating system's file cache
 * still keeps the data folder's pages, so reads beyond the buffers do not go to the disk.
 */
const PGLITE_CONF = 'shared_buffers=32MB';

/**
 * PGlite and its drizzle driver, loaded only by an instance that runs on it: one on PostgreSQL
 * never holds them (issue #26).
 */
async function loadPglite() {
  const [pglite, { btree_gist }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // The extensions the migrations create (PostgreSQL ships them in contrib; PGlite loads them here).
  return { PGlite: pglite.PGlite, pglite, extensions: { pg_trgm, btree_gist }, drizzlePglite: drizzle, migratePglite: migrate };
}

/**
 * The embedded database in `<dataDir>/pgdata`, or in memory when dataDir is null (tests).
 * `loadDataDir` starts from a dump (tests start from an already migrated one: much faster).
 */
export async function openPglite(dataDir: string | null, opts: { loadDataDir?: Blob } = {}): Promise<Database> {
  const release = dataDir ? acquireLock(dataDir) : () => {};
  try {
    const { PGlite, pglite, extensions, drizzlePglite, migratePglite } = await loadPglite();
    const options = { loadDataDir: opts.loadDataDir, extensions, postgresqlconf: PGLITE_CONF };
    const client = dataDir ? new PGlite(path.join(dataDir, 'pgdata'), options) : new PGlite(options);
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    sendQueuedAtCommit(db);
    const statements = new PgliteStatements(client, pglite, RAW_TEXT_PARSERS);
    const dataWatchers = new Set<() => void>();
    const dataChanged = () => {
      for (const onChange of dataWatchers) onChange();
    };
    // The one connection both writes and listens: its own notifications arrive before the
    // statement that caused them returns.
    await client.listen(DATA_CHANGED, dataChanged);
    return {
      db,
      kind: 'pglite',
      async prepared<T>(name: string | null, query: SQL | Query) {
        const { sql: text, params } = is(query, SQL) ? dialect.sqlToQuery(query) : query;
        if (name) return statements.run<T>(name, text, params);
        return (await client.query<T>(text, params, { parsers: RAW_TEXT_PARSERS })).rows;
      },
      async migrate() {
        await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
      },
      async recycleConnections() {
        await statements.reset();
        dataChanged();
      },
      async onDataChanged(onChange) {
        dataWatchers.add(onChange);
        return async () => void dataWatchers.delete(onChange);
      },
      // One process, one connection: nothing is ever missed, so there is no reconnect to report.
      async listen(channel, onPayload) {
        const unsub = await client.listen(channel, onPayload);
        return async () => unsub();
      },
      async close() {
        try {
          if (!client.closed) {
            await client.exec('CHECKPOINT');
            await client.close();
          }
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const dataWatchers = new Set<() => void>();
  const dataChanged = () => {
    for (const onChange of dataWatchers) onChange();
  };
  let listeningForChanges: Promise<unknown> | null = null;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Each pooled connection hears the notifications of its own writes only (the trigger also
    // names the writing backend): PostgreSQL sends a session its own notifications before the
    // ReadyForQuery that ends the statement or COMMIT, so this instance knows of its change before
    // the code that made it goes on. Other instances' changes come through the listener below.
    // The pool hands the connection out only once it listens: a connection that cannot is
    // refused with the error, never used deaf to its own writes (the read cache relies on them).
    onConnect: async (client: pg.ClientBase) => {
      const own = `${DATA_CHANGED}_${(client as unknown as { processID: number }).processID}`;
      client.on('notification', (msg) => {
        if (msg.channel === own) dataChanged();
      });
      await client.query(`LISTEN "${own}"`);
    },
  });
  // An idle pooled connection that the server drops (restart, failover, a dropped database) is
  // discarded by the pool and replaced on next use; without a listener it would crash the process.
  pool.on('error', () => {});
  // Fail fast with a clear message instead of on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  sendQueuedAtCommit(db);
  let listener: pg.Client | null = null;
  let closing = false;
  let firstConnect: Promise<pg.Client> | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const reconnectHooks = new Set<() => void>();

  // One connection LISTENs for the whole instance. If it drops, reconnect with back-off and
  // LISTEN again; subscribers are told, since NOTIFYs sent meanwhile are gone.
  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    client.on('notification', (msg) => {
      for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    const lost = () => {
      if (closing || listener !== client) return;
      listener = null;
      client.end().catch(() => {});
      void reconnect();
    };
    client.on('error', lost);
    client.on('end', lost);
    for (const channel of handlers.keys()) await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    return client;
  }
  async function reconnect(attempt = 0): Promise<void> {
    await new Promise((r) => setTimeout(r, Math.min(10_000, 250 * 2 ** attempt)));
    if (closing) return;
    try {
      listener = await connectListener();
      for (const hook of reconnectHooks) hook();
    } catch {
      return reconnect(attempt + 1);
    }
  }

  const listen: Database['listen'] = async (channel, onPayload, opts) => {
    let set = handlers.get(channel);
    const isNew = !set;
    if (!set) {
      set = new Set();
      handlers.set(channel, set);
    }
    set.add(onPayload);
    if (!listener) {
      // Concurrent first subscribers share one connection attempt.
      firstConnect ??= connectListener().then((c) => (listener = c));
      await firstConnect;
    } else if (isNew) await listener.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    const onReconnect = opts?.onReconnect;
    if (onReconnect) reconnectHooks.add(onReconnect);
    return async () => {
      set.delete(onPayload);
      if (onReconnect) reconnectHooks.delete(onReconnect);
    };
  };

  return {
    db,
    kind: 'postgres',
    async prepared<T>(name: string | null, query: SQL | Query) {
      const { sql: text, params } = is(query, SQL) ? dialect.sqlToQuery(query) : query;
      const result = await pool.query({ ...(name ? { name } : {}), text, values: params as unknown[], types: RAW_TEXT_TYPES });
      return result.rows as T[];
    },
    async migrate() {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(conn), { migrationsFolder: migrationsFolder() });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        conn.release();
      }
    },
    async recycleConnections() {
      // Those in use go when released: pg-pool's own mark for a client past its lifetime.
      const internals = pool as unknown as { _clients?: object[]; _expired?: WeakSet<object> };
      for (const client of internals._clients ?? []) internals._expired?.add(client);
      const idle: pg.PoolClient[] = [];
      try {
        for (let i = pool.idleCount; i > 0; i--) idle.push(await pool.connect());
      } finally {
        for (const client of idle) client.release(true);
      }
      dataChanged();
    },
    async onDataChanged(onChange) {
      // Changes missed while the listening connection was down may be anything.
      listeningForChanges ??= listen(DATA_CHANGED, dataChanged, { onReconnect: dataChanged });
      await listeningForChanges;
      dataWatchers.add(onChange);
      return async () => void dataWatchers.delete(onChange);
    },
    listen,
    async close() {
      closing = true;
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}
