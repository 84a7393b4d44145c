/**
 * fast-check arbitraries derived from the served OpenAPI document: a small JSON Schema →
 * arbitrary converter for valid values, and catalogues of hostile values, each request being
 * a valid one with at most one thing wrong (a field, the body as a whole, or its content type).
 *
 * The converter knows the subset zod (via fastify-type-provider-zod) emits: object /
 * properties / required / additionalProperties, enum, const, anyOf / oneOf (zod writes unions,
 * and unions with null, as anyOf), type, nullable, format uuid | email | date | date-time,
 * pattern, minLength / maxLength, minimum / maximum / exclusiveMinimum / multipleOf,
 * items / minItems / maxItems, $ref into components.schemas.
 */
import fc from 'fast-check';

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  multipleOf?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/** One operation of the document, as the fuzzer sees it. */
export interface Operation {
  method: string;
  /** The OpenAPI path, `{param}` style. */
  path: string;
  params: { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }[];
  /** The JSON request body, when the operation declares one. */
  body?: { required: boolean; schema: JsonSchema };
}

/** What the generators need from the live server: real ids, real cursors, $ref targets. */
export interface FuzzContext {
  /** Real ids for a pool name ('item', 'warehouse', 'service_request'…); empty when unknown. */
  ids(pool: string): string[];
  /** A real cursor of this list operation (its first page's next_cursor), if it has one. */
  cursor(op: Operation): string | undefined;
  resolve(ref: string): JsonSchema;
  /** Values seen in the data for a field name (status, category, service_type codes…). */
  examples(name: string): string[];
  /** How often an id field takes a real id rather than a random UUID (default 0.8). */
  realIdShare?: number;
}

/** A JSON fragment written as is (numbers JSON can spell but JavaScript cannot, raw keys). */
export class Raw {
  constructor(readonly text: string) {}
}

/** A query or path value already percent-encoded (lone surrogates, malformed escapes). */
export class Encoded {
  constructor(readonly text: string) {}
}

/** A query value given several times (`?a=1&a=2`): the parser makes an array of it. */
export class Repeated {
  constructor(readonly values: string[]) {}
}

export interface RequestParts {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

export interface FuzzCase {
  /** `valid`, or what was mutated and how. */
  label: string;
  valid: boolean;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

// ---------------------------------------------------------------------------------------------
// Valid values

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const DATE_MIN = new Date('2024-01-01T00:00:00Z');
const DATE_MAX = new Date('2027-12-31T23:59:59Z');

export function deref(schema: JsonSchema, ctx: FuzzContext): JsonSchema {
  let s = schema;
  for (let i = 0; s.$ref && i < 10; i++) s = { ...ctx.resolve(s.$ref), ...omit(s, '$ref') };
  if (s.allOf?.length) s = Object.assign({}, ...s.allOf.map((x) => deref(x, ctx)), omit(s, 'allOf'));
  return s;
}

function omit<T extends object>(o: T, key: keyof T): Partial<T> {
  const { [key]: _, ...rest } = o;
  return rest as Partial<T>;
}

const typesOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ['object'] : []);

/** zod's `z.union([z.string(), z.number()])` for decimals: `anyOf: [{type: string}, {type: number}]`. */
export function isDecimal(s: JsonSchema): boolean {
  const u = s.anyOf ?? s.oneOf;
  if (!u || u.length !== 2) return false;
  const types = u.map((x) => x.type).sort();
  return types[0] === 'number' && types[1] === 'string' && !u.some((x) => x.enum || x.format || x.pattern);
}

/** Pool name for an id field: `from_warehouse_id` → warehouse, `timeOffId` → time_off; `id`/`ids` use the path. */
export function poolOf(name: string, opPath: string): string {
  if (name === 'id' || name === 'ids') {
    const segment = opPath.split('/').filter((s) => s && s !== 'api' && s !== 'admin')[0] ?? '';
    return singular(segment);
  }
  return singular(
    name
      .replace(/([a-z])([A-Z])/g, '$1_$2')
      .toLowerCase()
      .replace(/_ids?$/, '')
      .replace(/^(from|to|requested_by|assigned)_/, ''),
  );
}

export const singular = (s: string) => s.replace(/-/g, '_').replace(/s$/, '');

const isDateish = (s: JsonSchema, name: string) =>
  s.format === 'date' || s.format === 'date-time' || /(_at|_date|date|^from|^to|_from|_to|expiry|day|_on)$/.test(name);

const dateArb = fc.date({ min: DATE_MIN, max: DATE_MAX, noInvalidDate: true });
const isoDate = dateArb.map((d) => d.toISOString().slice(0, 10));
const isoDateTime = dateArb.map((d) => d.toISOString());
const emailArb = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9]{2,12}$/), fc.constantFrom('example.test', 'fuzz.test', 'demo.test'))
  .map(([l, d]) => `${l}@${d}`);
