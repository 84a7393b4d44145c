import multipart from '@fastify/multipart';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_PHOTO_BYTES, ZAttachment } from '@portal/shared';
import { assertSafeInput } from '../../plugins/input-guard.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { actorOf } from '../../plugins/access.js';
import { idempotentUpload, uploadFingerprint } from '../idempotency/index.js';
import type { AttachmentService } from './service.js';

const params = z.object({ id: z.uuid({ message: 'invalid' }) });
const tags = ['field work'];

/** The multipart limits of an upload: one file, a few short fields, never more than MAX_PHOTO_BYTES buffered. */
const LIMITS = { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 4, fieldSize: 1000, parts: 6 };

/**
 * What a failure while reading a multipart body is answered (issue #22): our own refusals as they
 * are; the file over its size 413 file_too_large; too many parts, files or fields 413
 * payload_too_large; anything else — busboy's errors carry no status ('Multipart: Boundary not
 * found', 'Unexpected end of multipart data', 'Part terminated early…'), the plugin's 4xx ones
 * (a `__proto__` field, a field declared JSON that is not) — is a malformed body: 400, never 500.
 * Only reading the body happens where this is used, so no error of ours is hidden by it.
 */
function multipartError(err: unknown, log: FastifyBaseLogger): AppError {
  if (err instanceof AppError) return err;
  const { code, message } = err as { code?: string; message?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(413, 'file_too_large', `The file is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB`, { fields: { file: 'too_long' } });
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(413, 'payload_too_large', `The form has too many parts: one file and at most ${LIMITS.fields} fields are accepted`);
  }
  log.debug({ code, message }, 'malformed multipart body');
  return badRequest({ file: 'invalid' }, 'The upload could not be read: send one image as multipart/form-data (field `file`)');
}

/** Photos and signature images of a request (issue #10). */
export const attachmentRoutes: FastifyPluginAsyncZod<{ attachments: AttachmentService }> = async (app, { attachments }) => {
  // Scoped to these routes.
  await app.register(multipart, { limits: LIMITS });

  app.post(
    '/service-requests/:id/attachments',
    {
      // The key is claimed once the parts are read (below): the hooks run before the body is.
      config: { access: 'work:service_request', idempotent: 'multipart' },
      schema: {
        tags,
        summary: 'Upload a photo or a signature (multipart: field `file`, `kind` photo | technician_signature | customer_signature, optional `caption`)',
        params,
        response: { 201: ZAttachment },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw badRequest({ file: 'required' }, 'Send the image as multipart/form-data');
      const fields: Record<string, string> = {};
      let file: Buffer | null = null;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file') throw badRequest({ [part.fieldname]: 'invalid' });
            file = await part.toBuffer();
          } else {
            fields[part.fieldname] = String(part.value ?? '');
          }
        }
      } catch (err) {
        throw multipartError(err, req.log);
      }
      // Multipart fields reach no route schema: the same text rule as every other input.
      assertSafeInput(fields, 'body');
      if (!file || !file.length) throw badRequest({ file: 'required' });
      const caption = fields.caption?.trim() ? fields.caption.trim().slice(0, 500) : null;
      const kind = fields.kind ?? '';
      // A replayed upload (the device's outbox sends it again) answers the first answer: one photo stored.
      if (await idempotentUpload(req, reply, uploadFingerprint(file, { kind, caption }))) return reply;
      const out = await attachments.upload(actorOf(req), req.params.id, file, kind, caption);
      return reply.code(201).send(out);
    },
  );

  app.get(
    '/attachments/:id',
    {
      config: { access: 'read:service_request' },
      schema: { tags, summary: 'An image of a request the caller may see (`?thumb=1`: its thumbnail)', params, querystring: z.object({ thumb: z.enum(['0', '1']).optional() }) },
    },
    async (req, reply) => {
      const file = await attachments.read(actorOf(req), req.params.id, req.query.thumb === '1');
      return reply.header('content-type', file.contentType).header('cache-control', 'private, max-age=3600').header('x-content-type-options', 'nosniff').send(file.data);
    },
  );

  app.delete(
    '/attachments/:id',
    { config: { access: 'work:service_request' }, schema: { tags, summary: 'Remove a photo (who added it, or an admin)', params } },
    async (req, reply) => {
      await attachments.remove(actorOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
};
