import { and, eq, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  scopeOf,
  type Priority,
  type Role,
  type ServiceLocation,
  type ServiceRequestAction,
  type ServiceRequestStatus,
  type TCreateServiceRequest,
  type TFeedbackRequest,
  type WarrantyStatus,
} from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { attachments, customers, serviceRequestHistory, serviceRequests, users } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';
import { isoSql } from '../../db/sql.js';
import type { ReadCache } from '../../db/read-cache.js';
import { boundStatement, placeholder } from '../../db/statements.js';
import type { RequestCaller } from './caller.js';
import { searchTextOf } from './search-queries.js';
import { FIELD_WORK_DETAIL_COLUMNS, type FieldWorkRow } from './work-record-queries.js';

/**
 * The module's statements over one request: who may see it, its detail, what a change needs of
 * it (read with the row lock), and the writes of raising it, its transitions, its feedback and
 * its signatures. Lists are in list-queries.ts, the search text in search-queries.ts, the SLA
 * clocks' reads and writes in sla-queries.ts, the work record in work-record-queries.ts.
 */

// ---------------------------------------------------------------------------------------
// Visibility

/**
 * Which requests a caller may see, by the scope of their read:service_request: every one
 * (admins), their own (customers), those assigned to them (technicians), or none.
 */
export type Visibility = { scope: 'any' } | { scope: 'own'; userId: string } | { scope: 'assigned'; userId: string } | { scope: 'none' };

export function visibilityOf(caller: { userId: string; role: Role }): Visibility {
  const scope = scopeOf(caller.role, 'read:service_request');
  if (scope === 'any') return { scope: 'any' };
  if (scope === 'own') return { scope: 'own', userId: caller.userId };
  if (scope === 'assigned') return { scope: 'assigned', userId: caller.userId };
  return { scope: 'none' };
}

/**
 * The rule for other modules' statements over requests (a photo's request, field work's lock):
 * the service_requests row `alias` is one the caller may see.
 */
export const requestVisibleTo = (caller: { userId: string; role: Role }, alias: string): SQL => visibleSql(visibilityOf(caller), alias);

/** The row rule of a visibility; the statement's text depends only on its scope. */
export function visibleSql(v: Visibility, alias = 'r', user?: SQL | Placeholder): SQL {
  const r = sql.raw(alias);
  if (v.scope === 'any') return sql`true`;
  if (v.scope === 'none') return sql`false`;
  if (v.scope === 'own') return sql`${r}.customer_id = ${user ?? v.userId}::uuid`;
  return sql`${r}.technician_id = ${user ?? v.userId}::uuid`;
}

// ---------------------------------------------------------------------------------------
// The rows of one request (its detail, and what a change needs of it, read with the row lock) and of a list.

/** A list row: what a summary needs, flat. */
export interface SummaryRow {
  id: string;
  number: string;
  status: ServiceRequestStatus;
  priority: Priority;
  location: ServiceLocation;
  service_type: string;
  fault_type: string;
  problem_description: string;
  request_date: string;
  updated_at: string;
  customer_id: string;
  customer_name: string;
  technician_id: string | null;
  technician_name: string | null;
  device_brand: string;
  device_model: string;
  device_serial: string | null;
  assigned_at: string | null;
  first_response_at: string | null;
  completed_at: string | null;
  rating: number | null;
}

export interface HistoryRow {
  from_status: ServiceRequestStatus | null;
  to_status: ServiceRequestStatus;
  actor_id: string | null;
  actor_name: string | null;
  actor_role: string | null;
  note: string | null;
  at: string;
}

export interface DeviceHistoryRow {
  id: string;
  number: string;
  status: ServiceRequestStatus;
  request_date: string;
  service_type: string;
  fault_type: string;
  problem_description: string;
  completed_at: string | null;
}

/** One request with everything its detail shows (one statement). */
export interface DetailRow extends SummaryRow, FieldWorkRow {
  address: string | null;
  additional_notes: string | null;
  accessories: string | null;
  warranty_status: WarrantyStatus;
  warranty_number: string | null;
  warranty_expiry: string | null;
  customer_email: string;
  customer_mobile: string | null;
  technician_mobile: string | null;
  started_at: string | null;
  diagnosis: string | null;
  resolution: string | null;
  awaiting_parts_note: string | null;
  cancel_reason: string | null;
  cancelled_at: string | null;
  cancelled_by: string | null;
  cancelled_by_name: string | null;
  feedback: string | null;
  feedback_at: string | null;
  signature_id: string | null;
  history: HistoryRow[];
  device_history: DeviceHistoryRow[];
}

