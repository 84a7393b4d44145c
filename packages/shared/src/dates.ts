import { z } from 'zod';
import { missingOrInvalid } from './text-input.js';

/**
 * Dates and instants, as every query and body takes them. One range for the whole portal:
 * PostgreSQL cannot store year 0 or an offset past ±15:59, and JavaScript writes years past 9999
 * as "+010000-…", which PostgreSQL cannot read — so such values must be refused here, as a 400
 * naming the field, and never reach the database (issue #22).
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;
const MIN_MS = Date.UTC(MIN_YEAR, 0, 1);
const MAX_MS = Date.UTC(MAX_YEAR + 1, 0, 1);
/** Real zones range from −12:00 to +14:00. */
const MAX_OFFSET_MINUTES = 14 * 60;

export const isSaneDay = (v: string) => {
  const ms = Date.parse(`${v}T00:00:00Z`);
  return ms >= MIN_MS && ms < MAX_MS;
};

export const isSaneInstant = (v: string) => {
  const offset = /([+-])(\d\d):?(\d\d)$/.exec(v);
  if (offset && Number(offset[2]) * 60 + Number(offset[3]) > MAX_OFFSET_MINUTES) return false;
  const ms = Date.parse(v);
  return ms >= MIN_MS && ms < MAX_MS;
};

/** A calendar day, `YYYY-MM-DD`. */
export const ZDay = z.iso.date({ error: missingOrInvalid }).refine(isSaneDay, { message: 'out_of_range' });
/** An instant with its offset, `2026-11-25T10:00:00+03:00` or `…Z`. */
export const ZInstant = z.iso.datetime({ offset: true, error: missingOrInvalid }).refine(isSaneInstant, { message: 'out_of_range' });
/** A filter bound: a day (the whole day, in the company's time zone) or an exact instant. */
export const ZDayOrInstant = z
  .string({ error: missingOrInvalid })
  .refine((v) => ZDay.safeParse(v).success || ZInstant.safeParse(v).success, { message: 'invalid' });
