import { sql } from 'drizzle-orm';
import type { TAttachment, TPartLine, TWorkLogEntry } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { isoSql } from '../../db/sql.js';

/**
 * The SQL of field work (issue #10), shared by the request's detail (one statement: these are
 * its subqueries over `r`, the request) and the work routes' answers. Money is computed here,
 * in numeric: a line's subtotal is quantity × unit price rounded to cents, its tax the subtotal
 * × rate rounded to cents, and totals are sums of the rounded line amounts — so the lines of a
 * printed report always add up to its totals.
 */

const SUBTOTAL = sql.raw('round(p.quantity * p.unit_price, 2)');
const TAX = sql`round(${SUBTOTAL} * p.tax_rate / 100, 2)`;

/** The columns of one part line (`p` request_parts joined with `i` inventory_items). */
export const PART_LINE_COLUMNS = sql`
  p.id, p.item_id, i.code as item_code, i.name as item_name, i.unit, p.warehouse_id,
  p.quantity::text as quantity, p.unit_price::text as unit_price, p.tax_rate::text as tax_rate,
  ${SUBTOTAL}::text as subtotal, ${TAX}::text as tax_amount, (${SUBTOTAL} + ${TAX})::text as total,
  ${isoSql('p.created_at')} as created_at`;

const WORK_ENTRY_JSON = sql`json_build_object(
  'id', w.id, 'technician', json_build_object('id', w.technician_id, 'name', wu.name),
  'started_at', ${isoSql('w.started_at')}, 'ended_at', ${isoSql('w.ended_at')},
  'seconds', floor(extract(epoch from coalesce(w.ended_at, now()) - w.started_at))::int, 'note', w.note)`;

/** Subqueries of the request detail, each over the request `r`. */
export const FIELD_WORK_DETAIL_COLUMNS = sql`
  r.symptoms, r.diagnostic_notes, r.labor_hours::text as labor_hours,
  r.qc_result, r.qc_notes, ${isoSql('r.qc_at')} as qc_at, r.qc_by, (select q.name from users q where q.id = r.qc_by) as qc_by_name,
  (r.qc_at is not null and r.completed_at is not null and r.qc_at >= r.completed_at) as checked_since_completion,
  (select v.id from warehouses v where v.technician_id = r.technician_id and v.kind = 'van' and v.active order by v.created_at limit 1) as van_id,
  (select coalesce(json_agg(${WORK_ENTRY_JSON} order by w.started_at, w.id), '[]'::json)
     from work_log_entries w join users wu on wu.id = w.technician_id where w.request_id = r.id) as work_log,
  (select coalesce(json_agg(pl order by pl.created_at, pl.id), '[]'::json) from (
     select ${PART_LINE_COLUMNS} from request_parts p join inventory_items i on i.id = p.item_id where p.request_id = r.id) pl) as parts,
  (select json_build_object(
     'subtotal', coalesce(sum(${SUBTOTAL}), 0)::numeric(14,2)::text,
     'tax', coalesce(sum(${TAX}), 0)::numeric(14,2)::text,
     'total', coalesce(sum(${SUBTOTAL} + ${TAX}), 0)::numeric(14,2)::text)
   from request_parts p where p.request_id = r.id) as parts_totals,
  (select json_build_object('id', t.id, 'number', t.number, 'status', t.status) from transfers t where t.id = r.awaiting_transfer_id) as awaiting_transfer,
  (select coalesce(json_agg(json_build_object(
     'id', a.id, 'kind', a.kind, 'content_type', a.content_type, 'size', a.size, 'caption', a.caption, 'created_at', ${isoSql('a.created_at')},
     'url', '/api/attachments/' || a.id, 'thumb_url', '/api/attachments/' || a.id || '?thumb=1') order by a.created_at, a.id), '[]'::json)
   from attachments a where a.request_id = r.id) as attachments`;

/** What a service report list adds to each request `r`: parts total with tax, labor, the work log's length, the check. */
const REPORT_FIGURE_COLUMNS = sql`
  (select coalesce(sum(${SUBTOTAL} + ${TAX}), 0)::numeric(14,2)::text from request_parts p where p.request_id = r.id) as parts_total,
  r.labor_hours::text as labor_hours,
  (select coalesce(floor(extract(epoch from sum(coalesce(w.ended_at, now()) - w.started_at))), 0)::int from work_log_entries w where w.request_id = r.id) as work_seconds,
  r.qc_result`;

export interface ReportFigures {
  id: string;
  parts_total: string;
  labor_hours: string | null;
  work_seconds: number;
  qc_result: 'passed' | 'failed' | null;
}

/** The service report list's figures of these requests (one statement; any order). */
export async function reportFiguresOf(db: DbOrTx, requestIds: string[]): Promise<ReportFigures[]> {
  if (!requestIds.length) return [];
  return rowsOf<ReportFigures>(
    await db.execute(sql`select r.id, ${REPORT_FIGURE_COLUMNS} from service_requests r where r.id = any(${`{${requestIds.join(',')}}`}::uuid[])`),
  );
}

/** What the detail row carries for field work. */
export interface FieldWorkRow {
  symptoms: string | null;
  diagnostic_notes: string | null;
  labor_hours: string | null;
  qc_result: 'passed' | 'failed' | null;
  qc_notes: string | null;
  qc_at: string | null;
  qc_by: string | null;
  qc_by_name: string | null;
  checked_since_completion: boolean;
  van_id: string | null;
  work_log: TWorkLogEntry[];
  parts: TPartLine[];
  parts_totals: { subtotal: string; tax: string; total: string };
  awaiting_transfer: { id: string; number: string; status: string } | null;
  attachments: TAttachment[];
}

export async function partLine(db: DbOrTx, lineId: string): Promise<TPartLine> {
  const [line] = rowsOf<TPartLine>(
    await db.execute(sql`select ${PART_LINE_COLUMNS} from request_parts p join inventory_items i on i.id = p.item_id where p.id = ${lineId}::uuid`),
  );
  return line!;
}

export async function workEntry(db: DbOrTx, entryId: string): Promise<TWorkLogEntry> {
  const [entry] = rowsOf<TWorkLogEntry>(
    await db.execute(sql`select ${WORK_ENTRY_JSON} as e from work_log_entries w join users wu on wu.id = w.technician_id where w.id = ${entryId}::uuid`),
  );
  return (entry as unknown as { e: TWorkLogEntry }).e;
}

/**
 * Opens a work log entry on a request unless one is open (the unique partial index
 * work_log_entries_open_key has the last word); returns its id, or null when one was open.
 */
export async function openWorkEntry(tx: DbOrTx, requestId: string, technicianId: string, note: string | null = null): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into work_log_entries (request_id, technician_id, started_at, note)
      select ${requestId}::uuid, ${technicianId}::uuid, now(), ${note}
      where not exists (select 1 from work_log_entries where request_id = ${requestId}::uuid and ended_at is null)
      returning id`),
  );
  return row?.id ?? null;
}

/** Closes the open entry of a request (its note appended); returns its id, or null when none was open. */
export async function closeWorkEntry(tx: DbOrTx, requestId: string, note: string | null = null): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update work_log_entries set ended_at = greatest(now(), started_at),
        note = case when ${note}::text is null then note when note is null then ${note}::text else note || E'\n' || ${note}::text end
      where request_id = ${requestId}::uuid and ended_at is null
      returning id`),
  );
  return row?.id ?? null;
}

