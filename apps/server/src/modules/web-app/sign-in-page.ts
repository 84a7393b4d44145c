import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGE_COOKIE, LANGUAGES, type Language, type TPublicSettings } from '@portal/shared';
import ar from '@portal/shared/locales/ar.json' with { type: 'json' };
import en from '@portal/shared/locales/en.json' with { type: 'json' };

// The sign-in page, sent by the server outside the single-page app (decision 019): the web build's
// sign-in.html with its slots filled in the visitor's language, its stylesheet written into it.
// A phone on a slow network gets the whole form in one response and a small script.

type Tree = { [key: string]: string | Tree };
const MESSAGES: Record<Language, Tree> = { ar, en };

/**
 * The messages the page's script words things with: its failures (every API error, the field
 * checks), and the notices the app may leave for it (lib: features/auth/sign-in-handoff.ts).
 */
const SCRIPT_MESSAGES = ['auth.login', 'errors', 'validation', 'toast', 'backup.restore.doneTitle', 'backup.restore.doneBody'] as const;

/**
 * The faces the page paints with in each language (its stylesheet, fonts.css, names every face;
 * a browser fetches one only once it lays out text in it). These are asked for with the HTML, so
 * that the text is drawn in them from the start and does not move when they arrive.
 */
const FIRST_FACES: Record<Language, RegExp> = {
  ar: /\/cairo-(?:arabic|latin)-(?:400|600|700)-normal-[\w-]+\.woff2$/,
  en: /\/(?:inter-latin-wght-normal|cairo-arabic-600-normal)-[\w-]+\.woff2$/,
};
const FONT_URL = /url\((\/assets\/[\w.-]+\.woff2)\)/g;

/** `{{name}}` or `{{t:message.key}}`; a name ending in `_html` is written as it is, every other slot escaped. */
const SLOT = /\{\{(t:)?([\w.]+)\}\}/g;
const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g;

/** Text for HTML, in an element or a quoted attribute: the company's name is anyone's input. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function lookup(lang: Language, key: string): string | Tree {
  let node: string | Tree | undefined = MESSAGES[lang];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (node === undefined) throw new Error(`The sign-in page names a message that does not exist: ${key} (${lang})`);
  return node;
}

function message(lang: Language, key: string): string {
  const found = lookup(lang, key);
  if (typeof found !== 'string') throw new Error(`The sign-in page names a group, not a message: ${key}`);
  return found;
}

/** The script's messages in `lang`, as one tree (see SCRIPT_MESSAGES). */
function scriptMessages(lang: Language): Tree {
  const tree: Tree = {};
  for (const key of SCRIPT_MESSAGES) {
    const parts = key.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Tree;
    node[parts.at(-1)!] = lookup(lang, key);
  }
  return tree;
}

/** `ar-SA` → `ar`; anything not Arabic or English → null. */
function supported(code: string | undefined): Language | null {
  const base = (code ?? '').trim().split(/[-_;]/)[0]?.toLowerCase() ?? '';
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : null;
}

