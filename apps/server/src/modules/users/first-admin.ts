import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { hashPassword } from '../auth/index.js';
import { findAnyAdmin, insertAdmin } from './queries.js';

/**
 * A real install starts with no accounts: the first admin comes from ADMIN_EMAIL and
 * ADMIN_PASSWORD, once, while the database has no admin. Returns what happened.
 */
export async function ensureFirstAdmin(
  db: Db,
  admin: { email: string; password: string; name: string } | null,
): Promise<'created' | 'exists' | 'missing'> {
  const existing = await findAnyAdmin(db);
  if (existing) return 'exists';
  if (!admin) return 'missing';
  const passwordHash = await hashPassword(admin.password);
  try {
    await insertAdmin(db, { email: admin.email, name: admin.name, passwordHash });
  } catch (err) {
    // Another instance starting at the same moment created it.
    if (isUniqueViolation(err)) return 'exists';
    throw err;
  }
  return 'created';
}
