import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ADJUSTMENT_REASONS,
  APPOINTMENT_STATUSES,
  ITEM_UNITS,
  LANGUAGES,
  MOVEMENT_KINDS,
  PRIORITIES,
  ROLES,
  SERVICE_LOCATIONS,
  SERVICE_REQUEST_STATUSES,
  WARRANTY_STATUSES,
} from '@portal/shared';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
/** Binary data (attachments): a Buffer in Node, bytea in the database. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * jsonb whose values come back exactly as stored. Drizzle's own jsonb column JSON.parses any
 * string the driver hands back — but both drivers already parse jsonb, so a stored string that
 * looks like JSON ("2024", "true", "[1]") came back as a number, boolean or array (issue #22).
 */
const jsonb = <T = unknown>(name: string) =>
  customType<{ data: T; driverData: unknown }>({
    dataType: () => 'jsonb',
    toDriver: (v) => JSON.stringify(v),
    fromDriver: (v) => v as T,
  })(name);

export const roleEnum = pgEnum('role', ROLES);
export const languageEnum = pgEnum('language', LANGUAGES);
export const warehouseKindEnum = pgEnum('warehouse_kind', ['main', 'branch', 'van']);
export const notificationTypeEnum = pgEnum('notification_type', ['success', 'error', 'warning', 'info']);
export const movementKindEnum = pgEnum('movement_kind', MOVEMENT_KINDS);
export const adjustmentReasonEnum = pgEnum('adjustment_reason', ADJUSTMENT_REASONS);
export const transferStatusEnum = pgEnum('transfer_status', ['pending', 'approved', 'rejected', 'cancelled', 'completed']);

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
    // Request search by customer name (decision 004): a few thousand names, not a million requests.
    // fastupdate = off (migration 0007, drizzle-kit cannot say it): searches never scan a pending list.
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
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
  weeklyHours: jsonb<WeeklyHours>('weekly_hours').notNull().default({}),
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

/**
 * Idempotency keys (issue #27, decision 013): the first answer of a request sent with an
 * `Idempotency-Key`, per user, so a replay answers it again and changes nothing. A row is
 * `pending` while its first request runs (concurrent duplicates wait on it, on any instance)
 * and `done` with the stored answer; kept at least 7 days (housekeeping).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method and path, `POST /api/service-requests/…/parts`: a key names one request. */
    route: text('route').notNull(),
    /** SHA-256 (hex) of the request's canonical body. */
    fingerprint: text('fingerprint').notNull(),
    state: text('state').notNull().default('pending'),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    contentType: text('content_type'),
    /** When the key was claimed (again, when a pending row left by a crashed run is taken over). */
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_state_check', sql`${t.state} in ('pending', 'done')`),
  ],
);

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
    params: jsonb<Record<string, string | number>>('params').notNull().default({}),
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

// ---------------------------------------------------------------------------------------
// Inventory (PRODUCT.md §3, §4). Money numeric(12,2), quantities numeric(14,3): drizzle
// hands them over as strings, and all arithmetic on them happens in SQL.

const quantity = (name: string) => numeric(name, { precision: 14, scale: 3 });

export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** An item_categories code: shown by its Arabic or English name. */
    category: text('category')
      .notNull()
      .references(() => itemCategories.code, { onUpdate: 'cascade' }),
    /** One of ITEM_UNITS (translated on screen). */
    unit: text('unit').notNull().default('pcs'),
    minQuantity: quantity('min_quantity').notNull().default('0'),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('15'),
    /** The unit cost of the latest goods receipt of this item; null until one. */
    lastCost: numeric('last_cost', { precision: 12, scale: 2 }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Codes are unique regardless of case.
    uniqueIndex('inventory_items_code_key').on(sql`lower(${t.code})`),
    index('inventory_items_name_idx').on(sql`lower(${t.name})`, t.id),
    index('inventory_items_category_idx').on(t.category, t.code),
    index('inventory_items_price_idx').on(t.price, t.id),
    index('inventory_items_created_idx').on(t.createdAt, t.id),
    check('inventory_items_price_check', sql`${t.price} >= 0`),
    check('inventory_items_tax_rate_check', sql`${t.taxRate} >= 0 and ${t.taxRate} <= 100`),
    check('inventory_items_min_quantity_check', sql`${t.minQuantity} >= 0`),
    check('inventory_items_unit_check', sql`${t.unit} in (${sql.raw(ITEM_UNITS.map((u) => `'${u}'`).join(', '))})`),
    check('inventory_items_last_cost_check', sql`${t.lastCost} >= 0`),
  ],
);

