import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminCreateUserRequest,
  ZAdminResetPasswordRequest,
  ZAdminUpdateUserRequest,
  ZAdminUser,
  ZAdminUserList,
  ZAdminUserListQuery,
  ZOk,
  ZUserLookup,
  ZUserLookupQuery,
} from '@portal/shared';
import { actorOf } from '../../plugins/access.js';
import type { AuthService } from '../auth/index.js';
import type { UserAdminService } from './service.js';

const tags = ['users'];
const params = z.object({ id: z.uuid() });

export const adminUserRoutes: FastifyPluginAsyncZod<{ auth: AuthService; users: UserAdminService }> = async (app, { auth, users }) => {
  // The pickers' lookup (a recipient, a customer, a technician): the announcer's capability, which admins hold.
  app.get(
    '/users/lookup',
    {
      config: { access: 'announce:notification:any' },
      schema: {
        tags,
        summary: 'Find users by name or email, optionally of one role (to pick a recipient, a customer or a technician)',
        querystring: ZUserLookupQuery,
        response: { 200: ZUserLookup },
      },
    },
    async (req) => users.lookup(req.query),
  );

  app.get(
    '/users',
    {
      config: { access: 'manage:user:any' },
      schema: {
        tags,
        summary: 'Users, searched (name, email), filtered (role, active), sorted and paged (admins only)',
        querystring: ZAdminUserListQuery,
        response: { 200: ZAdminUserList },
      },
    },
    async (req) => users.list(req.query),
  );

  app.post(
    '/users',
    {
      config: { access: 'manage:user:any' },
      schema: {
        tags,
        summary: 'Create a staff or customer account (admins only); the user is mailed a one-time link to choose a password',
        body: ZAdminCreateUserRequest,
        response: { 201: ZAdminUser },
      },
    },
    async (req, reply) => reply.code(201).send(await users.create(actorOf(req), req.body)),
  );

  app.get(
    '/users/:id',
    {
      config: { access: 'manage:user:any' },
      schema: { tags, summary: 'One user (admins only)', params, response: { 200: ZAdminUser } },
    },
    async (req) => users.get(req.params.id),
  );

  app.patch(
    '/users/:id',
    {
      config: { access: 'manage:user:any' },
      schema: {
        tags,
        summary: "Change a user's name, mobile, role or active flag (admins only); deactivating ends their sessions",
        params,
        body: ZAdminUpdateUserRequest,
        response: { 200: ZAdminUser },
      },
    },
    async (req) => users.update(actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/users/:id/reset-password',
    {
      config: { access: 'manage:user:any' },
      schema: {
        tags,
        summary: "Set another user's password (admins only); ends all of that user's sessions",
        params,
        body: ZAdminResetPasswordRequest,
        response: { 200: ZOk },
      },
    },
    async (req) => {
      await auth.adminResetPassword(actorOf(req), req.params.id, req.body.new_password);
      return { ok: true as const };
    },
  );
};