const arabic = fc.integer({ min: 0x621, max: 0x64a }).map((c) => String.fromCharCode(c));

function idArb(pool: string, ctx: FuzzContext): fc.Arbitrary<string> {
  const ids = ctx.ids(pool);
  const random = fc.uuid({ version: 4 });
  const real = Math.round((ctx.realIdShare ?? 0.8) * 100);
  return ids.length && real > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...ids), weight: real }, { arbitrary: random, weight: 100 - real }) : random;
}

function stringArb(s: JsonSchema, ctx: FuzzContext, name: string, opPath: string): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? 40, 40));
  const fits = (v: string) => v.length >= min && (s.maxLength === undefined || v.length <= s.maxLength);
  if (s.format === 'uuid') return idArb(poolOf(name, opPath), ctx);
  if (s.format === 'date') return isoDate;
  if (s.format === 'date-time') return isoDateTime;
  if (s.format === 'email' || /(^|_)email$/.test(name)) return emailArb;
  // What the document cannot say (zod refinements and transforms become a plain string), guessed
  // from the field's name: dates, phone numbers, in-app links.
  if (/(^|_)(link|url|redirect_to)$/.test(name)) return fc.constantFrom('/', '/requests', '/reset-password');
  if (/(^|_)(mobile|phone)(_number)?$/.test(name)) return fc.stringMatching(/^\+9665\d{8}$/);
  if (!s.pattern && isDateish(s, name)) return /_at$/.test(name) ? isoDateTime : fc.oneof(isoDate, isoDateTime);
  if (s.pattern && /^\^data:image\\?\/png/.test(s.pattern)) return fc.constant(`data:image/png;base64,${PNG_1X1}`);
  if (name === 'image') return fc.constantFrom(PNG_1X1, `data:image/png;base64,${PNG_1X1}`);
  if (name === 'time_zone') return fc.constantFrom('Asia/Riyadh', 'UTC', 'Europe/London');
  if (name === 'currency') return fc.constantFrom('SAR', 'USD', 'EUR');
  if (s.pattern) {
    // fast-check cannot generate from look-arounds: generate without them, keep what matches.
    const full = new RegExp(s.pattern);
    try {
      return fc.stringMatching(new RegExp(s.pattern.replace(/\(\?<?[=!][^)]*\)/g, ''))).filter((v) => fits(v) && full.test(v));
    } catch {
      /* a pattern fast-check cannot generate from: plain text */
    }
  }
  // Values the data holds for this name (codes of the settings' catalogues, statuses…), or text.
  const seen = [...ctx.examples(name), ...(name.endsWith('s') ? ctx.examples(name.slice(0, -1)) : [])].filter(fits);
  const text = fc.oneof(
    { arbitrary: fc.string({ minLength: Math.max(min, 1), maxLength: Math.max(max, 1) }), weight: 3 },
    { arbitrary: fc.string({ unit: arabic, minLength: Math.max(min, 1), maxLength: Math.max(max, 1) }), weight: 1 },
  ).filter(fits);
  return seen.length ? fc.oneof({ arbitrary: fc.constantFrom(...seen), weight: 3 }, { arbitrary: text, weight: 1 }) : text;
}

function bounds(s: JsonSchema, integer: boolean) {
  const step = integer ? 1 : 0.01;
  let min = s.minimum ?? (s.maximum !== undefined ? Math.min(0, s.maximum) : 0);
  let max = s.maximum ?? Math.max(min, 0) + 1000;
  if (s.exclusiveMinimum === true) min += step;
  else if (typeof s.exclusiveMinimum === 'number') min = s.exclusiveMinimum + step;
  if (s.exclusiveMaximum === true) max -= step;
  else if (typeof s.exclusiveMaximum === 'number') max = s.exclusiveMaximum - step;
  min = Math.max(min, Number.MIN_SAFE_INTEGER);
  max = Math.min(max, Number.MAX_SAFE_INTEGER);
  return { min, max };
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const { min, max } = bounds(s, integer);
  if (s.multipleOf) {
    const m = s.multipleOf;
    return fc.integer({ min: Math.ceil(min / m), max: Math.max(Math.ceil(min / m), Math.floor(max / m)) }).map((k) => k * m);
  }
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
  return fc.oneof(
    fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) }),
    fc.integer({ min: Math.ceil(min * 100), max: Math.max(Math.ceil(min * 100), Math.floor(max * 100)) }).map((c) => c / 100),
  );
}

