/**
 * A migrated, demo-seeded database made once per test run and copied for each test app (issue 14/CI time): a test
 * file's app used to migrate and seed its own database (4–6 s, twice per file: PGlite and PostgreSQL), now it loads
 * a copy (PGlite: the data folder's dump; PostgreSQL: `CREATE DATABASE … TEMPLATE`) and the template's stored files.
 *
 * Made by the server projects' global setup (vitest.config.ts), handed to the workers with `provide`/`inject`. An app
 * whose overrides change what is seeded (no demo, another password cost, another storage or database) builds its
 * own as before.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, runMigrations } from '../src/db/client.ts';
import { buildApp } from '../src/app.ts';
import { seedIfEmpty } from '../src/seed/index.ts';
import { todayInSaoPaulo } from '../src/auth/session.ts';

export interface DbTemplate {
  /** the folder of the template's stored files (`uploads`) and, for PGlite, its dump (`pgdata.tar`) */
  dir: string;
  /** PostgreSQL: the template database's name */
  pgName?: string;
  /**
   * São Paulo's date when it was seeded ('' when that date changed while seeding): the demo data is dated "today"
   * (the plenary session of the day, deadlines), so after midnight a test app seeds its own instead of copying it.
   */
  seededOn: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pacoTemplate: DbTemplate | null;
  }
}

/** The settings every test app has (helpers.ts), of which the seed depends on some. */
export const testConfig = (dir: string, databaseUrl?: string): Partial<Config> => ({
  dataDir: 'memory://', databaseUrl, storageDir: join(dir, 'uploads'), scryptN: 1024, logLevel: 'silent', seedDemo: true, webDir: join(dir, 'no-web'),
});

/** Overrides after which the template is not the database the app would have made. */
export const SEED_KEYS: readonly (keyof Config)[] = ['seedDemo', 'scryptN', 'storageUrl', 'storageDir', 'dataDir', 'databaseUrl'];

export const pgUrl = (name: string): string => {
  const u = new URL(process.env.DATABASE_URL!);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function build(kind: 'pglite' | 'postgres'): Promise<{ template: DbTemplate; drop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'paco-template-'));
  const pgName = kind === 'postgres' ? `paco_tpl_${randomBytes(6).toString('hex')}` : undefined;
  if (pgName) await admin((c) => c.query(`create database ${pgName}`));
  const config = loadConfig({}, testConfig(dir, pgName ? pgUrl(pgName) : undefined));
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let seededOn = todayInSaoPaulo();
  try {
    await runMigrations(database);
    const app = await buildApp(config, database, { logger: false });
    await seedIfEmpty(database.db, config, app.log);
    if (todayInSaoPaulo() !== seededOn) seededOn = '';
    await app.close();
    if (database.pglite) writeFileSync(join(dir, 'pgdata.tar'), Buffer.from(await (await database.pglite.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await database.close();
  }
  return {
    template: { dir, pgName, seededOn },
    drop: async () => {
      if (pgName) await admin((c) => c.query(`drop database if exists ${pgName} with (force)`)).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** vitest globalSetup of a server project: `PACO_TEST_DB` of the project says which engine. */
export async function setupTemplate(project: TestProject, kind: 'pglite' | 'postgres'): Promise<() => Promise<void>> {
  if (kind === 'postgres' && !process.env.DATABASE_URL) {
    project.provide('pacoTemplate', null);
    return async () => undefined;
  }
  const { template, drop } = await build(kind);
  project.provide('pacoTemplate', template);
  return drop;
}
