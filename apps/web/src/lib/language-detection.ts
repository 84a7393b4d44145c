import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import type { Services } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@portal/shared';

// How the page's language is chosen. Apart from i18next (lib/i18n.ts uses it), so that the entry
// can know the language — and fetch its fonts — before the app's code has arrived.

export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** `ar-SA` → `ar`, `en_US` → `en`; anything else is left for i18next to reject. */
export function toSupportedLanguage(code: string | undefined | null): Language | null {
  const base = (code ?? '').split(/[-_]/)[0]?.toLowerCase();
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : null;
}

/**
 * Last in the detection order, after <html lang> — which the server fills with the company's
 * `default_language` setting, so a browser preferring neither Arabic nor English (French, say)
 * gets the company's choice. Only a page without that tag ends here, in Arabic. fallbackLng
 * stays English, but only for keys missing in Arabic — it never chooses the language.
 */
export const defaultLanguageDetector = {
  name: 'portalDefault',
  lookup: () => DEFAULT_LANGUAGE,
  cacheUserLanguage: () => {},
};

export const detectionOptions: DetectorOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag', defaultLanguageDetector.name],
  lookupQuerystring: 'lng',
  lookupCookie: LANGUAGE_COOKIE,
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  lookupSessionStorage: LANGUAGE_STORAGE_KEY,
  // The cookie too: the server sends the sign-in page in it (decision 019).
  caches: ['localStorage', 'cookie'],
  cookieMinutes: 60 * 24 * 365,
  cookieOptions: { path: '/', sameSite: 'lax' },
  convertDetectedLanguage: (lng: string) => toSupportedLanguage(lng) ?? lng,
};

/**
 * The language i18next will choose on this page: the first supported code of the detection order
 * (the last detector always names one). Caches nothing: i18next does that once it starts.
 */
export function detectLanguage(): Language {
  const detector = new LanguageDetector();
  // Given i18next's language utilities, detect() returns every candidate in order instead of only
  // the first; it uses nothing else of them. Choosing among them is ours, as i18next would.
  const services = { languageUtils: { getBestMatchFromCodes: () => undefined } } as unknown as Services;
  detector.init(services, detectionOptions);
  detector.addDetector(defaultLanguageDetector);
  const candidates = [detector.detect() ?? []].flat();
  for (const code of candidates) {
    const language = toSupportedLanguage(code);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
