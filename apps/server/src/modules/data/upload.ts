import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMPORT_MAX_BYTES, isSafeText } from '@portal/shared';
import { AppError, badRequest } from '../../lib/errors.js';

/**
 * An import file arrives as the request body (text/csv) or as the multipart field `file`, and
 * is streamed to a file under <data dir>/imports — never held in memory — because the import
 * reads it twice (check, then write).
 */
export interface Upload {
  path: string;
  fileName: string | null;
  /** Handed to an import, which deletes it when done; otherwise the request's end deletes it. */
  claimed: boolean;
}

const UPLOAD = Symbol('import upload');
const isUpload = (v: unknown): v is Upload & { [UPLOAD]: true } => typeof v === 'object' && v !== null && UPLOAD in v;

const tooLarge = () =>
  new AppError(413, 'file_too_large', `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`, { fields: { file: 'too_long' } });

/** A file name as the client gave it, if it is one we can store and show. */
function cleanFileName(name: string | undefined): string | null {
  const base = name ? path.basename(name.replace(/\\/g, '/')).trim().slice(0, 200) : '';
  return base && isSafeText(base) ? base : null;
}

async function saveStream(dir: string, source: Readable, fileName: string | null): Promise<Upload> {
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.csv`);
  const out = fs.createWriteStream(file);
  try {
    await new Promise<void>((resolve, reject) => {
      let bytes = 0;
      const onData = (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > IMPORT_MAX_BYTES) {
          // Stop writing, but let the rest of the body drain unread, as Fastify's own body
          // limit does: destroying the request would cut the connection before the 413 is sent.
          source.removeListener('data', onData);
          source.removeListener('end', onEnd);
          source.resume();
          reject(tooLarge());
          return;
        }
        if (!out.write(chunk)) {
          source.pause();
          out.once('drain', () => source.resume());
        }
      };
      const onEnd = () => out.end();
      source.on('data', onData);
      source.once('end', onEnd);
      source.once('error', reject);
      out.once('error', reject);
      out.once('finish', resolve);
    });
  } catch (err) {
    out.destroy();
    await fs.promises.rm(file, { force: true });
    throw err;
  }
  return { path: file, fileName, claimed: false, [UPLOAD]: true } as Upload;
}

export const removeUpload = (upload: Upload) => fs.promises.rm(upload.path, { force: true });

/**
 * Registers, in the calling plugin only, the text/csv body: streamed to a file as it arrives
 * (after the access hook has let the caller in), refused past IMPORT_MAX_BYTES with 413. A
 * request that ends before an import took its file (a 400 on the query, say) deletes it.
 */
export function acceptCsvBodies(app: FastifyInstance, dir: string) {
  app.addContentTypeParser('text/csv', async (req: FastifyRequest, payload: Readable) => {
    if (Number(req.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES) throw tooLarge();
    return saveStream(dir, payload, null);
  });
  app.addHook('onResponse', async (req) => {
    if (isUpload(req.body) && !req.body.claimed) await removeUpload(req.body);
  });
}

/** The request's file: its text/csv body, or its multipart field `file`; null when it has neither. */
export async function uploadOf(req: FastifyRequest, dir: string): Promise<Upload | null> {
  if (isUpload(req.body)) return req.body;
  if (!req.isMultipart()) return null;
  let upload: Upload | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || upload) {
        part.file.resume();
        throw badRequest({ [part.fieldname]: 'invalid' }, 'Send one file, in the field `file`');
      }
      upload = await saveStream(dir, part.file, cleanFileName(part.filename));
    }
  } catch (err) {
    if (upload) await removeUpload(upload);
    throw multipartError(err);
  }
  return upload;
}

/** Our own refusals as they are; the file over its size 413; anything else is a body that could not be read: 400. */
function multipartError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(413, 'payload_too_large', 'The form has too many parts: send one file in the field `file`');
  }
  return badRequest({ file: 'invalid' }, 'The upload could not be read: send the CSV file as multipart/form-data (field `file`) or as a text/csv body');
}

/** The multipart limits of an import upload: one file of at most IMPORT_MAX_BYTES, hardly any fields. */
export const MULTIPART_LIMITS = { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, fieldSize: 1000, parts: 6 };
