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
  // The sign-in page, outside the single-page app (decision 019): only with a web build.
  if (webApp.hasSignInPage) {
    app.get(
      '/login',
      {
        config: { access: 'public' },
        schema: {
          hide: true,
          tags: ['web app'],
          summary: "The sign-in page, in the visitor's language",
          // Lenient: a language the portal does not speak is no error, the page just picks another.
          querystring: z.object({ lng: z.string().max(35).optional(), redirect: z.string().max(2048).optional() }),
        },
      },
      async (req, reply) => {
        const { html, lang } = await webApp.signInPage({
          ...req.query,
          cookie: req.headers.cookie,
          acceptLanguage: req.headers['accept-language'],
        });
        // Revalidated like index.html: the company's name, logo and language may change.
        return reply
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-language, cookie')
          .header('content-language', lang)
          .type('text/html; charset=utf-8')
          .send(html);
      },
    );
  }


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
