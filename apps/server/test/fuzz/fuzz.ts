/**
 * The fuzz runner: reads the OpenAPI document the real server serves, so a new route is fuzzed
 * the day it is added; signs in as a role allowed to call each operation; sends valid requests
 * and requests with one thing wrong (openapi-arbitraries.ts); and checks each answer:
 *
 *  - never a 5xx;
 *  - every 4xx is `{ error: { code, message (non-empty), fields?: Record<string, string> } }`,
 *    and a 400 `validation_failed` names at least one field in `fields`;
 *  - a refused write (POST/PUT/PATCH/DELETE answered 4xx) wrote nothing: a fingerprint of the
 *    product tables is the same before and after.
 *
 * FUZZ_SEED (a number) and FUZZ_RUNS (cases per operation) replay or widen a run; FUZZ_OPS (a
 * regular expression on "METHOD /path") narrows it to some operations (each operation's cases
 * depend only on the seed and its own name, so they replay alone; the data they meet starts from
 * the demo data rather than what earlier operations left, so a few state-dependent failures may
 * not); FUZZ_REPORT (a file path) receives every failure, status counts and timings as JSON.
 * `npm run fuzz` picks a random seed and prints it.
 */
import fs from 'node:fs';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { can, type Role } from '@portal/shared';
import { sessionFor, startTestServer, type TestServer } from '../harness.js';
import { rowsOf } from '../../src/db/rows.js';
import type { Access } from '../../src/plugins/access.js';
import { caseArb, clip, poolOf, singular, type FuzzCase, type FuzzContext, type JsonSchema, type Operation } from './openapi-arbitraries.js';

