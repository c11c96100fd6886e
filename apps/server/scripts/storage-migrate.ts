/**
 * npm run storage:migrate -- --from <origem> --to <destino> [--dry-run]
 *
 * Copies every uploaded file between storage drivers and verifies each copy by its SHA-256. <origem> and <destino>
 * are STORAGE_URL values: `local` (STORAGE_DIR, default $DATA_DIR/uploads), `file:///caminho`, `postgres` (the
 * database of DATABASE_URL) or `s3://bucket[/prefixo]?endpoint=…&region=…` (credentials from the AWS variables).
 * Nothing is removed from the origin. Then set STORAGE_URL to the destination and restart the servers.
 * Exit code 0 when every file is at the destination, 1 otherwise.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { openDatabase, runMigrations, type Database } from '../src/db/client.ts';
import { migrateFiles } from '../src/storage/migrate.ts';
import { openDriver, storageKind, StorageConfigError } from '../src/storage/open.ts';

const USAGE = 'Uso: npm run storage:migrate -- --from <local|file:///pasta|postgres|s3://bucket?endpoint=…> --to <…> [--dry-run]';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' }, 'dry-run': { type: 'boolean' }, quiet: { type: 'boolean' } } });
  if (!values.from || !values.to) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  let database: Database | null = null;
  try {
    const kinds = [storageKind(values.from), storageKind(values.to)];
    if (kinds.includes('postgres')) {
      if (!config.databaseUrl) throw new StorageConfigError('"postgres" precisa de DATABASE_URL (o PostgreSQL onde os arquivos estão ou vão ficar).');
      database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      await runMigrations(database);
    }
    const open = (url: string) => openDriver(url === 'local' ? undefined : url, { storageDir: resolve(config.storageDir), db: database?.db as never, databaseKind: database ? 'postgres' : undefined });
    const from = await open(values.from);
    const to = await open(values.to);
    console.info(`Copiando arquivos de ${from.description} para ${to.description}${values['dry-run'] ? ' (simulação)' : ''}…`);
    const started = Date.now();
    const report = await migrateFiles(from, to, { dryRun: values['dry-run'], log: values.quiet ? undefined : (l) => console.info(l) });
    await from.close?.();
    await to.close?.();
    console.info(`${report.copied} copiados (${(report.bytes / 1048576).toFixed(1)} MB), ${report.same} já estavam lá iguais, ${report.failed.length} falharam — ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    for (const f of report.failed) console.error(`  ${f.key}: ${f.error}`);
    return report.failed.length ? 1 : 0;
  } catch (e) {
    if (e instanceof StorageConfigError) {
      console.error(e.message);
      return 2;
    }
    throw e;
  } finally {
    await database?.close();
  }
}

process.exitCode = await main();