/** Item categories, named in both languages; an item's `category` is one of these codes. */
export const itemCategories = pgTable('item_categories', {
  code: text('code').primaryKey(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  createdAt: createdAt(),
});

/** Written only by the inventory ledger (modules/inventory/ledger.ts, its statements in ledger-queries.ts). */
export const stockLevels = pgTable(
  'stock_levels',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    quantity: quantity('quantity').notNull().default('0'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.warehouseId] }),
    index('stock_levels_warehouse_idx').on(t.warehouseId, t.itemId),
    check('stock_levels_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/** The ledger: append-only, written only through modules/inventory/ledger.ts. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    /** Signed: + into the warehouse, − out of it. */
    quantity: quantity('quantity').notNull(),
    kind: movementKindEnum('kind').notNull(),
    /** 'transfer' | 'adjustment' | 'service_request' | 'seed' … */
    documentType: text('document_type').notNull(),
    documentId: uuid('document_id'),
    documentNumber: text('document_number'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_item_idx').on(t.itemId, t.createdAt),
    index('stock_movements_warehouse_idx').on(t.warehouseId, t.createdAt),
    index('stock_movements_created_idx').on(t.createdAt, t.id),
    index('stock_movements_document_idx').on(t.documentType, t.documentId),
    check('stock_movements_quantity_check', sql`${t.quantity} <> 0`),
  ],
);

/** Never edited or deleted: a mistake is corrected by another adjustment. */
export const adjustments = pgTable(
  'adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** ADJ-000012 */
    number: text('number').notNull(),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id),
    quantityChange: quantity('quantity_change').notNull(),
    countedQuantity: quantity('counted_quantity'),
    quantityBefore: quantity('quantity_before').notNull(),
    quantityAfter: quantity('quantity_after').notNull(),
    reason: adjustmentReasonEnum('reason').notNull(),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('adjustments_number_key').on(t.number),
    index('adjustments_created_idx').on(t.createdAt, t.id),
    index('adjustments_warehouse_idx').on(t.warehouseId, t.createdAt),
    index('adjustments_item_idx').on(t.itemId, t.createdAt),
    check('adjustments_quantity_change_check', sql`${t.quantityChange} <> 0`),
  ],
);

export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** TR-000045 */
    number: text('number').notNull(),
    fromWarehouseId: uuid('from_warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    toWarehouseId: uuid('to_warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    status: transferStatusEnum('status').notNull().default('pending'),
    notes: text('notes'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: ts('decided_at'),
    rejectionReason: text('rejection_reason'),
    receivedBy: uuid('received_by').references(() => users.id),
    receivedAt: ts('received_at'),
    cancelledBy: uuid('cancelled_by').references(() => users.id),
    cancelledAt: ts('cancelled_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transfers_number_key').on(t.number),
    index('transfers_status_idx').on(t.status, t.requestedAt),
    index('transfers_requested_at_idx').on(t.requestedAt, t.id),
    index('transfers_from_idx').on(t.fromWarehouseId, t.status),
    index('transfers_to_idx').on(t.toWarehouseId, t.status),
    index('transfers_requested_by_idx').on(t.requestedBy, t.requestedAt),
    check('transfers_warehouses_check', sql`${t.fromWarehouseId} <> ${t.toWarehouseId}`),
  ],
);

