import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import negotiateEncoding from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { parse as secureJsonParse } from 'secure-json-parse';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode, FieldErrorCode } from '@portal/shared';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { ReadCache } from './db/read-cache.js';
import { AppError, fieldsOf } from './lib/errors.js';
import { serializerCompiler } from './lib/serializer.js';
import { createMailer } from './mail/mailer.js';
import { accessPlugin } from './plugins/access.js';
import { inputGuard } from './plugins/input-guard.js';
import { securityHeaders } from './plugins/security-headers.js';
import { RateLimiter, TokenSigner, SessionCache, createAuthService, authRoutes } from './modules/auth/index.js';
import { adminUserRoutes, createUserAdminService } from './modules/users/index.js';
import { createTechnicianService, technicianRoutes } from './modules/technicians/index.js';
import { createAuditService, auditRoutes } from './modules/audit/index.js';
import { createHealthService, healthRoutes } from './modules/health/index.js';
import { adminSettingsRoutes, createSettingsService, settingsRoutes, getSettings } from './modules/settings/index.js';
import { createNotificationService, notificationRoutes } from './modules/notifications/index.js';
import { createEmailPreferenceService, emailPreferenceRoutes } from './modules/customer-mail/index.js';
import { RealtimeHub, realtimeRoutes } from './modules/realtime/index.js';
import { startHousekeeping } from './modules/housekeeping/index.js';
import { idempotencyPlugin } from './modules/idempotency/index.js';
import { createCategoryService, createInventoryReportService, createInventoryService, inventoryRoutes, inventoryReportRoutes } from './modules/inventory/index.js';
import { createTransferService, transferRoutes } from './modules/transfers/index.js';
import { createGoodsReceiptService, goodsReceiptRoutes } from './modules/goods-receipts/index.js';
import { createWarehouseService, warehouseRoutes } from './modules/warehouses/index.js';
import { serviceReportRoutes, createServiceReportService, createPerformanceReportService, performanceReportRoutes, intakeReceiptRoutes, createIntakeReceiptService } from './modules/reports/index.js';
import { createDashboardService, supervisorDashboardRoutes, customerDashboardRoutes, technicianDashboardRoutes, adminDashboardRoutes } from './modules/dashboard/index.js';
import { createServiceRequestService, serviceRequestRoutes, retimeAfterSettingsChange } from './modules/service-requests/index.js';
import { createAppointmentService, appointmentRoutes } from './modules/appointments/index.js';
import { createBookingService, bookingRoutes } from './modules/booking/index.js';
import { createScheduleService, scheduleRoutes } from './modules/schedule/index.js';
import { createDispatchService, dispatchRoutes } from './modules/dispatch/index.js';
import { fieldWorkRoutes, createFieldWorkService } from './modules/field-work/index.js';
import { attachmentRoutes, createAttachmentService } from './modules/attachments/index.js';
import { analyticsRoutes, createAnalyticsService } from './modules/analytics/index.js';
import { startJobs } from './job-handlers.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/accounts.js';
import { createDataService, dataRoutes } from './modules/data/index.js';
import { backupRoutes, createBackupService } from './modules/backup/index.js';
import { createWebAppService, escapeHtml, loadSignInTemplate, webAppRoutes } from './modules/web-app/index.js';
import { createTrackingService, trackingRoutes } from './modules/tracking/index.js';

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'rate_limited',
};

/** A request body that did not parse, told apart so the 400 can say which. */
class BodyParseError extends Error {
  readonly statusCode = 400;
  constructor(
    message: string,
    readonly field: FieldErrorCode,
  ) {
    super(message);
  }
}

/**
 * Fastify's own JSON parser answers one "invalid JSON" for an empty body, broken JSON and a
 * prototype key alike; this one tells them apart, with the same protection (secure-json-parse
 * refuses `__proto__` and `constructor.prototype` keys, which would poison merged objects).
 */
function parseJsonBody(_req: unknown, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  if (text.trim() === '') return done(new BodyParseError('The request body is empty: send a JSON object', 'required'));
  try {
    done(null, secureJsonParse(text, { protoAction: 'error', constructorAction: 'error' }));
  } catch (err) {
    const prototypeKey = err instanceof SyntaxError && /forbidden prototype/.test(err.message);
    done(
      new BodyParseError(
        prototypeKey ? 'The request body may not contain a __proto__ or constructor.prototype key' : 'The request body is not valid JSON',
        'invalid',
      ),
    );
  }
}

/**
 * A body refused before any schema saw it (empty, not JSON, a prototype key, a content type the
 * route does not take) gets the same 400 shape as a schema failure: the field at fault is the
 * body itself, and the message says what is wrong with it.
 */
