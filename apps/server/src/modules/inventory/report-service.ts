import type { Language, TInventoryReport, TInventoryReportQuery } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { getSettings } from '../settings/index.js';
import { companyDay, inventoryReport, inventoryReportCsv } from './report.js';

/** The inventory report (report.ts) as its route serves it: JSON, or a CSV file in the company's time zone. */
export function createInventoryReportService(db: Db) {
  return {
    report: (q: TInventoryReportQuery): Promise<TInventoryReport> => inventoryReport(db, q),

    /** The report as CSV in `lang` (else the company's default language), named after the company day it was made. */
    async csv(report: TInventoryReport, lang: Language | undefined): Promise<{ fileName: string; body: string }> {
      const s = await getSettings(db, ['time_zone', 'default_language']);
      return {
        fileName: `inventory-report-${companyDay(report.generated_at, s.time_zone)}.csv`,
        body: inventoryReportCsv(report, lang ?? s.default_language, s.time_zone),
      };
    },
  };
}

export type InventoryReportService = ReturnType<typeof createInventoryReportService>;
