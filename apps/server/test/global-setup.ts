import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { seedDemoData } from '../src/demo/seed.js';
import { createTestDatabase } from './postgres-databases.js';

/**
 * Every test server starts on a database of its own holding the demo company. Making one takes
 * seconds: ~3 s to create a PGlite database, ~0.5 s of migrations on PostgreSQL, and 8–11 s to
 * load the demo company on either (measured on a busy 2-core machine) — while a copy takes
 * ~0.5 s (a PGlite dump loaded) or ~0.15 s (a PostgreSQL database made from a template). So the migrations and the demo company are made
 * once here, for the project's database, and each test server starts from a copy (test/harness.ts).
 * The demo company's times are relative to when it is loaded, so they are minutes older than a
 * test that reads them: no test may depend on the seed having run just now.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  // The PostgreSQL project reads the PGlite dump too (a backup taken on one database restores on the other).
  const dumpPath = path.join(dir, 'seeded.tar');
  const database = await openPglite(null);
  await migrateAndSeed(database);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', dumpPath);
  const template = project.config.env?.TEST_DB === 'postgres' ? await makePostgresTemplate() : null;
  project.provide('pgTemplate', template?.name ?? '');
  return async () => {
    await template?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

/** A PostgreSQL database, migrated and holding the demo company, for each test server to copy. */
async function makePostgresTemplate() {
  const template = await createTestDatabase('portal_test_template');
  try {
    const database = await openPostgres(template.url, 1);
    await migrateAndSeed(database);
    // A database can be copied only while nobody is connected to it.
    await database.close();
  } catch (err) {
    await template.drop();
    throw err;
  }
  return template;
}

async function migrateAndSeed(database: Database) {
  await database.migrate();
  await seedDemoData(database.db);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite dump of a migrated database holding the demo company (both projects). */
    pgliteDump: string;
    /** A PostgreSQL database, migrated and holding the demo company, to copy (server:postgres). */
    pgTemplate: string;
  }
}
