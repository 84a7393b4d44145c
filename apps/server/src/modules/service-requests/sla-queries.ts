import { sql, type SQL } from 'drizzle-orm';
import type { Priority } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { epochMs } from '../../db/sql.js';

/**
 * The SLA clocks' statements: the columns of a request's clock inputs (for the three readers:
 * the dispatch page, the breach check, the stored due time) and the reads and writes of
 * `service_requests.sla_due_at` (sla-due.ts computes the due times).
 */

/** The select-list columns of a request's clock inputs (`alias` is the service_requests row): its dates and the moves into and out of pending_parts. */
export const slaColumns = (alias: string) => sql`
  ${epochMs(`${alias}.created_at`)} as request_ms, ${epochMs(`${alias}.first_response_at`)} as first_response_ms, ${epochMs(`${alias}.completed_at`)} as completed_ms,
  coalesce((select json_agg(json_build_object('to_status', h.to_status, 'at', ${epochMs('h.created_at')}) order by h.created_at)
    from service_request_history h where h.request_id = ${sql.raw(alias)}.id and (h.to_status = 'pending_parts' or h.from_status = 'pending_parts')), '[]'::json) as history`;

export interface SlaColumns {
  priority: Priority;
  request_ms: number;
  first_response_ms: number | null;
  completed_ms: number | null;
  history: { to_status: string; at: number }[];
}

/** A request as re-timing reads it. */
export interface SlaDueRow extends SlaColumns {
  id: string;
  status: string;
}

const OPEN = sql`r.status in ('pending', 'assigned', 'in_progress', 'pending_parts')`;

/** Which requests to re-time: these ids. */
export const requestsWithIds = (ids: string[]): SQL => sql`r.id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`;

/** Which requests to re-time: the open ones, after the id `after` (the slice before ended there). */
export const openRequestsAfter = (after: string | null): SQL => (after ? sql`${OPEN} and r.id > ${after}::uuid` : OPEN);

/** Which requests to re-time: open, running ones without a due time. */
// The predicate of service_requests_sla_due_missing_idx, word for word, so that index serves it.
export const runningWithoutSlaDue = (): SQL => sql`r.sla_due_at is null and r.status in ('pending', 'assigned', 'in_progress')`;

/** The clock inputs of the requests `where` selects, in id order (the slices page by id), at most `limit`. */
export async function selectSlaDueRows(db: DbOrTx, where: SQL, limit: number): Promise<SlaDueRow[]> {
  return rowsOf<SlaDueRow>(
    await db.execute(sql`
      select r.id, r.priority, r.status, ${slaColumns('r')}
      from service_requests r
      where ${where}
      order by r.id
      limit ${limit}`),
  );
}

/** Writes the due times (null: no clock runs), in one statement; a row whose due time is unchanged is not written. */
export async function writeSlaDue(db: DbOrTx, dues: { id: string; due: string | null }[]): Promise<void> {
  const values = dues.map((d) => sql`(${d.id}::uuid, ${d.due}::timestamptz)`);
  await db.execute(sql`
    update service_requests r set sla_due_at = v.due
    from (values ${sql.join(values, sql`, `)}) as v (id, due)
    where r.id = v.id and r.sla_due_at is distinct from v.due`);
}
