/**
 * Benchmark server process (forked by bench/run.ts): opens the database, migrates with the real migrations,
 * seeds reference data, one company with an admin user and a token, bulk-loads the records, then starts the
 * real app (buildApp, logger off) with the bare routes on 127.0.0.1 and a free port. Talks to the parent by IPC.
 * On PostgreSQL with BENCH_WORKERS > 1 (default 2, like `WORKERS` in production) the app runs in that many
 * processes sharing the port (node:cluster); this process loads the data and sums their counters.
 */
import cluster from 'node:cluster';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import pg from 'pg';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filterFields, refFields, tableOf } from '@paco/domain/resource';
import type { RefField } from '@paco/domain/fields';
import { resourceByName } from '@paco/domain/resources';
import { AMENDMENT_TYPES } from '@paco/domain/resources/materias';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, runMigrations } from '../apps/server/src/db/client.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { seedReference } from '../apps/server/src/seed/index.ts';
import { hashPassword, newToken, sha256 } from '../apps/server/src/auth/password.ts';
import { registerBare } from './bare.ts';
import { loadResource, type LoadContext } from './fixtures.ts';
import { filterKey, makePlan, sortKey } from './target.ts';
import { rawQuery } from './sql.ts';
import { explainAll } from './explain.ts';

export interface ReadyInfo {
  kind: 'pglite' | 'postgres';
  /** server processes answering */
  workers: number;
  port: number;
  token: string;
  resource: string;
  path: string;
  fallback: boolean;
  loadSeconds: number;
  counts: Record<string, number>;
  idMin: number;
  idMax: number;
  sort: string;
  filter: string | null;
  filterValue: number | null;
  refs: Record<string, number[]>;
  explain?: string;
}

const send = (m: unknown): void => void process.send?.(m);

/** Statements sent to the database (every path: pool, transactions, PGlite), for "queries per request". */
let statements = 0;
let responses = 0;
function countStatements(pglite: { query: (...a: any[]) => any; exec: (...a: any[]) => any } | null): void {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const orig = proto.query;
  proto.query = function (this: unknown, ...a: unknown[]) { statements++; return orig.apply(this, a); };
  if (pglite) {
    for (const m of ['query', 'exec'] as const) {
      const o = pglite[m].bind(pglite);
      pglite[m] = (...a: any[]) => { statements++; return o(...a); };
    }
  }
}
const log = (line: string): void => send({ type: 'log', line });

/**
 * The app's configuration in the benchmark: files under the run's temporary directory, no logs, no demo data; the
 * web app only when BENCH_WEB_DIR names a build of it (the screen benchmark, bench/screen.ts).
 */
