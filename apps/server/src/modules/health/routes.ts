import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HEALTH_CACHE_MS, ZHealth } from '@portal/shared';
import { AppError } from '../../lib/errors.js';
import type { HealthService } from './service.js';

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (app, { health }) => {
  // The database check is cached: a load balancer polling every second costs one query per 30 s.
  let checkedAt = 0;
  let healthy = false;
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], summary: 'Liveness with a database check', response: { 200: ZHealth } },
    },
    async () => {
      if (Date.now() - checkedAt > HEALTH_CACHE_MS) {
        try {
          await health.pingDatabase();
          healthy = true;
        } catch (err) {
          app.log.error({ err }, 'health check: database unreachable');
          healthy = false;
        }
        checkedAt = Date.now();
      }
      if (!healthy) throw new AppError(503, 'internal_error', 'The database is not reachable');
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
};