export const transferLines = pgTable(
  'transfer_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id),
    quantity: quantity('quantity').notNull(),
  },
  (t) => [
    uniqueIndex('transfer_lines_item_key').on(t.transferId, t.itemId),
    index('transfer_lines_item_idx').on(t.itemId),
    check('transfer_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** Who goods are bought from (goods receipts). */
export const suppliers = pgTable(
  'suppliers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    phone: text('phone'),
    vatNumber: text('vat_number'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('suppliers_name_key').on(sql`lower(${t.name})`),
    index('suppliers_created_idx').on(t.createdAt, t.id),
  ],
);

/** Goods received from a supplier into a main or branch warehouse: posts `receipt` movements. Never edited. */
export const goodsReceipts = pgTable(
  'goods_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** GR-000001 */
    number: text('number').notNull(),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    /** The supplier's own delivery note or invoice number. */
    reference: text('reference'),
    /** The day the goods arrived, in the company's time zone. */
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('goods_receipts_number_key').on(t.number),
    index('goods_receipts_created_idx').on(t.createdAt, t.id),
    index('goods_receipts_received_idx').on(t.receivedOn, t.id),
    index('goods_receipts_warehouse_idx').on(t.warehouseId, t.createdAt),
    index('goods_receipts_supplier_idx').on(t.supplierId, t.createdAt),
  ],
);

export const goodsReceiptLines = pgTable(
  'goods_receipt_lines',
  {
    receiptId: uuid('receipt_id')
      .notNull()
      .references(() => goodsReceipts.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id),
    quantity: quantity('quantity').notNull(),
    unitCost: numeric('unit_cost', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.receiptId, t.lineNo] }),
    index('goods_receipt_lines_item_idx').on(t.itemId),
    check('goods_receipt_lines_quantity_check', sql`${t.quantity} > 0`),
    check('goods_receipt_lines_unit_cost_check', sql`${t.unitCost} >= 0`),
  ],
);

/** A transfer's timeline: one row per transition (from_status null for its creation). */
export const transferEvents = pgTable(
  'transfer_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    fromStatus: transferStatusEnum('from_status'),
    toStatus: transferStatusEnum('to_status').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('transfer_events_transfer_idx').on(t.transferId, t.createdAt)],
);

// ---------------------------------------------------------------------------------------
// Service requests (PRODUCT.md §3, §4). Lists must stay fast on a million rows: every filter
// and sort has an index ending in (created_at, id) for keyset paging, and free text is
// searched through one trigram-indexed column (pg_trgm, in PGlite and PostgreSQL alike).

export const serviceRequestStatusEnum = pgEnum('service_request_status', SERVICE_REQUEST_STATUSES);
export const priorityEnum = pgEnum('request_priority', PRIORITIES);
export const serviceLocationEnum = pgEnum('service_location', SERVICE_LOCATIONS);
export const warrantyStatusEnum = pgEnum('warranty_status', WARRANTY_STATUSES);
export const attachmentKindEnum = pgEnum('attachment_kind', ['photo', 'customer_signature', 'technician_signature']);
export const qualityCheckResultEnum = pgEnum('quality_check_result', ['passed', 'failed']);

