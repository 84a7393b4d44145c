import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@portal/shared';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { ReadCache } from './db/read-cache.js';
import type { Mailer } from './mail/mailer.js';
import type { RateLimiter, TokenSigner, LiveSession, SessionCache } from './modules/auth/index.js';

/** What services need from the running server; built once in app.ts and passed down. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  signer: TokenSigner;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Live sessions and their users, kept per instance and invalidated through the bus. */
  sessions: SessionCache;
  /** The rows of hot detail reads, kept per instance until any data changes (db/read-cache.ts). */
  reads: ReadCache;
  log: FastifyBaseLogger;
}

/** Who is calling and from where, as services see it (they never see the HTTP request). */
export interface Actor {
  userId: string;
  sessionId: string;
  role: Role;
  recovery: boolean;
  ip: string | null;
  /** The user as the access hook loaded them for this request: services need not read it again. */
  user: LiveSession['user'];
}
