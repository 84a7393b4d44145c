import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

/** Backups: make, list, download, upload, delete, restore, schedule (issue #23). Filled in by the backup module. */
export const backupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
