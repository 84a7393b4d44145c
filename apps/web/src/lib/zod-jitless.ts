// zod compiles object schemas with `new Function` where it may, and finds out by trying once when
// it first loads. The portal's CSP forbids eval (script-src 'self'), so the try only fails, and the
// browser reports it as a CSP violation on every page that validates anything. `jitless` skips the
// try (zod's own advice for strict CSPs).
//
// Imported first by each entry (main.tsx, the sign-in page's main.ts), so it runs before any module
// that could load zod: the first route's code may load it while app/start's imports still settle.
// It is set on zod's global config object, which zod reads when it loads, rather than by `config()`
// from zod/v4/core: that import would bring 4 KB of zod into the first screen, which needs none.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {};
