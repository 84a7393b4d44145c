import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Each language's messages come in three parts (issue #26), so that no screen downloads the
 * whole product's wording before it can draw:
 * - `public`: what the screens before sign-in say (sign-in, sign-up, password reset, the error
 *   pages, toasts and field errors). It loads with the first screen.
 * - `shell`: what the signed-in shell (header, sidebar, its popups, the offline outbox) and the
 *   first screens after sign-in (each role's dashboard, the landing page) say. It loads once a
 *   session exists (lib/i18n.ts, `loadSignedInMessages`).
 * - `pages`: every other signed-in message. Any other page loads it with its code
 *   (app/router.tsx); so does a key missing from what is loaded (lib/i18n.ts), so a first screen
 *   that outgrows the list below shows that text a moment late rather than a raw key for good.
 * A public screen that starts to use another group adds it to PUBLIC_MESSAGE_GROUPS
 * (public-messages.test.tsx); a first screen that says something new adds it to SHELL_MESSAGES
 * (e2e/first-load.test.ts draws each role's dashboard with the first two parts only).
 */
export const PUBLIC_MESSAGE_GROUPS = ['app', 'auth', 'common', 'emailPreferences', 'errorPages', 'errors', 'language', 'roles', 'toast', 'validation'];

/**
 * The `shell` part: whole groups, subtrees and single keys (a key `a.b` also takes its plural
 * forms `a.b_one`, `a.b_other`…). What the sidebar names (`nav`, and the few pages titled from
 * their own group), and what the dashboards' cards, badges and lists show.
 */
export const SHELL_MESSAGES = [
  // The shell and its popups.
  'nav', 'header', 'connection', 'support', 'notifications', 'offline', 'placeholder',
  'appointments.detailTitle', 'transfers.new', 'transfers.detailTitle', 'audit.title', 'announcements.title',
  'goodsReceipts.new', 'goodsReceipts.detailTitle',
  // The first screens: the landing page and each role's dashboard.
  'landing', 'dashboard', 'list', 'adminDashboard', 'supervisorDashboard', 'technicianDashboard', 'customerDashboard',
  'serviceRequests.status', 'serviceRequests.priority', 'serviceRequests.location',
  'stockStatus', 'movementKind', 'inventory.units', 'inventory.fields.date', 'inventory.fields.item',
  'inventory.fields.kind', 'inventory.fields.quantity', 'reports.performance.ratings', 'reports.performance.firstTimeFix',
  'work.photos.kind',
];

export type MessagePartName = 'public' | 'shell' | 'pages';
type Messages = Record<string, unknown>;

const isGroup = (value: unknown): value is Messages => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The entries of `messages` that `path` names: a group, a subtree, or a key with its plural forms. */
function entriesAt(messages: Messages, path: string): [string[], unknown][] {
  const segments = path.split('.');
  const last = segments.pop()!;
  let parent: unknown = messages;
  for (const segment of segments) parent = isGroup(parent) ? parent[segment] : undefined;
  if (!isGroup(parent)) return [];
  return Object.entries(parent)
    .filter(([key]) => key === last || key.startsWith(`${last}_`))
    .map(([key, value]) => [[...segments, key], value]);
}

function setAt(target: Messages, path: string[], value: unknown): void {
  let node = target;
  for (const segment of path.slice(0, -1)) node = (node[segment] ??= {}) as Messages;
  node[path[path.length - 1]!] = value;
}

/** A deep copy of `messages` without the entries at `paths`. */
function without(messages: Messages, paths: string[][]): Messages {
  const copy = structuredClone(messages);
  for (const path of paths) {
    let node: unknown = copy;
    for (const segment of path.slice(0, -1)) node = isGroup(node) ? node[segment] : undefined;
    if (isGroup(node)) delete node[path[path.length - 1]!];
  }
  return copy;
}

/** One part of a language's messages (`all`: the whole file, parsed). Together the three are the file. */
export function messagePart(all: Messages, part: MessagePartName): Messages {
  const isPublic = ([group]: [string, unknown]) => PUBLIC_MESSAGE_GROUPS.includes(group);
  if (part === 'public') return Object.fromEntries(Object.entries(all).filter(isPublic));
  const signedIn = Object.fromEntries(Object.entries(all).filter((entry) => !isPublic(entry)));
  const shell = SHELL_MESSAGES.flatMap((path) => entriesAt(signedIn, path));
  if (part === 'pages') return without(signedIn, shell.map(([path]) => path));
  const picked: Messages = {};
  for (const [path, value] of shell) setAt(picked, path, structuredClone(value));
  return picked;
}

const PREFIX = 'virtual:messages/';

/**
 * `import('virtual:messages/<ar|en>/<public|shell|pages>')`: one part of a language's messages
 * (packages/shared/locales/<lang>.json stays the one source), so each part is a chunk of its own.
 */
export function localeParts(): Plugin {
  const locales = fileURLToPath(new URL('../../packages/shared/locales/', import.meta.url));
  return {
    name: 'portal:locale-parts',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      const match = /^\0virtual:messages\/(ar|en)\/(public|shell|pages)$/.exec(id);
      if (!match) return undefined;
      const [, language, part] = match;
      const file = `${locales}${language}.json`;
      this.addWatchFile(file);
      const picked = messagePart(JSON.parse(readFileSync(file, 'utf8')) as Messages, part as MessagePartName);
      // JSON.parse of a string literal is parsed faster than the same object as JS.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}