export const serviceRequests = pgTable(
  'service_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SR-000123 */
    number: text('number').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    technicianId: uuid('technician_id').references(() => users.id),
    status: serviceRequestStatusEnum('status').notNull().default('pending'),
    priority: priorityEnum('priority').notNull().default('medium'),
    location: serviceLocationEnum('location').notNull(),
    address: text('address'),
    serviceType: text('service_type').notNull(),
    faultType: text('fault_type').notNull(),
    problemDescription: text('problem_description').notNull(),
    additionalNotes: text('additional_notes'),
    deviceBrand: text('device_brand').notNull(),
    deviceModel: text('device_model').notNull(),
    deviceSerial: text('device_serial'),
    warrantyStatus: warrantyStatusEnum('warranty_status').notNull().default('unknown'),
    warrantyNumber: text('warranty_number'),
    warrantyExpiry: date('warranty_expiry', { mode: 'string' }),
    diagnosis: text('diagnosis'),
    resolution: text('resolution'),
    awaitingPartsNote: text('awaiting_parts_note'),
    cancelReason: text('cancel_reason'),
    cancelledBy: uuid('cancelled_by').references(() => users.id),
    cancelledAt: ts('cancelled_at'),
    /** The request date. */
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    assignedAt: ts('assigned_at'),
    /** The first move out of `pending` (PRODUCT.md §4). */
    firstResponseAt: ts('first_response_at'),
    startedAt: ts('started_at'),
    completedAt: ts('completed_at'),
    /**
     * When the running SLA target (response until the first response, then resolution) is used up,
     * in company working hours less the pauses so far; null once completed or cancelled, and while
     * paused in pending_parts. Kept by the server beside every change (service-requests/sla-due.ts).
     */
    slaDueAt: ts('sla_due_at'),
    /** For the first-time-fix rate: ever waited for parts, times reopened. */
    everPendingParts: boolean('ever_pending_parts').notNull().default(false),
    reopenCount: integer('reopen_count').notNull().default(0),
    // The technician's structured diagnostic (issue #10); diagnosis and resolution above.
    symptoms: text('symptoms'),
    diagnosticNotes: text('diagnostic_notes'),
    laborHours: numeric('labor_hours', { precision: 6, scale: 2 }),
    /** The parts request (a transfer into the van) a `pending_parts` request waits for. */
    awaitingTransferId: uuid('awaiting_transfer_id'),
    // The latest quality check (admin, on a completed request); a failed one reopens it.
    qcResult: qualityCheckResultEnum('qc_result'),
    qcNotes: text('qc_notes'),
    qcBy: uuid('qc_by').references(() => users.id),
    qcAt: ts('qc_at'),
    rating: integer('rating'),
    feedback: text('feedback'),
    feedbackAt: ts('feedback_at'),
    /** What the customer left with the device at the counter (charger, case, …): printed on the intake receipt. */
    accessories: text('accessories'),
    /**
     * What `q` searches, lower-cased: number, serial, brand, model, customer name and the
     * problem. Written with the row (and again when the customer's name changes).
     */
    searchText: text('search_text').notNull(),
  },
  (t) => [
    uniqueIndex('service_requests_number_key').on(t.number),
    index('service_requests_created_idx').on(t.createdAt, t.id),
    index('service_requests_updated_idx').on(t.updatedAt, t.id),
    index('service_requests_status_idx').on(t.status, t.createdAt, t.id),
    index('service_requests_priority_idx').on(t.priority, t.createdAt, t.id),
    index('service_requests_service_type_idx').on(t.serviceType, t.createdAt, t.id),
    index('service_requests_customer_idx').on(t.customerId, t.createdAt, t.id),
    index('service_requests_technician_idx').on(t.technicianId, t.createdAt, t.id),
    // Reports and performance figures read completed work by completion date.
    index('service_requests_completed_idx').on(t.completedAt, t.id).where(sql`${t.completedAt} is not null`),
    index('service_requests_technician_completed_idx').on(t.technicianId, t.completedAt).where(sql`${t.completedAt} is not null`),
    // The SLA check's fill-in of running requests without a due time (service-requests/sla-due.ts): empty in the normal course.
    index('service_requests_sla_due_missing_idx')
      .on(t.id)
      .where(sql`${t.slaDueAt} is null and ${t.status} in ('pending', 'assigned', 'in_progress')`),
    // Awaiting the quality check (the request desk's `quality=pending`, the admin dashboard's figure):
    // exactly service-requests/list-queries.ts awaitingQualityCheckSql, a few rows among every completed one.
    index('service_requests_qc_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'completed' and (${t.qcAt} is null or ${t.qcAt} < ${t.completedAt})`),
    index('service_requests_serial_idx').on(sql`lower(${t.deviceSerial})`, t.createdAt).where(sql`${t.deviceSerial} is not null`),
    // fastupdate = off (migration 0007, drizzle-kit cannot say it): searches never scan a pending list.
    index('service_requests_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('service_requests_rating_check', sql`${t.rating} between 1 and 5`),
    check('service_requests_home_address_check', sql`${t.location} <> 'home' or ${t.address} is not null`),
  ],
);

/**
 * A request's public tracking link (issue #28, decision 014). The token itself is never stored:
 * it is an HMAC of the request and its generation under the server's `tracking_secret`, so the
 * receipt, the e-mails and the admin's copy all show the same link; only its SHA-256 is kept, to
 * find the request a presented token opens. Revoking bumps the generation: the old link stops
 * working and a new one is issued.
 */
export const trackingLinks = pgTable('tracking_links', {
  requestId: uuid('request_id')
    .primaryKey()
    .references(() => serviceRequests.id, { onDelete: 'cascade' }),
  generation: integer('generation').notNull().default(0),
  /** SHA-256 (hex) of the current token. */
  tokenHash: text('token_hash').notNull().unique('tracking_links_token_hash_key'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * E-mail the user chose not to receive, per kind (issue #28): a row means "in-app only" for that
 * kind; no row, the default, means in-app and e-mail. The unsubscribe link writes every kind.
 */
export const emailOptOuts = pgTable(
  'email_opt_outs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** A request's history: one row per change of status (from_status null for its creation). */
export const serviceRequestHistory = pgTable(
  'service_request_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    fromStatus: serviceRequestStatusEnum('from_status'),
    toStatus: serviceRequestStatusEnum('to_status').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('service_request_history_request_idx').on(t.requestId, t.createdAt)],
);

/** Photos and signature images, stored in the database (PRODUCT.md §3): images only, size-limited. */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    kind: attachmentKindEnum('kind').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    thumbnail: bytea('thumbnail'),
    caption: text('caption'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_request_idx').on(t.requestId, t.kind, t.createdAt),
    // One customer signature and one technician signature per request.
    uniqueIndex('attachments_signature_key').on(t.requestId, t.kind).where(sql`${t.kind} <> 'photo'`),
  ],
);

// ---------------------------------------------------------------------------------------
// Field work (issue #10): the work log and the parts used on a request.

/** A stretch of work on a request; the open one has no ended_at (at most one per request). */
export const workLogEntries = pgTable(
  'work_log_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    technicianId: uuid('technician_id')
      .notNull()
      .references(() => users.id),
    startedAt: ts('started_at').notNull(),
    endedAt: ts('ended_at'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('work_log_entries_request_idx').on(t.requestId, t.startedAt),
    index('work_log_entries_technician_idx').on(t.technicianId, t.startedAt),
    uniqueIndex('work_log_entries_open_key').on(t.requestId).where(sql`${t.endedAt} is null`),
    check('work_log_entries_range_check', sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`),
  ],
);

/**
 * A part used on a request, taken from the technician's van: writing the line writes a
 * `consumption` movement, removing it the `return` (both through the inventory ledger). The
 * unit price and tax rate are those of the item at the time.
 */
export const requestParts = pgTable(
  'request_parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    quantity: quantity('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('request_parts_request_idx').on(t.requestId, t.createdAt),
    index('request_parts_item_idx').on(t.itemId, t.createdAt),
    check('request_parts_quantity_check', sql`${t.quantity} > 0`),
  ],
);

// ---------------------------------------------------------------------------------------
// Appointments (issue #9). No technician has two overlapping live appointments: an exclusion
// constraint over (technician_id, tstzrange(starts_at, ends_at)) for scheduled/confirmed rows,
// written by hand into the migration (drizzle-kit cannot express it).

export const appointmentStatusEnum = pgEnum('appointment_status', APPOINTMENT_STATUSES);

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** AP-000077 */
    number: text('number').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    serviceRequestId: uuid('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    technicianId: uuid('technician_id')
      .notNull()
      .references(() => users.id),
    serviceKind: serviceLocationEnum('service_kind').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    address: text('address'),
    status: appointmentStatusEnum('status').notNull().default('scheduled'),
    notes: text('notes'),
    cancelReason: text('cancel_reason'),
    cancelledBy: uuid('cancelled_by').references(() => users.id),
    cancelledAt: ts('cancelled_at'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appointments_number_key').on(t.number),
    // The calendar (every filter narrows a starts_at range) and keyset pages sorted by start.
    index('appointments_starts_idx').on(t.startsAt, t.id),
    index('appointments_technician_idx').on(t.technicianId, t.startsAt, t.id),
    index('appointments_customer_idx').on(t.customerId, t.startsAt, t.id),
    index('appointments_status_idx').on(t.status, t.startsAt, t.id),
    index('appointments_created_idx').on(t.createdAt, t.id),
    index('appointments_request_idx').on(t.serviceRequestId),
    check('appointments_range_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('appointments_home_address_check', sql`${t.serviceKind} <> 'home' or ${t.address} is not null`),
  ],
);


/**
 * Every change of an appointment, oldest first (the request's history does the same for
 * requests): what happened (`booked`, an action of the shared machine, or `reassigned` when its
 * request moved to another technician), the status before and after, its time and technician
 * after the change (and the time before, for a reschedule), who did it and their note.
 */
export const appointmentHistory = pgTable(
  'appointment_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    fromStatus: appointmentStatusEnum('from_status'),
    toStatus: appointmentStatusEnum('to_status').notNull(),
    startsAt: ts('starts_at').notNull(),
    previousStartsAt: ts('previous_starts_at'),
    technicianId: uuid('technician_id').references(() => users.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('appointment_history_appointment_idx').on(t.appointmentId, t.createdAt)],
);
/**
 * The job scheduler's queue (reminders now, SLA checks later): every instance polls it and
 * claims due rows with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`); a job's effect and
 * its `done_at` commit in one transaction. `dedupe_key` makes scheduling idempotent.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    runAt: ts('run_at').notNull(),
    payload: jsonb<Record<string, unknown>>('payload').notNull().default({}),
    dedupeKey: text('dedupe_key'),
    /** The record the job is about (an appointment), so its pending jobs can be dropped. */
    subjectId: uuid('subject_id'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: ts('locked_until'),
    lockedBy: text('locked_by'),
    doneAt: ts('done_at'),
    /** Set when the job gave up after max_attempts (done_at stays null). */
    failedAt: ts('failed_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('jobs_dedupe_key').on(t.dedupeKey),
    index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    index('jobs_subject_idx').on(t.subjectId).where(sql`${t.doneAt} is null`),
  ],
);

/**
 * SLA breaches already told to the admins (dispatch, issue #9): one row per request and target
 * (`response` or `resolution`), written by the `sla_check` job in the transaction that notifies,
 * so each breach is notified once however many instances check.
 */
export const slaBreaches = pgTable(
  'sla_breaches',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    target: text('target').notNull(),
    /** When the target was reached (working hours, pauses excluded). */
    dueAt: ts('due_at').notNull(),
    /** When the admins were notified. */
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.target] }), check('sla_breaches_target_check', sql`${t.target} in ('response', 'resolution')`)],
);

// ---------------------------------------------------------------------------------------
// Analytics rollups (issue #11, decision 008). Per company-calendar day, the figures of the
// requests raised that day (by status, service type and priority) and of the requests completed
// that day, kept by statement-level triggers on service_requests in the same transaction as the
// change (migration 0008), and rebuilt when the company's time zone changes. Analytics over a
// year read a few thousand rows here instead of a million requests.

export const requestDayStats = pgTable(
  'request_day_stats',
  {
    /** The request date, in the company's time zone. */
    day: date('day', { mode: 'string' }).notNull(),
    status: serviceRequestStatusEnum('status').notNull(),
    serviceType: text('service_type').notNull(),
    priority: priorityEnum('priority').notNull(),
    requests: integer('requests').notNull().default(0),
    responded: integer('responded').notNull().default(0),
    /** Σ (first response − request date), seconds (numeric: sums and differences stay exact). */
    responseSeconds: numeric('response_seconds').notNull().default('0'),
    completed: integer('completed').notNull().default(0),
    /** Σ (completed − request date), seconds. */
    completionSeconds: numeric('completion_seconds').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.serviceType, t.priority] })],
);