const SUMMARY_COLUMNS = sql`
    r.id, r.number, r.status, r.priority, r.location, r.service_type, r.fault_type, r.problem_description,
    ${isoSql('r.created_at')} as request_date, ${isoSql('r.updated_at')} as updated_at,
    r.customer_id, cu.name as customer_name, r.technician_id, tu.name as technician_name,
    r.device_brand, r.device_model, r.device_serial,
    ${isoSql('r.assigned_at')} as assigned_at, ${isoSql('r.first_response_at')} as first_response_at, ${isoSql('r.completed_at')} as completed_at,
    r.rating`;

const HISTORY_JSON = sql`(
    select coalesce(json_agg(json_build_object(
      'from_status', h.from_status, 'to_status', h.to_status, 'actor_id', h.actor_id, 'actor_name', u.name, 'actor_role', u.role,
      'note', h.note, 'at', ${isoSql('h.created_at')}) order by h.created_at, h.id), '[]'::json)
    from service_request_history h left join users u on u.id = h.actor_id
    where h.request_id = r.id)`;

/** Earlier requests for the same serial (any letter case), under the caller's own row rule, newest first. */
const deviceHistoryJson = (v: Visibility, user?: Placeholder) => sql`(
    select coalesce(json_agg(json_build_object(
      'id', d.id, 'number', d.number, 'status', d.status, 'request_date', d.request_date, 'service_type', d.service_type,
      'fault_type', d.fault_type, 'problem_description', d.problem_description, 'completed_at', d.completed_at) order by d.created_at desc, d.number desc), '[]'::json)
    from (
      select d.id, d.number, d.status, d.created_at, ${isoSql('d.created_at')} as request_date, d.service_type, d.fault_type,
        d.problem_description, ${isoSql('d.completed_at')} as completed_at
      from service_requests d
      where r.device_serial is not null and d.device_serial is not null and lower(d.device_serial) = lower(r.device_serial)
        and d.id <> r.id and (d.created_at < r.created_at or (d.created_at = r.created_at and d.number < r.number))
        and ${visibleSql(v, 'd', user)}
      order by d.created_at desc, d.number desc
      limit 20
    ) d)`;

/**
 * The statement of one request's detail; its text depends only on the visibility scope. With
 * placeholders for the id and the caller (`user`), it is the hot read's named statement.
 */
export const requestQuery = (id: string | Placeholder, v: Visibility, user?: Placeholder) => sql`
  select ${SUMMARY_COLUMNS},
    r.address, r.additional_notes, r.accessories, r.warranty_status, r.warranty_number, r.warranty_expiry::text as warranty_expiry,
    cu.email as customer_email, coalesce(c.mobile_number, cu.mobile) as customer_mobile, tu.mobile as technician_mobile,
    ${isoSql('r.started_at')} as started_at, r.diagnosis, r.resolution, r.awaiting_parts_note,
    r.cancel_reason, ${isoSql('r.cancelled_at')} as cancelled_at, r.cancelled_by, xu.name as cancelled_by_name,
    r.feedback, ${isoSql('r.feedback_at')} as feedback_at,
    (select a.id from attachments a where a.request_id = r.id and a.kind = 'customer_signature' limit 1) as signature_id,
    ${HISTORY_JSON} as history,
    ${deviceHistoryJson(v, user)} as device_history,
    ${FIELD_WORK_DETAIL_COLUMNS}
  from service_requests r
  join users cu on cu.id = r.customer_id
  left join customers c on c.user_id = r.customer_id
  left join users tu on tu.id = r.technician_id
  left join users xu on xu.id = r.cancelled_by
  where r.id = ${id}::uuid and ${visibleSql(v, 'r', user)}`;

export async function findRequest(db: DbOrTx, id: string, v: Visibility): Promise<DetailRow | null> {
  const [row] = rowsOf<DetailRow>(await db.execute(requestQuery(id, v)));
  return row ?? null;
}

/**
 * The same detail as a hot read outside any transaction: a named prepared statement per
 * visibility scope (the statement's text depends only on the scope).
 */
export async function readRequestDetail(reads: Pick<ReadCache, 'rows'>, id: string, v: Visibility): Promise<DetailRow | null> {
  const statement = boundStatement(
    `service_request_detail_${v.scope}`,
    () => requestQuery(placeholder('id'), v, placeholder('user')),
    { id, user: 'userId' in v ? v.userId : null },
  );
  const [row] = await reads.rows<DetailRow>(statement);
  return row ?? null;
}

