import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/shared';
import { defaultLanguageDetector, detectionOptions, toSupportedLanguage } from './language-detection';

type MessagePart = { default: Record<string, unknown> };
type SignedInPart = 'shell' | 'pages';

/**
 * Each language's messages are chunks of their own, fetched when that language is first used:
 * a page in Arabic never downloads the English messages, and switching language fetches the
 * other before the page changes (i18next waits for the backend). Each language comes in three
 * parts (issue #26, apps/web/locale-parts.ts): what the screens before sign-in say; what the
 * signed-in shell and the dashboards say, once a session exists; and what every other page says,
 * with the first such page.
 */
const PARTS: Record<Language, Record<'public' | SignedInPart, () => Promise<MessagePart>>> = {
  ar: {
    public: () => import('virtual:messages/ar/public'),
    shell: () => import('virtual:messages/ar/shell'),
    pages: () => import('virtual:messages/ar/pages'),
  },
  en: {
    public: () => import('virtual:messages/en/public'),
    shell: () => import('virtual:messages/en/shell'),
    pages: () => import('virtual:messages/en/pages'),
  },
};

/** A key of each signed-in part only (locale-parts.ts; i18n.test.ts checks): whether a language holds that part. */
export const PART_MARKERS: Record<SignedInPart, string> = { shell: 'nav.dashboard', pages: 'backup.title' };

/** The signed-in parts each instance loads, on every language it loads from now on. */
const wantedParts = new WeakMap<I18n, Set<SignedInPart>>();

function wanted(instance: I18n): Set<SignedInPart> {
  let parts = wantedParts.get(instance);
  if (!parts) wantedParts.set(instance, (parts = new Set()));
  return parts;
}

type Messages = Record<string, unknown>;

const isGroup = (value: unknown): value is Messages => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `source` merged into `target` group by group. A group may be split between parts (the
 * statuses of `serviceRequests` are in the shell part, the rest of it in the pages part): a
 * shallow merge kept only the later half. The parts themselves are copied, never changed.
 */
function mergeMessages(target: Messages, source: Messages): Messages {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (isGroup(value)) target[key] = mergeMessages(isGroup(existing) ? existing : {}, value);
    else target[key] = value;
  }
  return target;
}

function messagesBackend(instance: I18n) {
  return resourcesToBackend(async (language: string) => {
    const parts = PARTS[toSupportedLanguage(language) ?? DEFAULT_LANGUAGE];
    const loaded = await Promise.all([parts.public(), ...[...wanted(instance)].map((part) => parts[part]())]);
    return loaded.reduce<Messages>((merged, part) => mergeMessages(merged, part.default), {});
  });
}

function holds(instance: I18n, language: Language, part: SignedInPart): boolean {
  return instance.exists(PART_MARKERS[part], { lng: language });
}

/** Whether the signed-in shell's and the dashboards' messages of the current language are here. */
export function hasSignedInMessages(instance: I18n): boolean {
  return holds(instance, currentLanguage(instance), 'shell');
}

/** Whether every signed-in page's messages of the current language are here. */
export function hasPageMessages(instance: I18n): boolean {
  return holds(instance, currentLanguage(instance), 'pages');
}

/**
 * Loads `part` of the signed-in messages (`pages` takes `shell` with it) of the current language,
 * and of every language loaded from now on. `shell` is called for when a session exists (the
 * signed-in routes wait for it, guards.tsx); `pages` by every page but the dashboards (router.tsx).
 */
async function loadSignedInPart(instance: I18n, part: SignedInPart): Promise<void> {
  const parts: SignedInPart[] = part === 'pages' ? ['shell', 'pages'] : ['shell'];
  const wants = wanted(instance);
  if (parts.some((p) => !wants.has(p))) {
    for (const p of parts) wants.add(p);
    // Another language loaded before holds less: drop it, so that switching to it loads every
    // wanted part before the page changes.
    for (const other of LANGUAGES) {
      if (other !== currentLanguage(instance) && parts.some((p) => !holds(instance, other, p))) {
        instance.removeResourceBundle(other, 'translation');
      }
    }
  }
  const language = currentLanguage(instance);
  const missing = parts.filter((p) => !holds(instance, language, p));
  if (!missing.length) return;
  const loaded = await Promise.all(missing.map((p) => PARTS[language][p]()));
  for (const messages of loaded) instance.addResourceBundle(language, 'translation', messages.default, true, false);
}

/** The signed-in shell's and the dashboards' messages (locale-parts.ts), once a session exists. */
export function loadSignedInMessages(instance: I18n): Promise<void> {
  return loadSignedInPart(instance, 'shell');
}

/** Every signed-in page's messages: with the code of any page but the dashboards. */
export function loadPageMessages(instance: I18n): Promise<void> {
  return loadSignedInPart(instance, 'pages');
}

/**
 * Emitted when messages arrive that screens already drawn were missing: every translated
 * component draws again (`bindI18n` below). Only then — a part loaded before the screens that
 * need it are drawn (the guards' shell part, a page's with its code) redraws nothing: with
 * i18next's own 'added' event, every page's first load drew the whole shell twice (issue #26).
 */
const MISSING_MESSAGES_ADDED = 'missingMessagesAdded';

/**
 * A key the loaded parts lack, asked for by a signed-in screen (one that says something the
 * shell part leaves out, see locale-parts.ts): load the rest. The key shows raw until it
 * arrives, then the screens draw again.
 */
function loadPagesForMissingKey(instance: I18n): void {
  if (hasSignedInMessages(instance) && !wanted(instance).has('pages')) {
    loadPageMessages(instance).then(
      () => instance.emit(MISSING_MESSAGES_ADDED),
      () => {},
    );
  }
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
    saveMissing: true,
    missingKeyHandler: () => loadPagesForMissingKey(instance),
    react: { useSuspense: false, bindI18n: `languageChanged ${MISSING_MESSAGES_ADDED}` },
  });
  return Object.assign(instance, { ready });
}

/**
 * The one place that follows a language change into the page: <html lang>, <html dir> (which
 * Mantine's DirectionProvider observes) and the font (CSS keys it on html[lang]). The date
 * pickers take the language from their provider (components/dates-provider.tsx), not from dayjs.
 */
export function applyLanguageToDocument(instance: I18n): void {
  const lang = currentLanguage(instance);
  if (typeof document !== 'undefined') {
    const html = document.documentElement;
    html.lang = lang;
    html.dir = instance.dir(lang);
    document.title = instance.t('app.name');
  }
}

export const i18n = createI18n({ react: true, onLanguageChanged: applyLanguageToDocument });
