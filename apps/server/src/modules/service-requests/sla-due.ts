import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { slaOfRow, slaRulesOf } from './sla-inputs.js';
import { openRequestsAfter, requestsWithIds, runningWithoutSlaDue, selectSlaDueRows, writeSlaDue } from './sla-queries.js';

/**
 * `service_requests.sla_due_at` (decision 007): when the request's running SLA target is used
 * up — the response target until the first response, then the resolution target — in company
 * working hours less the time spent in pending_parts; null once completed or cancelled and while
 * paused (no clock runs). Dispatch sorts by it (`sort=sla_due`), so the order is the exact order
 * of the due times the items show, across priorities and pauses.
 *
 * It is computed here, with the same clocks as the dispatch items, and written beside every
 * change that moves it: a request raised, each change of status (first response, pending_parts
 * in and out, completion, cancellation, reopening), and a change of the time zone, working hours
 * or SLA targets (every open request again). The SLA check job fills in rows written around the
 * service (bulk loads, a database restored from before this column).
 */

/** Per statement: a settings change re-times every open request in slices of this many. */
const SLICE = 500;

/** Re-times the requests `where` selects (at most `limit`); returns how many were written. */
async function retime(db: DbOrTx, where: SQL, limit: number): Promise<{ written: number; lastId: string | null }> {
  const rules = await slaRulesOf(db);
  const rows = await selectSlaDueRows(db, where, limit);
  if (!rows.length) return { written: 0, lastId: null };
  const now = Date.now();
  const dues = rows.map((r) => {
    let due: string | null = null;
    if (r.status !== 'completed' && r.status !== 'cancelled') {
      const sla = slaOfRow(r, rules, now);
      due = r.first_response_ms == null ? sla.response.due_at : sla.resolution.due_at;
    }
    return { id: r.id, due };
  });
  await writeSlaDue(db, dues);
  return { written: rows.length, lastId: rows[rows.length - 1]!.id };
}

/** After a change of these requests (in its transaction). */
export async function refreshSlaDue(db: DbOrTx, requestIds: string[]): Promise<void> {
  for (let i = 0; i < requestIds.length; i += SLICE) {
    const ids = requestIds.slice(i, i + SLICE);
    await retime(db, requestsWithIds(ids), ids.length);
  }
}

/** After the time zone, working hours or SLA targets changed: every open request, in slices. */
export async function refreshAllSlaDue(db: DbOrTx): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const page: { written: number; lastId: string | null } = await retime(db, openRequestsAfter(after), SLICE);
    if (page.written < SLICE) return;
    after = page.lastId;
  }
}

/** The settings the SLA clocks are counted in. */
const SLA_INPUTS: readonly string[] = ['time_zone', 'working_hours', 'sla_targets'];

/** A settings change (in its transaction): when it moved the clocks' inputs, every open request again. */
export async function retimeAfterSettingsChange(db: DbOrTx, changed: readonly string[]): Promise<void> {
  if (changed.some((k) => SLA_INPUTS.includes(k))) await refreshAllSlaDue(db);
}

/** Open, running requests without a due time (written around the service); at most `limit`. */
export async function fillMissingSlaDue(db: DbOrTx, limit = SLICE): Promise<number> {
  // The predicate of service_requests_sla_due_missing_idx, word for word (sla-queries.ts), so that index serves it.
  const { written } = await retime(db, runningWithoutSlaDue(), limit);
  return written;
}
