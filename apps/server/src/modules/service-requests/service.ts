import type {
  Language,
  ServiceRequestAction,
  ServiceRequestActionBody,
  TBulkRequest,
  TBulkResult,
  TCreateServiceRequest,
  TFeedbackRequest,
  TServiceRequest,
  TServiceRequestList,
  TServiceRequestListQuery,
  TServiceRequestOptions,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { companyDay } from '../../lib/documents.js';
import { AppError, notFound } from '../../lib/errors.js';
import { getSettings } from '../settings/index.js';
import { actorOf, type RequestCaller } from './caller.js';
import { EXPORT_MAX_ROWS, renderRequestsCsv } from './export.js';
import { giveFeedback } from './feedback.js';
import { listRequests, type ListQueryInput, type ListRequestsOptions } from './list-queries.js';
import { detailOf, summaryOf } from './mappers.js';
import { customerDefaultAddress, findRequestAttachment, readRequestDetail, visibilityOf } from './queries.js';
import { mailInvitation, raiseRequest } from './raise.js';
import { applyRequestAction } from './transitions.js';

/*
 * The module's operations, one job a file: the API mappers (mappers.ts), raising a request
 * (raise.ts), the state machine's transitions (transitions.ts), signatures, feedback; this file
 * wires them into the service the routes use. Their statements are in queries.ts (one request)
 * and the <topic>-queries.ts files (lists, search, SLA, work record). Other modules call what
 * index.ts exports.
 */

/** The body a bulk action passes to each request. */
function bulkBody(input: TBulkRequest) {
  if (input.action === 'assign') return { technician_id: input.technician_id! };
  if (input.action === 'cancel') return { reason: input.reason! };
  return { note: input.note };
}

export function createServiceRequestService(ctx: AppContext) {
  const { db } = ctx;

  /** The detail as the caller sees it, read after the change committed (outside its locks). */
  async function get(caller: RequestCaller, id: string): Promise<TServiceRequest> {
    const visibility = visibilityOf(caller);
    // A hot read: a named prepared statement per visibility scope, its rows kept until data changes.
    const row = await readRequestDetail(ctx.reads, id, visibility);
    if (!row) throw notFound('Service request');
    return detailOf(row, actorOf(caller));
  }

  return {
    get,

    async options(caller: RequestCaller): Promise<TServiceRequestOptions> {
      const lists = await getSettings(db, ['service_types', 'fault_types']);
      const default_address = await customerDefaultAddress(db, caller.userId);
      return { ...lists, default_address };
    },

    async create(caller: RequestCaller, input: TCreateServiceRequest): Promise<TServiceRequest> {
      const { request, invitation } = await db.transaction((tx) => raiseRequest(tx, caller, input));
      if (invitation) await mailInvitation(ctx, invitation);
      return request;
    },

    async list(caller: RequestCaller, q: TServiceRequestListQuery, opts: ListRequestsOptions = {}): Promise<TServiceRequestList> {
      const page = await listRequests(ctx.database, caller, q, opts);
      const actor = actorOf(caller);
      return { items: page.rows.map((r) => summaryOf(r, actor)), next_cursor: page.next_cursor, total: page.total, total_capped: page.total_capped };
    },

    /**
     * Every matching request (at most EXPORT_MAX_ROWS, same filters and sort as the list) as CSV
     * in `lang` (export.ts), with its file name: times and the file's day in the company time zone.
     */
    async exportCsv(caller: RequestCaller, q: Omit<ListQueryInput, 'limit' | 'cursor'>, lang: Language): Promise<{ fileName: string; body: string }> {
      const page = await listRequests(ctx.database, caller, { ...q, limit: EXPORT_MAX_ROWS }, { countCap: 0 });
      const actor = actorOf(caller);
      const rows = page.rows.map((r) => summaryOf(r, actor));
      const s = await getSettings(db, ['time_zone', 'service_types', 'fault_types']);
      return {
        fileName: `service-requests-${companyDay(new Date(), s.time_zone)}.csv`,
        body: renderRequestsCsv({ rows, lang, timeZone: s.time_zone, serviceTypes: s.service_types, faultTypes: s.fault_types }),
      };
    },

    async act<A extends ServiceRequestAction>(caller: RequestCaller, id: string, action: A, body: ServiceRequestActionBody<A>): Promise<TServiceRequest> {
      await db.transaction((tx) => applyRequestAction(tx, caller, id, action, body));
      return get(caller, id);
    },

    async feedback(caller: RequestCaller, id: string, body: TFeedbackRequest): Promise<TServiceRequest> {
      await db.transaction((tx) => giveFeedback(tx, caller, id, body));
      return get(caller, id);
    },

    /** Each id in its own transaction, through exactly the same rules as alone. */
    async bulk(caller: RequestCaller, input: TBulkRequest): Promise<TBulkResult> {
      const results: TBulkResult['results'] = [];
      const body = bulkBody(input);
      for (const id of input.ids) {
        try {
          const done = await db.transaction((tx) => applyRequestAction(tx, caller, id, input.action, body as never));
          results.push({ id, ok: true, status: done.status });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          results.push({ id, ok: false, error: { code: err.code, message: err.message } });
        }
      }
      return { results };
    },

    /** A signature or photo of a request the caller may see. */
    async attachment(caller: RequestCaller, id: string, attachmentId: string): Promise<{ contentType: string; data: Buffer }> {
      const visibility = visibilityOf(caller);
      const row = await findRequestAttachment(db, id, attachmentId, visibility);
      if (!row) throw notFound('Attachment');
      return { contentType: row.content_type, data: Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data) };
    },
  };
}

export type ServiceRequestService = ReturnType<typeof createServiceRequestService>;