function parseRefusalOf(err: FastifyError): { status: number; message: string; fields: Record<string, FieldErrorCode> } | null {
  if (err instanceof BodyParseError) return { status: 400, message: err.message, fields: { body: err.field } };
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'This content type is not accepted here: send application/json', fields: { body: 'invalid' } };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'The request body does not match its Content-Length', fields: { body: 'invalid' } };
  }
  return null;
}

/** The web app's <html> start tag (apps/web/index.html), where the company's default language goes. */
const HTML_LANG_TAG = /<html lang="[a-z]+" dir="(?:rtl|ltr)">/;
/** Its title, and the name in the critical shell painted before the app's code arrives. */
const HTML_TITLE = /<title>[^<]*<\/title>/;
const BOOT_NAME = /(<p class="boot-name"[^>]*>)[^<]*(<\/p>)/;

/** The API's own paths: never answered with the web app. */
function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * index.html, compressed once per language and company name. The not-found handler that answers
 * it is no route, so the compression plugin never sees it (and a wildcard route instead would
 * swallow the router's own 400 for an over-long path segment under /api).
 */
const pageEncodings = {
  cache: new Map<string, Buffer>(),
  encode(html: string, encoding: 'br' | 'gzip'): Buffer {
    const key = `${encoding}:${html}`;
    let body = this.cache.get(key);
    if (!body) {
      body = encoding === 'br' ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }) : gzipSync(html, { level: 9 });
      // A renamed company or another default language leaves a variant behind: keep only a few.
      if (this.cache.size >= 8) this.cache.clear();
      this.cache.set(key, body);
    }
    return body;
  },
};

function errorBody(code: ErrorCode, message: string, extra: Omit<ApiErrorBody['error'], 'code' | 'message'> = {}): ApiErrorBody {
  return { error: { code, message, ...extra } };
}

/** The built web app: WEB_DIST, or apps/web/dist next to this server (from src/ or dist/). */
function webDistDir(config: Config): string | null {
  const dir = config.webDist ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  return fs.existsSync(path.join(dir, 'index.html')) ? dir : null;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  hub: RealtimeHub;
}

/**
 * Plain HTTP/1.1, or with a certificate HTTPS that speaks HTTP/2 and HTTP/1.1 on the same port
 * (decision 023). HTTP/2 sends the first screen's fifty-odd files over one connection at once;
 * HTTP/1.1 (`allowHTTP1`) stays for older clients and for the realtime WebSocket, which browsers
 * open over HTTP/1.1. The request and reply API is the same either way, so the instance keeps
 * Fastify's HTTP/1 types; nothing here reaches for the raw Node objects beyond setting headers.
 */
function serverProtocol(config: Config): Record<string, unknown> {
  if (!config.tls) return {};
  return {
    http2: true,
    https: { allowHTTP1: true, cert: config.tls.cert, key: config.tls.key },
    // Below Node 24, Fastify closes the HTTP/2 sessions browsers keep open only when told to;
    // otherwise a stop waits for each to time out (72 s). `close` lets their running requests end.
    forceCloseConnections: true,
  };
}