function benchConfig(dir: string, databaseUrl: string | undefined) {
  return loadConfig({}, {
    dataDir: join(dir, 'pgdata'), databaseUrl, storageDir: join(dir, 'uploads'), logLevel: 'silent', seedDemo: false,
    webDir: process.env.BENCH_WEB_DIR || join(dir, 'no-web'), scryptN: Number(process.env.BENCH_SCRYPT_N ?? 1024),
  });
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'paco-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  const config = benchConfig(dir, databaseUrl);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const q = rawQuery(database);
  const t0 = performance.now();
  await runMigrations(database);
  await seedReference(database.db);
  log(`migrações e dados de referência: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // one company, valid licence, one admin user, one token
  const passwordHash = await hashPassword('senha-bench-123', config.scryptN);
  const [company] = await q(`insert into companies (name, abreviacao) values ('Câmara Municipal de Vila Serena (bench)', 'CMVS') returning id`);
  const companyId = Number(company.id);
  await q(`insert into liberations (company_id, date_end) values ($1, current_date + 365)`, [companyId]);
  const [user] = await q(`insert into users (company_id, name, email, password) values ($1, 'Antônio Administrador', 'admin@bench.paco', $2) returning id`, [companyId, passwordHash]);
  const userId = Number(user.id);
  await q(`insert into role_user (user_id, role_id) select $1, id from roles where name = 'admin'`, [userId]);
  const token = newToken();
  await q(`insert into access_tokens (user_id, company_id, token_hash) values ($1, $2, $3)`, [userId, companyId, sha256(token)]);

  // bulk load
  const plan = makePlan(scale);
  const ctx: LoadContext = { q, companyId, userId, plan: plan.counts, passwordHash, log };
  const tl = performance.now();
  log(`carga (${database.kind}):`);
  for (const [name, n] of plan.counts) await loadResource(ctx, resourceByName.get(name)!, n);
  const tv = performance.now();
  await q('vacuum analyze');
  log(`  vacuum analyze: ${((performance.now() - tv) / 1000).toFixed(1)} s`);
  const loadSeconds = (performance.now() - tl) / 1000;

  const r = plan.main;
  const table = tableOf(r);
  const [range] = await q(`select min(id)::int as lo, max(id)::int as hi from ${table} where company_id = $1`, [companyId]);
  const fk = filterKey(r);
  let filterValue: number | null = null;
  if (fk && r.fields[fk].kind === 'ref') {
    const [top] = await q(`select "${fk}" as v from ${table} where company_id = $1 and "${fk}" is not null group by 1 order by count(*) desc limit 1`, [companyId]);
    filterValue = top ? Number(top.v) : null;
  }
  // ids a create body may reference (within the company or shared)
  const refs: Record<string, number[]> = {};
  for (const [k, fl] of refFields(r)) {
    const target = resourceByName.get((fl as RefField).to);
    if (!target) continue;
    const conds: string[] = [];
    if (target.tenant) conds.push(target.tenant.column === 'id' ? `id = ${companyId}` : target.tenant.shared ? `(company_id is null or company_id = ${companyId})` : `company_id = ${companyId}`);
    if ((fl as RefField).typeOf) conds.push(`type = '${(fl as RefField).typeOf!.replace(/'/g, "''")}'`);
    // an amendment is presented through its main matter (materias/emendas.ts): a plain create of one is a 422
    if ((fl as RefField).typeOf === 'matters') conds.push(`slug not in (${AMENDMENT_TYPES.map((x) => `'${x}'`).join(', ')})`);
    if (target.softDelete) conds.push('deleted_at is null');
    refs[k] = (await q(`select id from "${tableOf(target)}" ${conds.length ? `where ${conds.join(' and ')}` : ''} order by id limit 50`)).map((x) => Number(x.id));
  }
  const counts: Record<string, number> = {};
  for (const name of plan.counts.keys()) {
    const t = tableOf(resourceByName.get(name)!);
    counts[name] = Number((await q(`select count(*)::int as n from "${t}"`))[0].n);
  }

  const bareOptions = { sort: sortKey(r), filter: filterFields(r).some(([k]) => k === fk) ? fk : null, passwordHash };
  const explain = process.env.BENCH_EXPLAIN ? await explainAll(q, r, companyId, { sort: sortKey(r), filter: fk, filterValue }) : undefined;
  const workers = database.kind === 'postgres' ? Math.max(1, Number(process.env.BENCH_WORKERS ?? 2)) : 1;
  const info: Omit<ReadyInfo, 'port'> = {
    kind: database.kind, workers, token, resource: r.name, path: r.path, fallback: plan.fallback, loadSeconds, counts,
    idMin: range.lo, idMax: range.hi, sort: sortKey(r), filter: fk, filterValue, refs, explain,
  };
  const done = async (): Promise<void> => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
    send({ type: 'stopped' });
    process.exit(0);
  };

  if (workers === 1) {
    const served = await serveApp(config, database, r, bareOptions, 0);
    process.on('message', async (m: { type: string }) => {
      if (m.type === 'stop') { await served.close(); await done(); } else send(served.answer(m.type));
    });
    send({ type: 'ready', info: { ...info, port: served.port } });
    return;
  }

  // several processes: a free port for all of them, then one app per worker (each with its own pool)
  await database.close();
  const port = await freePort();
  const forks = Array.from({ length: workers }, () => cluster.fork({ BENCH_WORKER: '1', BENCH_PORT: String(port), BENCH_DATA_DIR: dir, BENCH_PASSWORD_HASH: passwordHash }));
  await Promise.all(forks.map((w) => new Promise<void>((res, rej) => {
    w.on('message', (m: { type: string }) => { if (m.type === 'worker-ready') res(); });
    w.once('exit', (code) => rej(new Error(`processo do servidor saiu com código ${code}`)));
  })));
  const ask = (type: string): Promise<any[]> => Promise.all(forks.map((w) => new Promise((res) => {
    const on = (m: { type: string }) => { if (m.type === type) { w.off('message', on); res(m); } };
    w.on('message', on);
    w.send({ type });
  })));
  process.on('message', async (m: { type: string }) => {
    if (m.type === 'stop') {
      await Promise.all(forks.map((w) => new Promise((res) => { w.once('exit', res); w.send({ type: 'stop' }); setTimeout(() => w.kill(), 12_000).unref(); })));
      rmSync(dir, { recursive: true, force: true });
      send({ type: 'stopped' });
      process.exit(0);
    }
    if (m.type === 'reset-peak') { for (const w of forks) w.send({ type: 'reset-peak' }); return; }
    const all = await ask(m.type);
    if (m.type === 'stats') send({ type: 'stats', statements: sum(all, 'statements'), responses: sum(all, 'responses'), cpuMicros: sum(all, 'cpuMicros') });
    if (m.type === 'rss') send({ type: 'rss', rss: sum(all, 'rss'), peakRss: sum(all, 'peakRss'), perProcess: all.flatMap((x) => x.perProcess ?? [{ rss: x.rss, peakRss: x.peakRss }]) });
  });
  send({ type: 'ready', info: { ...info, port } });
}

