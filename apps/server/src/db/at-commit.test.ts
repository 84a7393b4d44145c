import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { is, sql, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { startTestServer, type TestServer } from '../../test/harness.js';
import type { Database, Tx } from './client.js';
import { NOTIFICATIONS_PER_STATEMENT, notifyInTransaction, sendQueuedWrites, writeInTransaction, WRITES_PER_STATEMENT } from './at-commit.js';
import { rowsOf } from './rows.js';
import { EVENTS_CHANNEL, publish } from '../modules/realtime/index.js';

let server: TestServer;
let database: Database;
const CHANNEL = 'notify_at_commit_test';
const received: string[] = [];
let stopListening: () => Promise<void>;

beforeAll(async () => {
  server = await startTestServer();
  database = server.ctx.database;
  stopListening = await database.listen(CHANNEL, (payload) => received.push(payload));
  await database.db.execute(sql`create table at_commit_test (v text not null)`);
}, 120_000);
afterAll(async () => {
  await stopListening();
  await server.close();
});

/**
 * What arrived up to a marker sent afterwards, outside any transaction: PostgreSQL delivers
 * notifications in commit order, so anything still to come from earlier would arrive before it.
 */
async function arrivals(): Promise<string[]> {
  await notifyInTransaction(database.db, CHANNEL, 'marker');
  const deadline = Date.now() + 5_000;
  while (!received.includes('marker') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  const got = received.splice(0);
  expect(got.at(-1)).toBe('marker');
  return got.slice(0, -1);
}

const dialect = new PgDialect();

/** Counts the statements run on `tx` from now on that send a NOTIFY (node-postgres also commits through it). */
function countStatements(tx: Tx): { count: number } {
  const counter = { count: 0 };
  const execute = tx.execute.bind(tx);
  tx.execute = ((query: Parameters<Tx['execute']>[0]) => {
    if (is(query, SQL) && dialect.sqlToQuery(query).sql.includes('pg_notify')) counter.count++;
    return execute(query);
  }) as Tx['execute'];
  return counter;
}

describe('NOTIFY at commit', () => {
  it('sends a transaction’s notifications in one statement before the commit, in order, and delivers them on commit', async () => {
    let during = -1;
    let counter!: { count: number };
    await database.db.transaction(async (tx) => {
      counter = countStatements(tx);
      for (const payload of ['first', 'second', 'third']) await notifyInTransaction(tx, CHANNEL, payload);
      during = counter.count;
    });
    expect(during).toBe(0);
    expect(counter.count).toBe(1);
    expect(await arrivals()).toEqual(['first', 'second', 'third']);
  });

  it('sends a great many in statements of a thousand, all delivered in order', async () => {
    const payloads = Array.from({ length: NOTIFICATIONS_PER_STATEMENT * 2 + 5 }, (_, i) => `n${i}`);
    let counter!: { count: number };
    await database.db.transaction(async (tx) => {
      counter = countStatements(tx);
      for (const payload of payloads) await notifyInTransaction(tx, CHANNEL, payload);
    });
    expect(counter.count).toBe(3);
    expect(await arrivals()).toEqual(payloads);
  });

  it('sends nothing when the transaction rolls back, and the error reaches the caller', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await notifyInTransaction(tx, CHANNEL, 'never');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await arrivals()).toEqual([]);
  });

  it('sends at once in a savepoint, delivered with the outer commit and dropped with the savepoint’s rollback', async () => {
    await database.db.transaction(async (tx) => {
      await notifyInTransaction(tx, CHANNEL, 'outer');
      await tx.transaction(async (inner) => {
        const counter = countStatements(inner);
        await notifyInTransaction(inner, CHANNEL, 'kept');
        expect(counter.count).toBe(1);
      });
      await tx
        .transaction(async (inner) => {
          await notifyInTransaction(inner, CHANNEL, 'rolled back');
          throw new Error('undo the savepoint');
        })
        .catch(() => {});
    });
    expect((await arrivals()).sort()).toEqual(['kept', 'outer']);
  });

  it('sends at once outside a transaction, and after the callback on a handle kept past it', async () => {
    await notifyInTransaction(database.db, CHANNEL, 'alone');
    expect(await arrivals()).toEqual(['alone']);
    let kept!: Tx;
    await database.db.transaction(async (tx) => {
      kept = tx;
    });
    // A committed transaction's handle no longer queues: nothing is silently held back.
    const counter = countStatements(kept);
    await notifyInTransaction(kept, CHANNEL, 'late').catch(() => {});
    expect(counter.count).toBe(1);
    received.splice(0);
  });

  it('the realtime bus publishes through it: a change’s events go in one statement and arrive on commit', async () => {
    const events: { topic: string; event: string }[] = [];
    const stop = await database.listen(EVENTS_CHANNEL, (p) => events.push(JSON.parse(p) as { topic: string; event: string }));
    try {
      let counter!: { count: number };
      await database.db.transaction(async (tx) => {
        counter = countStatements(tx);
        await publish(tx, { topic: 'transfers', event: 'transfer.approved', audience: { roles: ['admin'] }, payload: { ids: [] } });
        await publish(tx, { topic: 'stock', event: 'stock.changed', audience: { roles: ['admin'] } });
      });
      expect(counter.count).toBe(1);
      const deadline = Date.now() + 5_000;
      while (events.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(events.map((e) => e.event)).toEqual(['transfer.approved', 'stock.changed']);
    } finally {
      await stop();
    }
  });
});

describe('writes at commit', () => {
  const insert = (v: string) => sql`insert into at_commit_test (v) values (${v})`;
  const values = async (db: Tx | Database['db'] = database.db) =>
    rowsOf<{ v: string }>(await db.execute(sql`select v from at_commit_test order by v`)).map((r) => r.v);
  const clear = () => database.db.execute(sql`delete from at_commit_test`);
  // Whatever an earlier test sent late (a NOTIFY on a kept handle) is drained before each.
  beforeEach(async () => {
    await arrivals();
  });

  /** Counts the statements run on `tx` from now on but its commit (node-postgres commits through it too). */
  function countAll(tx: Tx): { count: number } {
    const counter = { count: 0 };
    const execute = tx.execute.bind(tx);
    tx.execute = ((query: Parameters<Tx['execute']>[0]) => {
      if (!(is(query, SQL) && dialect.sqlToQuery(query).sql.trim() === 'commit')) counter.count++;
      return execute(query);
    }) as Tx['execute'];
    return counter;
  }

  it('go in the statement that sends the NOTIFYs, after the callback: unseen inside the transaction, there after its commit', async () => {
    await clear();
    let inside: string[] = [];
    let counter!: { count: number };
    let during = -1;
    await database.db.transaction(async (tx) => {
      counter = countAll(tx);
      await writeInTransaction(tx, insert('a'));
      await notifyInTransaction(tx, CHANNEL, 'with a');
      await writeInTransaction(tx, insert('b'));
      during = counter.count;
      inside = await values(tx);
    });
    expect(during).toBe(0);
    expect(inside).toEqual([]);
    // The read of `inside`, then one statement for both writes and the NOTIFY.
    expect(counter.count - during).toBe(2);
    expect(await values()).toEqual(['a', 'b']);
    expect(await arrivals()).toEqual(['with a']);
  });

  it('go without any NOTIFY too, and never when the transaction rolls back', async () => {
    await clear();
    await database.db.transaction(async (tx) => {
      await writeInTransaction(tx, insert('alone'));
    });
    await expect(
      database.db.transaction(async (tx) => {
        await writeInTransaction(tx, insert('never'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await values()).toEqual(['alone']);
  });

  it('a failing write fails the commit: nothing of the transaction stays', async () => {
    await clear();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(insert('before'));
        await writeInTransaction(tx, sql`insert into at_commit_test (v) values (null)`);
      }),
    ).rejects.toThrow();
    expect(await values()).toEqual([]);
  });

  it(`more than ${WRITES_PER_STATEMENT} go in groups, every one there after the commit`, async () => {
    await clear();
    const all = Array.from({ length: WRITES_PER_STATEMENT * 2 + 3 }, (_, i) => `w${String(i).padStart(3, '0')}`);
    let counter!: { count: number };
    await database.db.transaction(async (tx) => {
      counter = countAll(tx);
      for (const v of all) await writeInTransaction(tx, insert(v));
    });
    expect(counter.count).toBe(3);
    expect(await values()).toEqual(all);
  });

  it('sendQueuedWrites runs them at once for a caller that changes them before the commit; the NOTIFYs still wait', async () => {
    await clear();
    let inside: string[] = [];
    await database.db.transaction(async (tx) => {
      await writeInTransaction(tx, insert('early'));
      await notifyInTransaction(tx, CHANNEL, 'still at commit');
      await sendQueuedWrites(tx);
      await tx.execute(sql`update at_commit_test set v = 'changed' where v = 'early'`);
      inside = await values(tx);
      await sendQueuedWrites(tx); // nothing left: no statement, no error
    });
    expect(inside).toEqual(['changed']);
    expect(await values()).toEqual(['changed']);
    expect(await arrivals()).toEqual(['still at commit']);
  });

  it('run at once outside a transaction and in a savepoint, which keeps them only if it is kept', async () => {
    await clear();
    await writeInTransaction(database.db, insert('outside'));
    expect(await values()).toEqual(['outside']);
    await database.db.transaction(async (tx) => {
      await tx.transaction(async (inner) => {
        await writeInTransaction(inner, insert('kept'));
        expect(await values(inner)).toContain('kept');
      });
      await tx
        .transaction(async (inner) => {
          await writeInTransaction(inner, insert('rolled back'));
          throw new Error('undo the savepoint');
        })
        .catch(() => {});
    });
    expect(await values()).toEqual(['kept', 'outside']);
  });
});
