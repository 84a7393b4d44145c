import { z } from 'zod';
import { isSafeText } from '@portal/shared';
import { badRequest } from './errors.js';

/**
 * Keyset cursors: the last row's sort values, as JSON in base64url. A client can send anything
 * as a cursor, so every value is checked against the schema of what that list gave out before
 * it reaches a query — a value PostgreSQL cannot cast (year 0, a broken uuid, NUL) was a 500
 * (issue #22); now it is a 400 on `cursor`.
 */

// Both the ISO form and PostgreSQL's own text form (`2026-11-25 10:00:00.123+00`) of a timestamptz.
const TIMESTAMP = /^(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d):(\d\d)(\.\d{1,6})?(Z|[+-](\d\d)(:?\d\d)?)?$/;

/** A timestamp PostgreSQL can read back: a real calendar day and time, a year it stores, a real offset. */
function isStorableTimestamp(v: string): boolean {
  const m = TIMESTAMP.exec(v);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 && year <= 2999 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day &&
    hour < 24 && minute < 60 && second < 60 && (m[9] === undefined || Number(m[9]) <= 14)
  );
}

/** The values a cursor may carry, each as the text (or number) the list's query casts back. */
export const cursorValue = {
  uuid: z.uuid(),
  timestamptz: z.string().refine(isStorableTimestamp),
  numeric: z.string().regex(/^-?\d{1,30}(\.\d{1,12})?$/),
  number: z.number().finite(),
  text: z.string().max(500).refine(isSafeText),
};
export type CursorValueType = keyof typeof cursorValue;

export const encodeCursor = (values: unknown): string => Buffer.from(JSON.stringify(values)).toString('base64url');

const invalidCursor = () => badRequest({ cursor: 'invalid' }, 'The cursor is not one this list gave out: start again from the first page');

/** The cursor's values, as `schema` says they must be; 400 on `cursor` otherwise. */
export function decodeCursor<S extends z.ZodType>(schema: S, cursor: string): z.output<S> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    throw invalidCursor();
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw invalidCursor();
  return result.data;
}

/**
 * The values of a cursor that names its sort first (`[sort, …keys]`), each key checked by its
 * own test: a cursor from another sort, or with a key that fails, is a 400 on `cursor`.
 */
export function decodeSortedCursor(cursor: string, sort: string, keyChecks: ((value: unknown) => boolean)[]): string[] {
  const schema = z
    .array(z.unknown())
    .refine((v) => v[0] === sort && v.length === keyChecks.length + 1 && keyChecks.every((ok, i) => typeof v[i + 1] === 'string' && ok(v[i + 1])));
  return (decodeCursor(schema, cursor) as string[]).slice(1);
}

/** The test of one cursor value type, for decodeSortedCursor. */
export const isCursorValue = (type: CursorValueType) => (value: unknown) => cursorValue[type].safeParse(value).success;

/** A cursor that is an array of values of these types, in order. */
export const cursorTuple = (types: CursorValueType[]) =>
  z.array(z.unknown()).refine((values) => values.length === types.length && types.every((t, i) => cursorValue[t].safeParse(values[i]).success));
