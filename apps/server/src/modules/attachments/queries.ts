import { sql } from 'drizzle-orm';
import type { ATTACHMENT_KINDS, TAttachment } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { isoSql } from '../../db/sql.js';
import { type RequestCaller, requestVisibleTo } from '../service-requests/index.js';

export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

const ATTACHMENT_COLUMNS = sql`a.id, a.kind, a.content_type, a.size, a.caption, ${isoSql('a.created_at')} as created_at,
  '/api/attachments/' || a.id as url, '/api/attachments/' || a.id || '?thumb=1' as thumb_url`;

/** An attachment as the API shows it (null: no such attachment). */
export async function findAttachment(db: DbOrTx, id: string): Promise<TAttachment | null> {
  const [out] = rowsOf<TAttachment>(await db.execute(sql`select ${ATTACHMENT_COLUMNS} from attachments a where a.id = ${id}::uuid`));
  return out ?? null;
}

/** Deletes the request's signature of this kind (one of each kind per request: a new one replaces it). */
export async function deleteRequestAttachmentsOfKind(db: DbOrTx, requestId: string, kind: string): Promise<void> {
  await db.execute(sql`delete from attachments where request_id = ${requestId}::uuid and kind = ${kind}`);
}

/** A prepared image (re-encoded, without metadata) and its thumbnail. */
export interface NewAttachment {
  requestId: string;
  kind: string;
  contentType: string;
  data: Buffer;
  thumbnail: Buffer | null;
  caption: string | null;
  createdBy: string;
}

/** Inserts an attachment and returns its id. */
export async function insertAttachment(db: DbOrTx, a: NewAttachment): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
            insert into attachments (request_id, kind, content_type, size, data, thumbnail, caption, created_by)
            values (${a.requestId}::uuid, ${a.kind}::attachment_kind, ${a.contentType}, ${a.data.length}, ${a.data}, ${a.thumbnail}, ${a.caption}, ${a.createdBy}::uuid)
            returning id`),
  );
  return row!.id;
}

export interface AttachmentFileRow {
  content_type: string;
  data: Buffer | Uint8Array | null;
  thumbnail: Buffer | Uint8Array | null;
}

/**
 * The image (or, `thumb`, only its thumbnail: the other column is read as null) of an
 * attachment of a request the caller may see; null otherwise.
 */
export async function findVisibleAttachmentFile(db: DbOrTx, caller: RequestCaller, id: string, thumb: boolean): Promise<AttachmentFileRow | null> {
  const [row] = rowsOf<AttachmentFileRow>(
    await db.execute(sql`
          select a.content_type, ${thumb ? sql`null::bytea` : sql`a.data`} as data, ${thumb ? sql`a.thumbnail` : sql`null::bytea`} as thumbnail
          from attachments a join service_requests r on r.id = a.request_id
          where a.id = ${id}::uuid and ${requestVisibleTo(caller, 'r')}`),
  );
  return row ?? null;
}

/** An attachment of a request the caller may see: its request, kind and uploader (null otherwise). */
export async function findVisibleAttachment(db: DbOrTx, caller: RequestCaller, id: string): Promise<{ request_id: string; kind: AttachmentKind; created_by: string | null } | null> {
  const [a] = rowsOf<{ request_id: string; kind: AttachmentKind; created_by: string | null }>(
    await db.execute(sql`
            select a.request_id, a.kind, a.created_by from attachments a join service_requests r on r.id = a.request_id
            where a.id = ${id}::uuid and ${requestVisibleTo(caller, 'r')}`),
  );
  return a ?? null;
}

export async function deleteAttachment(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`delete from attachments where id = ${id}::uuid`);
}
