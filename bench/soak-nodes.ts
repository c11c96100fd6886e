/**
 * Soak over several nodes (issue 14 §4): mixed reads and writes through nginx to N nodes (default 2) on one
 * PostgreSQL, one node restarted in turn every BENCH_SOAK_RESTART seconds, for BENCH_SOAK_SECONDS. Proves that a
 * rolling restart costs no write and no error beyond its window:
 *   - every node its own data folder, files in the database (STORAGE_URL=postgres), as separate hosts would;
 *   - nginx from docs/nginx-paco.conf (e2e/nginx.ts) in front, round robin; a GET that could not reach a node goes
 *     to the next one (nginx), a POST is repeated by the client with its Idempotency-Key, as the web client does;
 *   - the load: BENCH_SOAK_CLIENTS (16) clients in a closed loop, each request one of: a list page of matters in a
 *     random sortable order (45 %), a search (15 %), a matter by id (20 %), a new matter (15 %), an ementa changed (5 %);
 *   - a restart: SIGTERM (the node drains and stops; BENCH_SOAK_KILL=1: SIGKILL), the same port started again,
 *     ready when GET /api/health/ready answers 200. The window of a restart runs from the signal to BENCH_SOAK_GRACE
 *     (5) seconds after ready; an error then is counted apart;
 *   - at the end every acknowledged create is in the database exactly once (by its marker in the ementa), and no
 *     row exists that no client saw acknowledged; every acknowledged update is there.
 *
 * Needs DATABASE_URL (a role with CREATEDB: the run uses a throwaway database) and nginx. Prints a line a minute
 * (requests/s, p50/p99, errors in and out of restart windows, RSS of each node) and a summary; the raw figures go
 * to bench/results/<date>-soak-nodes.json.
 *
 *   DATABASE_URL=postgres://… npm run bench:nodes
 *   BENCH_SOAK_SECONDS=1800 BENCH_SOAK_RESTART=300 BENCH_SOAK_NODES=2 BENCH_SOAK_CLIENTS=16 (defaults)
 * The nodes run as `npm start` runs the server: apps/server/dist/main.js when built (`npm run build`; else the
 * sources through tsx, BENCH_SOAK_SERVER to choose), with the memory flags of `npm start` (bench/start-flags.ts:
 * PACO_HEAP_MB, PACO_YOUNG_MB) and BENCH_NODE_FLAGS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startNginx, writeNginxConf } from '../e2e/nginx.ts';
import { freePort, jsonCall } from './http.ts';
import { withThrowawayDb } from './pgdb.ts';
import { memoryFlags, startMemory } from './start-flags.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const num = (v: string | undefined, d: number): number => (v && Number.isFinite(Number(v)) ? Number(v) : d);
const out = (s = ''): void => void process.stdout.write(`${s}\n`);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const now = (): number => Date.now();

const SECONDS = num(process.env.BENCH_SOAK_SECONDS, 1800);
const RESTART = num(process.env.BENCH_SOAK_RESTART, 300);
const NODES = Math.max(2, num(process.env.BENCH_SOAK_NODES, 2));
const CLIENTS = Math.max(1, num(process.env.BENCH_SOAK_CLIENTS, 16));
const GRACE = num(process.env.BENCH_SOAK_GRACE, 5) * 1000;
const KILL = process.env.BENCH_SOAK_KILL === '1';
/** the server as `npm start` runs it: the built bundle when there is one */
const ENTRY = process.env.BENCH_SOAK_SERVER ?? (existsSync(join(root, 'apps/server/dist/main.js')) ? 'apps/server/dist/main.js' : 'apps/server/src/main.ts');
/** the memory flags of `npm start` (PACO_HEAP_MB, PACO_YOUNG_MB: bench/start-flags.ts); 0 leaves Node's default */
const { heapMb: HEAP_MB, youngMb: YOUNG_MB } = startMemory();
/** more flags for each node's `node` (e.g. BENCH_NODE_FLAGS='--max-semi-space-size=8'), to measure a setting */
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
const RUN = randomUUID().slice(0, 8);
/** each node's /metrics opens with it: the minute's line shows the V8 heap beside the RSS */
const METRICS_TOKEN = randomUUID();

