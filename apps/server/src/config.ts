import { z } from 'zod';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSecureContext } from 'node:tls';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** Where backup files live (default `<DATA_DIR>/backups`); several instances must share it. */
  BACKUP_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  DEMO_DATA: bool.optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(10).max(86_400).default(3600),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Service Portal <no-reply@localhost>'),
  PUBLIC_URL: z.url().optional(),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  /** PEM files: with both set the server speaks HTTPS itself, HTTP/2 with HTTP/1.1 beside it. */
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  RATE_LIMIT_IP_MAX: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_IP_WINDOW_S: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_LOGIN_FAILURES_MAX: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_LOGIN_WINDOW_S: z.coerce.number().int().min(1).default(900),
  RATE_LIMIT_ACCOUNT_FAILURES_MAX: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_ACCOUNT_WINDOW_S: z.coerce.number().int().min(1).default(3600),
  RATE_LIMIT_ACCOUNT_LOCK_S: z.coerce.number().int().min(1).default(900),
  ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email('must be an email address')).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ADMIN_NAME: z.string().trim().min(1).default('Administrator'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = ReturnType<typeof loadConfig>;

/** Reads and validates the environment once; a bad value stops start-up with a clear line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.PUBLIC_URL) {
    throw new Error(
      'Invalid configuration:\n  PUBLIC_URL is required in production: links in e-mails point there (e.g. https://portal.example.com)',
    );
  }
  if (!!e.ADMIN_EMAIL !== !!e.ADMIN_PASSWORD) {
    throw new Error('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither');
  }
  if (!!e.TLS_CERT_FILE !== !!e.TLS_KEY_FILE) {
    throw new Error('Invalid configuration:\n  TLS_CERT_FILE and TLS_KEY_FILE go together: set both or neither');
  }
  const tls = e.TLS_CERT_FILE && e.TLS_KEY_FILE ? readTlsFiles(e.TLS_CERT_FILE, e.TLS_KEY_FILE) : null;
  // Demo mode is opt-in wherever real data may live: a PostgreSQL server or production.
  const demo = e.DEMO_DATA ?? (!e.DATABASE_URL && !production);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    databaseUrl: e.DATABASE_URL,
    // Connections to PostgreSQL per instance. More statements running at once than the database
    // has cores only take turns, and on a shared machine crowd out the server itself: two a core
    // (PostgreSQL's own rule of thumb), at least four (measured: docs/performance.md, session 8).
    databasePoolSize: e.DATABASE_POOL_SIZE ?? Math.max(4, 2 * os.availableParallelism()),
    demo,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    /**
     * The portal's own origin, where every link in an e-mail points: PUBLIC_URL, or outside
     * production the configured HOST:PORT. Never the request's Host or X-Forwarded-* headers,
     * which any client can set (docs/security.md).
     */
    publicOrigin: publicOriginOf(e.PUBLIC_URL, e.HOST, e.PORT, tls ? 'https' : 'http'),
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    /** The certificate and key the server serves HTTPS with, or null for plain HTTP (decision 023). */
    tls,
    rateLimits: {
      ipMax: e.RATE_LIMIT_IP_MAX,
      ipWindowS: e.RATE_LIMIT_IP_WINDOW_S,
      loginFailuresMax: e.RATE_LIMIT_LOGIN_FAILURES_MAX,
      loginWindowS: e.RATE_LIMIT_LOGIN_WINDOW_S,
      // Per account, from every address together (issue #22); a repeated lock lasts longer.
      accountFailuresMax: e.RATE_LIMIT_ACCOUNT_FAILURES_MAX,
      accountWindowS: e.RATE_LIMIT_ACCOUNT_WINDOW_S,
      accountLockS: e.RATE_LIMIT_ACCOUNT_LOCK_S,
    },
    /** The first admin, created on a database that has none (a real install's first start). */
    firstAdmin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME } : null,
    logLevel: e.LOG_LEVEL,
  };
}

function publicOriginOf(publicUrl: string | undefined, host: string, port: number, scheme: 'http' | 'https'): string {
  if (publicUrl) return new URL(publicUrl).origin;
  // A wildcard listen address is not an address a browser can open.
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return new URL(`${scheme}://${name}:${port}`).origin;
}

export interface TlsFiles {
  certFile: string;
  keyFile: string;
  cert: Buffer;
  key: Buffer;
}

/**
 * Reads the certificate (with its chain) and the private key, and checks that they make a TLS
 * context, so a wrong path, a file that is not PEM or a key of another certificate stops the start
 * with a line naming it rather than failing the first browser's handshake.
 */
export function readTlsFiles(certFile: string, keyFile: string): TlsFiles {
  const read = (name: string, file: string) => {
    try {
      return readFileSync(file);
    } catch (err) {
      throw new Error(`Invalid configuration:\n  ${name}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  };
  const cert = read('TLS_CERT_FILE', certFile);
  const key = read('TLS_KEY_FILE', keyFile);
  try {
    createSecureContext({ cert, key });
  } catch (err) {
    throw new Error(`Invalid configuration:\n  TLS_CERT_FILE / TLS_KEY_FILE: not a certificate and its private key in PEM (${(err as Error).message})`);
  }
  return { certFile: path.resolve(certFile), keyFile: path.resolve(keyFile), cert, key };
}