/** A decimal as the API takes it: a number or a string of digits. */
const decimalArb = fc.oneof(
  fc.integer({ min: 1, max: 20 }),
  fc.integer({ min: 0, max: 10_000 }).map((c) => (c / 100).toFixed(2)),
  fc.integer({ min: 1, max: 20 }).map(String),
);

/** A valid value of `schema`; `name` is the property or parameter name (id pools, hints). */
export function valueArb(schema: JsonSchema, ctx: FuzzContext, name = '', opPath = ''): fc.Arbitrary<unknown> {
  const s = deref(schema, ctx);
  const core = coreArb(s, ctx, name, opPath);
  return s.nullable ? fc.oneof({ arbitrary: core, weight: 5 }, { arbitrary: fc.constant(null), weight: 1 }) : core;
}

function coreArb(s: JsonSchema, ctx: FuzzContext, name: string, opPath: string): fc.Arbitrary<unknown> {
  if ('const' in s) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union?.length) {
    if (isDecimal(s)) return decimalArb;
    return fc.oneof(...union.map((u) => valueArb(u, ctx, name, opPath)));
  }
  const types = typesOf(s);
  if (types.length > 1) return fc.oneof(...types.map((t) => coreArb({ ...s, type: t }, ctx, name, opPath)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'string':
      return stringArb(s, ctx, name, opPath);
    case 'array': {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 3, 3));
      return fc.array(valueArb(s.items ?? {}, ctx, singularName(name), opPath), { minLength, maxLength });
    }
    case 'object': {
      const props = s.properties ?? {};
      const keys = Object.keys(props);
      if (!keys.length && typeof s.additionalProperties === 'object') {
        return fc.dictionary(fc.stringMatching(/^[a-z_]{1,10}$/), valueArb(s.additionalProperties, ctx, '', opPath), { maxKeys: 3 });
      }
      const record = Object.fromEntries(keys.map((k) => [k, valueArb(props[k]!, ctx, k, opPath)]));
      return fc.record(record, { requiredKeys: (s.required ?? []).filter((k) => k in props) }).map(ordered);
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Ranges come in order (start before end): the document cannot say so, the server checks it. */
const RANGES = [
  ['start', 'end'],
  ['starts_at', 'ends_at'],
  ['from', 'to'],
];
function ordered(o: Record<string, unknown>): Record<string, unknown> {
  for (const [a, b] of RANGES) {
    const x = o[a!];
    const y = o[b!];
    if (typeof x === 'string' && typeof y === 'string' && x > y) Object.assign(o, { [a!]: y, [b!]: x });
  }
  return o;
}

/** `ids` → `id` (array items take the array's pool). */
const singularName = (name: string) => (name === 'ids' ? 'id' : name.replace(/_ids$/, '_id'));

// ---------------------------------------------------------------------------------------------
// Hostile values

const HUGE = 100_000;
export const BAD_STRINGS: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udfff\ud800',
  'x'.repeat(HUGE),
  'é'.repeat(HUGE / 2),
  '🙂'.repeat(HUGE / 4),
  '\u0000'.repeat(1000),
  '',
  ' ',
  '\t\r\n',
  '\u202e\u200b\ufeff',
  '\uffff\ufffe',
  "' or 1=1 --",
  '%00',
  '\\',
];
/** Dates and timestamps JavaScript (or zod) may accept but PostgreSQL cannot store, and near misses. */
export const BAD_DATES: string[] = [
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '9999-12-31',
  '2025-01-01T00:00:00-23:59',
  '2025-01-01T00:00:00+23:59',
  '2025-01-01T00:00:00+99:99',
  '+275760-09-13',
  '+275760-09-13T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00Z',
  '-000001-01-01',
  '10000-01-01',
  '2025-02-30',
  '2025-02-29',
  '2025-13-01',
  '2025-01-01T24:00:00Z',
  '2025-01-01T00:00:60Z',
  '2025-01-01T00:00:00.123456789Z',
  '2025-01-01T00:00:00',
  '2025-01-01 00:00:00',
  '20250101',
  '1e308',
  'infinity',
  '-infinity',
  'epoch',
  'today',
  'allballs',
];
export const BAD_NUMBERS: unknown[] = [
  0,
  -1,
  -0.5,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 63,
  1e308,
  -1e308,
  5e-324,
  new Raw('1e999'),
  new Raw('-1e999'),
  new Raw(`1${'0'.repeat(400)}`),
  new Raw('-0'),
  new Raw('1.0000000000000000000001'),
];
/** What a decimal given as a string may hold. */
export const BAD_DECIMAL_STRINGS: string[] = [
  'abc',
  '',
  '1e308',
  '-1e308',
  '1e-308',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '1,5',
  ' 1 ',
  '1.',
  '.5',
  '-.5',
  '+1',
  '1_000',
  '١٢٣',
  '99999999999999999999999.99',
  '-99999999999999999999999.99',
  '1'.repeat(1000),
  `0.${'0'.repeat(400)}1`,
  '1.23456789012345678901',
  '-0',
  '00001',
  '1e2',
  '-1',
  '0',
];
export const WRONG_TYPES: unknown[] = [0, 1, -1, 1.5, true, false, null, 'abc', '', [], {}, ['a'], { a: 1 }, [[]]];
const uuidArb = fc.uuid({ version: 4 });
const BAD_UUIDS: string[] = [
  'abc',
  '',
  '1',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '------------------------------------',
  '00000000-0000-0000-0000-00000000000g',
  '0000000000000000000000000000000000000',
  '{00000000-0000-4000-8000-000000000000}',
  '00000000-0000-4000-8000-000000000000\u0000',
  "' or 1=1 --",
  '..',
];
const BAD_ENUMS = (values: unknown[]) => ['', 'nope', String(values[0]).toUpperCase(), ` ${String(values[0])}`, '__proto__', 'constructor', 'toString'];

