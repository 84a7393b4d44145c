import { DateTime } from 'luxon';
import { DEFAULT_BACKUP_SCHEDULE, ZBackupSchedule, type TBackupList, type TBackupSchedule } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { enqueue } from '../jobs/index.js';
import { getSettings } from '../settings/index.js';
import { deleteSetting, readSetting, upsertSettingBy, upsertSystemSetting } from './queries.js';
import { BACKUP_JOB } from './writer.js';

/**
 * Scheduled backups. The schedule is the `backup_schedule` row of `settings` (the settings module
 * reads only the keys it knows, so it never sees it). Every instance enqueues, each minute, the
 * job of the next due slot with the dedupe key `backup:<slot ISO>`, so each slot runs once however
 * many instances there are; the job checks the slot is still one of the schedule's when it runs.
 */
export const SCHEDULE_KEY = 'backup_schedule';
/** `{ at, message }` of the last scheduled backup when it failed; removed by the next that succeeds. */
export const LAST_FAILURE_KEY = 'backup_last_failure';
export const SCHEDULE_EVERY_MS = 60_000;

export async function readSchedule(db: DbOrTx): Promise<TBackupSchedule> {
  const parsed = ZBackupSchedule.safeParse(await readSetting(db, SCHEDULE_KEY));
  return parsed.success ? parsed.data : DEFAULT_BACKUP_SCHEDULE;
}

export async function writeSchedule(db: DbOrTx, schedule: TBackupSchedule, by: string | null): Promise<void> {
  await upsertSettingBy(db, SCHEDULE_KEY, schedule, by);
}

export async function readLastFailure(db: DbOrTx): Promise<TBackupList['last_failure']> {
  const v = (await readSetting(db, LAST_FAILURE_KEY)) as { at?: unknown; message?: unknown } | undefined;
  return v && typeof v.at === 'string' && typeof v.message === 'string' ? { at: v.at, message: v.message } : null;
}

export async function writeLastFailure(db: DbOrTx, failure: TBackupList['last_failure']): Promise<void> {
  if (!failure) {
    await deleteSetting(db, LAST_FAILURE_KEY);
    return;
  }
  await upsertSystemSetting(db, LAST_FAILURE_KEY, failure);
}

/**
 * The first slot of `schedule` after `now`, in the company's time zone (daily at HH:MM, or weekly
 * on a weekday, 0 = Sunday); null when off. A wall-clock time a daylight-saving change skips is
 * taken as luxon places it (an hour later).
 */
export function nextSlot(schedule: TBackupSchedule, zone: string, now: Date): Date | null {
  if (schedule.frequency === 'off') return null;
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  for (let i = 0; i <= 8; i++) {
    const day = today.plus({ days: i });
    if (schedule.frequency === 'weekly' && day.weekday % 7 !== schedule.weekday) continue;
    const slot = day.set({ hour, minute, second: 0, millisecond: 0 });
    if (slot.toMillis() > now.getTime()) return slot.toJSDate();
  }
  return null;
}

/** Whether `slot` is a slot of `schedule` (it changed, or was turned off, since the job was enqueued?). */
export function isSlotOf(schedule: TBackupSchedule, zone: string, slot: Date): boolean {
  return nextSlot(schedule, zone, new Date(slot.getTime() - 1))?.getTime() === slot.getTime();
}

export async function companyZone(db: DbOrTx): Promise<string> {
  return (await getSettings(db, ['time_zone'])).time_zone;
}

/** Enqueues the job of the next slot (idempotent across instances and minutes); returns the slot. */
export async function scheduleBackup(db: DbOrTx, now = new Date()): Promise<Date | null> {
  const schedule = await readSchedule(db);
  const slot = nextSlot(schedule, await companyZone(db), now);
  if (!slot) return null;
  const iso = slot.toISOString();
  await enqueue(db, [{ kind: BACKUP_JOB, runAt: slot, dedupeKey: `backup:${iso}`, payload: { slot: iso } }]);
  return slot;
}
