/**
 * Health checks for load balancers and orchestrators:
 *   GET /api/health        200 { status, database }: the server answers (kept as it was; the e2e waits on it)
 *   GET /api/health/live   200 while the process runs and its event loop turns (restart it when this fails)
 *   GET /api/health/ready  200 when this node can serve: the database answers, every migration is applied, file
 *                          storage takes a write, and the job queue runs; 503 with the failing checks otherwise,
 *                          and from the moment a shutdown begins (the proxy stops sending before connections close)
 * No authentication, no details beyond the name and state of each check (nothing secret, no stack traces).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { migrationsFolder } from '../db/client.ts';
import type { FileStorage } from '../storage/files.ts';
import type { JobQueue } from '../jobs/queue.ts';

const TIMEOUT_MS = 5000;
/** a storage write is checked at most this often (on S3 it is three requests) */
const STORAGE_EVERY_MS = 10_000;

const within = <T>(p: Promise<T>, ms = TIMEOUT_MS): Promise<T> => new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`sem resposta em ${ms} ms`)), ms);
  p.then((v) => { clearTimeout(timer); resolve(v); }, (e: unknown) => { clearTimeout(timer); reject(e); });
});

/** The migrations this build ships: how many, and the newest one's time stamp. */
function shippedMigrations(): { count: number; last: number } {
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return { count: journal.entries.length, last: Math.max(...journal.entries.map((e) => e.when)) };
}

export function registerHealth(app: FastifyInstance, deps: { database: Database; storage: FileStorage; jobs: JobQueue }): void {
  const { database, storage, jobs } = deps;
  const shipped = shippedMigrations();
  let closing = false;
  let storageOkAt = 0;
  app.addHook('preClose', async () => { closing = true; });

  app.get('/api/health', { schema: { hide: true } }, async () => ({ status: 'ok', database: database.kind }));
  app.get('/api/health/live', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/api/health/ready', { schema: { hide: true } }, async (_req, reply) => {
    const checks: Record<string, string> = {};
    const run = async (name: string, fn: () => Promise<void>) => {
      try {
        await within(fn());
        checks[name] = 'ok';
      } catch (e) {
        checks[name] = (e as Error).message.slice(0, 200) || 'falhou';
      }
    };
    await Promise.all([
      run('database', async () => { await database.db.execute(sql`select 1`); }),
      run('migrations', async () => {
        const res = (await database.db.execute(sql`select count(*)::int as n, coalesce(max(created_at), 0)::bigint as last from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number; last: string | number }[] };
        const { n, last } = res.rows[0];
        if (Number(n) < shipped.count || Number(last) < shipped.last) throw new Error(`migrações pendentes (${n} de ${shipped.count} aplicadas)`);
      }),
      run('storage', async () => {
        if (Date.now() - storageOkAt < STORAGE_EVERY_MS) return;
        await storage.probe();
        storageOkAt = Date.now();
      }),
      run('jobs', async () => { if (!jobs.running) throw new Error('fila de tarefas parada'); }),
    ]);
    if (closing) checks.server = 'encerrando';
    const ok = Object.values(checks).every((v) => v === 'ok');
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'indisponível', checks });
  });
}