/** Deep nesting: `[[[…]]]` or `{"a":{"a":…}}`, `depth` levels. */
export const deepArray = (depth: number) => new Raw(`${'['.repeat(depth)}${']'.repeat(depth)}`);
export const deepObject = (depth: number) => new Raw(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
const PROTO_VALUES = [new Raw('{"__proto__":{"polluted":true}}'), new Raw('{"constructor":{"prototype":{"polluted":true}}}')];

/** Values in a cursor's slots that JavaScript checks may pass and the database may not take. */
const BAD_CURSOR_SLOTS: unknown[] = [
  '0000-01-01T00:00:00Z',
  '2025-01-01T00:00:00-23:59',
  '+275760-09-13T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '1e308',
  '-1e308',
  '1'.repeat(400),
  'NaN',
  'abc',
  '',
  'a\u0000b',
  '\ud800',
  '------------------------------------',
  'ffffffff-ffff-ffff-ffff-fffffffffff0',
  '00000000-0000-0000-0000-000000000000',
  1e308,
  -1,
  null,
  {},
  [],
];
const b64 = (text: string) => Buffer.from(text).toString('base64url');
const JUNK_CURSORS: string[] = [
  b64('not json'),
  b64('null'),
  b64('[]'),
  b64('{}'),
  b64('"x"'),
  b64('123456789012345678901234567890'),
  b64('1e308'),
  b64('[1e308,"00000000-0000-4000-8000-000000000000"]'),
  b64('{"k":1e308,"id":"------------------------------------"}'),
  b64('{"k":"x","id":"00000000-0000-4000-8000-000000000000"}'),
  b64('["0000-01-01T00:00:00Z","00000000-0000-4000-8000-000000000000"]'),
  b64('["2025-01-01T00:00:00-23:59","00000000-0000-4000-8000-000000000000"]'),
  b64('["created_at","0000-01-01T00:00:00Z","00000000-0000-4000-8000-000000000000"]'),
  b64('["a\\u0000b","00000000-0000-4000-8000-000000000000"]'),
  b64('{"__proto__":{"polluted":true}}'),
  b64(`${'['.repeat(5000)}${']'.repeat(5000)}`).slice(0, 500),
  '!!!!',
  '%%%',
  'x'.repeat(500),
  'x'.repeat(501),
];

/** Cursors of the right shape with one slot out of range, and junk. */
function cursorArb(real: string | undefined): fc.Arbitrary<unknown> {
  const junk = fc.constantFrom(...JUNK_CURSORS);
  if (!real) return junk;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(real, 'base64url').toString());
  } catch {
    return junk;
  }
  const slots = Array.isArray(decoded) ? decoded.map((_, i) => i) : decoded && typeof decoded === 'object' ? Object.keys(decoded) : [];
  if (!slots.length) return junk;
  const reshaped = fc.tuple(fc.constantFrom(...slots), fc.constantFrom(...BAD_CURSOR_SLOTS)).map(([slot, value]) => {
    const copy = (Array.isArray(decoded) ? [...decoded] : { ...(decoded as object) }) as Record<string | number, unknown>;
    copy[slot] = value;
    return b64(JSON.stringify(copy));
  });
  const wrongLength = fc.constant(b64(JSON.stringify(Array.isArray(decoded) ? [...decoded, 'extra'] : { ...(decoded as object), extra: 1 })));
  return fc.oneof({ arbitrary: reshaped, weight: 6 }, { arbitrary: junk, weight: 3 }, { arbitrary: wrongLength, weight: 1 }, fc.constant(real));
}


