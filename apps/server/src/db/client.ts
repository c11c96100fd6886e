import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { ChangeFeed, instrumentConnection } from './changes.ts';
import { lockDataDir } from './lock.ts';

/**
 * The engine writes SQL through drizzle's query builder only; the relational API (`db.query.x`) is not used, so the
 * handle carries no schema generic (with it, the server's typecheck made 2.38 M instantiations in 22.1 s of check
 * time; without, 2.11 M in 18.8 s).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL pool (null on PGlite); used for LISTEN/NOTIFY. */
  pool: pg.Pool | null;
  pglite: PGlite | null;
  /** committed writes to tables that in-process caches copy (db/changes.ts) */
  changes: ChangeFeed;
  close(): Promise<void>;
}

/** Finds the drizzle migrations folder both from sources (src/db) and from the bundle (dist). */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('Pasta de migrações (drizzle/) não encontrada.');
}

// Dates and timestamps as strings, numerics as numbers (pg's defaults are strings for numeric, Date for timestamps).
pg.types.setTypeParser(1700, (v) => (v === null ? null : Number(v)));

/** `load`: an in-memory PGlite starts from this dump of a data folder (the tests' seeded template). */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; load?: Blob }): Promise<Database> {
  if (opts.databaseUrl) {
    const changes = new ChangeFeed((m) => console.error(m));
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: Number(process.env.PG_POOL_MAX ?? 10) });
    pool.on('error', (e) => console.error('PostgreSQL pool error', e.message));
    pool.on('connect', (c) => instrumentConnection(c, changes));
    await changes.listenPostgres(opts.databaseUrl);
    const db = drizzlePg(pool) as unknown as Db;
    return { db, kind: 'postgres', pool, pglite: null, changes, close: async () => { await changes.close(); await pool.end(); } };
  }
  const inMemory = opts.dataDir === 'memory://';
  // one process per data folder (db/lock.ts): throws DataDirLockedError before PGlite touches the files
  const lock = inMemory ? null : lockDataDir(opts.dataDir);
  try {
    // the embedded engine is loaded only when used: a server on PostgreSQL never holds it
    const [{ PGlite }, { unaccent }, { drizzle: drizzlePglite }] = await Promise.all([
      import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/unaccent'), import('drizzle-orm/pglite'),
    ]);
    const client = new PGlite({ ...(inMemory ? {} : { dataDir: opts.dataDir }), ...(opts.load ? { loadDataDir: opts.load } : {}), extensions: { unaccent } });
    await client.waitReady;
    const changes = new ChangeFeed();
    await changes.listenPglite(client);
    const db = drizzlePglite(client) as unknown as Db;
    const close = async (): Promise<void> => {
      try {
        await changes.close();
        await client.close();
      } finally {
        lock?.release();
      }
    };
    return { db, kind: 'pglite', pool: null, pglite: client, changes, close };
  } catch (e) {
    lock?.release();
    throw e;
  }
}

export async function runMigrations(d: Database): Promise<void> {
  const folder = migrationsFolder();
  if (d.kind === 'postgres') {
    // one process migrates at a time (several servers may start together)
    const c = await d.pool!.connect();
    try {
      await c.query('select pg_advisory_lock(727001)');
      await migratePg(d.db as never, { migrationsFolder: folder });
    } finally {
      await c.query('select pg_advisory_unlock(727001)').catch(() => undefined);
      c.release();
    }
  } else {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(d.db as never, { migrationsFolder: folder });
  }
}

/**
 * What a database handle and the transactions opened on it have in common, to key a process's copies of rows by
 * database: drizzle gives each transaction its database's dialect object, one per `drizzle()` call (one per app).
 * Null when a drizzle version stops doing so: then nothing is kept and every read goes to the database
 * (test/calendar-cache.test.ts checks it on PGlite and PostgreSQL).
 */
export function databaseKey(db: Db): object | null {
  const dialect = (db as unknown as { dialect?: unknown }).dialect;
  return typeof dialect === 'object' && dialect !== null ? dialect : null;
}
