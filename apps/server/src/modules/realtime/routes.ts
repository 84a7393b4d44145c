import type { FastifyPluginAsync } from 'fastify';
import { REALTIME_PATH } from '@portal/shared';
import type { RealtimeHub } from './hub.js';

export const realtimeRoutes: FastifyPluginAsync<{ hub: RealtimeHub }> = async (app, { hub }) => {
  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      // Browsers cannot set headers on a WebSocket: the token comes in the first frame.
      config: { access: 'public' },
      schema: { tags: ['realtime'], summary: 'WebSocket: live events (protocol in packages/shared/src/realtime.ts)', hide: true },
    },
    (socket) => hub.accept(socket),
  );
};
