import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n, currentLanguage } from './i18n';
import { LANGUAGE_COOKIE } from '@portal/shared';
import { detectLanguage, LANGUAGE_STORAGE_KEY } from './language-detection';

/** i18next keeps its choice in the language cookie too (for the server's sign-in page). */
const forgetCookie = () => {
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
};

// The entry picks the first screen's fonts by this before i18next exists: it must choose as
// i18next will.
describe('detectLanguage', () => {
  afterEach(() => {
    localStorage.clear();
    forgetCookie();
    window.history.replaceState(null, '', '/');
    document.documentElement.lang = '';
    vi.restoreAllMocks();
  });

  /** What i18next itself chooses; it keeps its choice in localStorage, which is undone here. */
  const i18nextChoice = () => {
    const kept = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    const language = currentLanguage(createI18n());
    if (kept === null) localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    else localStorage.setItem(LANGUAGE_STORAGE_KEY, kept);
    forgetCookie();
    return language;
  };

  it('takes ?lng= first, then an earlier choice kept in localStorage', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    window.history.replaceState(null, '', '/login?lng=ar');
    expect(detectLanguage()).toBe('ar');
    expect(i18nextChoice()).toBe('ar');
    window.history.replaceState(null, '', '/login');
    expect(detectLanguage()).toBe('en');
    expect(i18nextChoice()).toBe('en');
  });

  it('passes over languages the portal does not speak in the browser list (fr-FR, then ar-SA)', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'ar-SA', 'en-US']);
    expect(detectLanguage()).toBe('ar');
    expect(i18nextChoice()).toBe('ar');
  });

  it('falls back to <html lang> (the company default) when the browser names neither language', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('fr-FR');
    document.documentElement.lang = 'en';
    expect(detectLanguage()).toBe('en');
    expect(i18nextChoice()).toBe('en');
    document.documentElement.lang = 'ar';
    expect(detectLanguage()).toBe('ar');
    expect(i18nextChoice()).toBe('ar');
  });

  it('writes nothing: i18next keeps the choice once it starts', () => {
    window.history.replaceState(null, '', '/login?lng=en');
    detectLanguage();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });
});
