import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { z } from 'zod';
import type { TBackup } from '@portal/shared';

/**
 * The backup file (docs/backup.md). One file `<id>.ndjson.gz`: gzip of UTF-8 NDJSON lines —
 *
 * 1. the header: `{"format":"service-portal-backup","format_version":1,"app_version":…,
 *    "migration":{"count":N,"tag":…},"database":"pglite"|"postgres","created_at":ISO,
 *    "created_by":{id,name}|null,"source":"manual"|"scheduled","tables":[{"name","columns","rows"},…]}`
 * 2. per table, in the header's order (parents before the tables that reference them): the line
 *    `{"table":"<name>"}`, then one line per row, ordered by primary key — the row as PostgreSQL
 *    itself wrote it with row_to_json, every column cast to text except json/jsonb (exact:
 *    numeric, timestamptz in UTC, bytea as `\x…` hex, enums, arrays). Node never parses a row.
 *    A json column that holds a top-level JSON `null` in some row (which row_to_json could not
 *    tell from SQL NULL) is listed in its table's `wrapped_json` and written as `[value]`.
 * 3. the trailer: `{"sha256":"<hex of SHA-256 over every preceding uncompressed byte, newlines
 *    included>","rows":<total>}`.
 */

export const BACKUP_FORMAT = 'service-portal-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_EXTENSION = '.ndjson.gz';
/** No header is longer (34 tables of column names take ~10 KB). */
const MAX_HEADER_BYTES = 1024 * 1024;
/**
 * No row line is longer: the largest row is an attachment (10 MB photo and its thumbnail, twice
 * that as hex). A longer line — a crafted file that inflates to one endless line — is refused
 * before it fills the memory.
 */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

export const ZBackupHeaderTable = z.object({
  name: z.string().min(1),
  columns: z.array(z.string().min(1)).min(1),
  rows: z.number().int().min(0),
  wrapped_json: z.array(z.string()).optional(),
});
export type BackupHeaderTable = z.infer<typeof ZBackupHeaderTable>;

export const ZBackupHeader = z.object({
  format: z.literal(BACKUP_FORMAT),
  format_version: z.number().int(),
  app_version: z.string(),
  migration: z.object({ count: z.number().int().min(0), tag: z.string() }),
  database: z.enum(['pglite', 'postgres']),
  created_at: z.string(),
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  source: z.enum(['manual', 'scheduled']),
  tables: z.array(ZBackupHeaderTable),
});
export type BackupHeader = z.infer<typeof ZBackupHeader>;

const ZTrailer = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), rows: z.number().int().min(0) }).strict();
export type BackupTrailer = z.infer<typeof ZTrailer>;

export type BackupProblem = 'backup_damaged' | 'backup_newer_version' | 'backup_incompatible';

/** Why a file cannot be restored (or kept, for an upload): a stable reason and a sentence for people. */
export class BackupFileError extends Error {
  constructor(
    readonly reason: BackupProblem,
    message: string,
  ) {
    super(message);
  }
}
const damaged = (message: string) => new BackupFileError('backup_damaged', message);

// --- Names -----------------------------------------------------------------------------------

/** `backup-20250101T020000Z-3f9a1c`: sortable by time, safe in a path (ZBackupIdParams). */
export function newBackupId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `backup-${stamp}-${randomBytes(4).toString('hex')}`;
}
export const backupPath = (dir: string, id: string) => path.join(dir, `${id}${BACKUP_EXTENSION}`);
export const sidecarPath = (dir: string, id: string) => path.join(dir, `${id}.json`);

// --- Reading ---------------------------------------------------------------------------------

/**
 * The lines of a stream of bytes, without their newline. A yielded buffer may share memory with
 * the stream's chunk: use it (or keep it) before asking for the next — it is never overwritten.
 */
export async function* splitLines(stream: AsyncIterable<Buffer>, maxLine = MAX_LINE_BYTES): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let partBytes = 0;
  for await (const chunk of stream) {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      if (nl < 0) break;
      const piece = chunk.subarray(start, nl);
      start = nl + 1;
      if (parts.length) {
        parts.push(piece);
        const line = Buffer.concat(parts, partBytes + piece.length);
        parts = [];
        partBytes = 0;
        if (line.length > maxLine) throw damaged('The backup file holds a line longer than any backup writes');
        yield line;
      } else {
        if (piece.length > maxLine) throw damaged('The backup file holds a line longer than any backup writes');
        yield piece;
      }
    }
    if (start < chunk.length) {
      parts.push(chunk.subarray(start));
      partBytes += chunk.length - start;
      if (partBytes > maxLine) throw damaged('The backup file holds a line longer than any backup writes');
    }
  }
  if (parts.length) yield Buffer.concat(parts, partBytes);
}

export interface ReadHandlers {
  /** After the header is read and checked as a header (not yet its version against this server). */
  onHeader?(header: BackupHeader): void | Promise<void>;
  onTableStart?(table: BackupHeaderTable, index: number): void | Promise<void>;
  /** One row line as written (a JSON object), its bytes untouched. */
  onRow?(line: Buffer, table: BackupHeaderTable): void | Promise<void>;
  onTableEnd?(table: BackupHeaderTable, index: number): void | Promise<void>;
}

