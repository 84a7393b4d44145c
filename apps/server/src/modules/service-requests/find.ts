import { sql } from 'drizzle-orm';
import type { Priority, ServiceLocation, ServiceRequestStatus, WarrantyStatus } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { isoSql } from '../../db/sql.js';
import { FIELD_WORK_DETAIL_COLUMNS, type FieldWorkRow } from './work-record.js';
import { visibleSql, type Visibility } from './visibility.js';

/** The rows of one request (its detail, and what a change needs of it, read with the row lock) and of a list. */

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
const deviceHistoryJson = (v: Visibility) => sql`(
    select coalesce(json_agg(json_build_object(
      'id', d.id, 'number', d.number, 'status', d.status, 'request_date', d.request_date, 'service_type', d.service_type,
      'fault_type', d.fault_type, 'problem_description', d.problem_description, 'completed_at', d.completed_at) order by d.created_at desc, d.number desc), '[]'::json)
    from (
      select d.id, d.number, d.status, d.created_at, ${isoSql('d.created_at')} as request_date, d.service_type, d.fault_type,
        d.problem_description, ${isoSql('d.completed_at')} as completed_at
      from service_requests d
      where r.device_serial is not null and d.device_serial is not null and lower(d.device_serial) = lower(r.device_serial)
        and d.id <> r.id and (d.created_at < r.created_at or (d.created_at = r.created_at and d.number < r.number))
        and ${visibleSql(v, 'd')}
      order by d.created_at desc, d.number desc
      limit 20
    ) d)`;

/** The statement of one request's detail; its text depends only on the visibility scope. */
export const requestQuery = (id: string, v: Visibility) => sql`
  select ${SUMMARY_COLUMNS},
    r.address, r.additional_notes, r.warranty_status, r.warranty_number, r.warranty_expiry::text as warranty_expiry,
    cu.email as customer_email, coalesce(c.mobile_number, cu.mobile) as customer_mobile, tu.mobile as technician_mobile,
    ${isoSql('r.started_at')} as started_at, r.diagnosis, r.resolution, r.awaiting_parts_note,
    r.cancel_reason, ${isoSql('r.cancelled_at')} as cancelled_at, r.cancelled_by, xu.name as cancelled_by_name,
    r.feedback, ${isoSql('r.feedback_at')} as feedback_at,
    (select a.id from attachments a where a.request_id = r.id and a.kind = 'customer_signature' limit 1) as signature_id,
    ${HISTORY_JSON} as history,
    ${deviceHistoryJson(v)} as device_history,
    ${FIELD_WORK_DETAIL_COLUMNS}
  from service_requests r
  join users cu on cu.id = r.customer_id
  left join customers c on c.user_id = r.customer_id
  left join users tu on tu.id = r.technician_id
  left join users xu on xu.id = r.cancelled_by
  where r.id = ${id}::uuid and ${visibleSql(v)}`;

export async function findRequest(db: DbOrTx, id: string, v: Visibility): Promise<DetailRow | null> {
  const [row] = rowsOf<DetailRow>(await db.execute(requestQuery(id, v)));
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
