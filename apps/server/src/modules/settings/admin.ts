import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  LOGO_MAX_BYTES,
  ROLES,
  SETTINGS_KEYS,
  type CatalogInUseDetails,
  type TAdminSettings,
  type TCatalogEntry,
  type TLogoInfo,
  type TUpdateSettingsRequest,
} from '@portal/shared';
import type { Actor } from '../../context.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { reencodeImage, type ImageRules } from '../../lib/images.js';
import { publish } from '../realtime/index.js';
import { getSettings, putSetting, type SettingKey } from './store.js';
import { deleteSettings, findSettingRows, findSettingValue, lockSettings, openRequestsWithType, techniciansWithSkill, upsertSetting } from './queries.js';

/**
 * The logo lives in two settings rows: its small description (read with the public settings)
 * and its bytes as base64 (read only when the image itself is asked for).
 */
const LOGO_META = 'company_logo';
const LOGO_DATA = 'company_logo_data';
type LogoContentType = TLogoInfo['content_type'];
interface LogoMeta {
  content_type: LogoContentType;
  size: number;
  sha256: string;
}

/** What the admin screen edits (the shared contract's keys; each has a default here). */
const EDITABLE: SettingKey[] = SETTINGS_KEYS;
/** Every settings change reaches every signed-in user (the topic any role may join). */
const EVERYONE = { roles: [...ROLES] };
/**
 * What other modules do inside a settings change's transaction, given the keys that changed (the
 * SLA clocks are re-timed when the time zone or working hours move). Wired in app.ts, so that
 * settings, which nearly every module reads, imports none of them.
 */
export type SettingsChangeHook = (tx: Tx, changed: SettingKey[]) => Promise<void>;

export const logoEtag = (meta: Pick<LogoMeta, 'sha256'>) => meta.sha256.slice(0, 16);
export const logoUrl = (meta: Pick<LogoMeta, 'sha256'>) => `/api/settings/logo?v=${logoEtag(meta)}`;

export async function getLogoMeta(db: DbOrTx): Promise<LogoMeta | null> {
  return ((await findSettingValue(db, LOGO_META)) as LogoMeta | undefined) ?? null;
}

export async function getLogo(db: DbOrTx): Promise<{ meta: LogoMeta; data: Buffer } | null> {
  const rows = await findSettingRows(db, [LOGO_META, LOGO_DATA]);
  const meta = rows.find((r) => r.key === LOGO_META)?.value as LogoMeta | undefined;
  const data = rows.find((r) => r.key === LOGO_DATA)?.value as string | undefined;
  return meta && typeof data === 'string' ? { meta, data: Buffer.from(data, 'base64') } : null;
}

export async function readAdminSettings(db: DbOrTx): Promise<TAdminSettings> {
  const values = await getSettings(db, EDITABLE);
  const meta = await getLogoMeta(db);
  return { ...values, logo: meta ? { url: logoUrl(meta), content_type: meta.content_type, size: meta.size } : null };
}

/** Service and fault types an update would drop while technicians' skills or open requests still use them. */
async function catalogInUse(tx: DbOrTx, before: Partial<Record<'service_types' | 'fault_types', TCatalogEntry[]>>, input: TUpdateSettingsRequest) {
  const details: CatalogInUseDetails = {};
  for (const list of ['service_types', 'fault_types'] as const) {
    const next = input[list];
    if (!next) continue;
    const kept = new Set(next.map((e) => e.code));
    const removed = (before[list] ?? []).map((e) => e.code).filter((code) => !kept.has(code));
    if (!removed.length) continue;
    const used: NonNullable<CatalogInUseDetails['service_types']> = [];
    for (const code of removed) {
      const open = await openRequestsWithType(tx, list, code);
      const techs = list === 'service_types' ? await techniciansWithSkill(tx, code) : [];
      if (open.length || techs.length) used.push({ code, technicians: techs, open_requests: open });
    }
    if (used.length) details[list] = used;
  }
  return details.service_types || details.fault_types ? details : null;
}

/**
 * Writes the keys sent whose value differs, each audited (before → after), in one transaction
 * that also publishes `settings.updated`, so every open page refetches the moment it commits.
 * Removing a service or fault type still in use (a technician's skill, an open request) is
 * refused with 409 catalog_in_use naming them; closed requests keep their code.
 */