/** The first language of an Accept-Language header the portal speaks, by the browser's weights. */
function fromAcceptLanguage(header: string): Language | null {
  const wishes = header
    .split(',')
    .map((part, index) => {
      const [code, ...options] = part.split(';');
      const q = options.map((o) => o.trim()).find((o) => o.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { code, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((wish) => wish.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const wish of wishes) {
    const language = supported(wish.code);
    if (language) return language;
  }
  return null;
}

function fromCookie(header: string): Language | null {
  for (const pair of header.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === LANGUAGE_COOKIE) return supported(value);
  }
  return null;
}

export interface SignInRequest {
  /** `?lng=`, `?redirect=` as asked for (already checked for length). */
  lng?: string;
  redirect?: string;
  cookie?: string;
  acceptLanguage?: string;
}

/**
 * The page's language, chosen as the app's detector chooses (apps/web/src/lib/language-detection.ts):
 * the address, then the kept choice (the cookie; the page's script follows a choice kept only in
 * localStorage), then the browser's wish, then the company's default.
 */
export function signInLanguage(req: SignInRequest, defaultLanguage: Language): Language {
  return (
    supported(req.lng) ??
    fromCookie(req.cookie ?? '') ??
    fromAcceptLanguage(req.acceptLanguage ?? '') ??
    defaultLanguage
  );
}

/** The scripts the app's page (index.html) loads first: the sign-in page fetches them while the visitor types. */
function appScripts(webDist: string): string[] {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) return [];
  const html = fs.readFileSync(index, 'utf8');
  return [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[\w.-]+\.js)"/g)].map((m) => m[1]!))];
}

/**
 * Reads the built page once: its comments dropped (they are for us), its stylesheets written
 * into it, so the first paint waits for nothing but the HTML, and the app's first scripts named in
 * it. Null when there is no build.
 */
export function loadSignInTemplate(webDist: string): string | null {
  const file = path.join(webDist, 'sign-in.html');
  if (!fs.existsSync(file)) return null;
  return fs
    .readFileSync(file, 'utf8')
    .replace(/<!--[\s\S]*?-->\s*/g, '')
    .replace(STYLESHEET, (tag, asset: string) => {
      const css = path.join(webDist, asset);
      return fs.existsSync(css) ? `<style>${fs.readFileSync(css, 'utf8')}</style>` : tag;
    })
    .replace('{{app_scripts_json}}', () => JSON.stringify(appScripts(webDist)));
}

function demoCard(lang: Language, demo: NonNullable<TPublicSettings['demo']>): string {
  const t = (key: string) => escapeHtml(message(lang, key));
  const accounts = demo.accounts
    .map((account) => {
      const email = escapeHtml(account.email);
      const roleName = (MESSAGES[lang].roles as Tree)[account.role];
      const role = escapeHtml(typeof roleName === 'string' ? roleName : account.role);
      return (
        `<li><button type="button" class="demo-account" data-demo-email="${email}" data-demo-password="${escapeHtml(demo.password)}" data-testid="demo-account-${email}">` +
        `<svg class="icon" width="20" height="20" aria-hidden="true"><use href="#i-user-circle" /></svg>` +
        `<span class="demo-email"><bdi dir="ltr">${email}</bdi></span><span class="role">${role}</span></button></li>`
      );
    })
    .join('');
  return (
    `<section class="demo" aria-labelledby="demo-title" data-testid="demo-accounts">` +
    `<h2 id="demo-title">${t('auth.demo.title')}</h2><p class="dimmed">${t('auth.demo.hint')}</p>` +
    `<ul>${accounts}</ul>` +
    `<p class="dimmed">${t('auth.demo.password')}: <bdi class="demo-password" dir="ltr">${escapeHtml(demo.password)}</bdi></p></section>`
  );
}

function fontPreloads(template: string, lang: Language): string {
  const urls = new Set([...template.matchAll(FONT_URL)].map((m) => m[1]!).filter((url) => FIRST_FACES[lang].test(url)));
  return [...urls].map((url) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${url}" />`).join('');
}

function brandMark(logoUrl: string | null): string {
  return logoUrl
    ? `<img class="logo" src="${escapeHtml(logoUrl)}" alt="" data-testid="brand-logo" />`
    : `<span class="mark" aria-hidden="true"><svg class="icon" width="26" height="26"><use href="#i-tool" /></svg></span>`;
}

/** The page in the visitor's language, for the company as its settings describe it now. */
export function renderSignInPage(template: string, req: SignInRequest, settings: TPublicSettings, now = new Date()): { html: string; lang: Language } {
  const lang = signInLanguage(req, settings.default_language);
  const other: Language = lang === 'ar' ? 'en' : 'ar';
  const keep = (extra: Record<string, string>) => {
    const query = new URLSearchParams(extra);
    if (req.redirect) query.set('redirect', req.redirect);
    return query.toString();
  };
  const signupQuery = keep({});
  const slots: Record<string, string> = {
    lang,
    dir: lang === 'ar' ? 'rtl' : 'ltr',
    company: settings.company_name,
    year: String(now.getFullYear()),
    switch_lang: other,
    switch_label: message(lang, `language.${other}`),
    switch_href: `/login?${keep({ lng: other })}`,
    signup_href: signupQuery ? `/signup?${signupQuery}` : '/signup',
  };
  const raw: Record<string, string> = {
    brand_html: brandMark(settings.logo_url),
    font_preloads_html: fontPreloads(template, lang),
    demo_html: settings.demo ? demoCard(lang, settings.demo) : '',
    // Data for the script, never markup: `<` escaped so that no value can close the element.
    messages_json: JSON.stringify(scriptMessages(lang)).replace(/</g, '\\u003c'),
  };
  const html = template.replace(SLOT, (_slot, isMessage: string | undefined, name: string) => {
    if (isMessage) return escapeHtml(message(lang, name));
    if (name in raw) return raw[name]!;
    if (name in slots) return escapeHtml(slots[name]!);
    throw new Error(`The sign-in page has a slot the server does not fill: ${name}`);
  });
  return { html, lang };
}