const seed = Number(process.env.FUZZ_SEED ?? 22);
if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, not ${process.env.FUZZ_SEED}`);

export const FUZZ = {
  seed,
  runs: Number(process.env.FUZZ_RUNS ?? 100),
  only: process.env.FUZZ_OPS ? new RegExp(process.env.FUZZ_OPS) : null,
  report: process.env.FUZZ_REPORT,
};

/** The callers, most privileged first: each operation is called by the first whose role may (`can`). */
const CALLERS: { role: Role; email: string }[] = [
  { role: 'admin', email: 'admin@demo.test' },
  { role: 'whs_supervisor', email: 'supervisor@demo.test' },
  { role: 'technician', email: 'tech1@demo.test' },
  { role: 'customer', email: 'customer1@demo.test' },
];

/**
 * Not fuzzed: the OpenAPI document and its UI (static, not part of the API), and the realtime
 * WebSocket upgrade (not a request/response route: it has its own tests). Nothing else.
 */
const SKIPPED = [/^\/api\/docs/, /^\/api\/realtime/];

/**
 * Tables a refused write may legitimately change, left out of the fingerprint:
 *  - audit_log: refusals are audited (failed sign-ins, denied actions);
 *  - rate_limits: counting attempts, refused or not, is what they are for;
 *  - sessions, refresh_tokens: the fuzzer's own sign-ins and token refreshes, and last-seen stamps.
 */
const VOLATILE_TABLES = new Set(['audit_log', 'rate_limits', 'sessions', 'refresh_tokens']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface Failure {
  op: string;
  label: string;
  problems: string[];
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  status: number;
  response: string;
  /** The server's error log lines written while the case ran (5xx stacks). */
  log: string[];
}

export interface OperationStats {
  op: string;
  role: Role | 'public';
  cases: number;
  ms: number;
  statuses: Record<string, number>;
  validStatuses: Record<string, number>;
  /** Time spent answering (inject) and taking fingerprints. */
  injectMs: number;
  fingerprintMs: number;
  /** A few valid cases the server refused: where the generator (or the schema) falls short. */
  validRefusals: string[];
}

interface FuzzOperation extends Operation {
  key: string;
  access: Access;
  role: Role | null;
}

/** Operations that may answer a PDF (`format` offers pdf). */
const rendersPdf = (op: Operation) => op.params.some((p) => p.name === 'format' && p.schema.enum?.includes('pdf'));

const hash = (s: string) => {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
};

/** The `error` log lines of the server, captured instead of printed (pino's stream, swapped). */
function captureErrorLog(server: TestServer): string[] {
  const lines: string[] = [];
  let owner: object | null = server.app.log as object;
  while (owner) {
    const sym = Object.getOwnPropertySymbols(owner).find((s) => s.description === 'pino.stream');
    if (sym) {
      (owner as Record<symbol, unknown>)[sym] = { write: (line: string) => void lines.push(line) };
      break;
    }
    owner = Object.getPrototypeOf(owner) as object | null;
  }
  return lines;
}

/** `err.type: err.message` and the first frames of the server's own code, from a pino line. */
function summariseLog(line: string): string {
  try {
    const entry = JSON.parse(line) as { msg?: string; err?: { type?: string; message?: string; stack?: string } };
    const stack = (entry.err?.stack ?? '').split('\n');
    const frames = stack
      .filter((l) => l.includes('/apps/server/src/') || l.includes('/packages/shared/'))
      .slice(0, 3)
      .map((l) => l.trim().replace(/\(.*\/(apps|packages)\//, '($1/'));
    // drizzle's message holds the whole query and its parameters (100 KB strings…): the query's
    // start and the database's own error (the cause) say enough.
    const cause = stack.filter((l) => l.startsWith('caused by: ')).pop()?.slice('caused by: '.length);
    let message = entry.err?.message ?? entry.msg ?? '';
    const query = /^Failed query: ([\s\S]*?)\nparams: /.exec(message);
    if (query) message = `Failed query: ${clip(query[1]!.replace(/\s+/g, ' ').trim(), 90)}`;
    return [`${entry.err?.type ?? ''}: ${clip(message, 300)}`, ...(cause ? [`cause: ${clip(cause, 200)}`] : []), ...frames].join('\n      ');
  } catch {
    return line.slice(0, 500);
  }
}

export async function startFuzz() {
  const server = await startTestServer({ LOG_LEVEL: 'error' });
  const errorLog = captureErrorLog(server);
  const doc = (await server.call('GET', '/api/docs/json')).json() as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[]; requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> } }>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  if (process.env.FUZZ_DUMP_DOC) fs.writeFileSync(process.env.FUZZ_DUMP_DOC, JSON.stringify(doc, null, 1));
  const accessOf = new Map(server.app.apiRoutes.map((r) => [`${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`, r.access]));

  // Every operation of the document, with its access and the first role allowed to call it.
  const all: FuzzOperation[] = [];
  const skipped: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [m, spec] of Object.entries(ops)) {
      const method = m.toUpperCase();
      const key = `${method} ${path}`;
      if (SKIPPED.some((re) => re.test(path))) {
        skipped.push(key);
        continue;
      }
      const access = accessOf.get(key);
      if (!access) throw new Error(`${key} is in the OpenAPI document but not among the server's API routes`);
      const role = access === 'public' ? null : (CALLERS.find((c) => can(c.role, access))?.role ?? null);
      if (access !== 'public' && !role) throw new Error(`No demo role may call ${key} (${access})`);
      const json = spec.requestBody?.content['application/json'];
      all.push({
        key,
        method,
        path,
        access,
        role,
        params: (spec.parameters ?? [])
          .filter((p) => p.in === 'path' || p.in === 'query')
          .map((p) => ({ name: p.name, in: p.in as 'path' | 'query', required: p.required === true || p.in === 'path', schema: p.schema })),
        body: json ? { required: spec.requestBody?.required === true, schema: json.schema } : undefined,
      });
    }
  }
  const operations = all.filter((op) => !FUZZ.only || FUZZ.only.test(op.key));

  // Sessions of the demo callers; a case that ends one (sign-out, password change) gets a new one.
  const callers = new Map<Role, { userId: string; token: string }>();
  for (const c of CALLERS) {
    const s = await server.signIn(c.email);
    callers.set(c.role, { userId: s.user.id, token: s.access_token });
  }
  const callerIds = new Set([...callers.values()].map((c) => c.userId));
  const refresh = async (role: Role) => {
    const c = callers.get(role)!;
    c.token = (await sessionFor(server, c.userId)).access_token;
  };

  // Real ids (by pool: item, warehouse, service_request…) and first-page cursors, from the list routes.
  // The callers' own ids are left out, so no case disables, demotes or deletes a caller.
  const pools = new Map<string, Set<string>>();
  const cursors = new Map<string, string>();
  const addId = (pool: string, id: unknown) => {
    if (typeof id !== 'string' || !UUID.test(id) || callerIds.has(id)) return;
    if (!pools.has(pool)) pools.set(pool, new Set());
    pools.get(pool)!.add(id);
  };
  // And the values the data holds by field name (statuses, categories, catalogue codes…).
  const examples = new Map<string, Set<string>>();
  const addExample = (name: string, v: unknown) => {
    if (typeof v !== 'string' || !v || v.length > 60 || UUID.test(v)) return;
    if (!examples.has(name)) examples.set(name, new Set());
    if (examples.get(name)!.size < 30) examples.get(name)!.add(v);
  };
  const harvest = (value: unknown, pool: string): void => {
    if (Array.isArray(value)) return value.forEach((v) => harvest(v, pool));
    if (!value || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      if (k === 'id') addId(pool, v);
      else if (/_id$/.test(k)) addId(poolOf(k, ''), v);
      else if (typeof v === 'string') addExample(k, v);
      else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) v.forEach((x) => addExample(k, x));
      else if (v && typeof v === 'object') {
        // `service_types: [{ code, … }]`: the codes are what a `service_type` field takes.
        if (Array.isArray(v)) v.forEach((x) => x && typeof x === 'object' && addExample(singular(k), (x as { code?: unknown }).code));
        harvest(v, k === 'items' ? pool : singular(k));
      }
    }
  };
  const tokenFor = (op: FuzzOperation) => (op.role ? callers.get(op.role)!.token : undefined);
  for (const op of all) {
    if (op.method !== 'GET' || op.params.some((p) => p.in === 'path' || (p.required && p.in === 'query'))) continue;
    const limit = op.params.find((p) => p.name === 'limit');
    const res = await server.call('GET', limit ? `${op.path}?limit=${limit.schema.maximum ?? 100}` : op.path, { token: tokenFor(op) });
    if (res.statusCode === 200 && res.headers['content-type']?.toString().includes('json')) harvest(res.json(), poolOf('id', op.path));
    if (op.params.some((p) => p.name === 'cursor')) {
      const first = await server.call('GET', `${op.path}?limit=1`, { token: tokenFor(op) });
      const next = first.statusCode === 200 ? (first.json() as { next_cursor?: unknown }).next_cursor : undefined;
      if (typeof next === 'string') cursors.set(op.key, next);
    }
  }
  // Then the details of a few of them: ids that no list shows (attachments, part lines, time off).
  for (const op of all) {
    const pathParams = op.params.filter((p) => p.in === 'path');
    if (op.method !== 'GET' || rendersPdf(op) || pathParams.length !== 1 || op.params.some((p) => p.required && p.in === 'query')) continue;
    const pool = poolOf(pathParams[0]!.name, op.path);
    for (const id of [...(pools.get(pool) ?? [])].sort().slice(0, 3)) {
      const res = await server.call('GET', op.path.replace(/\{[^}]+\}/, id), { token: tokenFor(op) });
      if (res.statusCode === 200 && res.headers['content-type']?.toString().includes('json')) harvest(res.json(), pool);
    }
  }
  const ctx: FuzzContext = {
    ids: (pool) => [...(pools.get(pool) ?? [])].sort().slice(0, 20),
    cursor: (op) => cursors.get(`${op.method} ${op.path}`),
    examples: (name) => [...(examples.get(name) ?? [])].sort(),
    resolve: (ref) => {
      const schema = doc.components?.schemas?.[ref.replace('#/components/schemas/', '')];
      if (!schema) throw new Error(`Unresolved $ref ${ref}`);
      return schema;
    },
  };

  // The fingerprint: how many rows of each product table were inserted, updated or deleted, kept
  // by a row trigger in a table of its own (in this test database only). A write the server
  // refused must leave it as it was; a rolled-back transaction takes its counts back with it.
  // (Row counts and max(updated_at) would be the obvious fingerprint, but most tables have no
  // updated_at, and reading them all took ~15 ms against ~1 ms for this.)
  const tables = rowsOf<{ name: string }>(
    await server.ctx.db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  )
    .map((r) => r.name)
    .filter((t) => !VOLATILE_TABLES.has(t));
  await server.ctx.db.execute(sql`create table fuzz_writes (t text primary key, n bigint not null)`);
  await server.ctx.db.execute(
    sql.raw(`create function fuzz_count_write() returns trigger language plpgsql as $$
      begin
        insert into fuzz_writes (t, n) values (tg_table_name || ' ' || lower(tg_op), 1) on conflict (t) do update set n = fuzz_writes.n + 1;
        return null;
      end $$`),
  );
  for (const t of tables) {
    await server.ctx.db.execute(sql.raw(`create trigger fuzz_count_write after insert or update or delete on "${t}" for each row execute function fuzz_count_write()`));
  }
  let current: OperationStats | null = null;
  const fingerprint = async () => {
    const t = performance.now();
    const rows = rowsOf<{ t: string; n: string }>(await server.ctx.db.execute(sql`select t, n::text as n from fuzz_writes`));
    if (current) current.fingerprintMs += performance.now() - t;
    return new Map(rows.map((r) => [r.t, Number(r.n)]));
  };
  const diff = (a: Map<string, number>, b: Map<string, number>) =>
    [...b].filter(([t, n]) => n !== (a.get(t) ?? 0)).map(([t, n]) => `${t} ×${n - (a.get(t) ?? 0)}`);

  const stats: OperationStats[] = [];
  const failures: Failure[] = [];

  const send = (op: FuzzOperation, c: FuzzCase) => {
    const token = tokenFor(op);
    return server.app.inject({
      method: c.method as 'GET',
      url: c.url,
      payload: c.payload,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...c.headers },
    });
  };

  /** Runs every case of one operation; answers its failures. */
  async function run(op: FuzzOperation): Promise<Failure[]> {
    const seed = (FUZZ.seed ^ hash(op.key)) | 0;
    // A PDF takes ~2.5 s to render here: operations that can answer one get real ids rarely, so
    // their cases mostly stop at the lookup (their parameters are still fuzzed in full).
    const cases = fc.sample(caseArb(op, rendersPdf(op) ? { ...ctx, realIdShare: 0.04 } : ctx), { seed, numRuns: FUZZ.runs });
    const found: Failure[] = [];
    const s: OperationStats = { op: op.key, role: op.role ?? 'public', cases: cases.length, ms: 0, statuses: {}, validStatuses: {}, validRefusals: [], injectMs: 0, fingerprintMs: 0 };
    const started = Date.now();
    current = s;
    let settled: Map<string, number> | null = null;
    const write = WRITES.has(op.method);
    for (const c of cases) {
      // After a refused write the counts are known: they are the next case's "before".
      const before = write ? (settled ?? (await fingerprint())) : null;
      settled = null;
      const logFrom = errorLog.length;
      const t = performance.now();
      let res = await send(op, c);
      if (res.statusCode === 401 && op.role) {
        // The case (or an earlier one: sign-out, a new password) ended the caller's session.
        await refresh(op.role);
        res = await send(op, c);
      }
      s.injectMs += performance.now() - t;
      const status = res.statusCode;
      s.statuses[status] = (s.statuses[status] ?? 0) + 1;
      if (c.valid) s.validStatuses[status] = (s.validStatuses[status] ?? 0) + 1;
      if (c.valid && status === 400 && s.validRefusals.length < 3) {
        s.validRefusals.push(`${c.method} ${clip(c.url, 200)} ${clip(c.payload ?? '', 300)} → ${clip(res.body, 300)}`);
      }

      const problems: string[] = [];
      if (status >= 500) problems.push(`status ${status}`);
      else if (status >= 400) {
        let error: { code?: unknown; message?: unknown; fields?: unknown } | undefined;
        try {
          error = (res.json() as { error?: typeof error }).error;
        } catch {
          problems.push(`${status} body is not JSON`);
        }
        if (error !== undefined || !problems.length) {
          if (!error || typeof error.code !== 'string' || typeof error.message !== 'string' || !error.message) {
            problems.push(`${status} body is not { error: { code, message } }`);
          } else {
            const fields = error.fields;
            const isRecord = fields !== null && typeof fields === 'object' && !Array.isArray(fields);
            if (fields !== undefined && (!isRecord || !Object.values(fields).every((v) => typeof v === 'string'))) {
              problems.push('error.fields is not a Record<string, string>');
            }
            if (status === 400 && error.code === 'validation_failed' && (!isRecord || !Object.keys(fields).length)) {
              problems.push('400 validation_failed without fields');
            }
          }
        }
      }
      if (write && status >= 400 && status < 500) {
        settled = await fingerprint();
        const changed = diff(before!, settled);
        if (changed.length) problems.push(`refused write (${status}) wrote: ${changed.join(', ')}`);
      }
      if (problems.length) {
        found.push({
          op: op.key,
          label: c.label,
          problems,
          method: c.method,
          url: c.url,
          headers: c.headers,
          payload: c.payload,
          status,
          response: res.body,
          log: errorLog.slice(logFrom).map(summariseLog),
        });
      }
    }
    s.ms = Date.now() - started;
    s.injectMs = Math.round(s.injectMs);
    s.fingerprintMs = Math.round(s.fingerprintMs);
    stats.push(s);
    failures.push(...found);
    return found;
  }

  return {
    server,
    operations,
    skipped,
    all,
    pools,
    cursors,
    stats,
    failures,
    run,
    fingerprint,
    diff,
    async close() {
      if (FUZZ.report) fs.writeFileSync(FUZZ.report, JSON.stringify({ seed: FUZZ.seed, runs: FUZZ.runs, pools: Object.fromEntries([...pools].map(([k, v]) => [k, v.size])), examples: Object.fromEntries([...examples].map(([k, v]) => [k, [...v].slice(0, 5)])), cursors: [...cursors.keys()], stats, failures }, null, 1));
      await server.close();
    },
  };
}

