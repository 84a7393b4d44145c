import { sql } from 'drizzle-orm';
import type { EmailKind, Language } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/** What a customer e-mail about a request needs: the request and its customer (the recipient). */
export interface MailRequestRow {
  id: string;
  number: string;
  status: string;
  location: string;
  device: string;
  customer_id: string;
  customer_name: string;
  email: string;
  language: Language;
  active: boolean;
  technician_name: string | null;
}

export async function findMailRequest(db: DbOrTx, requestId: string): Promise<MailRequestRow | null> {
  const [row] = rowsOf<MailRequestRow>(
    await db.execute(sql`
      select r.id, r.number, r.status, r.location, r.device_brand || ' ' || r.device_model as device,
        r.customer_id, cu.name as customer_name, cu.email, cu.language, cu.active, tu.name as technician_name
      from service_requests r
      join users cu on cu.id = r.customer_id
      left join users tu on tu.id = r.technician_id
      where r.id = ${requestId}::uuid`),
  );
  return row ?? null;
}

export interface MailAppointmentRow {
  id: string;
  status: string;
  service_kind: string;
  starts_ms: number;
  ends_ms: number;
  technician_name: string;
}

export async function findMailAppointment(db: DbOrTx, appointmentId: string): Promise<MailAppointmentRow | null> {
  const [row] = rowsOf<MailAppointmentRow>(
    await db.execute(sql`
      select a.id, a.status, a.service_kind,
        (extract(epoch from a.starts_at) * 1000)::float8 as starts_ms, (extract(epoch from a.ends_at) * 1000)::float8 as ends_ms,
        tu.name as technician_name
      from appointments a join users tu on tu.id = a.technician_id
      where a.id = ${appointmentId}::uuid`),
  );
  return row ?? null;
}

/** Whether the user chose "in-app only" for this kind. */
export async function hasOptedOut(db: DbOrTx, userId: string, kind: EmailKind): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(await db.execute(sql`select 1 as one from email_opt_outs where user_id = ${userId}::uuid and kind = ${kind}`));
  return rows.length > 0;
}

/** The kinds the user turned e-mail off for. */
export async function optedOutKinds(db: DbOrTx, userId: string): Promise<string[]> {
  return rowsOf<{ kind: string }>(await db.execute(sql`select kind from email_opt_outs where user_id = ${userId}::uuid`)).map((r) => r.kind);
}

/** E-mail off for these kinds (kept if already off). */
export async function addOptOuts(db: DbOrTx, userId: string, kinds: readonly EmailKind[]): Promise<void> {
  if (!kinds.length) return;
  const values = sql.join(
    kinds.map((k) => sql`(${userId}::uuid, ${k})`),
    sql`, `,
  );
  await db.execute(sql`insert into email_opt_outs (user_id, kind) values ${values} on conflict do nothing`);
}

/** E-mail on again for these kinds. */
export async function removeOptOuts(db: DbOrTx, userId: string, kinds: readonly EmailKind[]): Promise<void> {
  if (!kinds.length) return;
  const list = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  await db.execute(sql`delete from email_opt_outs where user_id = ${userId}::uuid and kind in (${list})`);
}

/** Whether a user with this id exists (an unsubscribe token may outlive its account). */
export async function userExists(db: DbOrTx, userId: string): Promise<boolean> {
  return rowsOf<{ one: number }>(await db.execute(sql`select 1 as one from users where id = ${userId}::uuid`)).length > 0;
}
