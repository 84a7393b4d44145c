import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf } from './field-errors.js';

const ZForm = z.strictObject({
  name: z.string().trim().min(1),
  email: z.email(),
  site: z.url().optional(),
  note: z.string().max(3).optional(),
  password: z.string().min(8, { message: 'password_too_short' }).optional(),
  address: z.object({ city: z.string() }).optional(),
});
const issuesOf = (values: unknown) => ZForm.safeParse(values).error?.issues ?? [];

describe('fieldErrorsOf', () => {
  it('gives the field codes the server answers with, first issue per field', () => {
    expect(
      fieldErrorsOf(issuesOf({ name: ' ', email: 'nope', site: 'nope', note: 'long', password: 'short', address: {}, extra: 1 })),
    ).toEqual({
      name: 'required',
      email: 'invalid_email',
      site: 'invalid_url',
      note: 'too_long',
      password: 'password_too_short',
      'address.city': 'required',
      extra: 'invalid',
    });
  });

  it('calls an empty submitted field required when the caller has the values (a form)', () => {
    const values = { name: 'Sara', email: '' };
    expect(fieldErrorsOf(issuesOf(values))).toEqual({ email: 'invalid_email' });
    expect(fieldErrorsOf(issuesOf(values), { valueAt: (path) => (values as Record<string, unknown>)[String(path[0])] })).toEqual({
      email: 'required',
    });
  });

  it('keys an issue about the whole input by its context', () => {
    expect(fieldErrorsOf(ZForm.safeParse('text').error!.issues, { context: 'body' })).toEqual({ body: 'invalid' });
  });
});
