import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The message groups of the screens anyone sees before signing in (sign-in, sign-up, password
 * reset, the error pages, toasts and field errors). They load with the first screen; every
 * other group loads once a session exists (lib/i18n.ts, `loadSignedInMessages`), so /login
 * does not download the whole product's wording (issue #26). A public screen that starts to
 * use another group must add it here (public-messages.test.ts checks the public screens).
 */
export const PUBLIC_MESSAGE_GROUPS = ['app', 'auth', 'common', 'emailPreferences', 'errorPages', 'errors', 'language', 'roles', 'toast', 'validation'];

const PREFIX = 'virtual:messages/';
const LOCALES = fileURLToPath(new URL('../../packages/shared/locales/', import.meta.url));

/**
 * `import('virtual:messages/<ar|en>/<public|signed-in>')`: one part of a language's messages
 * (packages/shared/locales/<lang>.json stays the one source), so each part is a chunk of its own.
 */
export function localeParts(): Plugin {
  return {
    name: 'portal:locale-parts',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      const match = /^\0virtual:messages\/(ar|en)\/(public|signed-in)$/.exec(id);
      if (!match) return undefined;
      const [, language, part] = match;
      const file = `${LOCALES}${language}.json`;
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const picked = Object.fromEntries(
        Object.entries(all).filter(([group]) => PUBLIC_MESSAGE_GROUPS.includes(group) === (part === 'public')),
      );
      // JSON.parse of a string literal is parsed faster than the same object as JS.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}
