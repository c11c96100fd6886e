/**
 * Test app on a real database: in-memory PGlite by default, or a throwaway PostgreSQL database when
 * PACO_TEST_DB=postgres (created on the server of DATABASE_URL and dropped afterwards).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, runMigrations, type Database } from '../src/db/client.ts';
import { buildApp } from '../src/app.ts';
import { seedIfEmpty } from '../src/seed/index.ts';
import { todayInSaoPaulo } from '../src/auth/session.ts';
import { pgUrl, SEED_KEYS, testConfig, type DbTemplate } from './template.ts';

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

/** A throwaway database on the server of DATABASE_URL: empty, or a copy of the run's seeded template. */
async function createPgDatabase(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL!;
  const name = `paco_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
        break;
      } catch (e) {
        // 55006: another copy of the template is being made at this moment
        if ((e as { code?: string }).code !== '55006' || attempt >= 20) throw e;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: pgUrl(name),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await c.end();
    },
  };
}

/** The run's seeded template (template.ts), unless these overrides make the app seed something else. */
function templateFor(overrides: Partial<Config>): DbTemplate | null {
  if (SEED_KEYS.some((k) => k in overrides)) return null;
  let t: DbTemplate | null = null;
  try {
    t = inject('pacoTemplate') ?? null;
  } catch {
    return null; // not under the server projects' global setup
  }
  if (!t || !existsSync(t.dir)) return null;
  // seeded on another day (a run that crosses midnight in São Paulo): its "today" is yesterday
  if (t.seededOn !== todayInSaoPaulo()) return null;
  return usingPostgres() ? (t.pgName ? t : null) : existsSync(join(t.dir, 'pgdata.tar')) ? t : null;
}

/**
 * The apps made and not yet closed. The server projects run their files one after the other in each worker process
 * (`isolate: false`, vitest.config.ts), so an app a file leaves open would keep its connections, timers and listeners
 * running beside the next files: each file's last hook closes them (per-file.ts).
 */
const openApps = new Set<TestApp>();

/** Closes the apps the file's tests made and left open; returns how many there were. */
export async function closeLeftApps(): Promise<number> {
  const left = [...openApps];
  await Promise.all(left.map((a) => a.close().catch(() => undefined)));
  return left.length;
}

export async function makeApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'paco-test-'));
  const template = templateFor(overrides);
  const pgdb = usingPostgres() ? await createPgDatabase(template?.pgName) : null;
  const config = loadConfig({}, { ...testConfig(dir, pgdb?.url), ...overrides });
  // the template's stored files, where this app's storage looks for them
  if (template && existsSync(join(template.dir, 'uploads'))) cpSync(join(template.dir, 'uploads'), config.storageDir, { recursive: true });
  const load = template && !usingPostgres() ? new Blob([readFileSync(join(template.dir, 'pgdata.tar'))]) : undefined;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, load });
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
  const made: TestApp = {
    app, database, config, call,
    async login(email, password = 'paco-demo') {
      const res = await call('POST', '/api/login', { body: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    async close() {
      if (!openApps.delete(made)) return;
      await app.close();
      await database.close();
      await pgdb?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  openApps.add(made);
  return made;
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

/** The visible text of a portal page's server-rendered content (no tags, entities decoded, spaces collapsed). */
export const portalText = (html: string): string => html.split('<div id="portal-root">')[1]!.split('<script')[0]!
  .replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');

/** The statements a piece of work sends to PostgreSQL through node-postgres (the job queue's polling and the change feed left out). */
export async function statementsOf<T>(run: () => Promise<T>): Promise<{ out: T; statements: string[] }> {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const orig = proto.query;
  const statements: string[] = [];
  proto.query = function (this: unknown, ...a: unknown[]) {
    const q = a[0] as string | { text?: string } | undefined;
    const text = typeof q === 'string' ? q : q?.text ?? '';
    if (!/pgboss|\blisten\b|\bnotify\b/i.test(text)) statements.push(text);
    return orig.apply(this, a);
  };
  try {
    return { out: await run(), statements };
  } finally {
    proto.query = orig;
  }
}
