import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPublicSettings } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../demo/accounts.js';
import { getSettings } from './service.js';

export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db; demo: boolean }> = async (app, { db, demo }) => {
  app.get(
    '/public',
    {
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary: 'Settings the sign-in page and the support panel show (no secrets)',
        response: { 200: ZPublicSettings },
      },
    },
    async () => {
      const s = await getSettings(db, ['company_name', 'support_phone', 'default_language', 'currency', 'time_zone']);
      return {
        ...s,
        demo: demo ? { password: DEMO_PASSWORD, accounts: DEMO_ACCOUNTS.map(({ email, role }) => ({ email, role })) } : null,
      };
    },
  );
};
