import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fieldErrorsOf,
  ZGrantType,
  ZOk,
  ZPasswordGrant,
  ZPkceGrant,
  ZRecoverRequest,
  ZRefreshGrant,
  ZSession,
  ZSignupRequest,
  ZUpdateUserRequest,
  ZUser,
} from '@portal/shared';
import { actorOf } from '../../plugins/access.js';
import { badRequest } from '../../lib/errors.js';
import type { AuthService } from './service.js';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  const client = (req: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
  });

  // The answers that carry a session's tokens are never compressed (`compress: false`): a
  // compressed secret beside text an attacker chose can be guessed from the sizes (BREACH). The
  // API takes bearer tokens, not cookies, so another site cannot make a browser send these
  // requests with its credentials anyway; this keeps the secret out of reach if that changes.
  app.post(
    '/signup',
    {
      compress: false,
      config: { access: 'public' },
      schema: { tags, summary: 'Create a customer account and sign in', body: ZSignupRequest, response: { 201: ZSession } },
    },
    async (req, reply) => reply.code(201).send(await auth.signup(req.body, client(req))),
  );

  // One endpoint, three grants, as OAuth-style clients expect; each grant has its own body.
  const grantBodies = { password: ZPasswordGrant, refresh_token: ZRefreshGrant, pkce: ZPkceGrant } as const;
  app.post(
    '/token',
    {
      compress: false,
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign in (password), refresh a session (refresh_token) or exchange a recovery code (pkce)',
        querystring: z.object({ grant_type: ZGrantType }),
        // The grant decides the body's shape; it is parsed below so field errors name the right fields.
        body: z.looseObject({}),
        response: { 200: ZSession },
      },
    },
    async (req) => {
      const grant = req.query.grant_type;
      const parsed = grantBodies[grant].safeParse(req.body);
      if (!parsed.success) {
        throw badRequest(fieldErrorsOf(parsed.error.issues));
      }
      const body = parsed.data as Record<string, string>;
      if (grant === 'password') return auth.passwordGrant({ email: body.email!, password: body.password! }, client(req));
      if (grant === 'refresh_token') return auth.refreshGrant(body.refresh_token!);
      return auth.pkceGrant({ auth_code: body.auth_code!, code_verifier: body.code_verifier! }, client(req));
    },
  );

  app.post(
    '/recover',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Send a password reset link (PKCE)', body: ZRecoverRequest, response: { 200: ZOk } },
    },
    async (req) => {
      await auth.recover(req.body, client(req));
      return { ok: true as const };
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'manage:profile:own', recovery: true },
      schema: { tags, summary: 'Sign out: revoke this session', response: { 200: ZOk } },
    },
    async (req) => {
      await auth.logout(actorOf(req));
      return { ok: true as const };
    },
  );

  app.get(
    '/user',
    {
      config: { access: 'manage:profile:own', recovery: true },
      schema: { tags, summary: 'The signed-in user', response: { 200: ZUser } },
    },
    async (req) => auth.getUser(actorOf(req)),
  );

  app.put(
    '/user',
    {
      config: { access: 'manage:profile:own', recovery: true },
      schema: { tags, summary: 'Update the signed-in user', body: ZUpdateUserRequest, response: { 200: ZUser } },
    },
    async (req) => auth.updateUser(actorOf(req), req.body),
  );
};
