import type { TCreateTechnicianRequest, TPatchTechnicianRequest, TTechnician, TTechnicianList, TTechnicianListQuery } from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { publishUsersChanged } from '../auth/index.js';
import { lockTechnician } from '../scheduling/index.js';
import { assertHoursKeepBookings } from '../schedule/index.js';
import { audienceFor, publish } from '../realtime/index.js';
import { getSettings } from '../settings/index.js';
import { checkSkills, normaliseWeeklyHours, applyUserUpdate, type UserAdminService } from '../users/index.js';
import {
  assignVan,
  findTechnician,
  listTechnicians,
  lockUserRole,
  lockWarehouse,
  releaseVans,
  setTechnicianVan,
  toApi,
  updateTechnicianProfile,
} from './queries.js';

async function timeZoneOf(db: DbOrTx) {
  return (await getSettings(db, ['time_zone'])).time_zone;
}

export async function getTechnician(db: DbOrTx, id: string): Promise<TTechnician | null> {
  const row = await findTechnician(db, id, await timeZoneOf(db));
  return row ? toApi(row) : null;
}

const forAudit = (t: TTechnician) => ({
  name: t.name,
  email: t.email,
  active: t.active,
  skills: t.skills,
  van: t.van?.code ?? null,
  weekly_hours: t.weekly_hours,
});

export function createTechnicianService(ctx: AppContext, accounts: UserAdminService) {
  const { db } = ctx;

  const vanChanged = (tx: DbOrTx, ids: string[], technicianIds: string[]) =>
    publish(tx, { topic: 'stock', event: 'warehouse.changed', audience: audienceFor('read:stock', { own: technicianIds }), payload: { ids } });

  /** Gives the technician another van (an unassigned one), or none; their old van is left without a technician. */
  async function moveVan(tx: DbOrTx, id: string, vanId: string | null, currentVanId: string | null) {
    if (vanId === currentVanId) return;
    if (vanId) {
      const van = await lockWarehouse(tx, vanId);
      if (!van || van.kind !== 'van') throw badRequest({ van_warehouse_id: 'invalid' });
      if (van.technicianId && van.technicianId !== id) {
        throw new AppError(409, 'conflict', 'This van belongs to another technician', { fields: { van_warehouse_id: 'invalid' } });
      }
    }
    const released = await releaseVans(tx, id, vanId);
    if (vanId) await assignVan(tx, vanId, id);
    await setTechnicianVan(tx, id, vanId);
    await vanChanged(tx, [...released.map((r) => r.id), ...(vanId ? [vanId] : [])], [id]);
  }

  return {
    async list(q: TTechnicianListQuery): Promise<TTechnicianList> {
      const { items, next_cursor, total } = await listTechnicians(db, q, await timeZoneOf(db));
      return {
        items: items.map(toApi),
        next_cursor,
        total,
      };
    },

    /** The service types a skill may be (settings). */
    async options() {
      return getSettings(db, ['service_types']);
    },

    async get(id: string): Promise<TTechnician> {
      const t = await getTechnician(db, id);
      if (!t) throw notFound('Technician');
      return t;
    },

    /** The user, the technician profile and the van, all or nothing; then the welcome mail. */
    async create(actor: Actor, input: TCreateTechnicianRequest): Promise<TTechnician> {
      const user = await accounts.createAccount(
        actor,
        {
          name: input.name,
          email: input.email,
          mobile: input.mobile,
          language: input.language,
          role: 'technician',
          technician: { skills: input.skills, weeklyHours: input.weekly_hours, vanCode: input.van_code },
        },
        { skills: input.skills, weekly_hours: normaliseWeeklyHours(input.weekly_hours), van_code: input.van_code ?? null },
      );
      return (await getTechnician(db, user.id))!;
    },

    /**
     * Skills, van, weekly hours and the active flag. Deactivating is refused (409
     * technician_busy, listing them) while they hold open requests or future appointments.
     */
    async patch(actor: Actor, id: string, input: TPatchTechnicianRequest): Promise<TTechnician> {
      return db.transaction(async (tx) => {
        const user = await lockUserRole(tx, id);
        if (user?.role !== 'technician') throw notFound('Technician');
        const before = (await getTechnician(tx, id))!;
        const skills = input.skills !== undefined ? await checkSkills(tx, input.skills) : undefined;
        // New hours must keep every booked appointment inside them, as on the schedule page.
        if (input.weekly_hours !== undefined) {
          await lockTechnician(tx, id);
          await assertHoursKeepBookings(tx, id, normaliseWeeklyHours(input.weekly_hours));
        }
        if (skills !== undefined || input.weekly_hours !== undefined) {
          await updateTechnicianProfile(tx, id, {
            ...(skills !== undefined ? { skills } : {}),
            ...(input.weekly_hours !== undefined ? { weeklyHours: normaliseWeeklyHours(input.weekly_hours) } : {}),
          });
        }
        if (input.van_warehouse_id !== undefined) await moveVan(tx, id, input.van_warehouse_id, before.van?.id ?? null);
        // The account's flag (sessions, last-admin and open-work rules) is the users module's.
        if (input.active !== undefined && input.active !== before.active) await applyUserUpdate(tx, actor, id, { active: input.active });
        else await publishUsersChanged(tx, [id]);
        const after = (await getTechnician(tx, id))!;
        const action = input.active === false && before.active ? 'technician.deactivated' : 'technician.updated';
        await audit(tx, { actorId: actor.userId, action, entity: 'technician', entityId: id, before: forAudit(before), after: forAudit(after), ip: actor.ip });
        return after;
      });
    },
  };
}

export type TechnicianService = ReturnType<typeof createTechnicianService>;
