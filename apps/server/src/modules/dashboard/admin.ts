import { DateTime } from 'luxon';
import type { TAdminDashboard } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { stockAlertCounts } from '../inventory/index.js';
import { getSettings } from '../settings/index.js';
import { adminFigures, requestTrend } from './queries.js';

/**
 * PRODUCT.md §5, admin: open requests by status, unassigned requests, open requests past an SLA
 * target, technician utilisation (last 7 days: work logged ÷ working hours), average response
 * and completion times and satisfaction (last 30 days), completed requests awaiting the quality
 * check, low / out of stock items, pending
 * transfers, and requests raised and completed per day over 30 days. Each figure is the count
 * behind a list the page links to (the request desk, dispatch, inventory, transfers).
 */
export async function adminDashboard(db: DbOrTx, now: DateTime = DateTime.now()): Promise<TAdminDashboard> {
  const { time_zone } = await getSettings(db, ['time_zone']);
  const zone = time_zone.replace(/'/g, "''");
  const today = now.setZone(time_zone).startOf('day');
  const weekStart = today.minus({ days: 6 }).toISO()!;
  const monthStart = today.minus({ days: 29 }).toISO()!;
  const tomorrow = today.plus({ days: 1 }).toISO()!;

  const [f] = await adminFigures(db, { weekStart, monthStart, tomorrow });
  const trend = await requestTrend(db, { zone, firstDay: today.minus({ days: 29 }).toISODate(), lastDay: today.toISODate(), monthStart, tomorrow });
  const { pending, assigned, in_progress, pending_parts, ...rest } = f!;
  return {
    time_zone,
    open_by_status: { pending, assigned, in_progress, pending_parts },
    ...rest,
    ...(await stockAlertCounts(db)),
    utilisation: rest.hours_scheduled > 0 ? Math.round((rest.hours_logged / rest.hours_scheduled) * 10_000) / 10_000 : null,
    trend,
  };
}
