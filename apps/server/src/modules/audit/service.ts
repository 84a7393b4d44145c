import { AUDIT_EXPORT_MAX_ROWS, type TAuditFacets, type TAuditList, type TAuditListQuery } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { CSV_BOM, csvLine } from '../../lib/csv.js';
import { auditPage, countAuditEntries, distinctActions, distinctEntities, toAuditEntry } from './queries.js';

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

export function createAuditService(db: Db) {
  return {
    async list(q: TAuditListQuery): Promise<TAuditList> {
      const { rows, next } = await auditPage(db, q, q.limit, q.cursor);
      const total = await countAuditEntries(db, q);
      return { items: rows.map(toAuditEntry), next_cursor: next, total };
    },

    /** The filtered log as CSV (UTF-8 with a BOM, so spreadsheets show Arabic), newest first, read in chunks. */
    async csv(q: TAuditListQuery): Promise<string> {
      const out = [csvLine(['when', 'user', 'user email', 'action', 'record type', 'record', 'record id', 'ip', 'before', 'after'])];
      let cursor: string | undefined;
      let written = 0;
      do {
        const { rows, next } = await auditPage(db, q, 1000, cursor);
        for (const r of rows) {
          const e = toAuditEntry(r);
          out.push(csvLine([e.created_at, e.actor?.name, e.actor?.email, e.action, e.entity, e.entity_label, e.entity_id, e.ip, json(e.before), json(e.after)]));
        }
        written += rows.length;
        cursor = next ?? undefined;
      } while (cursor && written < AUDIT_EXPORT_MAX_ROWS);
      return `${CSV_BOM}${out.join('\r\n')}\r\n`;
    },

    /** The actions and record types in the log, for the filters' choices. */
    async facets(): Promise<TAuditFacets> {
      const actions = await distinctActions(db);
      const entities = await distinctEntities(db);
      return { actions, entities };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