/** One line per class of failure (problem and mutation), with a compact reproducer of its first case. */
export function formatFailures(found: Failure[], seed = FUZZ.seed): string {
  const classes = new Map<string, Failure[]>();
  for (const f of found) {
    const what = f.label.replace(/ := .*/, ' := …').replace(/\.\d+(?=\.|$| )/g, '.[i]');
    const key = `${f.problems.map((p) => p.replace(/ ×-?\d+/g, '')).join('; ')} ← ${what}`;
    classes.set(key, [...(classes.get(key) ?? []), f]);
  }
  const out = [`${found.length} failing case(s) in ${classes.size} class(es); replay with FUZZ_SEED=${seed} FUZZ_OPS='^${escape(found[0]?.op ?? '')}$'`];
  for (const [key, list] of classes) {
    const f = list[0]!;
    out.push(
      `\n● ${key}  (×${list.length})`,
      `  ${f.label}`,
      `  ${f.method} ${clip(f.url, 300)}`,
      `  headers: ${JSON.stringify(f.headers)}`,
      ...(f.payload !== undefined ? [`  body: ${clip(JSON.stringify(f.payload), 300)}`] : []),
      `  → ${f.status} ${clip(f.response, 300)}`,
      `  problems: ${f.problems.join('; ')}`,
      ...f.log.slice(0, 1).map((l) => `  server log: ${l}`),
    );
  }
  return out.join('\n');
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