/* ---------------- nodes ---------------- */

interface Node { name: string; port: number; dataDir: string; child: ChildProcess | null }

/** every child started (nodes, nginx): killed when the run exits, however it ends (Ctrl+C included) */
const children = new Set<ChildProcess>();
process.on('exit', () => { for (const c of children) if (c.exitCode === null) c.kill('SIGKILL'); });
const own = <T extends ChildProcess>(c: T): T => { children.add(c); c.once('exit', () => children.delete(c)); return c; };

function startNode(n: Node, databaseUrl: string): void {
  mkdirSync(n.dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(n.port), DATA_DIR: n.dataDir, WEB_DIR: '',
    DATABASE_URL: databaseUrl, STORAGE_URL: 'postgres', SEED_DEMO: 'true', TRUST_PROXY: 'true', LOG_LEVEL: 'warn', WORKERS: '1',
    METRICS_TOKEN,
  };
  delete env.STORAGE_DIR;
  const child = own(spawn(process.execPath, [...memoryFlags({ heapMb: HEAP_MB, youngMb: YOUNG_MB }), ...NODE_FLAGS, ...(ENTRY.endsWith('.ts') ? ['--import', 'tsx'] : []), ENTRY], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] }));
  const relay = (b: Buffer) => { for (const l of b.toString().split('\n')) if (l.trim()) out(`    [nó ${n.name}] ${l.slice(0, 300)}`); };
  child.stdout!.on('data', relay);
  child.stderr!.on('data', relay);
  n.child = child;
}

async function waitReady(port: number, ms = 180_000): Promise<void> {
  const end = now() + ms;
  let last = '';
  while (now() < end) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(2000) });
      if (r.status === 200) return;
      last = `${r.status}`;
    } catch (e) {
      last = (e as Error).message;
    }
    await sleep(200);
  }
  throw new Error(`o nó na porta ${port} não ficou pronto: ${last}`);
}

async function stopNode(n: Node, signal: NodeJS.Signals): Promise<void> {
  const child = n.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill(signal);
  const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await gone;
  clearTimeout(t);
  n.child = null;
}

const rssOf = (pid: number | undefined): number => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
};

