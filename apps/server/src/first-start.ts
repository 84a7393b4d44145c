import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { loadConfig } from './config.js';
import type { Database } from './db/client.js';
import { seedDemoData } from './demo/seed.js';
import { anyUserExists, ensureFirstAdmin } from './modules/users/index.js';

type Config = ReturnType<typeof loadConfig>;

/** What a first start did: the demo company written, the first admin created; by which process. */
export interface FirstStartResult {
  demoLoaded: boolean;
  firstAdmin: 'created' | 'exists' | 'missing';
  pid: number;
}

/** The argument that makes the server's entry point do only a first start's work, then exit. */
export const FIRST_START_ARG = '--first-start-only';

/**
 * What every start does before serving, and all a first start does: the demo company (with
 * DEMO_DATA, on an empty database) and the first admin (ADMIN_EMAIL). Both are no-ops once done.
 */
export async function prepareData(database: Database, config: Config): Promise<FirstStartResult> {
  const demoLoaded = config.demo ? await seedDemoData(database.db) : false;
  const firstAdmin = await ensureFirstAdmin(database.db, config.firstAdmin);
  return { demoLoaded, firstAdmin, pid: process.pid };
}

/**
 * Whether this start is a first one, whose work belongs in a child process: creating the
 * embedded database (PGlite's initdb), writing the demo company (sharp draws its photos, argon2
 * hashes its passwords) and hashing the first admin's password leave hundreds of MB with the
 * process that did them — initdb's memory, libvips' and argon2's native allocations, a grown V8
 * heap — which a serving instance would then carry for its whole life (issue #26: 246 MB after a
 * first start on PostgreSQL, 140 MB after a restart). A child does that work and exits, and the
 * server starts as it does on a restart.
 *
 * On PGlite the data folder not existing yet decides it (the folder must be free for the child,
 * so this is asked before opening it); on PostgreSQL, a database without any user — asked once
 * the server has migrated it.
 */
export function isFirstPgliteStart(config: Config): boolean {
  return !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'));
}

export async function isFirstPostgresStart(database: Database, config: Config): Promise<boolean> {
  if (database.kind !== 'postgres' || !(config.demo || config.firstAdmin)) return false;
  return !(await anyUserExists(database.db));
}

/**
 * Runs the first start's work in a child process — `entry` (the running entry point's
 * import.meta.url: dist/main.js when built, src/main.ts under tsx, whose loader is in execArgv) —
 * and answers what it did.
 */
export async function prepareInChild(entry: string): Promise<FirstStartResult> {
  const flags = process.execArgv.filter((a) => !a.startsWith('--cpu-prof'));
  const child = spawn(process.execPath, [...flags, fileURLToPath(entry), FIRST_START_ARG], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  const last = output.trim().split('\n').at(-1) ?? '';
  if (code !== 0) throw new Error(`the first start's work failed (exit ${code})${last ? `: ${last}` : ''}`);
  return JSON.parse(last) as FirstStartResult;
}
