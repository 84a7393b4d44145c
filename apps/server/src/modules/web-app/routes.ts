import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LANGUAGES } from '@portal/shared';
import type { WebAppService } from './service.js';

/**
 * `/manifest.webmanifest?lang=ar|en`: the installable app's manifest, public (the browser fetches
 * it without credentials). Outside /api, beside the static files it describes; the web app points
 * `<link rel="manifest">` at the page's language (apps/web/src/app/pwa.ts).
 */
export const webAppRoutes: FastifyPluginAsyncZod<{ webApp: WebAppService }> = async (app, { webApp }) => {
  app.get(
    '/manifest.webmanifest',
    {
      config: { access: 'public' },
      schema: {
        // A file of the web app, not part of the API: left out of the API document (the fuzz
        // and the route walk cover /api).
        hide: true,
        tags: ['web app'],
        summary: "The web app manifest in a language (default: the company's default language)",
        querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
      },
    },
    async (req, reply) => {
      const manifest = await webApp.manifest(req.query.lang);
      // The default language is a setting an admin may change: revalidated like index.html.
      return reply.header('cache-control', 'no-cache').type('application/manifest+json; charset=utf-8').send(manifest);
    },
  );
};