/** the V8 heap of a node in MB, from its /metrics: all spaces committed, used, and the young generation committed */
async function heapOf(port: number): Promise<{ total: number; used: number; young: number } | null> {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` }, signal: AbortSignal.timeout(5000) });
    const text = await r.text();
    const mb = (re: RegExp): number => Math.round(Number(re.exec(text)?.[1] ?? NaN) / 2 ** 20);
    return {
      total: mb(/^paco_nodejs_heap_size_total_bytes(?:\{[^}]*\})? (\S+)/m),
      used: mb(/^paco_nodejs_heap_size_used_bytes(?:\{[^}]*\})? (\S+)/m),
      young: mb(/^paco_nodejs_heap_space_size_total_bytes\{space="new"[^}]*\} (\S+)/m),
    };
  } catch {
    return null;
  }
}

/* ---------------- the load ---------------- */

interface Window { from: number; to: number }
const windows: Window[] = [];
const inWindow = (t: number): boolean => windows.some((w) => t >= w.from && t <= w.to);

interface Tally { requests: number; latencies: number[]; errorsIn: number; errorsOut: number; errorSamples: string[]; retries: number }
const fresh = (): Tally => ({ requests: 0, latencies: [], errorsIn: 0, errorsOut: 0, errorSamples: [], retries: 0 });
let minute = fresh();
const total = fresh();

function count(t0: number, ok: boolean, what: string): void {
  const t = now();
  for (const x of [minute, total]) {
    x.requests++;
    if (ok) x.latencies.push(t - t0);
    else if (inWindow(t0) || inWindow(t)) x.errorsIn++;
    else {
      x.errorsOut++;
      if (x.errorSamples.length < 20) x.errorSamples.push(`${new Date(t).toISOString()} ${what}`);
    }
  }
}

/** One HTTP call through the proxy: status and JSON, or the network error as status 0. */
async function call(base: string, method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any; error?: string }> {
  try {
    return await jsonCall(`${base}${path}`, method, token, body, headers);
  } catch (e) {
    return { status: 0, json: null, error: (e as Error).message };
  }
}

interface Written { key: string; id: number; ementa: string }
const created: Written[] = [];
const updated = new Map<number, string>();
let seq = 0;
const SORTS = ['-id', 'id', '-identificacao', 'identificacao', '-dataApresentacao', 'dataApresentacao', '-emTramitacao'];
const WORDS = ['saude', 'educacao', 'transito', 'cultura', 'meio', 'servidores', 'obras'];
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)];

/**
 * A write repeated until it is answered (a node may go down under it): the same Idempotency-Key every time, so the
 * server keeps it once whichever node gets it. Answers the record, or null after two minutes of trying.
 */
async function writeOnce(base: string, token: string, method: string, path: string, body: unknown, what: string): Promise<any | null> {
  const key = randomUUID();
  const until = now() + 120_000;
  for (let attempt = 0; now() < until; attempt++) {
    const t0 = now();
    const r = await call(base, method, path, token, body, { 'idempotency-key': key });
    const ok = r.status >= 200 && r.status < 300;
    count(t0, ok, `${what} → ${r.status || r.error}: ${JSON.stringify(r.json)?.slice(0, 160)}`);
    if (ok) return { key, data: r.json.data };
    // a refusal is final; a node that went away, a proxy that found none, a conflict of the key in flight: again
    if (r.status >= 400 && r.status < 500 && r.status !== 409 && r.status !== 429) return null;
    total.retries++;
    await sleep(Math.min(2000, 100 * 2 ** attempt));
  }
  return null;
}

async function client(base: string, token: string, typeId: number, until: number): Promise<void> {
  while (now() < until) {
    const dice = Math.random();
    if (dice < 0.15) {
      const n = ++seq;
      const ementa = `Soak ${RUN} nº ${n}: dispõe sobre ${pick(WORDS)} no município.`;
      const got = await writeOnce(base, token, 'POST', '/api/matters', { type_id: typeId, dataApresentacao: '2026-11-20', ementa }, 'cria matéria');
      if (got) created.push({ key: got.key, id: got.data.id, ementa });
    } else if (dice < 0.2 && created.length) {
      const target = pick(created);
      const ementa = `${target.ementa} Alterada ${randomUUID().slice(0, 6)}.`;
      const got = await writeOnce(base, token, 'PUT', `/api/matters/${target.id}`, { ementa }, 'altera matéria');
      if (got) updated.set(target.id, ementa);
    } else {
      const path = dice < 0.65 ? `/api/matters?page=${1 + Math.floor(Math.random() * 20)}&perPage=20&sort=${pick(SORTS)}`
        : dice < 0.8 ? `/api/matters?search=${pick(WORDS)}&page=${1 + Math.floor(Math.random() * 3)}&sort=${pick(SORTS)}`
          : `/api/matters/${created.length && Math.random() < 0.5 ? pick(created).id : 1 + Math.floor(Math.random() * 20)}`;
      const t0 = now();
      const r = await call(base, 'GET', path, token);
      // a matter of the demo data may be absent (ids 1–20): 404 is an answer, not an error
      count(t0, (r.status >= 200 && r.status < 300) || r.status === 404, `GET ${path} → ${r.status || r.error}`);
    }
  }
}

/* ---------------- the run ---------------- */

const pct = (xs: number[], p: number): number => {
  if (!xs.length) return NaN;
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};

async function soak(databaseUrl: string): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'paco-soak-'));
  const nodes: Node[] = [];
  let nginx: ChildProcess | null = null;
  try {
    for (let i = 0; i < NODES; i++) nodes.push({ name: String.fromCharCode(65 + i), port: await freePort(), dataDir: join(dir, `host-${i}`, 'data'), child: null });
    // one after the other: the first migrates and seeds
    for (const n of nodes) { startNode(n, databaseUrl); await waitReady(n.port); out(`  nó ${n.name}: pid ${n.child!.pid}, 127.0.0.1:${n.port} (${ENTRY}${HEAP_MB > 0 ? `, heap ${HEAP_MB} MB` : ''}${YOUNG_MB > 0 ? `, jovem ${YOUNG_MB}×2 MB` : ''}${NODE_FLAGS.length ? `, ${NODE_FLAGS.join(' ')}` : ''})`); }
    const proxyPort = await freePort();
    writeNginxConf(join(dir, 'nginx'), nodes.map((n) => n.port), proxyPort);
    nginx = own(startNginx(join(dir, 'nginx'), (l) => out(`    ${l.trim()}`)));
    await waitReady(proxyPort, 10_000);
    const base = `http://127.0.0.1:${proxyPort}`;
    out(`  nginx: 127.0.0.1:${proxyPort} → ${nodes.map((n) => n.port).join(', ')}`);

    const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@paco.demo', password: 'paco-demo' }) });
    const token = ((await login.json()) as { token: string }).token;
    const types = await call(base, 'GET', '/api/types_of/matters', token);
    const typeId = (types.json.data as { slug: string; id: number }[]).find((x) => x.slug === 'pl')!.id;

    const t0 = now();
    const until = t0 + SECONDS * 1000;
    const load = Promise.all(Array.from({ length: CLIENTS }, () => client(base, token, typeId, until)));
    const lines: Record<string, unknown>[] = [];
    const report = setInterval(() => void (async () => {
      const m = minute;
      minute = fresh();
      const t = Math.round((now() - t0) / 1000);
      const rss = Object.fromEntries(nodes.map((n) => [n.name, Math.round(rssOf(n.child?.pid) / 2 ** 20)]));
      const heap = Object.fromEntries(await Promise.all(nodes.map(async (n) => [n.name, await heapOf(n.port)] as const)));
      const line = { t, rps: m.requests / 60, p50: pct(m.latencies, 50), p99: pct(m.latencies, 99), errorsIn: m.errorsIn, errorsOut: m.errorsOut, rss, heap, load: loadavg()[0] };
      lines.push(line);
      const heaps = Object.entries(heap).map(([k, h]) => (h ? `${k} ${h.used}/${h.total} MB (jovem ${h.young})` : `${k} —`)).join(', ');
      out(`  ${String(line.t).padStart(5)} s  ${line.rps.toFixed(0)} req/s  p50 ${line.p50.toFixed(0)} ms  p99 ${line.p99.toFixed(0)} ms  erros na janela ${line.errorsIn}, fora ${line.errorsOut}  RSS ${Object.entries(rss).map(([k, v]) => `${k} ${v} MB`).join(', ')}  heap usado/reservado ${heaps}  load ${line.load.toFixed(1)}`);
    })(), 60_000);

    // the restarts, one node at a time, in turn
    let turn = 0;
    while (now() + RESTART * 1000 < until) {
      await sleep(RESTART * 1000);
      const n = nodes[turn++ % nodes.length];
      const w: Window = { from: now(), to: Infinity };
      windows.push(w);
      await stopNode(n, KILL ? 'SIGKILL' : 'SIGTERM');
      const down = now();
      startNode(n, databaseUrl);
      await waitReady(n.port);
      w.to = now() + GRACE;
      out(`  reinício do nó ${n.name} (${KILL ? 'SIGKILL' : 'SIGTERM'}): parado em ${((down - w.from) / 1000).toFixed(1)} s, pronto ${((now() - down) / 1000).toFixed(1)} s depois`);
    }
    await load;
    clearInterval(report);

    // every acknowledged write, once
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    let check: { acknowledged: number; found: number; duplicates: number; unacknowledged: number; updatesLost: number };
    try {
      const rows = (await db.query<{ id: number; ementa: string }>(`select id, ementa from matters where ementa like $1`, [`Soak ${RUN} nº %`])).rows;
      const byNumber = new Map<string, number>();
      for (const r of rows) { const k = /nº (\d+):/.exec(r.ementa)![1]; byNumber.set(k, (byNumber.get(k) ?? 0) + 1); }
      const acknowledged = new Set(created.map((c) => /nº (\d+):/.exec(c.ementa)![1]));
      const stored = new Map(rows.map((r) => [r.id, r.ementa]));
      check = {
        acknowledged: created.length,
        found: created.filter((c) => stored.has(c.id)).length,
        duplicates: [...byNumber.values()].filter((v) => v > 1).length,
        unacknowledged: [...byNumber.keys()].filter((k) => !acknowledged.has(k)).length,
        updatesLost: [...updated].filter(([id, ementa]) => stored.get(id) !== ementa).length,
      };
    } finally {
      await db.end();
    }
    const summary = {
      seconds: SECONDS, restartEvery: RESTART, nodes: NODES, clients: CLIENTS, signal: KILL ? 'SIGKILL' : 'SIGTERM', restarts: windows.length,
      requests: total.requests, rps: total.requests / SECONDS, p50: pct(total.latencies, 50), p99: pct(total.latencies, 99),
      errorsInWindows: total.errorsIn, errorsOutside: total.errorsOut, retries: total.retries, errorSamples: total.errorSamples, writes: check, minutes: lines,
    };
    out(`\n  ${total.requests.toLocaleString('pt-BR')} requisições em ${SECONDS} s (${summary.rps.toFixed(0)}/s), p50 ${summary.p50.toFixed(0)} ms, p99 ${summary.p99.toFixed(0)} ms; ${windows.length} reinícios`);
    out(`  erros: ${total.errorsIn} dentro das janelas de reinício, ${total.errorsOut} fora delas${total.errorSamples.length ? `:\n    ${total.errorSamples.join('\n    ')}` : ''}; ${total.retries} escritas repetidas com a mesma Idempotency-Key`);
    out(`  escritas confirmadas: ${check.acknowledged}; no banco ${check.found}; em duplicidade ${check.duplicates}; gravadas sem confirmação ${check.unacknowledged}; alterações perdidas ${check.updatesLost} de ${updated.size}`);
    const ok = total.errorsOut === 0 && check.found === check.acknowledged && !check.duplicates && !check.updatesLost;
    out(`  Meta (0 erros fora das janelas, 0 escritas perdidas): ${ok ? 'OK' : 'NÃO ATINGIDA'}`);
    return summary;
  } finally {
    if (nginx && nginx.exitCode === null) { const gone = new Promise<void>((r) => nginx!.once('exit', () => r())); nginx.kill('SIGQUIT'); await gone; }
    await Promise.all(nodes.map((n) => stopNode(n, 'SIGTERM')));
    rmSync(dir, { recursive: true, force: true });
  }
}

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL é necessário (um papel com CREATEDB: o soak usa um banco descartável)');
  process.exit(1);
}
out(`Paço — soak em ${NODES} nós atrás do nginx  ${new Date().toISOString()}  ${SECONDS} s, um reinício a cada ${RESTART} s, ${CLIENTS} clientes  load ${loadavg().map((x) => x.toFixed(1)).join(' ')}  ${cpus().length} CPU`);
withThrowawayDb(url, soak, out).then((summary) => {
  const file = process.env.BENCH_JSON ?? join(here, 'results', `${new Date().toISOString().replace(/[:.]/g, '-')}-soak-nodes.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, soak: summary }, null, 2));
  out(`\nresultados brutos: ${file}`);
  process.exit(0);
}, (e) => {
  console.error(e instanceof Error ? e.stack ?? e.message : e);
  process.exit(1);
});
