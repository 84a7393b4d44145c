import type { AnalyticsFigure, TAnalyticsQuery, TAnalyticsResult } from '@portal/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { periodOf } from '../../lib/date-filter.js';
import { getSettings } from '../settings/index.js';
import { figureRows, type FigureContext } from './queries.js';

/** One analytics figure over the query's period (company days; the last 90 unless it says) in the company zone; `times` also gives the SLA targets. */
export async function analyticsFigure(db: DbOrTx, figure: AnalyticsFigure, q: TAnalyticsQuery): Promise<TAnalyticsResult> {
  const { time_zone, sla_targets } = await getSettings(db, ['time_zone', 'sla_targets']);
  const { from, to, bucket, period } = periodOf(q, time_zone, 90);
  const c: FigureContext = {
    zone: time_zone,
    bucket,
    start: period.start.toISOString(),
    end: period.end.toISOString(),
    fromDay: from.toISODate()!,
    toDay: to.toISODate()!,
    filters: q,
  };
  const { columns, rows } = await figureRows(db, figure, c);
  return {
    figure,
    from: from.toISODate()!,
    to: to.toISODate()!,
    time_zone,
    bucket,
    columns,
    rows,
    ...(figure === 'times' ? { targets: sla_targets } : {}),
  };
}

/** What the analytics route reads. */
export function createAnalyticsService(db: Db) {
  return {
    figure: (figure: AnalyticsFigure, q: TAnalyticsQuery): Promise<TAnalyticsResult> => analyticsFigure(db, figure, q),
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
