import { WEEKDAYS, type Role, type TWeeklyHours } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import type { WeeklyHours } from '../../db/schema.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { nextNumber } from '../../lib/numbers.js';
import { getSettings } from '../settings/index.js';
import type { UserRow } from '../auth/index.js';
import { findUserIdByEmail, findVanOf, findWarehouseByCode, insertCustomer, insertTechnician, insertUser, insertVan } from './queries.js';

export const emailTaken = () =>
  new AppError(409, 'email_taken', 'An account with this email already exists', { fields: { email: 'invalid' } });

export const vanCodeTaken = (code: string) =>
  new AppError(409, 'code_taken', `The code ${code} is already used`, { fields: { van_code: 'invalid' }, details: { code } });

/** Every weekday present: null (off) or { start, end }. */
export function normaliseWeeklyHours(hours: Partial<TWeeklyHours> | WeeklyHours | null | undefined): TWeeklyHours {
  const out = {} as TWeeklyHours;
  for (const d of WEEKDAYS) out[d] = hours?.[d] ?? null;
  return out;
}

/** Skills must be service-type codes of the settings; each kept once, in the order given. */
export async function checkSkills(tx: DbOrTx, skills: string[]): Promise<string[]> {
  const { service_types } = await getSettings(tx, ['service_types']);
  const known = new Set(service_types.map((t) => t.code));
  if (skills.some((s) => !known.has(s))) throw badRequest({ skills: 'invalid' });
  return [...new Set(skills)];
}

async function codeInUse(tx: DbOrTx, code: string) {
  return !!(await findWarehouseByCode(tx, code));
}

/**
 * The technician's van: the one already theirs, or a new one (`code`, or the next free
 * VAN-0001…). Returns its id.
 */
export async function ensureVan(tx: DbOrTx, technician: { id: string; name: string }, code?: string): Promise<string> {
  const existing = await findVanOf(tx, technician.id);
  if (existing) return existing.id;
  if (code) {
    if (await codeInUse(tx, code)) throw vanCodeTaken(code);
  } else {
    // Codes typed by hand may already hold a number: skip those.
    do code = await nextNumber(tx, 'van', 'VAN', 4);
    while (await codeInUse(tx, code));
  }
  return insertVan(tx, { code, name: `Van — ${technician.name}`, technicianId: technician.id });
}

export interface NewAccount {
  name: string;
  email: string;
  mobile?: string | null;
  role: Role;
  language?: 'ar' | 'en';
  passwordHash: string;
  technician?: { skills: string[]; weeklyHours?: Partial<TWeeklyHours>; vanCode?: string };
}

/**
 * One account with the profile row its role needs: a customer row, or the technician profile
 * and their van. All in the caller's transaction, so it is all or nothing.
 */
export async function insertAccount(tx: DbOrTx, input: NewAccount): Promise<UserRow> {
  const taken = await findUserIdByEmail(tx, input.email);
  if (taken) throw emailTaken();
  const skills = input.role === 'technician' ? await checkSkills(tx, input.technician?.skills ?? []) : [];
  const { default_language } = await getSettings(tx, ['default_language']);
  const user = await insertUser(tx, {
    email: input.email,
    name: input.name,
    mobile: input.mobile ?? null,
    role: input.role,
    language: input.language ?? default_language,
    passwordHash: input.passwordHash,
  });
  if (input.role === 'customer') {
    await insertCustomer(tx, { userId: user.id, name: user.name, email: user.email, mobileNumber: user.mobile });
  }
  if (input.role === 'technician') {
    const vanId = await ensureVan(tx, user, input.technician?.vanCode);
    await insertTechnician(tx, {
      userId: user.id,
      skills,
      vanWarehouseId: vanId,
      weeklyHours: normaliseWeeklyHours(input.technician?.weeklyHours),
    });
  }
  return user;
}
