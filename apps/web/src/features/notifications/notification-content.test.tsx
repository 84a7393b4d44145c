import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderWithApp, type Rendered } from '../../test-utils/render';
import { NotificationText } from './notification-content';
import { notificationParts } from './notification-text';

const parts = (key: string, params: Record<string, string | number>) => notificationParts(i18n.t, (k) => i18n.exists(k), key, params);

describe('notification text with its params isolated', () => {
  let rendered: Rendered | undefined;
  afterEach(() => {
    rendered?.unmount();
    rendered = undefined;
  });

  it('cuts the sentence into its own words and the params, in the reader language', async () => {
    await i18n.changeLanguage('en');
    expect(parts('notifications.sr_feedback.message', { customer: 'محمد العتيبي', number: 'SR-000042', rating: 4 })).toEqual([
      { text: 'محمد العتيبي', param: true },
      { text: ' rated ', param: false },
      { text: 'SR-000042', param: true },
      { text: ' ', param: false },
      { text: '4', param: true },
      { text: ' out of 5.', param: false },
    ]);
    await i18n.changeLanguage('ar');
    expect(parts('notifications.sr_resumed.message', { number: 'SR-000042' }).map((p) => p.text).join('')).toBe('استُؤنف العمل على الطلب SR-000042.');
    // A key this version does not know is shown as sent.
    expect(parts('notifications.nope.message', {})).toEqual([{ text: 'notifications.nope.message', param: false }]);
  });

  it('renders each param as its own isolate and each number left to right', async () => {
    await i18n.changeLanguage('en');
    rendered = await renderWithApp(
      <p data-testid="message" dir="auto">
        <NotificationText parts={parts('notifications.sr_new.message', { number: 'SR-000042', customer: 'محمد العتيبي', device: 'HP EliteBook' })} />
      </p>,
      { language: 'en' },
    );
    const message = document.querySelector('[data-testid=message]')!;
    expect(message.textContent).toBe('SR-000042 from محمد العتيبي: HP EliteBook.');
    // The sentence's own words are outside any isolate, so dir="auto" follows them (English),
    // not the Arabic name.
    const isolates = [...message.children].map((el) => [el.tagName, el.getAttribute('dir'), el.textContent]);
    expect(isolates).toEqual([
      ['BDI', 'auto', 'SR-000042'],
      ['BDI', 'auto', 'محمد العتيبي'],
      ['BDI', 'auto', 'HP EliteBook'],
    ]);
    expect(message.querySelector('bdi[dir=ltr]')?.textContent).toBe('SR-000042');
  });

  it('leaves an announcement (free text and nothing else) bare, so dir="auto" takes its direction', async () => {
    await i18n.changeLanguage('en');
    rendered = await renderWithApp(
      <p data-testid="message" dir="auto">
        <NotificationText parts={parts('notifications.announcement.message', { title: 't', message: 'The office is closed; see TR-000009' })} />
      </p>,
    );
    const message = document.querySelector('[data-testid=message]')!;
    expect(message.firstChild?.nodeType).toBe(Node.TEXT_NODE);
    expect(message.textContent).toBe('The office is closed; see TR-000009');
    expect(message.querySelector('bdi[dir=ltr]')?.textContent).toBe('TR-000009');
  });
});