/** What a change needs of its request, read with the row lock. */
export interface LockedRequest {
  id: string;
  number: string;
  status: ServiceRequestStatus;
  customer_id: string;
  customer_name: string;
  technician_id: string | null;
  technician_name: string | null;
  location: ServiceLocation;
  has_feedback: boolean;
  has_customer_signature: boolean;
  caller_name: string | null;
}

/**
 * Locks a request the caller may see and reads what a change needs, in one statement.
 * `for update of r` locks the request only: concurrent changes of one request take turns, and
 * the second sees the outcome of the first.
 */
export async function lockRequest(tx: DbOrTx, id: string, callerId: string, v: Visibility): Promise<LockedRequest | null> {
  const [row] = rowsOf<LockedRequest>(
    await tx.execute(sql`
      select r.id, r.number, r.status, r.customer_id, cu.name as customer_name, r.technician_id, tu.name as technician_name,
        r.location, (r.feedback_at is not null) as has_feedback,
        exists (select 1 from attachments s where s.request_id = r.id and s.kind = 'customer_signature') as has_customer_signature,
        (select x.name from users x where x.id = ${callerId}::uuid) as caller_name
      from service_requests r
      join users cu on cu.id = r.customer_id
      left join users tu on tu.id = r.technician_id
      where r.id = ${id}::uuid and ${visibleSql(v)}
      for update of r`),
  );
  return row ?? null;
}

/** The active admins but `except` (the actor): whom a request's news goes to besides its people. */
export async function activeAdmins(tx: DbOrTx, except: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.active, true), eq(users.role, 'admin'), ne(users.id, except)));
  return rows.map((r) => r.id);
}

/** A signature or photo of a request the caller may see (null: none, or not theirs to see). */
export async function findRequestAttachment(
  db: DbOrTx,
  id: string,
  attachmentId: string,
  visibility: Visibility,
): Promise<{ content_type: string; data: Buffer | Uint8Array } | null> {
  const [row] = rowsOf<{ content_type: string; data: Buffer | Uint8Array }>(
    await db.execute(sql`
          select a.content_type, a.data from attachments a join service_requests r on r.id = a.request_id
          where a.id = ${attachmentId}::uuid and a.request_id = ${id}::uuid and ${visibleSql(visibility)}`),
  );
  return row ?? null;
}

/** A customer's default service address (null: none, or not a customer). */
export async function customerDefaultAddress(db: DbOrTx, userId: string): Promise<string | null> {
  const [own] = await db.select({ address: customers.defaultAddress }).from(customers).where(eq(customers.userId, userId));
  return own?.address ?? null;
}

// ---------------------------------------------------------------------------------------
// Raising a request

/** A user's id and name (null: no such user). */
export async function findUserRef(tx: DbOrTx, userId: string): Promise<{ id: string; name: string } | null> {
  const [me] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId));
  return me ?? null;
}

/** An active customer's id and name (null: no such active customer). */
export async function findActiveCustomer(tx: DbOrTx, customerId: string): Promise<{ id: string; name: string } | null> {
  const [c] = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, customerId), eq(users.role, 'customer'), eq(users.active, true)));
  return c ?? null;
}

/** A user's name (null: no such user). */
export async function findUserName(tx: DbOrTx, userId: string): Promise<{ name: string } | null> {
  const [actor] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return actor ?? null;
}

/** Sets a customer's default service address. */
export async function setCustomerDefaultAddress(tx: DbOrTx, userId: string, address: string): Promise<void> {
  await tx.update(customers).set({ defaultAddress: address }).where(eq(customers.userId, userId));
}

/**
 * Inserts a new request numbered `number`: pending, or `assigned` to the technician a booking
 * `reserved` (assigned now). Its search text is written with it. Returns its id.
 */
export async function insertServiceRequest(
  tx: DbOrTx,
  r: { number: string; customerId: string; reserved?: { id: string }; input: TCreateServiceRequest; createdBy: string },
): Promise<string> {
  const { number, reserved, input } = r;
  const d = input.device;
  const [created] = await tx
    .insert(serviceRequests)
    .values({
      number,
      customerId: r.customerId,
      ...(reserved ? { status: 'assigned' as const, technicianId: reserved.id, assignedAt: sql`now()` } : {}),
      priority: input.priority,
      location: input.location,
      address: input.address,
      serviceType: input.service_type,
      faultType: input.fault_type,
      problemDescription: input.problem_description,
      additionalNotes: input.additional_notes,
      accessories: input.accessories ?? null,
      deviceBrand: d.brand,
      deviceModel: d.model,
      deviceSerial: d.serial_number,
      warrantyStatus: d.warranty_status,
      warrantyNumber: d.warranty_number,
      warrantyExpiry: d.warranty_expiry,
      createdBy: r.createdBy,
      searchText: searchTextOf({ number, serial: d.serial_number, brand: d.brand, model: d.model, problem: input.problem_description }),
    })
    .returning({ id: serviceRequests.id });
  return created!.id;
}