/** Hostile values for one field, by what its schema says it is. */
function badValuesFor(schema: JsonSchema, name: string, ctx: FuzzContext, op: Operation): fc.Arbitrary<unknown> {
  const s = deref(schema, ctx);
  const union = s.anyOf ?? s.oneOf ?? [];
  const members = [s, ...union.map((u) => deref(u, ctx))];
  const types = new Set(members.flatMap(typesOf));
  const choices: fc.WeightedArbitrary<unknown>[] = [{ arbitrary: fc.constantFrom(...WRONG_TYPES), weight: 2 }];
  const add = (arbitrary: fc.Arbitrary<unknown>, weight = 2) => choices.push({ arbitrary, weight });
  if (name === 'cursor') add(cursorArb(ctx.cursor(op)), 12);
  if (types.has('string') || s.enum) {
    add(fc.constantFrom(...BAD_STRINGS), 3);
    const withValid = valueArb({ ...s, nullable: false }, ctx, name, op.path).filter((v): v is string => typeof v === 'string');
    add(fc.tuple(withValid, fc.constantFrom('\u0000', '\ud800', '\udc00', '\u0000\ud800')).map(([v, bad]) => `${v}${bad}`), 2);
    const lengths = [s.minLength, s.maxLength].filter((n): n is number => n !== undefined);
    for (const n of lengths) add(fc.constantFrom('a'.repeat(Math.max(0, n - 1)), 'a'.repeat(n), 'a'.repeat(n + 1), '🙂'.repeat(n)), 1);
  }
  if (members.some((m) => isDateish(m, name))) add(fc.constantFrom(...BAD_DATES), 6);
  if (members.some((m) => m.format === 'uuid')) add(fc.oneof(fc.constantFrom(...BAD_UUIDS), uuidArb, uuidArb.map((u) => u.toUpperCase())), 4);
  if (s.enum?.length || members.some((m) => m.enum)) add(fc.constantFrom(...BAD_ENUMS(s.enum ?? members.find((m) => m.enum)!.enum!)), 2);
  if (types.has('number') || types.has('integer')) {
    const edges = members.flatMap((m) => [m.minimum, m.maximum].filter((n): n is number => n !== undefined).flatMap((n) => [n - 1, n, n + 1, n + 0.5]));
    add(fc.constantFrom(...BAD_NUMBERS, ...edges), 4);
  }
  if (isDecimal(s) || (types.has('number') && types.has('string'))) add(fc.constantFrom(...BAD_DECIMAL_STRINGS), 6);
  if (types.has('array')) {
    const item = s.items ?? members.find((m) => m.items)?.items ?? {};
    const max = s.maxItems ?? members.find((m) => m.maxItems)?.maxItems;
    add(fc.constant([]), 1);
    add(valueArb(item, ctx, singularName(name), op.path).map((v) => Array.from({ length: (max ?? 1000) + 1 }, () => v)), 1);
    add(fc.constantFrom(...BAD_STRINGS.slice(0, 5)).map((v) => [v]), 1);
  }
  if (types.has('object')) add(fc.constantFrom(...PROTO_VALUES), 2);
  add(fc.constantFrom(deepArray(10_000), deepObject(10_000)), 1);
  return fc.oneof(...choices);
}

/** The same hostile values as they can travel in a URL (strings; some already encoded). */
function toUrlValue(v: unknown): unknown {
  if (v instanceof Raw) return v.text.length > 2000 ? v.text.slice(0, 2000) : v.text;
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.length ? new Repeated(v.slice(0, 5).map((x) => String(x))) : '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

const URL_ONLY: unknown[] = [
  new Encoded('%ED%A0%80'), // a lone surrogate as WTF-8
  new Encoded('%E0%A4%A'), // a malformed escape
  new Encoded('%'),
  new Encoded('%00'),
  new Encoded('%C0%80'), // an overlong NUL
  new Encoded('%FF%FE'),
  new Encoded('..%2F..%2F'),
  new Repeated(['a', 'b']),
];

// ---------------------------------------------------------------------------------------------
// Requests

/** A valid request: every path parameter, the required (and some optional) query parameters, a body. */
export function validPartsArb(op: Operation, ctx: FuzzContext): fc.Arbitrary<RequestParts> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query' && p.name !== 'cursor');
  const path = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, valueArb(p.schema, ctx, p.name, op.path).map(toUrlValue)])));
  const query = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, valueArb(p.schema, ctx, p.name, op.path).map(toUrlValue)])),
    { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
  );
  const body = op.body ? valueArb(op.body.schema, ctx, '', op.path) : fc.constant(undefined);
  return fc.record({ path, query, body }) as fc.Arbitrary<RequestParts>;
}

