import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminSettings, ZPublicSettings, ZUpdateSettingsRequest, ZUploadLogoRequest } from '@portal/shared';
import { notFound } from '../../lib/errors.js';
import { actorOf } from '../../plugins/access.js';
import { logoEtag } from './admin.js';
import type { SettingsService } from './service.js';

/** `/api/settings`: what anyone may read (the sign-in page's settings, with its demo panel in demo mode, and the logo). */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
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
    async () => settings.publicSettings(),
  );

  app.get(
    '/logo',
    {
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary: 'The company logo (PNG, JPEG or WebP); 304 when If-None-Match holds its ETag, 404 when none was uploaded',
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (req, reply) => {
      const logo = await settings.logo();
      if (!logo) throw notFound('Logo');
      const etag = `"${logoEtag(logo.meta)}"`;
      // The versioned URL of the public settings never changes content; the bare one is revalidated.
      reply
        .header('etag', etag)
        .header('cache-control', req.query.v === logoEtag(logo.meta) ? 'public, max-age=31536000, immutable' : 'public, no-cache')
        .header('x-content-type-options', 'nosniff');
      const match = req.headers['if-none-match'];
      if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
      return reply.header('content-type', logo.meta.content_type).send(logo.data);
    },
  );
};

const tags = ['settings'];

/** `/api/admin/settings`: the admin's settings screen. */
export const adminSettingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  app.get(
    '/settings',
    {
      config: { access: 'manage:settings:any' },
      schema: { tags, summary: 'Every setting (company, booking, SLA targets, service and fault types, low-stock rule) and the logo', response: { 200: ZAdminSettings } },
    },
    async () => settings.adminSettings(),
  );

  app.put(
    '/settings',
    {
      config: { access: 'manage:settings:any' },
      schema: {
        tags,
        summary:
          'Changes any subset of the settings: each changed key audited, in one transaction, then `settings.updated` to every signed-in user. 400 with the fields at fault (nothing written); 409 catalog_in_use when a removed service or fault type is still used',
        body: ZUpdateSettingsRequest,
        response: { 200: ZAdminSettings },
      },
    },
    async (req) => settings.update(actorOf(req), req.body),
  );

  app.put(
    '/settings/logo',
    {
      config: { access: 'manage:settings:any' },
      schema: {
        tags,
        summary: 'Uploads the company logo as base64: PNG, JPEG or WebP judged by its bytes (SVG refused), at most 512 KB (413)',
        body: ZUploadLogoRequest,
        response: { 200: ZAdminSettings },
      },
    },
    async (req) => settings.putLogo(actorOf(req), req.body.image),
  );

  app.delete(
    '/settings/logo',
    {
      config: { access: 'manage:settings:any' },
      schema: { tags, summary: 'Removes the company logo', response: { 200: ZAdminSettings } },
    },
    async (req) => settings.deleteLogo(actorOf(req)),
  );
};