/** The first row of a new request's history (from no status); clock_timestamp, as every history row, to keep a transaction's rows in order. */
export async function insertFirstHistoryRow(tx: DbOrTx, h: { requestId: string; toStatus: ServiceRequestStatus; actorId: string; note: string | null }): Promise<void> {
  await tx
    .insert(serviceRequestHistory)
    .values({ requestId: h.requestId, fromStatus: null, toStatus: h.toStatus, actorId: h.actorId, note: h.note, createdAt: sql`clock_timestamp()` });
}

// ---------------------------------------------------------------------------------------
// Transitions

/**
 * An active technician, read with a share lock on the user: a deactivation (which locks the user
 * row for update and refuses while they hold open work) cannot slip in between the caller's
 * check and the commit. Null: not an active technician.
 */
export async function lockActiveTechnician(tx: DbOrTx, technicianId: string): Promise<{ id: string; name: string } | null> {
  const [t] = rowsOf<{ id: string; name: string }>(
    await tx.execute(sql`
        select u.id, u.name from users u join technicians t on t.user_id = u.id
        where u.id = ${technicianId}::uuid and u.role = 'technician' and u.active and t.active
        for share of u`),
  );
  return t ?? null;
}

/** What each action writes besides status and updated_at. */
export function changesOf(action: ServiceRequestAction, body: Record<string, unknown>, caller: RequestCaller, technicianId: string | null): SQL | null {
  switch (action) {
    case 'assign':
      return sql`technician_id = ${technicianId}::uuid, assigned_at = now(), first_response_at = coalesce(first_response_at, now())`;
    case 'unassign':
      return sql`technician_id = null, assigned_at = null`;
    case 'start':
      return sql`started_at = coalesce(started_at, now()), first_response_at = coalesce(first_response_at, now())`;
    case 'await-parts':
      return sql`awaiting_parts_note = ${body.note as string}, ever_pending_parts = true`;
    case 'resume':
      return null;
    case 'complete':
      return sql`completed_at = now(), diagnosis = ${body.diagnosis as string}, resolution = ${body.resolution as string}`;
    case 'reopen':
      return sql`reopen_count = reopen_count + 1, completed_at = null`;
    case 'cancel':
      return sql`cancel_reason = ${body.reason as string}, cancelled_by = ${caller.userId}::uuid, cancelled_at = now()`;
  }
}

/**
 * The new status, its columns (`changes`, from changesOf) and the history row in one statement;
 * clock_timestamp (not now()) keeps several changes in one transaction in order in the history.
 */
export async function changeStatus(
  tx: DbOrTx,
  c: { id: string; from: ServiceRequestStatus; to: ServiceRequestStatus; actorId: string; note: string | null; changes: SQL | null },
): Promise<void> {
  const { id, to, changes, note } = c;
  await tx.execute(sql`
    with changed as (
      update service_requests set status = ${to}::service_request_status, updated_at = now()${changes ? sql`, ${changes}` : sql``}
      where id = ${id}::uuid returning id)
    insert into service_request_history (request_id, from_status, to_status, actor_id, note, created_at)
    select id, ${c.from}::service_request_status, ${to}::service_request_status, ${c.actorId}::uuid, ${note}, clock_timestamp() from changed`);
}

// ---------------------------------------------------------------------------------------
// Feedback and signatures

/** The customer's rating and feedback, given now. */
export async function saveFeedback(tx: DbOrTx, id: string, body: Pick<TFeedbackRequest, 'rating' | 'feedback'>): Promise<void> {
  await tx
    .update(serviceRequests)
    .set({ rating: body.rating, feedback: body.feedback, feedbackAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(serviceRequests.id, id));
}

/** Deletes a request's signature of one kind (there is at most one per kind and request). */
export async function deleteSignature(tx: DbOrTx, requestId: string, kind: 'customer_signature' | 'technician_signature'): Promise<void> {
  await tx.execute(sql`delete from attachments where request_id = ${requestId}::uuid and kind = ${kind}`);
}

/** Stores a signature PNG as an attachment of the request. */
export async function insertSignature(tx: DbOrTx, requestId: string, kind: 'customer_signature' | 'technician_signature', png: Buffer, by: string): Promise<void> {
  await tx.insert(attachments).values({ requestId, kind, contentType: 'image/png', size: png.length, data: png, createdBy: by });
}
