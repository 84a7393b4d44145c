import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createI18n } from '../lib/i18n';
import { followLanguageInManifest, noticeIfUpdated } from './pwa';

const shown = () => notificationsStore.getState().notifications.map((n) => String(n.message));

describe('the "updated" notice', () => {
  beforeEach(() => {
    localStorage.clear();
    notifications.clean();
  });

  it('says nothing on a first visit nor on a start of the same version, and once on a new one', async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('en');
    await i18n.ready;
    noticeIfUpdated('/assets/index-AAA.js', i18n);
    noticeIfUpdated('/assets/index-AAA.js', i18n);
    expect(shown()).toEqual([]);

    noticeIfUpdated('/assets/index-BBB.js', i18n);
    expect(shown()).toEqual(['The portal has been updated to its latest version.']);
    noticeIfUpdated('/assets/index-BBB.js', i18n);
    expect(shown()).toHaveLength(1);
  });
});

describe('the manifest link', () => {
  let link: HTMLLinkElement;
  beforeEach(() => {
    link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/manifest.webmanifest';
    document.head.append(link);
  });
  afterEach(() => link.remove());

  it("asks for the manifest in the page's language, and follows a change of language", async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('ar');
    followLanguageInManifest(i18n);
    expect(link.getAttribute('href')).toBe('/manifest.webmanifest?lang=ar');
    await i18n.changeLanguage('en');
    expect(link.getAttribute('href')).toBe('/manifest.webmanifest?lang=en');
  });
});
