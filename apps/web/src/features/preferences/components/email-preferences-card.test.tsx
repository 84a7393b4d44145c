import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_KINDS, type TEmailPreferences } from '@portal/shared';
import { clearSession, setSession } from '../../../lib/session-store';
import { click, renderWithApp, settle, type Rendered } from '../../../test-utils/render';
import { jsonResponse, makeSession } from '../../../test-utils/session-factory';
import { EmailPreferencesCard } from './email-preferences-card';

describe('e-mail preferences card', () => {
  let rendered: Rendered | undefined;
  let state: TEmailPreferences;
  let puts: unknown[];
  let failPut: boolean;

  beforeEach(() => {
    setSession(makeSession(), 'SIGNED_IN');
    state = { kinds: EMAIL_KINDS.map((kind) => ({ kind, email: kind !== 'pending_parts' })) };
    puts = [];
    failPut = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) !== '/api/me/email-preferences') return jsonResponse(200, {});
        if (init?.method === 'PUT') {
          if (failPut) return jsonResponse(500, { error: { code: 'internal_error', message: 'Something went wrong' } });
          const body = JSON.parse(String(init.body)) as TEmailPreferences;
          puts.push(body);
          state = { kinds: state.kinds.map((k) => body.kinds.find((c) => c.kind === k.kind) ?? k) };
        }
        return jsonResponse(200, state);
      }),
    );
  });
  afterEach(() => {
    rendered?.unmount();
    rendered = undefined;
    clearSession('user');
    vi.unstubAllGlobals();
  });

  /** The radio of a kind's switch: 'app' (in-app only) or 'email'. */
  const radio = (kind: string, value: 'app' | 'email') =>
    document.querySelector<HTMLInputElement>(`[data-testid=email-pref-${kind}] input[value=${value}]`);

  it("shows each kind's choice and saves a change of one kind", async () => {
    rendered = await renderWithApp(<EmailPreferencesCard />);
    await settle(20);
    expect(document.querySelectorAll('[data-testid^=email-pref-]')).toHaveLength(EMAIL_KINDS.length);
    expect(radio('pending_parts', 'app')!.checked).toBe(true);
    expect(radio('completed', 'email')!.checked).toBe(true);

    await click(radio('completed', 'app'));
    await settle(20);
    expect(puts).toEqual([{ kinds: [{ kind: 'completed', email: false }] }]);
    expect(radio('completed', 'app')!.checked).toBe(true);
  });

  it('a failed save leaves the saved choice shown', async () => {
    rendered = await renderWithApp(<EmailPreferencesCard />);
    await settle(20);
    failPut = true;
    await click(radio('completed', 'app'));
    await settle(20);
    expect(radio('completed', 'email')!.checked).toBe(true);
  });
});