const sum = (xs: Record<string, number>[], k: string): number => xs.reduce((a, x) => a + (x[k] ?? 0), 0);

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => (typeof a === 'object' && a ? res(a.port) : rej(new Error('sem porta livre'))));
    });
  });
}

/** The real app plus the bare routes, listening; answers the parent's (or the primary's) counter requests. */
async function serveApp(config: ReturnType<typeof benchConfig>, database: Awaited<ReturnType<typeof openDatabase>>, r: ReturnType<typeof makePlan>['main'], bare: Parameters<typeof registerBare>[3], port: number) {
  const app = await buildApp(config, database, { logger: false });
  countStatements(database.pglite as never);
  registerBare(app, database, r, bare);
  await app.listen({ host: '127.0.0.1', port });
  app.server.on('request', (_req, res) => res.on('finish', () => { responses++; }));
  const address = app.server.address();
  let peakRss = process.memoryUsage.rss();
  const timer = setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage.rss()); }, 200);
  return {
    port: typeof address === 'object' && address ? address.port : port,
    answer(type: string): Record<string, unknown> {
      if (type === 'rss') {
        const m = process.memoryUsage();
        return { type: 'rss', rss: m.rss, peakRss, perProcess: [{ rss: m.rss, peakRss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external }] };
      }
      if (type === 'reset-peak') { peakRss = process.memoryUsage.rss(); return { type: 'reset-peak' }; }
      const c = process.cpuUsage();
      return { type: 'stats', statements, responses, cpuMicros: c.user + c.system };
    },
    async close(): Promise<void> { clearInterval(timer); await app.close(); },
  };
}

/** A worker of the multi-process case: its own pool on the loaded database, the app on the shared port. */
async function workerMain(): Promise<void> {
  const dir = process.env.BENCH_DATA_DIR!;
  const config = benchConfig(dir, process.env.BENCH_DATABASE_URL || undefined);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const r = makePlan(Number(process.env.BENCH_SCALE ?? 1)).main;
  const fk = filterKey(r);
  const served = await serveApp(config, database, r, { sort: sortKey(r), filter: filterFields(r).some(([k]) => k === fk) ? fk : null, passwordHash: process.env.BENCH_PASSWORD_HASH! }, Number(process.env.BENCH_PORT));
  process.on('message', async (m: { type: string }) => {
    if (m.type === 'stop') { await served.close(); await database.close(); process.exit(0); }
    const reply = served.answer(m.type);
    if (m.type !== 'reset-peak') process.send?.(reply);
  });
  process.send?.({ type: 'worker-ready' });
}

(cluster.isWorker ? workerMain() : main()).catch((e) => {
  const cause = e instanceof Error && e.cause instanceof Error ? `\ncausa: ${e.cause.message}` : '';
  const message = e instanceof Error ? `${e.message.slice(0, 300)}${cause}\n${e.stack?.split('\n').slice(1, 6).join('\n')}` : String(e);
  // a worker's parent is the cluster's primary, which does not relay messages: its error goes to stderr too
  if (cluster.isWorker) console.error(`processo do servidor: ${message}`);
  send({ type: 'error', message });
  process.exit(1);
});
