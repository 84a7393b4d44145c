import { loadConfig } from './config.js';
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
  const lines = [``, `  Service portal running at http://localhost:${port}  (database: ${where})`, `  API docs: http://localhost:${port}/api/docs`];
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
