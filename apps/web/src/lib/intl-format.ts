/**
 * Intl's formatters, each made once per locale and options, then reused. Making one costs far
 * more than using it (the browser resolves the locale's data every time): the requests list drew
 * a few hundred for its 25 cards, some 200 ms of a throttled phone's first render (issue #26).
 *
 * A constructor that throws (an unknown time zone or currency) caches nothing and throws to the
 * caller, as `new Intl…` would. The keys are few: the two languages times the options the app uses.
 */
const made = new Map<string, unknown>();

function once<T>(kind: string, locale: string, options: object, make: () => T): T {
  const key = `${kind}\u0000${locale}\u0000${JSON.stringify(options)}`;
  let formatter = made.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    made.set(key, formatter);
  }
  return formatter;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return once('DateTimeFormat', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return once('NumberFormat', locale, options, () => new Intl.NumberFormat(locale, options));
}

export function listFormat(locale: string, options: Intl.ListFormatOptions = {}): Intl.ListFormat {
  return once('ListFormat', locale, options, () => new Intl.ListFormat(locale, options));
}
