import { afterEach, describe, expect, it } from 'vitest';
import { useTranslation } from 'react-i18next';
import en from '@portal/shared/locales/en.json';
import { renderWithApp, settle, type Rendered } from '../test-utils/render';
import { createI18n, hasPageMessages, loadPageMessages, loadSignedInMessages } from './i18n';

/** Which translated components draw again when messages arrive (lib/i18n.ts, `bindI18n`). */
let draws = 0;
function Says({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  draws += 1;
  return <p data-testid="says">{t(messageKey)}</p>;
}

async function signedInInstance() {
  const i18n = createI18n({ react: true });
  await i18n.ready;
  await i18n.changeLanguage('en');
  await loadSignedInMessages(i18n);
  return i18n;
}

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await settle(20);
  expect(check()).toBe(true);
}

describe('messages arriving after a screen is drawn (issue #26)', () => {
  let rendered: Rendered | null = null;
  afterEach(() => {
    rendered?.unmount();
    rendered = null;
  });

  it('a key the drawn screen was missing is drawn again once the pages part arrives', async () => {
    const i18n = await signedInInstance();
    rendered = await renderWithApp(<Says messageKey="backup.title" />, { i18n, language: 'en' });
    const text = () => rendered!.container.querySelector('[data-testid=says]')!.textContent;
    await until(() => text() === en.backup.title);
    expect(hasPageMessages(i18n)).toBe(true);
  });

  it("a page's messages loaded with its code do not draw the screens already shown again", async () => {
    const i18n = await signedInInstance();
    rendered = await renderWithApp(<Says messageKey="nav.dashboard" />, { i18n, language: 'en' });
    await settle(20);
    const before = draws;
    await loadPageMessages(i18n);
    await settle(50);
    expect(hasPageMessages(i18n)).toBe(true);
    expect(draws).toBe(before);
    expect(rendered.container.querySelector('[data-testid=says]')!.textContent).toBe(en.nav.dashboard);
  });
});
