import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '@portal/shared';
import ar from '@portal/shared/locales/ar.json';
import en from '@portal/shared/locales/en.json';
import { createI18n, currentLanguage, hasPageMessages, hasSignedInMessages, i18n as appI18n, loadPageMessages, loadSignedInMessages } from './i18n';
import { LANGUAGE_STORAGE_KEY } from './language-detection';

function browserPrefers(...languages: string[]) {
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });
  Object.defineProperty(window.navigator, 'language', { value: languages[0], configurable: true });
}

function detect(): string {
  return currentLanguage(createI18n());
}

describe('language detection', () => {
  // The app's own instance sets <html lang> once its messages arrive: let that happen first.
  beforeAll(() => appI18n.ready);
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    // i18next keeps its choice in the language cookie too (for the server's sign-in page).
    document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
    window.history.replaceState({}, '', '/');
    document.documentElement.removeAttribute('lang');
  });
  afterEach(() => {
    localStorage.clear();
  });

  it('gives Arabic to a browser that prefers neither Arabic nor English', () => {
    browserPrefers('fr-FR', 'fr');
    expect(detect()).toBe('ar');
  });

  it('gives Arabic to a browser preferring French as the page ships (<html lang="ar">)', () => {
    document.documentElement.lang = 'ar';
    browserPrefers('fr-FR');
    expect(detect()).toBe('ar');
  });

  it('gives English to a browser that prefers English', () => {
    browserPrefers('en-US', 'en');
    expect(detect()).toBe('en');
  });

  it('follows the first of Arabic or English the browser lists', () => {
    browserPrefers('fr-FR', 'en-GB', 'ar');
    expect(detect()).toBe('en');
    // The choice above was cached.
    localStorage.clear();
    document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
    browserPrefers('de', 'ar-SA', 'en');
    expect(detect()).toBe('ar');
  });

  it('lets ?lng= win over the browser and the cached choice', () => {
    browserPrefers('ar-SA');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    window.history.replaceState({}, '', '/login?lng=en');
    expect(detect()).toBe('en');
  });

  it('remembers the choice in localStorage under i18nextLng and uses it next time', async () => {
    browserPrefers('en-US');
    const i18n = createI18n();
    await i18n.changeLanguage('ar');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    expect(detect()).toBe('ar');
  });

  it('loads only the language in use, and the other when switched to (issue #26)', async () => {
    browserPrefers('ar');
    const i18n = createI18n();
    await i18n.ready;
    expect(currentLanguage(i18n)).toBe('ar');
    expect(i18n.t('app.name')).toBe(ar.app.name);
    expect(i18n.hasResourceBundle('ar', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    await i18n.changeLanguage('en');
    expect(i18n.t('app.name')).toBe(en.app.name);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
  });

  it('is right-to-left for Arabic and left-to-right for English', () => {
    const i18n = createI18n();
    expect(i18n.dir('ar')).toBe('rtl');
    expect(i18n.dir('en')).toBe('ltr');
  });
});

describe("the signed-in messages' parts (issue #26)", () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
    window.history.replaceState({}, '', '/');
  });

  it('loads the shell part once a session exists, the pages part with the first page, and both on a switch', async () => {
    browserPrefers('en');
    const i18n = createI18n();
    await i18n.ready;
    expect(hasSignedInMessages(i18n)).toBe(false);
    await loadSignedInMessages(i18n);
    expect(hasSignedInMessages(i18n)).toBe(true);
    expect(i18n.t('nav.dashboard')).toBe(en.nav.dashboard);
    expect(i18n.t('serviceRequests.status.pending')).toBe(en.serviceRequests.status.pending);
    // A page's own words are not here yet.
    expect(hasPageMessages(i18n)).toBe(false);
    expect(i18n.exists('backup.title')).toBe(false);
    await loadPageMessages(i18n);
    expect(hasPageMessages(i18n)).toBe(true);
    expect(i18n.t('backup.title')).toBe(en.backup.title);
    // The shell's keys are still here beside them.
    expect(i18n.t('nav.dashboard')).toBe(en.nav.dashboard);
    await i18n.changeLanguage('ar');
    expect(i18n.t('nav.dashboard')).toBe(ar.nav.dashboard);
    expect(i18n.t('backup.title')).toBe(ar.backup.title);
    expect(i18n.t('app.name')).toBe(ar.app.name);
  });

  it('a language loaded before the pages part is loaded again, whole, when switched to', async () => {
    browserPrefers('en');
    const i18n = createI18n();
    await i18n.ready;
    await loadSignedInMessages(i18n);
    await i18n.changeLanguage('ar');
    await i18n.changeLanguage('en');
    // Arabic holds the public and shell parts; now the pages part is wanted too.
    await loadPageMessages(i18n);
    await i18n.changeLanguage('ar');
    expect(i18n.t('backup.title')).toBe(ar.backup.title);
    expect(i18n.t('nav.dashboard')).toBe(ar.nav.dashboard);
  });

  it('a language loaded with every part keeps both halves of a group split between the shell and the pages parts', async () => {
    browserPrefers('en');
    const i18n = createI18n();
    await i18n.ready;
    await loadPageMessages(i18n);
    // Arabic now comes through the backend, its three parts at once. `serviceRequests` is split:
    // its statuses in the shell part (the dashboards show them), the rest in the pages part.
    await i18n.changeLanguage('ar');
    expect(i18n.t('serviceRequests.status.assigned')).toBe(ar.serviceRequests.status.assigned);
    expect(i18n.t('serviceRequests.priority.high')).toBe(ar.serviceRequests.priority.high);
    expect(i18n.t('serviceRequests.title')).toBe(ar.serviceRequests.title);
    expect(i18n.t('inventory.units.pcs')).toBe(ar.inventory.units.pcs);
    expect(i18n.t('inventory.subtitle')).toBe(ar.inventory.subtitle);
  });

  it('loads the pages part when a signed-in screen asks for a key the shell part lacks', async () => {
    browserPrefers('en');
    const i18n = createI18n();
    await i18n.ready;
    await loadSignedInMessages(i18n);
    const added = new Promise((resolve) => i18n.on('missingMessagesAdded', resolve));
    expect(i18n.t('backup.title')).toBe('backup.title');
    await added;
    expect(hasPageMessages(i18n)).toBe(true);
    expect(i18n.t('backup.title')).toBe(en.backup.title);
  });

  it('does not load them for a key missing before sign-in', async () => {
    browserPrefers('en');
    const i18n = createI18n();
    await i18n.ready;
    expect(i18n.t('backup.title')).toBe('backup.title');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(i18n.exists('nav.dashboard')).toBe(false);
    expect(i18n.exists('backup.title')).toBe(false);
  });
});
