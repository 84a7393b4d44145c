import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LANGUAGES, ROLES } from '@portal/shared';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

export const roleEnum = pgEnum('role', ROLES);
export const languageEnum = pgEnum('language', LANGUAGES);
export const warehouseKindEnum = pgEnum('warehouse_kind', ['main', 'branch', 'van']);
export const notificationTypeEnum = pgEnum('notification_type', ['success', 'error', 'warning', 'info']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: roleEnum('role').notNull(),
    mobile: text('mobile'),
    passwordHash: text('password_hash').notNull(),
    language: languageEnum('language').notNull().default('ar'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    lastSignInAt: ts('last_sign_in_at'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_role_idx').on(t.role),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

export const customers = pgTable('customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  mobileNumber: text('mobile_number'),
  defaultAddress: text('default_address'),
});

export const warehouses = pgTable(
  'warehouses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: warehouseKindEnum('kind').notNull(),
    technicianId: uuid('technician_id').references(() => users.id),
    address: text('address'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('warehouses_code_key').on(t.code),
    // One van per technician.
    uniqueIndex('warehouses_technician_key').on(t.technicianId).where(sql`${t.technicianId} is not null`),
  ],
);

/** Weekly hours: weekday 0 (Sunday) … 6 → null (off) or { start: 'HH:MM', end: 'HH:MM' }. */
export type WeeklyHours = Record<string, { start: string; end: string } | null>;

export const technicians = pgTable('technicians', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
  vanWarehouseId: uuid('van_warehouse_id').references(() => warehouses.id),
  weeklyHours: jsonb('weekly_hours').$type<WeeklyHours>().notNull().default({}),
  active: boolean('active').notNull().default(true),
});

export const technicianTimeOff = pgTable(
  'technician_time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    technicianId: uuid('technician_id')
      .notNull()
      .references(() => technicians.userId, { onDelete: 'cascade' }),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('technician_time_off_tech_idx').on(t.technicianId, t.startsAt)],
);

/** Key → JSON value; defaults live in the settings module, rows hold what an admin changed. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: createdAt(),
  updatedBy: uuid('updated_by').references(() => users.id),
});

/** One sign-in (or one recovery); revoking it ends every token of it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recovery: boolean('recovery').notNull().default(false),
    createdAt: createdAt(),
    lastRefreshedAt: ts('last_refreshed_at'),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Opaque refresh tokens, stored only as SHA-256 hashes; each is spent by its first use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    spentAt: ts('spent_at'),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Password-recovery codes (PKCE): the code is stored hashed, bound to the browser's challenge. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('recovery_codes_hash_key').on(t.codeHash), index('recovery_codes_user_idx').on(t.userId)],
);

/** Fixed-window counters shared by every server instance (they share only the database). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: ts('reset_at').notNull(),
});

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationTypeEnum('type').notNull().default('info'),
    /** Translation keys and their parameters, so each reader sees their own language. */
    title: text('title').notNull(),
    message: text('message').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    link: text('link'),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.read} = false`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);

/** Human numbers (SR-000123 …) are drawn from one counter per kind. */
export const counters = pgTable('counters', {
  kind: text('kind').primaryKey(),
  value: integer('value').notNull().default(0),
});


/** Secrets the instances must share (the token signing key when JWT_SECRET is not set). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
