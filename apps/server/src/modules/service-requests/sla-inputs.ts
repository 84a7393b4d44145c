import { sql } from 'drizzle-orm';
import type { Priority, TSlaTarget } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { getSettings } from '../settings/index.js';
import { slaOf, type SlaCalendar, type WeeklyHours } from './sla.js';
import { epochMs } from '../../db/sql.js';

/**
 * What the SLA clocks read from the database, in one place for the three readers (the dispatch
 * page, the breach check, the stored due time): the rules from settings, and per request its
 * dates and pauses, selected by the columns below from `service_requests r`.
 */

/** The SLA inputs of settings. */
export async function slaRulesOf(db: DbOrTx) {
  const s = await getSettings(db, ['time_zone', 'working_hours', 'sla_targets']);
  const cal: SlaCalendar = { zone: s.time_zone, hours: s.working_hours as WeeklyHours };
  return { cal, targets: s.sla_targets };
}


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

/** Both clocks of a row read with slaColumns. */
export function slaOfRow(
  r: SlaColumns,
  rules: Awaited<ReturnType<typeof slaRulesOf>>,
  now: number,
): { response: TSlaTarget; resolution: TSlaTarget } {
  return slaOf(
    {
      request_date: Number(r.request_ms),
      first_response_at: r.first_response_ms == null ? null : Number(r.first_response_ms),
      completed_at: r.completed_ms == null ? null : Number(r.completed_ms),
      history: r.history,
    },
    rules.targets[r.priority],
    rules.cal,
    now,
  );
}
