import type { Role, TPerformanceQuery, TPerformanceReport, TTechnicianPerformance } from '@portal/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { getSettings } from '../settings/index.js';
import { periodOf } from '../../lib/date-filter.js';
import { performanceSeries, technicianFigures, type Period } from './queries.js';

/**
 * Technician performance (PRODUCT.md §5, §10), computed in the database. Over a period:
 * - the jobs are the requests the technician completed in it (and that are still completed);
 * - completion time = completed − request date, response time = first response − request
 *   date, job duration = the job's work log, each a mean over the jobs, in hours;
 * - first-time fix = a job that never waited for parts and was never reopened;
 * - rating = the mean of the jobs' ratings;
 * - hours logged = the technician's work log entries started in the period.
 * The technician dashboard reads the same figures over all time.
 */

/** One row per technician (all of them, or `technicianId`), in name order. */
export async function performanceFigures(db: DbOrTx, period: Period, technicianId?: string): Promise<TTechnicianPerformance[]> {
  const rows = await technicianFigures(db, period, technicianId);
  return rows.map(({ id, name, ...figures }) => ({ technician: { id, name }, ...figures }));
}

export async function performanceReport(db: DbOrTx, caller: { userId: string; role: Role }, q: TPerformanceQuery): Promise<TPerformanceReport> {
  // A technician reads their own figures only; another's id is a record they may not see.
  let technicianId = q.technician_id;
  if (caller.role === 'technician') {
    if (technicianId && technicianId !== caller.userId) throw notFound('Technician');
    technicianId = caller.userId;
  }
  const { time_zone } = await getSettings(db, ['time_zone']);
  const { from, to, bucket, period } = periodOf(q, time_zone);
  const technicians = await performanceFigures(db, period, technicianId);
  if (technicianId && technicians.length === 0) throw notFound('Technician');

  const series = await performanceSeries(db, {
    start: period.start.toISOString(),
    end: period.end.toISOString(),
    bucket,
    zone: time_zone,
    technicianId,
  });
  return { from: from.toISODate()!, to: to.toISODate()!, time_zone, bucket, technicians, series };
}

/** What the performance report's route reads. */
export function createPerformanceReportService(db: Db) {
  return {
    report: (caller: { userId: string; role: Role }, q: TPerformanceQuery): Promise<TPerformanceReport> => performanceReport(db, caller, q),
  };
}

export type PerformanceReportService = ReturnType<typeof createPerformanceReportService>;
