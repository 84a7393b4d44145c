// The sign-in page's one script (apps/web/sign-in.html, decision 019). The server sent the page
// complete, in the visitor's language; this makes the form work: it checks the fields, signs in
// through the API as the app would, keeps the session where the app reads it and moves on into
// the app. No React, no router, no i18next: a phone on a slow network has the form at once.
import '../../../lib/zod-jitless';
import type { TFunction } from 'i18next';
import { LANGUAGES, type Language } from '@portal/shared';
import { isApiError } from '../../../lib/api-client';
import { describeError, serverFieldErrors, translateFieldError } from '../../../lib/errors';
import { LANGUAGE_STORAGE_KEY } from '../../../lib/language-detection';
import { safeRedirect } from '../../../lib/paths';
import { getSession } from '../../../lib/session-store';
import { isProfileNotFound, signInWithPassword } from '../api/sign-in';
import { leaveNotice, takeNotice } from '../sign-in-handoff';
import { LANGUAGE_COOKIE, translator, type MessageTree } from './messages';

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} is missing from the sign-in page`);
  return found as T;
}

const params = new URLSearchParams(window.location.search);
const redirect = safeRedirect(params.get('redirect'));
const lang = document.documentElement.lang as Language;

// Signed in already (another tab, or back from the app): straight on. Not with a session that may
// only set a new password (a reset link's): signing in replaces it, as the app always allowed.
const session = getSession();
if (session && !session.recovery) window.location.replace(redirect);
else start();

function start(): void {
  const data = JSON.parse(element('sign-in-messages').textContent ?? '{}') as MessageTree;
  const t = translator(data) as unknown as TFunction;
  if (followStoredLanguage()) return;
  rememberLanguage(lang);
  // The switch is a link to the page in the other language: that language is kept as it is
  // followed, so a visit that leaves before the next page's script runs still keeps it.
  element('language-switch').addEventListener('click', (event) => {
    const next = (event.currentTarget as HTMLElement).lang;
    if ((LANGUAGES as readonly string[]).includes(next)) rememberLanguage(next as Language);
  });
  showNotice(t);

  const form = element<HTMLFormElement>('login-form');
  const inputs: Record<Field, HTMLInputElement> = { email: element('email'), password: element('password') };
  const submit = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
  const failure = element('login-error');

  const setFieldError = (field: Field, code: string | undefined) => {
    const message = element(`${field}-error`);
    const text = translateFieldError(t, code);
    message.textContent = text ?? '';
    message.hidden = !text;
    if (text) inputs[field].setAttribute('aria-invalid', 'true');
    else inputs[field].removeAttribute('aria-invalid');
  };
  const showFailure = (text: string | null) => {
    failure.replaceChildren(...(text ? [icon('alert-circle'), document.createTextNode(text)] : []));
    failure.hidden = !text;
  };
  const setBusy = (busy: boolean) => {
    submit.disabled = busy;
    submit.setAttribute('aria-busy', String(busy));
  };

  for (const field of FIELDS) inputs[field].addEventListener('input', () => setFieldError(field, undefined));
  // Once the visitor starts to sign in, the app's first scripts come into the cache meanwhile.
  form.addEventListener('focusin', warmTheApp, { once: true });
  document.querySelector('[data-testid=demo-accounts]')?.addEventListener('pointerdown', warmTheApp, { once: true });

  const toggle = element<HTMLButtonElement>('toggle-password');
  toggle.addEventListener('click', () => {
    const shown = inputs.password.type === 'password';
    inputs.password.type = shown ? 'text' : 'password';
    toggle.setAttribute('aria-pressed', String(shown));
    toggle.replaceChildren(icon(shown ? 'eye-off' : 'eye', 18));
  });

  // Demo mode: an account's button fills the form.
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-demo-email]')) {
    button.addEventListener('click', () => {
      inputs.email.value = button.dataset.demoEmail ?? '';
      inputs.password.value = button.dataset.demoPassword ?? '';
      for (const field of FIELDS) setFieldError(field, undefined);
      inputs.email.focus();
    });
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    const values = { email: inputs.email.value, password: inputs.password.value };
    setBusy(true);
    showFailure(null);
    // The checks are the server's own schema; zod loads with the first submit, not with the page.
    import('../sign-in-check')
      .then(async ({ signInFieldErrors }) => {
        const errors = signInFieldErrors(values);
        for (const field of FIELDS) setFieldError(field, errors[field]);
        const first = FIELDS.find((field) => errors[field]);
        if (first) {
          inputs[first].focus();
          return;
        }
        await signInWithPassword(values);
        leaveNotice('app', { kind: 'success', title: 'toast.signedIn' });
        window.location.replace(redirect);
      })
      .catch((error: unknown) => {
        const fields = serverFieldErrors(error);
        if (fields) for (const field of FIELDS) setFieldError(field, fields[field] ?? fields[`body.${field}`]);
        if (isProfileNotFound(error)) showFailure(t('toast.profileNotFound'));
        else if (isApiError(error) && error.code === 'invalid_credentials') showFailure(t('toast.invalidCredentials'));
        else if (!fields) showFailure(describeError(t, error));
      })
      .finally(() => setBusy(false));
  });
}

/**
 * The server chose the language from the address, the language cookie and the browser's wish.
 * A choice kept only in this browser's storage (the app's, before it also wrote the cookie)
 * wins over the browser's wish, as it does in the app: the page is asked for again in it.
 */
function followStoredLanguage(): boolean {
  if (params.has('lng') || document.cookie.split('; ').some((c) => c.startsWith(`${LANGUAGE_COOKIE}=`))) return false;
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return false;
  }
  if (!stored || stored === lang || !(LANGUAGES as readonly string[]).includes(stored)) return false;
  params.set('lng', stored);
  window.location.replace(`${window.location.pathname}?${params.toString()}`);
  return true;
}

/** `language` is the app's from now on, kept as i18next keeps it (lib/language-detection.ts). */
function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage blocked: the cookie below still carries it.
  }
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * Fetches the app's first scripts (named by the server: the ones index.html loads) into the HTTP
 * cache, at the lowest priority and without running them, so that signing in opens the app at
 * once instead of starting its download then. Not on load: a visitor who only looks costs nothing,
 * and nothing competes with the page itself on a slow link.
 */
let warmed = false;
function warmTheApp(): void {
  if (warmed) return;
  warmed = true;
  let scripts: unknown;
  try {
    scripts = JSON.parse(document.getElementById('app-scripts')?.textContent ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(scripts)) return;
  for (const href of scripts) {
    if (typeof href !== 'string' || !href.startsWith('/assets/')) continue;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    // As the app will ask for them (module scripts are CORS requests), so the cached copy serves.
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.append(link);
  }
}

/** What the app left to be said here (signed out, password changed, session ended). */
function showNotice(t: TFunction): void {
  const notice = takeNotice('sign-in');
  if (!notice) return;
  const title = t(notice.title);
  if (title === notice.title) return; // not a message this page carries
  const box = element('notice');
  const text = document.createElement('div');
  const strong = document.createElement('strong');
  strong.textContent = title;
  text.append(strong);
  if (notice.body && t(notice.body) !== notice.body) {
    const body = document.createElement('div');
    body.textContent = t(notice.body);
    text.append(body);
  }
  box.dataset.kind = notice.kind;
  box.replaceChildren(icon(notice.kind === 'success' ? 'circle-check' : 'alert-circle'), text);
  box.hidden = false;
}

/** One of the page's icons (its sprite, sign-in.html). */
function icon(name: string, size = 20): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('class', 'icon');
  svg.setAttribute('width', String(size));
  svg.setAttribute('height', String(size));
  svg.setAttribute('aria-hidden', 'true');
  const use = document.createElementNS('http://www.w3.org/2000/svg', 'use');
  use.setAttribute('href', `#i-${name}`);
  svg.append(use);
  return svg;
}