export async function updateSettings(
  db: Db,
  actor: Pick<Actor, 'userId' | 'ip'>,
  input: TUpdateSettingsRequest,
  onChange: readonly SettingsChangeHook[] = [],
): Promise<TAdminSettings> {
  await db.transaction(async (tx) => {
    // One settings change at a time: the before of each audit row is what the change replaced.
    await lockSettings(tx);
    const keys = (Object.keys(input) as SettingKey[]).filter((k) => input[k] !== undefined);
    const before = await getSettings(tx, keys);
    const changed = keys.filter((k) => !isDeepStrictEqual(before[k], input[k]));
    if (!changed.length) return;
    const inUse = await catalogInUse(tx, before as Partial<Record<'service_types' | 'fault_types', TCatalogEntry[]>>, input);
    if (inUse) {
      throw new AppError(409, 'catalog_in_use', 'A removed service or fault type is still used by technicians or open requests', {
        details: inUse as Record<string, unknown>,
      });
    }
    for (const key of changed) {
      const value = input[key] as never;
      await putSetting(tx, key, value, actor.userId);
      await audit(tx, { actorId: actor.userId, action: 'settings.updated', entity: 'settings', entityId: key, before: { [key]: before[key] }, after: { [key]: value }, ip: actor.ip });
    }
    for (const hook of onChange) await hook(tx, changed);
    await publish(tx, { topic: 'settings', event: 'settings.updated', audience: EVERYONE, payload: { keys: changed } });
  });
  return readAdminSettings(db);
}

/** The bytes of a base64 upload (a `data:` prefix is dropped; its declared type is not trusted). */
export function decodeUpload(image: string): Buffer {
  const body = image.startsWith('data:') ? image.slice(image.indexOf(',') + 1) : image;
  const compact = body.replace(/\s+/g, '');
  if (!compact || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) throw badRequest({ image: 'invalid' }, 'The logo must be a PNG, JPEG or WebP image');
  return Buffer.from(compact, 'base64');
}

/** A logo is shown small: 2048×2048 pixels at most (4 Mpx), checked from its header before it is decoded (issue #22). */
const LOGO_MAX_SIDE = 2048;
const LOGO_RULES: ImageRules = {
  formats: ['png', 'jpeg', 'webp'],
  maxSide: LOGO_MAX_SIDE,
  maxPixels: LOGO_MAX_SIDE * LOGO_MAX_SIDE,
  limitText: `${LOGO_MAX_SIDE}×${LOGO_MAX_SIDE} pixels`,
  field: 'image',
  invalid: { code: 'validation_failed', message: 'The logo must be a PNG, JPEG or WebP image' },
};

/**
 * Stores a new logo, audited and announced like any setting. It must be a PNG, JPEG or WebP by
 * content (400), at most 512 KB (413) and 2048×2048 pixels by its header (413, before any pixel
 * is decoded); it is served publicly, so what is stored is not the upload but the image decoded
 * and re-encoded in its format without metadata (reencodeImage: no EXIF, GPS or comments, nothing
 * appended to the file), which must still be at most 512 KB.
 */
export async function putLogo(db: Db, actor: Pick<Actor, 'userId' | 'ip'>, image: string): Promise<TAdminSettings> {
  const upload = decodeUpload(image);
  if (upload.length > LOGO_MAX_BYTES) throw new AppError(413, 'payload_too_large', `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB`);
  const { data: bytes, format } = await reencodeImage(upload, LOGO_RULES);
  const type = `image/${format}` as LogoContentType;
  if (bytes.length > LOGO_MAX_BYTES) {
    throw new AppError(413, 'payload_too_large', `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB once re-encoded; try a smaller image`);
  }
  const meta: LogoMeta = { content_type: type, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  await db.transaction(async (tx) => {
    await lockSettings(tx);
    const before = await getLogoMeta(tx);
    if (before?.sha256 === meta.sha256) return;
    for (const [key, value] of [[LOGO_META, meta], [LOGO_DATA, bytes.toString('base64')]] as const) {
      await upsertSetting(tx, key, value, actor.userId);
    }
    await audit(tx, { actorId: actor.userId, action: 'settings.updated', entity: 'settings', entityId: 'logo', before: { logo: before }, after: { logo: meta }, ip: actor.ip });
    await publish(tx, { topic: 'settings', event: 'settings.updated', audience: EVERYONE, payload: { keys: ['logo'] } });
  });
  return readAdminSettings(db);
}

export async function deleteLogo(db: Db, actor: Pick<Actor, 'userId' | 'ip'>): Promise<TAdminSettings> {
  await db.transaction(async (tx) => {
    await lockSettings(tx);
    const before = await getLogoMeta(tx);
    if (!before) return;
    await deleteSettings(tx, [LOGO_META, LOGO_DATA]);
    await audit(tx, { actorId: actor.userId, action: 'settings.updated', entity: 'settings', entityId: 'logo', before: { logo: before }, after: { logo: null }, ip: actor.ip });
    await publish(tx, { topic: 'settings', event: 'settings.updated', audience: EVERYONE, payload: { keys: ['logo'] } });
  });
  return readAdminSettings(db);
}
