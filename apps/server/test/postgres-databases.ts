import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs one statement on the test PostgreSQL server's maintenance database (TEST_DATABASE_URL). */
async function onServer(statement: string): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('the PostgreSQL tests need TEST_DATABASE_URL');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the test PostgreSQL server, named `<prefix>_<random>`: empty, or a copy of
 * `template` (which nobody may be connected to meanwhile). `drop` removes it, connections and all.
 */
export async function createTestDatabase(prefix: string, template?: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}
