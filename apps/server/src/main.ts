/**
 * Entry point: config, database (PGlite or PostgreSQL), migrations, seed, HTTP server, graceful shutdown.
 *
 * With PostgreSQL and WORKERS > 1 (or `auto`: one per core) the first process migrates and seeds, then starts that
 * many server processes sharing the port (node:cluster); they agree through the database (sessions, caches and
 * live events travel by LISTEN/NOTIFY). A process that dies is replaced. PGlite always runs one process: WORKERS > 1
 * without DATABASE_URL, or a data folder another process holds (db/lock.ts), stops the start with a message.
 */
import cluster from 'node:cluster';
import { loadConfig } from './config.ts';
import { openDatabase, runMigrations } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { appSecret, buildApp } from './app.ts';
import { FileStorage } from './storage/files.ts';
import { seedIfEmpty } from './seed/index.ts';
import { checkStorageUrl, openDriver, StorageConfigError } from './storage/open.ts';

const started = Date.now();
const config = loadConfig();
if (config.workers > 1 && !config.databaseUrl) {
  refuse(`WORKERS=${process.env.WORKERS} não é possível com o banco embutido (PGlite): ele só pode ser aberto por um processo.\n`
    + 'Use WORKERS=1 (ou remova a variável), ou configure um PostgreSQL em DATABASE_URL para rodar vários processos.');
}
try {
  // a STORAGE_URL that cannot work stops the start before anything is opened
  checkStorageUrl(config.storageUrl, config.databaseUrl ? 'postgres' : 'pglite');
} catch (e) {
  if (e instanceof StorageConfigError) refuse(e.message);
  throw e;
}
const multi = config.workers > 1;

try {
  if (multi && cluster.isPrimary) await supervise();
  else await serve(!multi);
} catch (e) {
  if (e instanceof DataDirLockedError) refuse(e.message);
  throw e;
}

/** Stops a start that cannot go on: the reason (pt-BR, what to do) on stderr, exit code 1. */
function refuse(message: string): never {
  console.error(`O Paço não foi iniciado.\n${message}`);
  process.exit(1);
}

/** Primary of a multi-process server: migrations and seed once, then the workers, replaced when they die. */
async function supervise(): Promise<void> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await runMigrations(database);
  const log = { info: console.info, warn: console.warn, error: console.error, debug: () => undefined } as never;
  const files = new FileStorage(await openDriver(config.storageUrl, { storageDir: config.storageDir, db: database.db, databaseKind: database.kind }), await appSecret(database.db));
  await seedIfEmpty(database.db, config, log, files);
  await files.driver.close?.();
  await database.close();
  let closing = false;
  let ready = 0;
  const start = (): void => {
    cluster.fork().once('listening', () => {
      if (++ready === config.workers) console.info(`Paço pronto em http://localhost:${config.port} (PostgreSQL, ${config.workers} processos) em ${Date.now() - started} ms`);
    });
  };
  cluster.on('exit', (worker, code, signal) => {
    if (closing) return;
    console.error(`processo ${worker.process.pid} terminou (${signal ?? code}); iniciando outro`);
    setTimeout(start, 1000).unref();
  });
  for (let i = 0; i < config.workers; i++) start();
  const stop = (signal: string): void => {
    if (closing) return;
    closing = true;
    console.info(`${signal} recebido: encerrando ${config.workers} processos…`);
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    const force = setTimeout(() => process.exit(1), 12_000);
    force.unref();
    cluster.on('exit', () => { if (!Object.keys(cluster.workers ?? {}).length) process.exit(0); });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** One server process; `prepare`: also migrate and seed (single-process mode). */
async function serve(prepare: boolean): Promise<void> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  if (prepare) await runMigrations(database);
  const app = await buildApp(config, database);
  if (prepare) await seedIfEmpty(database.db, config, app.log, app.files);

  let closing = false;
  async function shutdown(signal: string): Promise<void> {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} recebido: encerrando…`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (!cluster.isWorker) app.log.info(`Paço pronto em http://localhost:${config.port} (${database.kind === 'pglite' ? `PGlite em ${config.dataDir}` : 'PostgreSQL'}) em ${Date.now() - started} ms`);
}
