import { ZNewCustomerInput } from '@portal/shared';
import { randomToken, publishUsersChanged } from '../../auth/index.js';
import { getSettings } from '../../settings/index.js';
import { findAccountsByEmail, insertAccounts, insertCustomerRows, updateAccountContacts, upsertCustomerRows } from '../queries.js';
import { cellValue, zodProblems, type Classified, type DataSetImporter } from './set.js';

/**
 * Customers by email: the rules of an admin creating a customer (ZNewCustomerInput: name,
 * email, mobile, address). Only name, mobile and address are ever changed; never a password
 * or a role, and an email of a staff account is refused, that account left alone.
 */

interface CustomerRow {
  email: string;
  name: string;
  /** undefined: the file has no such column, keep what is there; null: clear it. */
  mobile: string | null | undefined;
  address: string | null | undefined;
}

type Plan =
  | { kind: 'create'; email: string; name: string; mobile: string | null; address: string | null }
  | { kind: 'update'; id: string; email: string; name: string; mobile: string | null; address: string | null };

/** The file's columns against the API's field names. */
const COLUMN_OF: Record<string, string> = { mobile_number: 'mobile', default_address: 'address' };

export const customersImporter: DataSetImporter<CustomerRow, Plan> = {
  required: ['email', 'name'],
  keyColumn: 'email',
  key: (cells) => cells.email?.toLowerCase() || null,

  parse(cells, present) {
    const parsed = ZNewCustomerInput.safeParse({
      email: cellValue(cells, 'email'),
      name: cellValue(cells, 'name'),
      mobile_number: cellValue(cells, 'mobile'),
      default_address: cellValue(cells, 'address'),
    });
    if (!parsed.success) return { problems: zodProblems(parsed.error, cells, (f) => COLUMN_OF[f] ?? f) };
    const v = parsed.data;
    return {
      value: {
        email: v.email,
        name: v.name,
        mobile: present.has('mobile') ? v.mobile_number : undefined,
        address: present.has('address') ? v.default_address : undefined,
      },
    };
  },

  async classify(db, rows) {
    const found = await findAccountsByEmail(db, rows.map((r) => r.email));
    const byEmail = new Map(found.map((u) => [u.email, u]));
    return rows.map((r): Classified<Plan> => {
      const u = byEmail.get(r.email);
      if (!u) return { outcome: 'created', plan: { kind: 'create', email: r.email, name: r.name, mobile: r.mobile ?? null, address: r.address ?? null } };
      if (u.role !== 'customer') return { problems: [{ column: 'email', code: 'conflict' }] };
      const next = { name: r.name, mobile: r.mobile === undefined ? u.mobile : r.mobile, address: r.address === undefined ? u.address : r.address };
      const same = next.name === u.name && next.mobile === u.mobile && next.address === u.address;
      return { outcome: same ? 'unchanged' : 'updated', plan: { kind: 'update', id: u.id, email: u.email, ...next } };
    });
  },

  async write(tx, plans) {
    const creates = plans.flatMap(({ plan: p }) => (p.kind === 'create' ? [p] : []));
    const updates = plans.flatMap(({ outcome, plan: p }) => (p.kind === 'update' && outcome === 'updated' ? [p] : []));
    if (creates.length) {
      const { default_language } = await getSettings(tx, ['default_language']);
      // The same account an admin creates, with a password nobody knows — as the service
      // request form does for a new customer (no argon2 hash: 50,000 of them would take
      // minutes). No welcome mail per row: an import is not the moment to mail thousands of
      // people; an imported customer signs in through "forgot password", which mails them a
      // link to choose one.
      const created = await insertAccounts(
        tx,
        creates.map((c) => ({ email: c.email, name: c.name, mobile: c.mobile, role: 'customer' as const, language: default_language, passwordHash: `!unusable:${randomToken()}` })),
      );
      const idOf = new Map(created.map((u) => [u.email, u.id]));
      await insertCustomerRows(
        tx,
        creates.map((c) => ({ userId: idOf.get(c.email)!, name: c.name, email: c.email, mobileNumber: c.mobile, defaultAddress: c.address })),
      );
    }
    if (updates.length) {
      await updateAccountContacts(tx, updates);
      // The customer row mirrors the account (as applyUserUpdate keeps it); one is made if missing.
      await upsertCustomerRows(
        tx,
        updates.map((u) => ({ userId: u.id, name: u.name, email: u.email, mobileNumber: u.mobile, defaultAddress: u.address })),
      );
      // Every instance drops what it cached of them.
      await publishUsersChanged(tx, updates.map((u) => u.id));
    }
  },
};
