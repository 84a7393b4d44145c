import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmailPreferences, ZUnsubscribeRequest } from '@portal/shared';
import { actorOf } from '../../plugins/access.js';
import type { EmailPreferenceService } from './service.js';

const tags = ['email-preferences'];

export const emailPreferenceRoutes: FastifyPluginAsyncZod<{ preferences: EmailPreferenceService }> = async (app, { preferences }) => {
  app.get(
    '/me/email-preferences',
    {
      config: { access: 'manage:profile:own' },
      schema: { tags, summary: 'My choice per customer e-mail: in-app only (email false) or in-app and e-mail', response: { 200: ZEmailPreferences } },
    },
    async (req) => preferences.get(actorOf(req).userId),
  );

  app.put(
    '/me/email-preferences',
    {
      config: { access: 'manage:profile:own' },
      schema: { tags, summary: 'Set my choice for the kinds named; answers every kind', body: ZEmailPreferences, response: { 200: ZEmailPreferences } },
    },
    async (req) => preferences.put(actorOf(req).userId, req.body),
  );

  app.post(
    '/email-preferences/unsubscribe',
    {
      config: { access: 'public' },
      schema: { tags, summary: "An e-mail's unsubscribe link: every customer e-mail off for the user it names (404 for a bad token)", body: ZUnsubscribeRequest },
    },
    async (req, reply) => {
      await preferences.unsubscribe(req.body.token, req.ip);
      return reply.code(204).send();
    },
  );
};