export interface ReadResult {
  header: BackupHeader;
  trailer: BackupTrailer;
  /** SHA-256 of the content as computed while reading (equals trailer.sha256, or the read threw). */
  sha256: string;
  /** Bytes of the file. */
  size: number;
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const NEWLINE = Buffer.from('\n');

/**
 * Reads a backup file front to back — decompressing, hashing, and walking its structure (header,
 * each table's marker and exactly its rows, the trailer, the end) — and hands each part to the
 * handlers. Throws BackupFileError('backup_damaged') for a truncated file (gzip error, no
 * trailer), a tampered one (checksum or gzip CRC mismatch) or anything that is not a backup; an
 * error a handler throws passes through as it is. Memory stays bounded by the longest line.
 */
export async function readBackupFile(file: string, handlers: ReadHandlers = {}): Promise<ReadResult> {
  const size = (await fs.promises.stat(file)).size;
  const gunzip = zlib.createGunzip();
  const source = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
  source.on('error', (err) => gunzip.destroy(err));
  source.pipe(gunzip);
  const hash = createHash('sha256');
  const lines = splitLines(gunzip);

  const next = async (what: string): Promise<Buffer> => {
    let r: IteratorResult<Buffer>;
    try {
      r = await lines.next();
    } catch (err) {
      if (err instanceof BackupFileError) throw err;
      throw damaged(gzipMessage(err));
    }
    if (r.done) throw damaged(`The backup file ends early (no ${what}): it is truncated`);
    return r.value;
  };

  try {
    const headerLine = await next('header');
    if (headerLine.length > MAX_HEADER_BYTES) throw damaged('This is not a service portal backup file');
    const header = parseHeader(headerLine);
    hash.update(headerLine).update(NEWLINE);
    await handlers.onHeader?.(header);

    let total = 0;
    for (const [index, table] of header.tables.entries()) {
      const marker = await next(`table ${table.name}`);
      if (!marker.equals(Buffer.from(JSON.stringify({ table: table.name })))) {
        throw damaged(`The backup file does not hold the rows of table ${table.name} where its header says`);
      }
      hash.update(marker).update(NEWLINE);
      await handlers.onTableStart?.(table, index);
      for (let i = 0; i < table.rows; i++) {
        const row = await next(`row ${i + 1} of table ${table.name}`);
        if (row[0] !== OPEN_BRACE || row[row.length - 1] !== CLOSE_BRACE) {
          throw damaged(`Row ${i + 1} of table ${table.name} in the backup file is not a row`);
        }
        hash.update(row).update(NEWLINE);
        await handlers.onRow?.(row, table);
      }
      total += table.rows;
      await handlers.onTableEnd?.(table, index);
    }

    const trailerLine = await next('checksum');
    let trailer: BackupTrailer;
    try {
      trailer = ZTrailer.parse(JSON.parse(trailerLine.toString('utf8')));
    } catch {
      throw damaged('The backup file has more rows than its header says, or no valid checksum line');
    }
    // Nothing may follow the trailer (a final newline is not a line).
    let more: IteratorResult<Buffer>;
    try {
      more = await lines.next();
      while (!more.done && more.value.length === 0) more = await lines.next();
    } catch (err) {
      throw damaged(gzipMessage(err));
    }
    if (!more.done) throw damaged('The backup file goes on after its checksum line');
    const sha256 = hash.digest('hex');
    if (sha256 !== trailer.sha256) throw damaged('The backup file does not match its checksum: it was changed or damaged');
    if (trailer.rows !== total) throw damaged('The backup file does not hold as many rows as its checksum line says');
    return { header, trailer, sha256, size };
  } finally {
    await lines.return(undefined).catch(() => {});
    source.destroy();
    gunzip.destroy();
  }
}

function parseHeader(line: Buffer): BackupHeader {
  let value: unknown;
  try {
    value = JSON.parse(line.toString('utf8'));
  } catch {
    throw damaged('This is not a service portal backup file');
  }
  const format = (value as { format?: unknown } | null)?.format;
  if (format !== BACKUP_FORMAT) throw damaged('This is not a service portal backup file');
  const version = (value as { format_version?: unknown }).format_version;
  if (typeof version === 'number' && version > BACKUP_FORMAT_VERSION) {
    throw new BackupFileError('backup_newer_version', `This backup was written in a newer file format (${version}) than this server reads: update the server first`);
  }
  const parsed = ZBackupHeader.safeParse(value);
  if (!parsed.success || parsed.data.format_version !== BACKUP_FORMAT_VERSION) throw damaged('The header of the backup file is not valid');
  const names = new Set(parsed.data.tables.map((t) => t.name));
  if (names.size !== parsed.data.tables.length) throw damaged('The header of the backup file names a table twice');
  return parsed.data;
}

function gzipMessage(err: unknown): string {
  const code = (err as { code?: string }).code;
  if (code === 'Z_BUF_ERROR' || /unexpected end/i.test((err as Error).message ?? '')) return 'The backup file ends early: it is truncated';
  if (code === 'Z_DATA_ERROR') {
    return /incorrect header check|unknown compression/i.test((err as Error).message)
      ? 'This is not a service portal backup file (not gzip)'
      : 'The backup file is damaged: its compressed data does not check out';
  }
  return `The backup file could not be read: ${(err as Error).message}`;
}

/** A backup's listing entry from its header and trailer. */
export function backupOf(id: string, result: Pick<ReadResult, 'header' | 'trailer' | 'size'>, source: TBackup['source']): TBackup {
  const { header, trailer, size } = result;
  return {
    id,
    created_at: header.created_at,
    created_by: header.created_by && /^[0-9a-f-]{36}$/i.test(header.created_by.id) ? header.created_by : null,
    source,
    size,
    sha256: trailer.sha256,
    app_version: header.app_version,
    migration: header.migration,
    database: header.database,
    counts: Object.fromEntries(header.tables.map((t) => [t.name, t.rows])),
  };
}
