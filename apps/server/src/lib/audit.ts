import type { DbOrTx } from '../db/client.js';
import { auditLog } from '../db/schema.js';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

/**
 * Keys whose values are secrets. A plain `code` (an item's or a warehouse's) is not one; the
 * one-time codes of password recovery are named `recovery_code` / `code_verifier`.
 */
const SECRET_KEYS = /password|token|hash|secret|verifier|challenge|recovery_code|otp/i;

/** Never let a secret reach the audit log, however a caller builds before/after. */
function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '[redacted]' : redact(v)]),
    );
  }
  return value;
}

/** Records a change made by staff, in the caller's transaction so it lands only if the change does. */
export async function audit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await auditInsert(tx, entry);
}

/**
 * The insert `audit` runs, not yet run: a hot path puts it in a `with` clause of its own
 * statement to save a round trip (a transfer's transition), and it lands with that statement.
 */
export function auditInsert(tx: DbOrTx, entry: AuditEntry) {
  return tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before === undefined ? null : redact(entry.before),
    after: entry.after === undefined ? null : redact(entry.after),
    ip: entry.ip ?? null,
  });
}
