/** Entry point: config, database (PGlite or PostgreSQL), migrations, seed, HTTP server, graceful shutdown. */
import { loadConfig } from './config.ts';
import { openDatabase, runMigrations } from './db/client.ts';
import { buildApp } from './app.ts';
import { seedIfEmpty } from './seed/index.ts';

const started = Date.now();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await runMigrations(database);
const app = await buildApp(config, database);
await seedIfEmpty(database.db, config, app.log);

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
app.log.info(`Paço pronto em http://localhost:${config.port} (${database.kind === 'pglite' ? `PGlite em ${config.dataDir}` : 'PostgreSQL'}) em ${Date.now() - started} ms`);
