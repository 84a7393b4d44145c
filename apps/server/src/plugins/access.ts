import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, isRole, type Capability, type CapabilityAction } from '@portal/shared';
import type { Actor, AppContext } from '../context.js';
import { AppError, forbidden, unauthenticated } from '../lib/errors.js';

/** What a route needs: nobody (`public`) or a capability from the shared table. */
export type Access = 'public' | Capability | CapabilityAction;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A password-recovery session may call this route (it may call no other). */
    recovery?: boolean;
    /**
     * The route takes an `Idempotency-Key` header (modules/idempotency): a replay answers the
     * first answer and runs nothing. `'multipart'`: the body is read in the handler, which then
     * calls `idempotentUpload` with the fingerprint of what it read.
     */
    idempotent?: true | 'multipart';
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Every API route with its declared access, for the route-walk test and the docs. */
    apiRoutes: { method: string; url: string; access: Access; recovery: boolean }[];
  }
}

/** The signed-in caller; only for routes whose access is not public (the hook has checked). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}

/**
 * One hook enforces every route's declared access: 401 without a valid session, 403 when the
 * role lacks the capability. The session and its user (role, active flag) come from the
 * per-instance session cache, which every instance invalidates through the bus when a session
 * is revoked or a user changes, so a role change or a disabled account takes effect everywhere
 * within the bus latency (docs/performance.md). Row-level rules live in the queries.
 */
export const accessPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  const { ctx } = opts;
  app.decorateRequest('actor', null);
  app.decorate('apiRoutes', []);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    route.config ??= {};
    // The OpenAPI document and its UI are registered by a plugin that knows nothing of access.
    if (route.url.startsWith('/api/docs')) route.config.access ??= 'public';
    const access = route.config.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.apiRoutes.push({ method, url: route.url, access, recovery: route.config.recovery === true });
    }
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const access = config?.access;
    if (!access) return; // Not an API route (static files, the SPA).
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    if (access === 'public' && !token) return;

    if (token) {
      const claims = await ctx.signer.verify(token);
      if (claims) {
        const live = await ctx.sessions.get(claims.sessionId);
        if (live && live.user.id === claims.userId && live.user.active && isRole(live.user.role)) {
          request.actor = {
            userId: live.user.id,
            sessionId: live.sessionId,
            role: live.user.role,
            recovery: live.recovery,
            ip: request.ip,
            user: live.user,
          };
        } else if (access !== 'public') {
          throw new AppError(401, 'session_revoked', 'Your session has ended. Please sign in again.');
        }
      } else if (access !== 'public') {
        throw unauthenticated('Your session has expired or is not valid. Please sign in again.');
      }
    }
    if (access === 'public') return;
    const actor = request.actor;
    if (!actor) throw unauthenticated();
    if (actor.recovery && !config.recovery) throw forbidden('A password reset session can only set a new password');
    if (!can(actor.role, access)) throw forbidden();
  });
});