const EXTRA_QUERY = ['unexpected', '__proto__', 'constructor[prototype][polluted]'];

interface Location {
  where: 'path' | 'query' | 'body';
  key: (string | number)[];
  schema: JsonSchema;
  name: string;
  present: boolean;
  required: boolean;
}

/** Every field of a valid request that can be mutated: parameters, and body fields (present, or declared and absent). */
function locationsOf(op: Operation, parts: RequestParts, ctx: FuzzContext): Location[] {
  const out: Location[] = [];
  for (const p of op.params) {
    const present = p.in === 'path' ? true : p.name in parts.query;
    out.push({ where: p.in, key: [p.name], schema: p.schema, name: p.name, present, required: p.required });
  }
  // Query parameters the operation does not declare: unknown names, and names that are
  // properties of every object (the query parser must not build prototypes from them).
  const declared = new Set(op.params.map((p) => p.name));
  for (const name of EXTRA_QUERY) {
    if (!declared.has(name)) out.push({ where: 'query', key: [name], schema: { type: 'string' }, name, present: false, required: false });
  }
  const walk = (schema: JsonSchema, value: unknown, key: (string | number)[], required: boolean) => {
    const s = deref(schema, ctx);
    const name = String([...key].reverse().find((k) => typeof k === 'string') ?? '');
    if (key.length) out.push({ where: 'body', key, schema: s, name, present: value !== undefined, required });
    if (value === null || value === undefined || typeof value !== 'object') return;
    const objectSchema = [s, ...(s.anyOf ?? s.oneOf ?? [])].map((x) => deref(x, ctx)).find((x) => x.properties);
    const arraySchema = [s, ...(s.anyOf ?? s.oneOf ?? [])].map((x) => deref(x, ctx)).find((x) => x.items);
    if (Array.isArray(value) && arraySchema?.items) value.forEach((v, i) => walk(arraySchema.items!, v, [...key, i], true));
    else if (!Array.isArray(value) && objectSchema?.properties) {
      for (const [k, ps] of Object.entries(objectSchema.properties)) {
        walk(ps, (value as Record<string, unknown>)[k], [...key, k], (objectSchema.required ?? []).includes(k));
      }
    }
  };
  if (op.body && parts.body !== undefined) walk(op.body.schema, parts.body, [], true);
  return out;
}

function cloneJson(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(cloneJson);
  if (v && typeof v === 'object' && !(v instanceof Raw)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cloneJson(x)]));
  return v;
}

type Change = { kind: 'set'; value: unknown } | { kind: 'delete' } | { kind: 'extra'; key: string; value: unknown };

function applyChange(parts: RequestParts, loc: Location, change: Change): RequestParts {
  const next: RequestParts = { path: { ...parts.path }, query: { ...parts.query }, body: cloneJson(parts.body) };
  if (loc.where !== 'body') {
    const bag = loc.where === 'path' ? next.path : next.query;
    if (change.kind === 'set') bag[loc.name] = toUrlValue(change.value);
    else if (change.kind === 'delete') delete bag[loc.name];
    else bag[change.key] = toUrlValue(change.value);
    return next;
  }
  const parentKey = loc.key.slice(0, -1);
  const last = loc.key[loc.key.length - 1]!;
  let parent = next.body as Record<string | number, unknown>;
  for (const k of parentKey) parent = parent[k] as Record<string | number, unknown>;
  if (change.kind === 'set') parent[last] = change.value;
  else if (change.kind === 'delete') delete parent[last];
  else {
    const target = parent[last];
    if (target && typeof target === 'object' && !Array.isArray(target)) (target as Record<string, unknown>)[change.key] = change.value;
    else parent[change.key] = change.value;
  }
  return next;
}

const describeValue = (v: unknown): string => {
  if (v instanceof Raw || v instanceof Encoded) return `raw ${clip(v.text, 40)}`;
  if (v instanceof Repeated) return `repeated ${JSON.stringify(v.values)}`;
  if (typeof v === 'string') return clip(JSON.stringify(v), 40);
  return clip(JSON.stringify(v) ?? String(v), 40);
};
export const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

