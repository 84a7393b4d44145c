import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAdminResetPasswordRequest, ZOk } from '@portal/shared';
import { actorOf } from '../../plugins/access.js';
import type { AuthService } from '../auth/service.js';

export const adminUserRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/users/:id/reset-password',
    {
      config: { access: 'manage:user:any' },
      schema: {
        tags: ['users'],
        summary: "Set another user's password (admins only); ends all of that user's sessions",
        params: z.object({ id: z.uuid() }),
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
