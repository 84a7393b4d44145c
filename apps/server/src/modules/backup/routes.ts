import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BACKUP_UPLOAD_MAX_BYTES,
  ZBackup,
  ZBackupIdParams,
  ZBackupList,
  ZBackupSchedule,
  ZRestoreRequest,
  ZRestoreResult,
} from '@portal/shared';
import { AppError, badRequest } from '../../lib/errors.js';
import { actorOf } from '../../plugins/access.js';
import type { BackupService } from './service.js';

const tags = ['backup'];
const access = 'manage:backup:any' as const;
const params = ZBackupIdParams;

/** Backups: make, list, download, upload, delete, restore, schedule (issue #23; docs/backup.md). */
export const backupRoutes: FastifyPluginAsyncZod<{ backups: BackupService }> = async (app, { backups }) => {
  // While these routes serve, a restore anywhere recycles this instance's connections.
  const stopListening = await backups.recycleConnectionsAfterRestores();
  app.addHook('onClose', () => stopListening());
  // Scoped to these routes: one file, streamed to disk, up to the upload limit.
  await app.register(multipart, { limits: { fileSize: BACKUP_UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get(
    '',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The backups, newest first, with the schedule, when the next scheduled backup runs and the last scheduled failure',
        response: { 200: ZBackupList },
      },
    },
    async () => backups.list(),
  );

  app.post(
    '',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Make a backup now (every table, attachments included; progress on the `data` topic); answers when it is written',
        response: { 201: ZBackup },
      },
    },
    async (req, reply) => reply.code(201).send(await backups.create(actorOf(req))),
  );

  app.get(
    '/schedule',
    { config: { access }, schema: { tags, summary: 'The backup schedule', response: { 200: ZBackupSchedule } } },
    async () => backups.getSchedule(),
  );

  app.put(
    '/schedule',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Set the backup schedule: off, daily at HH:MM or weekly on a weekday (0 = Sunday) at HH:MM in the company time zone; keep the newest N',
        body: ZBackupSchedule,
        response: { 200: ZBackupSchedule },
      },
    },
    async (req) => backups.putSchedule(actorOf(req), req.body),
  );

  app.post(
    '/upload',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Upload a backup file (multipart, field `file`, at most 2 GB); kept only if it reads as a whole, undamaged backup',
        response: { 201: ZBackup },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw badRequest({ file: 'required' }, 'Send the backup file as multipart/form-data (field `file`)');
      let part;
      try {
        part = await req.file();
      } catch (err) {
        throw uploadError(err);
      }
      if (!part) throw badRequest({ file: 'required' }, 'Send the backup file as multipart/form-data (field `file`)');
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw badRequest({ [part.fieldname]: 'invalid' }, 'Send the backup file in the field `file`');
      }
      try {
        return reply.code(201).send(await backups.upload(actorOf(req), part.file));
      } catch (err) {
        throw uploadError(err);
      }
    },
  );

  app.get(
    '/:id/download',
    {
      config: { access },
      schema: { tags, summary: 'Download a backup file (application/gzip)', params },
    },
    async (req, reply) => {
      const file = await backups.file(req.params.id);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename="${req.params.id}.ndjson.gz"`)
        .header('cache-control', 'no-store')
        .send(fs.createReadStream(file.path));
    },
  );

  app.delete(
    '/:id',
    { config: { access }, schema: { tags, summary: 'Delete a backup file', params } },
    async (req, reply) => {
      await backups.remove(actorOf(req), req.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/:id/restore',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Replace ALL data with a backup (body `{ "confirm": "RESTORE" }`): verified first, then loaded in one transaction (an older backup is migrated forward); every session ends',
        params,
        body: ZRestoreRequest,
        response: { 200: ZRestoreResult },
      },
    },
    async (req) => backups.restore(actorOf(req), req.params.id),
  );
};

/** An upload the multipart reader refused: too large, too many parts, or not a multipart body at all. */
function uploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(413, 'file_too_large', 'The file is larger than a backup upload may be (2 GB)', { fields: { file: 'too_long' } });
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(413, 'payload_too_large', 'Send one file and nothing else');
  }
  if (typeof (err as { statusCode?: number }).statusCode === 'number' || /multipart|boundary|unexpected end|terminated/i.test((err as Error).message ?? '')) {
    return badRequest({ file: 'invalid' }, 'The upload could not be read: send the backup as multipart/form-data (field `file`)');
  }
  return err;
}
