import type { Language, Role, TServiceReport, TServiceReportList, TServiceReportListQuery, TServiceRequest } from '@portal/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { reportFiguresOf, listRequests, summaryOf, type RequestCaller, type ServiceRequestService } from '../service-requests/index.js';
import { getSettings } from '../settings/index.js';
import type { ServiceReportImages } from './service-report-document.js';
import { reportImageRows } from './queries.js';

/**
 * Service reports (issue #10, PRODUCT.md §10). A report is the request's whole record as its
 * detail already reads it (one statement, under the request's row rules) with the company that
 * issued it; the list is the request list (same filters, sort and keyset paging) with the
 * figures a report adds up, read for the whole page in one more statement.
 */

/** The report of a request already read as its reader sees it, with the company that issued it. */
async function reportOf(db: DbOrTx, request: TServiceRequest): Promise<TServiceReport> {
  const s = await getSettings(db, ['company_name', 'support_phone', 'currency', 'time_zone']);
  return {
    request,
    company: { name: s.company_name, support_phone: s.support_phone, currency: s.currency, time_zone: s.time_zone },
    generated_at: new Date().toISOString(),
  };
}

/** The images the PDF draws: photo thumbnails and both signatures (the request already read under its row rules). */
async function imagesOf(db: DbOrTx, requestId: string): Promise<ServiceReportImages> {
  const rows = await reportImageRows(db, requestId);
  const buf = (d: Buffer | Uint8Array) => (Buffer.isBuffer(d) ? d : Buffer.from(d));
  const one = (kind: string) => {
    const found = rows.find((r) => r.kind === kind);
    return found ? buf(found.data) : null;
  };
  return {
    photos: rows.filter((r) => r.kind === 'photo').map((r) => buf(r.data)),
    technicianSignature: one('technician_signature'),
    customerSignature: one('customer_signature'),
  };
}

/**
 * The service report PDF (A4, Arabic or English) of a request already read as its reader sees
 * it, in `db` or the caller's transaction: the report route, and the completion e-mail's
 * attachment (issue #28), which builds it inside its job's transaction.
 */
export async function serviceReportPdfOf(db: DbOrTx, request: TServiceRequest, lang: Language | undefined): Promise<{ body: Buffer; fileName: string }> {
  const report = await reportOf(db, request);
  const s = await getSettings(db, ['service_types', 'fault_types', 'default_language']);
  const language = lang ?? s.default_language;
  // The PDF renderer loads with the first service report (issue #26).
  const { renderServiceReportPdf } = await import('./service-report-document.js');
  const body = await renderServiceReportPdf({
    report,
    images: await imagesOf(db, request.id),
    serviceTypes: s.service_types,
    faultTypes: s.fault_types,
    lang: language,
  });
  return { body, fileName: `${request.number.replace(/[^A-Za-z0-9-]/g, '')}-${language}.pdf` };
}

export function createServiceReportService(ctx: AppContext, requests: ServiceRequestService) {
  const { db } = ctx;

  async function load(caller: RequestCaller, id: string): Promise<TServiceReport> {
    const request = await requests.get(caller, id);
    // A customer's report is the record of finished work: their own completed request only.
    if (caller.role === 'customer' && request.status !== 'completed') {
      throw new AppError(409, 'invalid_state', `${request.number} is ${request.status}: its report is available once it is completed`, {
        details: { status: request.status },
      });
    }
    return reportOf(db, request);
  }

  return {
    report: load,

    async pdf(caller: RequestCaller, id: string, lang: Language | undefined): Promise<{ body: Buffer; fileName: string }> {
      const { request } = await load(caller, id);
      return serviceReportPdfOf(db, request, lang);
    },

    async list(caller: { userId: string; role: Role }, q: TServiceReportListQuery): Promise<TServiceReportList> {
      const page = await listRequests(ctx.database, caller, q);
      const ids = page.rows.map((r) => r.id);
      const figures = await reportFiguresOf(db, ids);
      const byId = new Map(figures.map((f) => [f.id, f]));
      return {
        items: page.rows.map((r) => {
          const f = byId.get(r.id)!;
          return { ...summaryOf(r, caller), parts_total: f.parts_total, labor_hours: f.labor_hours, work_seconds: f.work_seconds, qc_result: f.qc_result };
        }),
        next_cursor: page.next_cursor,
        total: page.total,
        total_capped: page.total_capped,
      };
    },
  };
}

export type ServiceReportService = ReturnType<typeof createServiceReportService>;
