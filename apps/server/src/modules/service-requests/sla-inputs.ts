import type { TSlaTarget } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { getSettings } from '../settings/index.js';
import { slaOf, type SlaCalendar, type WeeklyHours } from './sla.js';
import type { SlaColumns } from './sla-queries.js';

/**
 * What the SLA clocks read from the database, in one place for the three readers (the dispatch
 * page, the breach check, the stored due time): the rules from settings, and per request its
 * dates and pauses, selected by slaColumns (sla-queries.ts) from `service_requests r`.
 */

/** The SLA inputs of settings. */
export async function slaRulesOf(db: DbOrTx) {
  const s = await getSettings(db, ['time_zone', 'working_hours', 'sla_targets']);
  const cal: SlaCalendar = { zone: s.time_zone, hours: s.working_hours as WeeklyHours };
  return { cal, targets: s.sla_targets };
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
