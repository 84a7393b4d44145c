import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers on every response. They depend only on the options, so helmet runs
 * once at start-up and its headers are replayed per request: @fastify/helmet ran helmet (and
 * re-serialised the CSP) on every request, a tenth of an authenticated call's CPU.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number | string[]) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failed: unknown = null;
  helmet(options)({} as never, res as never, (err?: unknown) => {
    failed = err ?? null;
  });
  if (failed) throw failed;
  return [...headers];
}

export const securityHeaders = fp<{ helmet: Readonly<HelmetOptions> }>(async (app, opts) => {
  const headers = helmetHeaders(opts.helmet);
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
});
