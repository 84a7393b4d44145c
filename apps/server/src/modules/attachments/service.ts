import { ATTACHMENT_KINDS, type TAttachment } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { checkWork, lockForWork } from '../field-work/index.js';
import { publishChange, type RequestCaller } from '../service-requests/index.js';
import { prepareImage } from '../../lib/images.js';
import { deleteAttachment, deleteRequestAttachmentsOfKind, findAttachment, findVisibleAttachment, findVisibleAttachmentFile, insertAttachment } from './queries.js';

/**
 * Photos of the device and the work, and signature images (PRODUCT.md §3): stored in the
 * database, images only (checked by content), at most MAX_PHOTO_BYTES, without metadata.
 * Adding one follows the work rules (the request's technician or an admin, while the work is
 * open); reading one follows the request's row rules.
 */
export function createAttachmentService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async upload(caller: RequestCaller, requestId: string, file: Buffer, kind: string, caption: string | null): Promise<TAttachment> {
      if (!(ATTACHMENT_KINDS as readonly string[]).includes(kind)) throw badRequest({ kind: kind ? 'invalid' : 'required' });
      // Decoding and re-encoding happen before the transaction: no lock is held meanwhile.
      const image = await prepareImage(file);
      const id = await db.transaction(async (tx) => {
        const row = await lockForWork(tx, caller, requestId);
        checkWork(row, caller, 'add_photos');
        // One signature of each kind per request: a new one replaces it.
        if (kind !== 'photo') await deleteRequestAttachmentsOfKind(tx, requestId, kind);
        const attachmentId = await insertAttachment(tx, { requestId, kind, contentType: image.contentType, data: image.data, thumbnail: image.thumbnail, caption, createdBy: caller.userId });
        await audit(tx, { actorId: caller.userId, action: `service_request.${kind}_added`, entity: 'service_request', entityId: requestId, after: { attachment: attachmentId, size: image.data.length }, ip: caller.ip });
        await publishChange(tx, 'service_request.updated', { id: row.id, status: row.status, customer_id: row.customer_id }, [row.technician_id]);
        return attachmentId;
      });
      const out = await findAttachment(db, id);
      return out!;
    },

    /** The image (or its thumbnail) of a request the caller may see; 404 otherwise. */
    async read(caller: RequestCaller, id: string, thumb: boolean): Promise<{ contentType: string; data: Buffer }> {
      const row = await findVisibleAttachmentFile(db, caller, id, thumb);
      if (!row) throw notFound('Attachment');
      // Signatures have no thumbnail: they are small, the image itself is served.
      if (thumb && row.thumbnail) return { contentType: 'image/jpeg', data: Buffer.from(row.thumbnail) };
      if (thumb) return this.read(caller, id, false);
      return { contentType: row.content_type, data: Buffer.from(row.data!) };
    },

    /** A photo goes (its uploader or an admin, while photos may be added). Signatures are replaced, not deleted. */
    async remove(caller: RequestCaller, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const a = await findVisibleAttachment(tx, caller, id);
        if (!a) throw notFound('Attachment');
        const row = await lockForWork(tx, caller, a.request_id);
        checkWork(row, caller, 'add_photos');
        if (a.kind !== 'photo') throw forbidden('Signatures are replaced, not deleted');
        if (caller.role !== 'admin' && a.created_by !== caller.userId) throw forbidden('Only who added a photo (or an admin) removes it');
        await deleteAttachment(tx, id);
        await audit(tx, { actorId: caller.userId, action: 'service_request.photo_removed', entity: 'service_request', entityId: a.request_id, before: { attachment: id }, ip: caller.ip });
        await publishChange(tx, 'service_request.updated', { id: row.id, status: row.status, customer_id: row.customer_id }, [row.technician_id]);
      });
    },
  };
}

export type AttachmentService = ReturnType<typeof createAttachmentService>;
