import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { scopeOf, type Role } from '@portal/shared';

/**
 * Which requests a caller may see, by the scope of their read:service_request: every one
 * (admins), their own (customers), those assigned to them (technicians), or none.
 */
export type Visibility = { scope: 'any' } | { scope: 'own'; userId: string } | { scope: 'assigned'; userId: string } | { scope: 'none' };

export function visibilityOf(caller: { userId: string; role: Role }): Visibility {
  const scope = scopeOf(caller.role, 'read:service_request');
  if (scope === 'any') return { scope: 'any' };
  if (scope === 'own') return { scope: 'own', userId: caller.userId };
  if (scope === 'assigned') return { scope: 'assigned', userId: caller.userId };
  return { scope: 'none' };
}

/**
 * The rule for other modules' statements over requests (a photo's request, field work's lock):
 * the service_requests row `alias` is one the caller may see.
 */
export const requestVisibleTo = (caller: { userId: string; role: Role }, alias: string): SQL => visibleSql(visibilityOf(caller), alias);

/** The row rule of a visibility; the statement's text depends only on its scope. */
export function visibleSql(v: Visibility, alias = 'r', user?: SQL | Placeholder): SQL {
  const r = sql.raw(alias);
  if (v.scope === 'any') return sql`true`;
  if (v.scope === 'none') return sql`false`;
  if (v.scope === 'own') return sql`${r}.customer_id = ${user ?? v.userId}::uuid`;
  return sql`${r}.technician_id = ${user ?? v.userId}::uuid`;
}
