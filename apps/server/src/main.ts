import type { Http2SecureServer } from 'node:http2';
import { loadConfig, readTlsFiles } from './config.js';
import { DataDirLockedError, openPglite, openPostgres, type Database } from './db/client.js';
import { buildApp } from './app.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/accounts.js';
import { FIRST_START_ARG, isFirstPgliteStart, isFirstPostgresStart, prepareData, prepareInChild, type FirstStartResult } from './first-start.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }

  const firstStartOnly = process.argv.includes(FIRST_START_ARG);
  // A first start's work runs in a child process that exits with its memory (first-start.ts).
  let prepared: FirstStartResult | null = null;
  if (!firstStartOnly && isFirstPgliteStart(config)) prepared = await prepareOrExit();

  let database: Database;
  try {
    database = config.databaseUrl ? await openPostgres(config.databaseUrl, config.databasePoolSize) : await openPglite(config.dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error(`Could not open the database: ${(err as Error).message}`);
    process.exit(1);
  }

  await database.migrate();
  if (firstStartOnly) {
    // The child's answer is its last line of output.
    const result = await prepareData(database, config);
    await database.close();
    console.log(JSON.stringify(result));
    process.exit(0);
  }
  if (!prepared && (await isFirstPostgresStart(database, config))) prepared = await prepareOrExit(database);
  const { app } = await buildApp(config, database);
  // Whatever the child did not do (a restart: nothing) is done here; each step is a no-op once done.
  const result = await prepareData(database, config);
  if (prepared) app.log.info({ child_pid: prepared.pid }, 'first start prepared by a child process');
  if (prepared?.demoLoaded || result.demoLoaded) app.log.info('demo data loaded');
  const firstAdmin = prepared?.firstAdmin === 'created' ? 'created' : result.firstAdmin;
  if (firstAdmin === 'created') app.log.info(`first admin account created: ${config.firstAdmin!.email}`);
  if (firstAdmin === 'missing') {
    app.log.warn('There is no admin account yet. Start the server once with ADMIN_EMAIL and ADMIN_PASSWORD set to create one.');
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    try {
      await app.close();
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // A renewed certificate (Let's Encrypt renews every 60-90 days) is taken without a restart:
  // new connections get it, open ones keep theirs. A bad pair leaves the old one in use.
  const tls = config.tls;
  if (tls) {
    process.on('SIGHUP', () => {
      try {
        const { cert, key } = readTlsFiles(tls.certFile, tls.keyFile);
        (app.server as unknown as Http2SecureServer).setSecureContext({ cert, key });
        app.log.info({ cert: tls.certFile }, 'SIGHUP: TLS certificate reloaded');
      } catch (err) {
        app.log.error({ err }, 'SIGHUP: TLS certificate not reloaded; the previous one stays in use');
      }
    });
  }

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.error({ err }, 'could not listen');
    await database.close();
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  const scheme = config.tls ? 'https' : 'http';
  const lines = [
    ``,
    `  Service portal running at ${scheme}://localhost:${port}  (database: ${where}${config.tls ? '; HTTP/2 and HTTP/1.1' : ''})`,
    `  API docs: ${scheme}://localhost:${port}/api/docs`,
  ];
  if (config.demo) {
    lines.push(``, `  Demo accounts (password: ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.role.padEnd(15)} ${a.email}`);
  }
  console.log(lines.join('\n') + '\n');
}

/** The first start's work in a child; on failure the server does not start (the database is as the child left it). */
async function prepareOrExit(database?: Database): Promise<FirstStartResult> {
  try {
    return await prepareInChild(import.meta.url);
  } catch (err) {
    console.error(`Could not prepare the database: ${(err as Error).message}`);
    await database?.close();
    process.exit(1);
  }
}

void main();