export const completionDayStats = pgTable(
  'completion_day_stats',
  {
    /** The completion date of requests now completed, in the company's time zone. */
    day: date('day', { mode: 'string' }).notNull(),
    serviceType: text('service_type').notNull(),
    priority: priorityEnum('priority').notNull(),
    completed: integer('completed').notNull().default(0),
    /** Completed without waiting for parts and never reopened. */
    firstTimeFixed: integer('first_time_fixed').notNull().default(0),
    ratings: integer('ratings').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.serviceType, t.priority] })],
);

/**
 * The ledger per company-calendar day and item: the net quantity moved (decision 008, migration
 * 0009). The stock value on any past day is today's value less the movements after it.
 */
export const stockDayStats = pgTable(
  'stock_day_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    itemId: uuid('item_id').notNull(),
    quantity: numeric('quantity').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.day, t.itemId] })],
);

/**
 * CSV imports (data management, issue #23): one row per import, dry or real, written as it
 * runs so that any instance answers its progress and a page opened again finds it.
 */
export const dataImports = pgTable(
  'data_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dataSet: text('data_set').notNull(),
    dryRun: boolean('dry_run').notNull(),
    /** running → done | failed */
    status: text('status').notNull().default('running'),
    /** checking → writing → finished */
    phase: text('phase').notNull().default('checking'),
    fileName: text('file_name'),
    totalRows: integer('total_rows'),
    rowsChecked: integer('rows_checked').notNull().default(0),
    rowsWritten: integer('rows_written').notNull().default(0),
    report: jsonb<Record<string, unknown>>('report'),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Moved on by the instance running it; a running import not moved for minutes has died with it. */
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('data_imports_created_idx').on(t.createdAt, t.id)],
);