function fieldMutationArb(op: Operation, parts: RequestParts, ctx: FuzzContext): fc.Arbitrary<FuzzCase> | null {
  const locations = locationsOf(op, parts, ctx);
  if (!locations.length) return null;
  // Fields where the database disagrees with JavaScript most (dates, decimals, cursors, ids) are picked more often.
  const weight = (loc: Location) => {
    const s = deref(loc.schema, ctx);
    const members = [s, ...(s.anyOf ?? s.oneOf ?? []).map((u) => deref(u, ctx))];
    return loc.name === 'cursor' || isDecimal(s) || members.some((m) => isDateish(m, loc.name) || m.format === 'uuid') ? 3 : 1;
  };
  return fc.oneof(...locations.map((loc) => ({ arbitrary: fc.constant(loc), weight: weight(loc) }))).chain((loc) => {
    const where = `${loc.where}.${loc.key.join('.')}`;
    const bad = badValuesFor(loc.schema, loc.name, ctx, op);
    const changes: fc.WeightedArbitrary<{ change: Change; label: string }>[] = [
      { arbitrary: bad.map((value) => ({ change: { kind: 'set' as const, value }, label: `${where} := ${describeValue(value)}` })), weight: 10 },
    ];
    if (loc.where !== 'body') changes.push({ arbitrary: fc.constantFrom(...URL_ONLY).map((value) => ({ change: { kind: 'set' as const, value }, label: `${where} := ${describeValue(value)}` })), weight: 2 });
    if (loc.present && loc.where !== 'path') changes.push({ arbitrary: fc.constant({ change: { kind: 'delete' as const }, label: `${where} missing${loc.required ? ' (required)' : ''}` }), weight: loc.required ? 2 : 1 });
    changes.push({
      arbitrary: fc
        .constantFrom<[string, unknown]>(['unexpected_field', 1], ['unexpected_field', 'x'.repeat(HUGE)], ['__proto__', new Raw('{"polluted":true}')], ['constructor', new Raw('{"prototype":{"polluted":true}}')], ['nested', deepArray(10_000)])
        .map(([key, value]) => ({ change: { kind: 'extra' as const, key, value }, label: `${where} + extra ${key}=${describeValue(value)}` })),
      weight: 1,
    });
    return fc.oneof(...changes).map(({ change, label }) => buildCase(op, applyChange(parts, loc, change), label, false));
  });
}

interface BodyMutation {
  label: string;
  contentType?: string;
  payload: (validJson: string) => string;
}

const BODY_MUTATIONS: BodyMutation[] = [
  { label: 'content-type text/plain', contentType: 'text/plain', payload: (j) => j },
  { label: 'content-type form-urlencoded', contentType: 'application/x-www-form-urlencoded', payload: () => 'a=1&b=2&__proto__[x]=1' },
  { label: 'content-type multipart without boundary', contentType: 'multipart/form-data', payload: (j) => j },
  {
    label: 'multipart with a boundary and a PNG',
    contentType: 'multipart/form-data; boundary=fuzzboundary',
    payload: () =>
      [
        '--fuzzboundary',
        'Content-Disposition: form-data; name="kind"',
        '',
        'photo',
        '--fuzzboundary',
        'Content-Disposition: form-data; name="file"; filename="a.png"',
        'Content-Type: image/png',
        '',
        Buffer.from(PNG_1X1, 'base64').toString('latin1'),
        '--fuzzboundary--',
        '',
      ].join('\r\n'),
  },
  { label: 'multipart with a truncated body', contentType: 'multipart/form-data; boundary=fuzzboundary', payload: () => '--fuzzboundary\r\nContent-Disposition: form-data; name="file"; filename="a' },
  { label: 'content-type application/xml', contentType: 'application/xml', payload: () => '<a>1</a>' },
  { label: 'content-type application/json; charset=utf-16', contentType: 'application/json; charset=utf-16', payload: (j) => j },
  { label: 'content-type application/json-patch+json', contentType: 'application/json-patch+json', payload: (j) => j },
  { label: 'no content-type', payload: (j) => j },
  { label: 'invalid JSON: {', contentType: 'application/json', payload: () => '{' },
  { label: 'invalid JSON: trailing garbage', contentType: 'application/json', payload: (j) => `${j}garbage` },
  { label: "invalid JSON: single quotes", contentType: 'application/json', payload: () => "{'a':1}" },
  { label: 'invalid JSON: NaN', contentType: 'application/json', payload: () => '{"a":NaN}' },
  { label: 'invalid JSON: a NUL byte', contentType: 'application/json', payload: () => '{"a":"\u0000"}' },
  { label: 'invalid JSON: BOM first', contentType: 'application/json', payload: (j) => `\ufeff${j}` },
  { label: 'empty body', contentType: 'application/json', payload: () => '' },
  { label: 'whitespace body', contentType: 'application/json', payload: () => '  \n' },
  { label: 'JSON null', contentType: 'application/json', payload: () => 'null' },
  { label: 'JSON array', contentType: 'application/json', payload: () => '[]' },
  { label: 'JSON string', contentType: 'application/json', payload: () => '"x"' },
  { label: 'JSON number', contentType: 'application/json', payload: () => '1e999' },
  { label: '__proto__ key', contentType: 'application/json', payload: (j) => withKey(j, '"__proto__":{"polluted":true}') },
  { label: 'constructor.prototype key', contentType: 'application/json', payload: (j) => withKey(j, '"constructor":{"prototype":{"polluted":true}}') },
  { label: 'duplicate keys', contentType: 'application/json', payload: (j) => withKey(j, '"a":1,"a":2') },
  { label: 'array nested 10,000 deep', contentType: 'application/json', payload: () => deepArray(10_000).text },
  { label: 'object nested 10,000 deep', contentType: 'application/json', payload: () => deepObject(10_000).text },
  { label: 'array nested 100,000 deep', contentType: 'application/json', payload: () => deepArray(100_000).text },
  { label: 'body over 1 MB', contentType: 'application/json', payload: () => JSON.stringify({ a: 'x'.repeat(1_100_000) }) },
];

