import type { TPublicSettings, TUpdateSettingsRequest } from '@portal/shared';
import type { Actor } from '../../context.js';
import type { Db } from '../../db/client.js';
import { deleteLogo, getLogo, getLogoMeta, logoUrl, putLogo, readAdminSettings, updateSettings, type SettingsChangeHook } from './admin.js';
import { getSettings } from './store.js';

export interface SettingsServiceOptions {
  /** The sign-in page's demo panel: app.ts passes it in demo mode only (null otherwise). */
  demo: TPublicSettings['demo'];
  /** What other modules do inside a settings change's transaction (admin.ts, SettingsChangeHook). */
  onChange?: readonly SettingsChangeHook[];
}

/** What the settings routes do: the public settings and logo, and the admin's settings screen (admin.ts). */
export function createSettingsService(db: Db, { demo, onChange = [] }: SettingsServiceOptions) {
  return {
    /** What the sign-in page and the support panel show (no secrets). */
    async publicSettings() {
      const s = await getSettings(db, ['company_name', 'support_phone', 'default_language', 'currency', 'time_zone']);
      const logo = await getLogoMeta(db);
      return {
        ...s,
        logo_url: logo ? logoUrl(logo) : null,
        demo,
      };
    },

    /** The logo's bytes and description, or null when none was uploaded. */
    logo: () => getLogo(db),

    /** Every editable setting and the logo, as the admin's screen shows them. */
    adminSettings: () => readAdminSettings(db),

    update: (actor: Pick<Actor, 'userId' | 'ip'>, input: TUpdateSettingsRequest) => updateSettings(db, actor, input, onChange),

    putLogo: (actor: Pick<Actor, 'userId' | 'ip'>, image: string) => putLogo(db, actor, image),

    deleteLogo: (actor: Pick<Actor, 'userId' | 'ip'>) => deleteLogo(db, actor),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
