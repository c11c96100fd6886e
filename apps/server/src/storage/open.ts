/**
 * Picks the storage driver from STORAGE_URL:
 *   (unset), `local` or `file:///path`  the local folder (STORAGE_DIR, or the path of the file: URL)
 *   `postgres`                          the database of DATABASE_URL (refused on the embedded PGlite)
 *   `s3://bucket[/prefix]?…`            an S3-compatible object store (storage/s3.ts)
 */
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/client.ts';
import type { StorageDriver } from './driver.ts';
import { LocalDriver } from './local.ts';
import { PostgresDriver } from './postgres.ts';
import { openS3Driver, parseS3Url } from './s3.ts';

/** A STORAGE_URL that cannot work: the message (pt-BR) says why and what to do. */
export class StorageConfigError extends Error {}

export function storageKind(url: string | undefined): 'local' | 'postgres' | 's3' {
  const u = (url ?? '').trim();
  if (!u || u === 'local' || u.startsWith('file:')) return 'local';
  if (/^postgres(ql)?$/i.test(u)) return 'postgres';
  if (u.startsWith('s3://')) return 's3';
  throw new StorageConfigError(`STORAGE_URL=${u} não é reconhecida. Use "local" (ou deixe vazia), "postgres" ou "s3://bucket?endpoint=…&region=…".`);
}

/** Throws StorageConfigError when STORAGE_URL cannot work with this database (checked before anything is opened). */
export function checkStorageUrl(url: string | undefined, databaseKind?: 'pglite' | 'postgres'): 'local' | 'postgres' | 's3' {
  const kind = storageKind(url);
  if (kind === 'postgres' && databaseKind === 'pglite') {
    throw new StorageConfigError('STORAGE_URL=postgres guarda os arquivos no PostgreSQL e precisa de DATABASE_URL; com o banco embutido (PGlite), '
      + 'use a pasta local (remova STORAGE_URL) ou um armazenamento S3.');
  }
  if (kind === 's3') {
    try {
      parseS3Url(url!);
    } catch (e) {
      throw new StorageConfigError((e as Error).message);
    }
  }
  return kind;
}

export async function openDriver(url: string | undefined, opts: { storageDir: string; db: Db; databaseKind?: 'pglite' | 'postgres' }): Promise<StorageDriver> {
  const kind = checkStorageUrl(url, opts.databaseKind);
  if (kind === 'local') return new LocalDriver(url?.startsWith('file:') ? fileURLToPath(url) : opts.storageDir);
  if (kind === 'postgres') return new PostgresDriver(opts.db);
  return openS3Driver(parseS3Url(url!));
}
