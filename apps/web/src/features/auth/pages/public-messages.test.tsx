import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import en from '@portal/shared/locales/en.json';
import { createI18n } from '../../../lib/i18n';
import { renderWithApp, settle, type Rendered } from '../../../test-utils/render';
import { NotFoundPage } from '../../errors';
import { SignupPage } from './signup-page';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

// The screens before sign-in get only the public part of each language's messages
// (apps/web/locale-parts.ts). Drawn with nothing more, none of them may show a raw key.
const GROUPS = Object.keys(en);
const RAW_KEY = new RegExp(`\\b(?:${GROUPS.join('|')})\\.[A-Za-z][\\w.]*`, 'g');

const SCREENS: [string, ReactNode, string][] = [
  ['sign-up', <SignupPage />, '/signup'],
  ['forgot password', <ForgotPasswordPage />, '/forgot-password'],
  ['reset password', <ResetPasswordPage />, '/reset-password'],
  ['not found', <NotFoundPage />, '/nowhere'],
];

function visibleText(container: HTMLElement): string {
  const attributes = [...container.querySelectorAll('[aria-label],[placeholder],[title],[alt]')].flatMap((el) =>
    ['aria-label', 'placeholder', 'title', 'alt'].map((name) => el.getAttribute(name) ?? ''),
  );
  return [container.textContent ?? '', ...attributes].join('\n');
}

describe('the public screens with the public messages only', () => {
  let rendered: Rendered | null = null;
  beforeEach(() => {
    // Public settings: none (the pages must draw without them).
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 503 })));
  });
  afterEach(() => {
    rendered?.unmount();
    rendered = null;
  });

  for (const language of ['ar', 'en'] as const) {
    for (const [name, screen, path] of SCREENS) {
      it(`${name} (${language}) shows no raw message key`, async () => {
        const publicOnly = createI18n();
        await publicOnly.ready;
        await publicOnly.changeLanguage(language);
        // Really the public part alone: a signed-in screen's group is missing.
        expect(publicOnly.exists('nav.dashboard')).toBe(false);
        expect(publicOnly.exists('auth.login.title')).toBe(true);
        rendered = await renderWithApp(screen, { path, language, i18n: publicOnly });
        await settle(20);
        expect(visibleText(rendered.container).match(RAW_KEY) ?? []).toEqual([]);
      });
    }
  }
});
