import type { Language, TPublicSettings } from '@portal/shared';
import ar from '@portal/shared/locales/ar.json' with { type: 'json' };
import en from '@portal/shared/locales/en.json' with { type: 'json' };
import type { Db } from '../../db/client.js';
import { getSettings } from '../settings/index.js';
import { renderSignInPage, type SignInRequest } from './sign-in-page.js';

/** The app's names, read from the one pair of locale files the web app shows. */
const APP_MESSAGES: Record<Language, { name: string; shortName: string; tagline: string }> = { ar: ar.app, en: en.app };

/**
 * The title bar of the installed app: BrandMark's indigo (the `theme-color` meta tag in
 * apps/web/index.html says the same); the splash screen is the page's white.
 */
const THEME_COLOR = '#4263eb';
const BACKGROUND_COLOR = '#ffffff';

/** The icons apps/web/scripts/make-icons.mjs draws into apps/web/public/icons/. */
const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

export interface WebAppServiceOptions {
  /** The built sign-in page (sign-in-page.ts, loadSignInTemplate); null without a web build. */
  signInTemplate: string | null;
  /** What the sign-in page shows of the company: the settings module's public settings. */
  publicSettings: () => Promise<TPublicSettings>;
}

/** The pages the server writes for the web app: the installable app's manifest and the sign-in page. */
export function createWebAppService(db: Db, { signInTemplate, publicSettings }: WebAppServiceOptions) {
  return {
    /** True when there is a built sign-in page to send. */
    hasSignInPage: signInTemplate !== null,

    /** The sign-in page in the visitor's language (decision 019). */
    async signInPage(req: SignInRequest) {
      if (signInTemplate === null) throw new Error('No web build: there is no sign-in page');
      return renderSignInPage(signInTemplate, req, await publicSettings());
    },

    /** The manifest in `lang`, or in the company's default language when none is asked for. */
    async manifest(lang?: Language) {
      const language = lang ?? (await getSettings(db, ['default_language'])).default_language;
      const messages = APP_MESSAGES[language];
      return {
        // Stable across languages and releases: the browser knows it is the same installed app.
        id: '/',
        name: messages.name,
        short_name: messages.shortName,
        description: messages.tagline,
        lang: language,
        dir: language === 'ar' ? 'rtl' : 'ltr',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        icons: ICONS,
      };
    },
  };
}

export type WebAppService = ReturnType<typeof createWebAppService>;
