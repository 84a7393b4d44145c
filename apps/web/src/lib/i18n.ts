import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import 'dayjs/locale/en';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/shared';
import { defaultLanguageDetector, detectionOptions, toSupportedLanguage } from './language-detection';

type MessagePart = { default: Record<string, unknown> };

/**
 * Each language's messages are chunks of their own, fetched when that language is first used:
 * a page in Arabic never downloads the English messages, and switching language fetches the
 * other before the page changes (i18next waits for the backend). Each language comes in two
 * parts (issue #26): what the screens before sign-in say (locale-parts.ts), and the rest, which
 * loads once a session exists.
 */
const PARTS: Record<Language, { public: () => Promise<MessagePart>; signedIn: () => Promise<MessagePart> }> = {
  ar: { public: () => import('virtual:messages/ar/public'), signedIn: () => import('virtual:messages/ar/signed-in') },
  en: { public: () => import('virtual:messages/en/public'), signedIn: () => import('virtual:messages/en/signed-in') },
};

/** The instances that load the signed-in part too, on every language they load from now on. */
const signedInInstances = new WeakSet<I18n>();

function messagesBackend(instance: I18n) {
  return resourcesToBackend(async (language: string) => {
    const parts = PARTS[toSupportedLanguage(language) ?? DEFAULT_LANGUAGE];
    const loaded = await Promise.all([parts.public(), ...(signedInInstances.has(instance) ? [parts.signedIn()] : [])]);
    return Object.assign({}, ...loaded.map((part) => part.default)) as Record<string, unknown>;
  });
}

/** Whether the signed-in screens' messages of the current language are here. */
export function hasSignedInMessages(instance: I18n): boolean {
  // `nav` is in the signed-in part only (locale-parts.ts).
  return instance.exists('nav.dashboard', { lng: currentLanguage(instance) });
}

/**
 * Loads the signed-in screens' messages of the current language (and of every language loaded
 * from now on). Called when a session exists; the signed-in routes wait for it (guards.tsx).
 */
export async function loadSignedInMessages(instance: I18n): Promise<void> {
  if (!signedInInstances.has(instance)) {
    signedInInstances.add(instance);
    // Another language loaded before sign-in holds only its public part: drop it, so that
    // switching to it loads both parts before the page changes.
    for (const other of LANGUAGES) {
      if (other !== currentLanguage(instance) && !instance.exists('nav.dashboard', { lng: other })) {
        instance.removeResourceBundle(other, 'translation');
      }
    }
  }
  const language = currentLanguage(instance);
  if (hasSignedInMessages(instance)) return;
  const part = await PARTS[language].signedIn();
  instance.addResourceBundle(language, 'translation', part.default, true, false);
}

/** The language the UI is in now, always one of LANGUAGES. */
export function currentLanguage(instance: I18n): Language {
  return toSupportedLanguage(instance.resolvedLanguage ?? instance.language) ?? DEFAULT_LANGUAGE;
}

/**
 * Creates and initialises an i18next instance. The language is detected at once; its messages
 * arrive with `ready` (render nothing translated before). `onLanguageChanged` is registered
 * before init so it also sees the detected language.
 */
export function createI18n(
  options: { react?: boolean; onLanguageChanged?: (instance: I18n) => void } = {},
): I18n & { ready: Promise<unknown> } {
  const instance = i18next.createInstance();
  const { onLanguageChanged } = options;
  if (onLanguageChanged) instance.on('languageChanged', () => onLanguageChanged(instance));
  const detector = new LanguageDetector();
  detector.addDetector(defaultLanguageDetector);
  instance.use(detector);
  instance.use(messagesBackend(instance));
  if (options.react) instance.use(initReactI18next);
  const ready = instance.init({
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    // No fallback language: it would fetch the other language's messages on every load. Both
    // files hold the same keys (locales.test.ts), so nothing is ever missing.
    fallbackLng: false,
    detection: detectionOptions,
    interpolation: { escapeValue: false }, // React escapes; names are rendered as text.
    // Detect the language now (the page's direction and font follow it at once); only the
    // messages come later.
    initAsync: false,
    showSupportNotice: false,
    react: { useSuspense: false },
  });
  return Object.assign(instance, { ready });
}

/**
 * The one place that follows a language change into the page: <html lang>, <html dir> (which
 * Mantine's DirectionProvider observes), the font (CSS keys it on html[lang]) and dayjs.
 */
export function applyLanguageToDocument(instance: I18n): void {
  const lang = currentLanguage(instance);
  if (typeof document !== 'undefined') {
    const html = document.documentElement;
    html.lang = lang;
    html.dir = instance.dir(lang);
    document.title = instance.t('app.name');
  }
  dayjs.locale(lang);
}

export const i18n = createI18n({ react: true, onLanguageChanged: applyLanguageToDocument });
