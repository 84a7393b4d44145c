import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { bodyFingerprint, createIdempotencyService, isValidKey, type IdempotencyOptions, type IdempotencyService, type KeyRef } from './service.js';

/** A request sent with a valid key to an idempotent route. */
interface KeyedRequest {
  keys: IdempotencyService;
  ref: KeyRef;
  /** `POST /api/service-requests/…/parts`: the key names this request only. */
  route: string;
  /** This request claimed the key and runs: its answer is stored when it is sent. */
  claimed: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: KeyedRequest | null;
  }
}

export const REPLAYED_HEADER = 'idempotent-replayed';

/**
 * Claims the request's key or sends the stored answer; true when the answer was sent (the route
 * must do nothing more). The one implementation behind both entry points: the hook (JSON bodies)
 * and `idempotentUpload` (multipart, whose body only the handler reads).
 */
async function begin(req: FastifyRequest, reply: FastifyReply, run: KeyedRequest, fingerprint: string): Promise<boolean> {
  const stored = await run.keys.claim(run.ref, run.route, fingerprint);
  if (!stored) {
    run.claimed = true;
    return false;
  }
  reply.code(stored.status).header(REPLAYED_HEADER, 'true');
  if (stored.contentType) reply.header('content-type', stored.contentType);
  // A string with a JSON content type goes out as it is: the answer exactly as first sent.
  reply.send(stored.body ?? undefined);
  req.log.debug({ key: run.ref.key, route: run.route }, 'idempotent replay');
  return true;
}

/**
 * For an upload route (`config.idempotent: 'multipart'`): after reading the parts, claim the key
 * with the fingerprint of what was read. Returns true when the stored answer was sent (the route
 * returns the reply and does nothing more); false when the route should run — also when the
 * request carries no key.
 */
export async function idempotentUpload(req: FastifyRequest, reply: FastifyReply, fingerprint: string): Promise<boolean> {
  const run = req.idempotency;
  if (!run || run.claimed) return false;
  return begin(req, reply, run, fingerprint);
}

function keyedRequest(req: FastifyRequest, keys: IdempotencyService): KeyedRequest | null {
  const header = req.headers['idempotency-key'];
  if (header === undefined || !req.actor) return null;
  if (!isValidKey(header)) {
    throw badRequest({ 'idempotency-key': 'invalid' }, 'The Idempotency-Key header must be 8 to 100 letters, digits or _-:.');
  }
  return { keys, ref: { userId: req.actor.userId, key: header }, route: `${req.method} ${req.url.split('?')[0]}`, claimed: false };
}

/**
 * Routes opt in with `config: { idempotent: true }` (or `'multipart'`). For those only, when the
 * request carries an `Idempotency-Key`: after the access hook and the schemas, the key is claimed
 * or the stored answer replayed (`Idempotent-Replayed: true`); when the answer is sent, a 2xx or
 * 4xx is stored (a refusal replays as the same refusal), a 5xx lets the key go so a retry runs.
 * Without the header a route behaves as if it had not opted in.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: { db: DbOrTx } & IdempotencyOptions) => {
  const keys = createIdempotencyService(opts.db, opts);
  app.decorateRequest('idempotency', null);

  const preHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    const run = keyedRequest(req, keys);
    if (!run) return;
    req.idempotency = run;
    if (req.routeOptions.config.idempotent === 'multipart') return;
    if (await begin(req, reply, run, bodyFingerprint(req.body))) return reply;
  };

  const onSend = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const run = req.idempotency;
    if (!run?.claimed) return payload;
    run.claimed = false;
    try {
      if (reply.statusCode >= 500) {
        await keys.release(run.ref);
      } else {
        const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
        const contentType = reply.getHeader('content-type');
        await keys.store(run.ref, { status: reply.statusCode, body: body === '' ? null : body, contentType: typeof contentType === 'string' ? contentType : null });
      }
    } catch (err) {
      // The effect is done and its answer goes out; the key stays pending until its lease ends (decision 013).
      req.log.error({ err, key: run.ref.key, route: run.route }, 'could not store the idempotent answer');
    }
    return payload;
  };

  // Hooks on the opted-in routes only: every other route runs no code of this module.
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
    route.preHandler = [...list(route.preHandler), preHandler] as typeof route.preHandler;
    route.onSend = [...list(route.onSend), onSend] as typeof route.onSend;
  });
});
