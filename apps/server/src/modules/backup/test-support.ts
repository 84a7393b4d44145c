import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { ident, qualified, readCatalog } from './catalog-queries.js';

/**
 * Test helpers of the backup tests (no tests here). A database's content, table by table: each
 * row as row_to_json text in primary-key order, times in UTC, and every index's definition —
 * what must come back identical.
 */
export async function snapshot(db: Db, skip: string[] = ['sessions', 'refresh_tokens']): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local timezone = 'UTC'`));
    const catalog = await readCatalog(tx);
    const out: Record<string, string[]> = {};
    for (const [name, t] of [...catalog].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (skip.includes(name)) continue;
      const order = t.primaryKey.length ? ` order by ${t.primaryKey.map(ident).join(', ')}` : '';
      out[name] = rowsOf<{ j: string }>(await tx.execute(sql.raw(`select row_to_json(t)::text as j from ${qualified(name)} t${order}`))).map((r) => r.j);
    }
    // And the schema's indexes (a restore drops and rebuilds the secondary ones): the same after.
    out['(indexes)'] = rowsOf<{ d: string }>(
      await tx.execute(sql.raw(`select indexdef as d from pg_indexes where schemaname = 'public' order by indexname`)),
    ).map((r) => r.d);
    return out;
  });
}

export async function q<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** A multipart/form-data body holding one file. */
export function multipartBody(content: Buffer, field = 'file', filename = 'backup.ndjson.gz') {
  const boundary = `----backup${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/gzip\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The uncompressed lines of a backup file (small test files only). */
export function linesOf(file: string): string[] {
  const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
  return text.replace(/\n$/, '').split('\n');
}

/** Writes `lines` (header … last row) as a backup file with a correct checksum trailer. */
export function writeLines(file: string, lines: string[], rows: number): void {
  const content = lines.map((l) => `${l}\n`).join('');
  const sha256 = createHash('sha256').update(content).digest('hex');
  fs.writeFileSync(file, zlib.gzipSync(Buffer.from(`${content}${JSON.stringify({ sha256, rows })}\n`)));
}
