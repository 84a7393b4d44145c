import fs from 'node:fs';
import path from 'node:path';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import type { DbOrTx } from '../../db/client.js';
import { migrationsFolder } from '../../db/migrations-folder.js';
import { countAppliedMigrations, type TableInfo } from './catalog-queries.js';

/**
 * The order a backup writes (and a restore loads) the tables in, and how far the schema is
 * migrated: the migration journal and files on disk against the database's migration log. The
 * catalog itself is read in catalog-queries.ts.
 */

/**
 * The tables parents first (a table after every table it references), ties by name, so a
 * restore can load the file front to back. Tables in a reference cycle (none today) come last,
 * by name; the restore stages those and inserts them when it can.
 */
export function loadOrder(tables: Map<string, TableInfo>): string[] {
  const order: string[] = [];
  const placed = new Set<string>();
  const pending = [...tables.keys()].sort();
  for (;;) {
    const ready = pending.filter((name) => !placed.has(name) && tables.get(name)!.parents.every((p) => placed.has(p)));
    if (!ready.length) break;
    // One at a time, smallest name first: the order is the same on every database.
    const next = ready[0]!;
    order.push(next);
    placed.add(next);
  }
  for (const name of pending) if (!placed.has(name)) order.push(name);
  return order;
}

// --- Migrations -------------------------------------------------------------------------------

export interface MigrationState {
  /** Rows of drizzle.__drizzle_migrations: how many migrations the database has had. */
  count: number;
  /** The tag (file name) of the last of them, from the journal; '' before any. */
  tag: string;
}

export interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

/** The committed journal (apps/server/drizzle/meta/_journal.json) or another folder's (tests). */
export function readJournal(folder = migrationsFolder()): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

/** The migration files as drizzle's migrator reads them: statements, hash and timestamp each. */
export function readMigrations(folder = migrationsFolder()): MigrationMeta[] {
  return readMigrationFiles({ migrationsFolder: folder });
}

export async function migrationState(db: DbOrTx, folder = migrationsFolder()): Promise<MigrationState> {
  const count = await countAppliedMigrations(db);
  return { count, tag: count ? (readJournal(folder)[count - 1]?.tag ?? 'unknown') : '' };
}
