/**
 * Test app on a real database: in-memory PGlite by default, or a throwaway PostgreSQL database when
 * PACO_TEST_DB=postgres (created on the server of DATABASE_URL and dropped afterwards).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, runMigrations, type Database } from '../src/db/client.ts';
import { buildApp } from '../src/app.ts';
import { seedIfEmpty } from '../src/seed/index.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** signs in and returns the bearer token */
  login(email: string, password?: string): Promise<string>;
  /** app.inject with JSON and an optional token */
  call(method: string, url: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse & { body: string; json: () => any }>;
  close(): Promise<void>;
}

export const usingPostgres = (): boolean => process.env.PACO_TEST_DB === 'postgres' && !!process.env.DATABASE_URL;

async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL!;
  const name = `paco_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await c.end();
    },
  };
}

export async function makeApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'paco-test-'));
  const pgdb = usingPostgres() ? await createPgDatabase() : null;
  const config = loadConfig({}, {
    dataDir: 'memory://', databaseUrl: pgdb?.url, storageDir: join(dir, 'uploads'), scryptN: 1024, logLevel: 'silent', seedDemo: true, webDir: join(dir, 'no-web'),
    ...overrides,
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await runMigrations(database);
  const app = await buildApp(config, database, { logger: false });
  await seedIfEmpty(database.db, config, app.log);
  await app.ready();

  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await app.inject({ method: method as never, url, headers, ...(opts.body !== undefined ? { payload: opts.body as never } : {}) });
    return Object.assign(res, { json: () => JSON.parse(res.body) });
  };
  return {
    app, database, config, call,
    async login(email, password = 'paco-demo') {
      const res = await call('POST', '/api/login', { body: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    async close() {
      await app.close();
      await database.close();
      await pgdb?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A multipart/form-data body for `app.inject`: text fields, then one file (a record action's dialog with its attachment). */
export function multipart(fields: Record<string, string>, file?: { name: string; part: string; type: string; data: Buffer }): { payload: Buffer; type: string } {
  const b = 'pacoLimiteDeTeste';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${file.part}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${b}--\r\n`));
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${b}` };
}

/** The smallest PDF the upload checks accept. */
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
