import { sql } from 'drizzle-orm';
import type { Role, ServiceLocation, ServiceRequestStatus } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { isoSql } from '../../db/sql.js';
import { requestVisibleTo } from '../service-requests/index.js';

/** A request found by its number, with the mobiles its customer is known by (account and customer record). */
export interface TrackingCandidate {
  id: string;
  mobiles: string[];
}

/**
 * The request with this number and its customer's mobiles, or null. One statement whether or
 * not the number exists, so an unknown number costs what a known one does.
 */
export async function findTrackingCandidate(db: DbOrTx, number: string): Promise<TrackingCandidate | null> {
  const [row] = rowsOf<{ id: string; user_mobile: string | null; customer_mobile: string | null }>(
    await db.execute(sql`
      select r.id, u.mobile as user_mobile, c.mobile_number as customer_mobile
      from service_requests r
      join users u on u.id = r.customer_id
      left join customers c on c.user_id = r.customer_id
      where r.number = ${number}`),
  );
  if (!row) return null;
  return { id: row.id, mobiles: [row.user_mobile, row.customer_mobile].filter((m): m is string => !!m) };
}

/** What the public view is made of: only public columns are ever selected. */
export interface TrackingRow {
  number: string;
  status: ServiceRequestStatus;
  device_brand: string;
  device_model: string;
  service_type: string;
  fault_type: string;
  location: ServiceLocation;
  created_at: string;
  completed_at: string | null;
  technician_name: string | null;
  next_starts_at: string | null;
  next_ends_at: string | null;
  timeline: { status: ServiceRequestStatus; at: string }[];
}

/** The public columns of one request, its status timeline and its next upcoming visit. */
export async function findTrackingRow(db: DbOrTx, requestId: string): Promise<TrackingRow | null> {
  const [row] = rowsOf<TrackingRow>(
    await db.execute(sql`
      select r.number, r.status, r.device_brand, r.device_model, r.service_type, r.fault_type, r.location,
        ${isoSql('r.created_at')} as created_at,
        case when r.completed_at is null then null else ${isoSql('r.completed_at')} end as completed_at,
        t.name as technician_name,
        case when a.starts_at is null then null else ${isoSql('a.starts_at')} end as next_starts_at,
        case when a.ends_at is null then null else ${isoSql('a.ends_at')} end as next_ends_at,
        coalesce((
          select json_agg(json_build_object('status', h.to_status, 'at', ${isoSql('h.created_at')}) order by h.created_at, h.id)
          from service_request_history h where h.request_id = r.id
        ), '[]'::json) as timeline
      from service_requests r
      left join users t on t.id = r.technician_id
      left join lateral (
        select x.starts_at, x.ends_at from appointments x
        where x.service_request_id = r.id and x.status in ('scheduled', 'confirmed') and x.ends_at > now()
        order by x.starts_at limit 1
      ) a on true
      where r.id = ${requestId}::uuid`),
  );
  return row ?? null;
}

/** Whether the caller may see the request, by the same row rule as reading it. */
export async function requestVisible(db: DbOrTx, caller: { userId: string; role: Role }, requestId: string): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select r.id from service_requests r where r.id = ${requestId}::uuid and ${requestVisibleTo(caller, 'r')}`),
  );
  return rows.length > 0;
}

/** The request's number, for the audit entry of a revoked link. */
export async function requestNumberOf(db: DbOrTx, requestId: string): Promise<string | null> {
  const [row] = rowsOf<{ number: string }>(await db.execute(sql`select number from service_requests where id = ${requestId}::uuid`));
  return row?.number ?? null;
}
