import type { FastifyPluginAsync } from 'fastify';
import { REALTIME_PATH } from '@portal/shared';
import type { Config } from '../../config.js';
import { forbidden } from '../../lib/errors.js';
import type { RealtimeHub } from './hub.js';

// Any port: the Vite dev server and the browser tests run on loopback addresses.
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a WebSocket upgrade with this `Origin` header may open the realtime socket: the
 * portal's own origin (PUBLIC_URL) and, outside production, any loopback origin. Never derived
 * from the request's Host or X-Forwarded-* headers, which the client chooses.
 */
export function originAllowed(origin: string | undefined, config: Pick<Config, 'env' | 'publicOrigin'>): boolean {
  // No Origin: not a browser (browsers always send one on a WebSocket upgrade). Refusing it would
  // protect nothing: the socket carries no ambient credential (the access token travels in the
  // first frame, never in a cookie), so such a client has only what it already holds.
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // `null` (sandboxed frames, file://) and anything else that is no origin.
  }
  // Browsers send the bare serialized origin; a path, a list or odd spelling is not one.
  if (url.origin !== origin) return false;
  if (origin === config.publicOrigin) return true;
  return config.env !== 'production' && (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname);
}

export const realtimeRoutes: FastifyPluginAsync<{ hub: RealtimeHub }> = async (app, { hub }) => {
  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      // Browsers cannot set headers on a WebSocket: the token comes in the first frame.
      config: { access: 'public' },
      schema: { tags: ['realtime'], summary: 'WebSocket: live events (protocol in packages/shared/src/realtime.ts)', hide: true },
      // Before the upgrade: a page on another site must not open a socket to this server in the
      // user's browser. The refusal is an ordinary 403 error body on the HTTP response.
      onRequest: async (request) => {
        if (!originAllowed(request.headers.origin, hub.ctx.config)) {
          throw forbidden('This origin may not open the realtime socket');
        }
      },
    },
    (socket) => hub.accept(socket),
  );
};
