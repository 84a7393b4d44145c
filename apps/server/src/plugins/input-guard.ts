import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { isSafeText } from '@portal/shared';
import { badRequest } from '../lib/errors.js';

/** No request body the portal takes nests deeper than this; anything deeper is an attack on the parser or the schemas. */
export const MAX_INPUT_DEPTH = 32;

type Finding = { path: string; problem: 'text' | 'depth' };

/**
 * The first string (value or key) in `value` that no text field may hold, or the first place it
 * nests too deep. Iterative, so a body nested 10,000 levels cannot overflow the stack.
 */
export function findUnsafeInput(value: unknown): Finding | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isSafeText(v)) return { path: path.join('.'), problem: 'text' };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) return { path: path.join('.'), problem: 'depth' };
    for (const [key, child] of Object.entries(v)) {
      if (!isSafeText(key)) return { path: path.join('.'), problem: 'text' };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

/** Throws the guard's 400 when `value` holds what no field may (for input that arrives outside a route schema, like multipart fields). */
export function assertSafeInput(value: unknown, part: string): void {
  const found = findUnsafeInput(value);
  if (!found) return;
  const field = found.path || part;
  throw found.problem === 'text'
    ? badRequest({ [field]: 'invalid' }, 'Text may not contain NUL characters or unpaired UTF-16 surrogates')
    : badRequest({ [field]: 'invalid' }, `The request nests deeper than ${MAX_INPUT_DEPTH} levels`);
}

/**
 * Refuses, before any schema or query sees them, strings PostgreSQL cannot store and absurdly
 * deep bodies — in every route's path, query and body — with a 400 naming the field, the same
 * shape as a schema failure (issue #22: these reached the database and answered 500).
 */
export const inputGuard = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    assertSafeInput(req.params, 'params');
    assertSafeInput(req.query, 'query');
    assertSafeInput(req.body, 'body');
  });
});