/** Builds the whole server (API, docs, web app) on an open, migrated database. */
export async function buildApp(config: Config, database: Database): Promise<BuiltApp> {
  const app = Fastify({
    ...serverProtocol(config),
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The router refuses an address before any route or error handler runs (a path that does not
    // decode, a path segment over 100 characters): the same 400 shape as everything else.
    frameworkErrors: (err, _req, reply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const message = tooLong ? 'A part of the address is too long' : 'The address holds characters that are not valid';
      // The option's reply type is generic over no route; the body is this server's own error shape.
      return (reply as unknown as FastifyReply).status(400).send(errorBody('validation_failed', message, { fields: { params: tooLong ? 'too_long' : 'invalid' } }));
    },
  } as FastifyServerOptions).withTypeProvider<ZodTypeProvider>();
  // JSON bodies only (the uploads register multipart themselves): text/plain is not a body any
  // route takes, so it gets the clear 415 below instead of a string the schema then refuses.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonBody);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    signer: await TokenSigner.create(database.db, config.jwtSecret, config.accessTokenTtl),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    }),
    limiter: new RateLimiter(database.db),
    sessions: new SessionCache(database.db),
    reads: new ReadCache(database),
    log: app.log,
  };
  await ctx.sessions.start(database);
  app.addHook('onClose', () => ctx.sessions.stop());
  await ctx.reads.start();
  app.addHook('onClose', () => ctx.reads.stop());

  // One log line per request, with no body, token or secret in it — and no hook at all when the
  // level drops it (LOG_LEVEL=warn): building the line cost ~15 µs a request for nothing.
  if (['trace', 'debug', 'info'].includes(config.logLevel)) {
    app.addHook('onResponse', (req, reply, done) => {
      req.log.info(
        { method: req.method, url: req.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request',
      );
      done();
    });
  }

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    // Fastify asks to close the connection after a body it could not parse. HTTP/2 has no such
    // header (the stream ends by itself); Node would drop it with a warning in the log.
    if (req.raw.httpVersionMajor === 2) reply.removeHeader('connection');
    if (err instanceof AppError) {
      if (err.details.retry_after) reply.header('retry-after', String(err.details.retry_after));
      return reply.status(err.status).send(errorBody(err.code, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply
        .status(400)
        .send(errorBody('validation_failed', 'Some fields are not valid', { fields: fieldsOf(err.validation, err.validationContext) }));
    }
    const parse = parseRefusalOf(err);
    if (parse) return reply.status(parse.status).send(errorBody('validation_failed', parse.message, { fields: parse.fields }));
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's other refusals: body too large, unsupported method…
      return reply.status(status).send(errorBody(STATUS_CODES[status] ?? 'validation_failed', err.message));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('internal_error', 'Something went wrong on our side. Please try again.'));
  });

  await app.register(securityHeaders, {
    helmet: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine sets style attributes at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Service Portal API', version: '1.0.0', description: 'Every route, its access and its schemas.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets inline styles; and the portal may run on plain http on a LAN.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'").replace(' upgrade-insecure-requests;', ''),
  });
  await app.register(accessPlugin, { ctx });
  await app.register(inputGuard);
  // Before any route: it hooks the routes that opt in with config.idempotent as they are added.
  await app.register(idempotencyPlugin, { db: ctx.db });

  // Answers a browser can take compressed go out compressed: index.html, the API's JSON, CSV
  // exports. The build's own files are compressed once, at build time (@fastify/static's
  // preCompressed below; a response that already has an encoding is left alone). Small answers
  // (under 1 KB) and clients that ask for no encoding (the benchmarks, scripts) pay only the check.
  // Brotli at quality 4 and gzip at 6: per request, speed matters more than the last few bytes.
  // Request bodies are never decompressed: no client of ours sends them compressed, and a
  // compressed body would only be a way round the body limit.
  // After the idempotency plugin: both add their onSend hook to each route as it is declared, in
  // the order they were registered, and the stored answer of an idempotent request must be the
  // answer itself, not its compressed bytes (a replay is compressed again as it goes out).
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    globalDecompression: false,
  });

  const hub = new RealtimeHub(ctx);
  await hub.start();
  app.addHook('onClose', () => hub.stop());
  if (config.env !== 'test') {
    const stopHousekeeping = startHousekeeping(ctx);
    app.addHook('onClose', async () => stopHousekeeping());
    // Every instance polls the jobs table (reminders); tests run their own runners.
    const jobs = startJobs(ctx);
    app.addHook('onClose', () => jobs.stop());
  }
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  await app.register(realtimeRoutes, { hub });

  const auth = createAuthService(ctx);
  await app.register(healthRoutes, { prefix: '/api', health: createHealthService(ctx.db) });
  const settings = createSettingsService(ctx.db, {
    demo: config.demo ? { password: DEMO_PASSWORD, accounts: DEMO_ACCOUNTS.map(({ email, role }) => ({ email, role })) } : null,
    // A change of the time zone, working hours or SLA targets re-times every open request's SLA.
    onChange: [retimeAfterSettingsChange],
  });
  await app.register(settingsRoutes, { prefix: '/api/settings', settings });
  await app.register(authRoutes, { prefix: '/api/auth', auth });
  const userAdmin = createUserAdminService(ctx);
  await app.register(adminUserRoutes, { prefix: '/api/admin', auth, users: userAdmin });
  await app.register(technicianRoutes, { prefix: '/api/admin', technicians: createTechnicianService(ctx, userAdmin) });
  await app.register(auditRoutes, { prefix: '/api/admin', audit: createAuditService(ctx.db) });
  await app.register(adminSettingsRoutes, { prefix: '/api/admin', settings });
  await app.register(notificationRoutes, { prefix: '/api', notifications: createNotificationService(ctx) });
  await app.register(emailPreferenceRoutes, { prefix: '/api', preferences: createEmailPreferenceService(ctx) });
  await app.register(warehouseRoutes, { prefix: '/api', warehouses: createWarehouseService(ctx) });
  await app.register(inventoryRoutes, { prefix: '/api', inventory: createInventoryService(ctx), categories: createCategoryService(ctx.db) });
  await app.register(inventoryReportRoutes, { prefix: '/api', reports: createInventoryReportService(ctx.db) });
  const dashboards = createDashboardService(ctx);
  await app.register(supervisorDashboardRoutes, { prefix: '/api', dashboards });
  await app.register(transferRoutes, { prefix: '/api', transfers: createTransferService(ctx) });
  await app.register(goodsReceiptRoutes, { prefix: '/api', receipts: createGoodsReceiptService(ctx) });
  const requests = createServiceRequestService(ctx);
  await app.register(serviceRequestRoutes, { prefix: '/api', requests });
  await app.register(bookingRoutes, { prefix: '/api', booking: createBookingService(ctx, requests) });
  await app.register(appointmentRoutes, { prefix: '/api', appointments: createAppointmentService(ctx) });
  await app.register(scheduleRoutes, { prefix: '/api', schedules: createScheduleService(ctx) });
  await app.register(dispatchRoutes, { prefix: '/api', dispatch: createDispatchService(ctx.db) });
  await app.register(fieldWorkRoutes, { prefix: '/api', work: createFieldWorkService(ctx, requests) });
  // Public repair tracking (issue #28); the realtime hub reads tracking links through it.
  const tracking = createTrackingService(ctx);
  hub.trackWith((token) => tracking.requestIdOf(token));
  await app.register(trackingRoutes, { prefix: '/api', tracking });
  await app.register(attachmentRoutes, { prefix: '/api', attachments: createAttachmentService(ctx) });
  await app.register(customerDashboardRoutes, { prefix: '/api', dashboards });
  await app.register(serviceReportRoutes, { prefix: '/api', reports: createServiceReportService(ctx, requests) });
  await app.register(intakeReceiptRoutes, { prefix: '/api', receipts: createIntakeReceiptService(ctx, requests) });
  await app.register(performanceReportRoutes, { prefix: '/api', performance: createPerformanceReportService(ctx.db) });
  await app.register(technicianDashboardRoutes, { prefix: '/api', dashboards });
  await app.register(adminDashboardRoutes, { prefix: '/api', dashboards });
  await app.register(analyticsRoutes, { prefix: '/api', analytics: createAnalyticsService(ctx.db) });
  await app.register(dataRoutes, { prefix: '/api/admin/data', data: createDataService(ctx), dataDir: config.dataDir });
  await app.register(backupRoutes, { prefix: '/api/admin/backups', backups: createBackupService(ctx) });

  // The installable app's manifest, in the page's language (the web build writes none: one file
  // cannot be in both languages), and the sign-in page.
  const webDist = webDistDir(config);
  await app.register(webAppRoutes, {
    webApp: createWebAppService(ctx.db, {
      signInTemplate: webDist
        ? loadSignInTemplate(webDist)
        : // `npm run dev:web`: Vite serves the page's script and stylesheet from the source and
          // sends /login here (apps/web/vite.config.ts).
          config.env === 'development'
          ? loadSignInTemplate(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web'))
          : null,
      publicSettings: () => settings.publicSettings(),
    }),
  });

  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each text file (apps/web/vite.config.ts): the
      // smallest one the browser accepts is sent, with `vary: accept-encoding`; they get no routes of their own.
      preCompressed: true,
      // The sign-in page's template is the server's to fill (modules/web-app), never sent as it is.
      globIgnore: ['**/*.br', '**/*.gz', 'sign-in.html'],
      setHeaders(res, filePath) {
        // Hashed build assets never change; everything else is revalidated.
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexHtml = webDist ? fs.readFileSync(path.join(webDist, 'index.html'), 'utf8') : null;

  app.setNotFoundHandler(async (req, reply) => {
    if (isApiPath(req.url) || (req.method !== 'GET' && req.method !== 'HEAD') || !indexHtml) {
      return reply.status(404).send(errorBody('not_found', 'Not found'));
    }
    // Any other GET is a route of the single-page app, in the company's default language: the
    // page's language detector reads <html lang> when neither the address, an earlier choice nor
    // the browser names Arabic or English (a browser preferring French, say).
    const { default_language: lang, company_name: company } = await getSettings(ctx.db, ['default_language', 'company_name']);
    const name = escapeHtml(company);
    const html = indexHtml
      .replace(HTML_LANG_TAG, `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`)
      // Functions, not strings: a `$` in the name must not read as a replacement pattern.
      .replace(HTML_TITLE, () => `<title>${name}</title>`)
      .replace(BOOT_NAME, (_match, open: string, close: string) => `${open}${name}${close}`);
    reply.status(200).header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html');
    const encoding = negotiateEncoding(req.headers['accept-encoding'] ?? '', ['br', 'gzip']);
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(pageEncodings.encode(html, encoding));
  });

  return { app, ctx, hub };
}