function withKey(json: string, member: string): string {
  if (!json.startsWith('{')) return `{${member}}`;
  return json === '{}' ? `{${member}}` : `{${member},${json.slice(1)}`;
}

function bodyMutationArb(op: Operation, parts: fc.Arbitrary<RequestParts>): fc.Arbitrary<FuzzCase> {
  return fc.tuple(parts, fc.constantFrom(...BODY_MUTATIONS)).map(([p, m]) => {
    const base = buildCase(op, p, `body: ${m.label}`, false);
    const json = base.payload ?? '{}';
    const headers = { ...base.headers };
    delete headers['content-type'];
    if (m.contentType) headers['content-type'] = m.contentType;
    return { ...base, headers, payload: m.payload(json) };
  });
}

/** Percent-encodes like encodeURIComponent, but writes lone surrogates as WTF-8 instead of throwing. */
export function encode(v: string): string {
  let out = '';
  for (const ch of v) {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff) out += `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase();
    else out += encodeURIComponent(ch);
  }
  return out;
}

const urlValue = (v: unknown): string => (v instanceof Encoded ? v.text : encode(String(v)));

/** The JSON text of a body, with Raw fragments spliced in. */
export function stringify(body: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_k, v: unknown) => {
    if (v instanceof Raw) {
      raws.push(v.text);
      return `@@fuzz-raw-${raws.length - 1}@@`;
    }
    return v;
  });
  return text.replace(/"@@fuzz-raw-(\d+)@@"/g, (_, i: string) => raws[Number(i)]!);
}

export function buildCase(op: Operation, parts: RequestParts, label: string, valid: boolean): FuzzCase {
  let url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = parts.path[name];
    return v instanceof Repeated ? urlValue(v.values[0]) : urlValue(v ?? '');
  });
  const query: string[] = [];
  for (const [k, v] of Object.entries(parts.query)) {
    if (v === undefined) continue;
    if (v instanceof Repeated) for (const x of v.values) query.push(`${encode(k)}=${urlValue(x)}`);
    else query.push(`${encode(k)}=${urlValue(v)}`);
  }
  if (query.length) url += `?${query.join('&')}`;
  const headers: Record<string, string> = {};
  let payload: string | undefined;
  if (parts.body !== undefined && op.body) {
    payload = stringify(parts.body);
    headers['content-type'] = 'application/json';
  }
  return { label, valid, method: op.method, url, headers, payload };
}

/** Valid requests, and requests with one thing wrong, for one operation. */
export function caseArb(op: Operation, ctx: FuzzContext): fc.Arbitrary<FuzzCase> {
  const parts = validPartsArb(op, ctx);
  const cursorParam = op.params.find((p) => p.name === 'cursor');
  const valid = parts.map((p) => buildCase(op, p, 'valid', true));
  // A valid read costs a database query (~35 ms on PGlite) and checks little beyond "no 5xx":
  // reads get fewer of them than writes, whose valid cases move the data the others run on.
  const arms: fc.WeightedArbitrary<FuzzCase>[] = [
    { arbitrary: valid, weight: op.method === 'GET' ? 1 : 3 },
    { arbitrary: parts.chain((p) => fieldMutationArb(op, p, ctx) ?? fc.constant(buildCase(op, p, 'valid', true))), weight: 6 },
  ];
  const real = cursorParam ? ctx.cursor(op) : undefined;
  if (real) {
    // The real next-page cursor, with the query it was made for: valid.
    arms.push({ arbitrary: parts.map((p) => buildCase(op, { ...p, query: { limit: '1', cursor: real } }, 'valid (real cursor)', true)), weight: 1 });
  }
  const takesBody = op.body || ['POST', 'PUT', 'PATCH', 'DELETE'].includes(op.method);
  if (takesBody) arms.push({ arbitrary: bodyMutationArb(op, parts), weight: 2 });
  return fc.oneof(...arms);
}
