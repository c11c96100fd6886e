/**
 * `npm run bench`: API throughput and latency on PGlite and, when DATABASE_URL is set, on PostgreSQL
 * (in a throwaway database `paco_bench_<random>`, dropped at the end).
 *
 * Env: BENCH_DB=pglite|postgres|both (default: both when DATABASE_URL is set), BENCH_DURATION (s per scenario, 8),
 * BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (50), BENCH_SCALE (1 = 100k matters, 20k norms, 5k people),
 * BENCH_ONLY or `--only` (comma-separated scenario keys; `realtime` = the realtime case, bench/realtime.ts, whose own
 * options are listed there; BENCH_REALTIME=0 skips it), BENCH_EXPLAIN=1 (print EXPLAIN ANALYZE of the statements),
 * BENCH_JSON (file for the raw results; default bench/results/<date>.json), BENCH_KEEP_DB=1 (keep the PostgreSQL database, for EXPLAIN),
 * BENCH_CPU_PROF=<dir> (V8 CPU profile of the server process), BENCH_TARGET=users (the stand-in: 100k users via /api/admin/users),
 * BENCH_RATE=<req/s> (open loop: a fixed total rate over the connections, to read latency below saturation),
 * BENCH_WORKERS (server processes on PostgreSQL, 2; PGlite always 1), BENCH_ROUNDS (engine and bare take turns, 3),
 * BENCH_HEAP_MB (old space of each server process) and BENCH_YOUNG_MB (--max-semi-space-size), by default those of `npm start`
 * (bench/start-flags.ts; 0: Node's default).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg, totalmem } from 'node:os';
import autocannon from 'autocannon';
import { resourceByName } from '@paco/domain/resources';
import { listSortable, type ResourceDef } from '@paco/domain/resource';
import type { ReadyInfo } from './server.ts';
import { createBody, searchTerm, searchTerms } from './target.ts';
import { withThrowawayDb } from './pgdb.ts';
import { lpad, pad } from './table.ts';
import { runRealtime, type RealtimeResult } from './realtime.ts';
import { startServer, type Server } from './launch.ts';

const here = dirname(fileURLToPath(import.meta.url));
const num = (v: string | undefined, d: number): number => (v && Number.isFinite(Number(v)) ? Number(v) : d);
const DURATION = num(process.env.BENCH_DURATION, 8);
const WARMUP = num(process.env.BENCH_WARMUP, 2);
const CONNECTIONS = num(process.env.BENCH_CONNECTIONS, 50);
/** engine and bare alternate this many times per scenario (DURATION split between the rounds) */
const ROUNDS = Math.max(1, num(process.env.BENCH_ROUNDS, 3));
/** open loop: total requests per second across the connections (default: closed loop, as fast as answered) */
const RATE = num(process.env.BENCH_RATE, 0);
/** `--only list,realtime` (npm run bench -- --only realtime) or BENCH_ONLY; the key `realtime` is the realtime case (bench/realtime.ts) */
const onlyArg = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const ONLY = (onlyArg ?? process.env.BENCH_ONLY)?.split(',').map((s) => s.trim()).filter(Boolean);
const API = !ONLY || ONLY.some((k) => k !== 'realtime');
const REALTIME = (!ONLY || ONLY.includes('realtime')) && process.env.BENCH_REALTIME !== '0';
const out = (s = ''): void => void process.stdout.write(`${s}\n`);

interface Measure { load1: number; queriesPerReq?: number; cpuMsPerReq?: number; rps: number; p50: number; p90: number; p99: number; max: number; requests: number; errors: number; non2xx: number; kBPerReq?: number }
interface Row { key: string; label: string; engine: Measure; bare?: Measure; rssMB?: number[] }
interface DbResult { kind: string; info: Omit<ReadyInfo, 'token' | 'refs'>; rows: Row[]; rssMB: number; peakRssMB: number }

/* ---------------- scenarios ---------------- */

interface Scenario {
  key: string;
  label: string;
  engine: autocannon.Request;
  bare?: autocannon.Request;
  /** `sorts`: the orders a list screen offers (issue 17), run with the others or alone (`--only sorts`) */
  group?: string;
}

function scenarios(info: ReadyInfo): Scenario[] {
  const r = resourceByName.get(info.resource)!;
  const base = `/api/${info.path}`;
  const filter = info.filter && info.filterValue !== null ? `&${info.filter}=${info.filterValue}` : '';
  const span = info.idMax - info.idMin + 1;
  const randomId = () => info.idMin + Math.floor(Math.random() * span);
  const term = searchTerm(r);
  const terms = searchTerms(r);
  const anyTerm = () => terms[Math.floor(Math.random() * terms.length)];
  // varied list: one of the filter's values (the type references loaded) and one of the first 5 pages
  const types = info.filter ? info.refs[info.filter] ?? [] : [];
  const varied = (filterParam: string | null) => `page=${1 + Math.floor(Math.random() * 5)}${types.length ? `&${filterParam}=${types[Math.floor(Math.random() * types.length)]}` : ''}`;
  const searchParam = info.resource === 'matters' ? 'search' : 'q';
  let n = 0;
  const bodyFor = () => JSON.stringify(createBody(r, info.refs, ++n));
  const json = { 'content-type': 'application/json' };
  return [
    {
      key: 'list', label: `list p.1 ?sort=${info.sort}${filter ? `&${info.filter}=…` : ''}`,
      engine: { method: 'GET', path: `${base}?sort=${encodeURIComponent(info.sort)}${filter}` },
      bare: { method: 'GET', path: `/bench/bare/list${info.filterValue !== null ? `?filter=${info.filterValue}` : ''}` },
    },
    {
      // the same list with requests that differ (filter and page), so concurrent requests seldom ask the same page
      key: 'list-var', label: `list p.1–5, ${types.length} filtros (variado)`,
      engine: { method: 'GET', path: base, setupRequest: (req) => ({ ...req, path: `${base}?sort=${encodeURIComponent(info.sort)}&${varied(info.filter)}` }) },
      bare: { method: 'GET', path: '/bench/bare/list', setupRequest: (req) => ({ ...req, path: `/bench/bare/list?${varied('filter')}` }) },
    },
    {
      key: 'deep', label: 'deep page ?page=1000',
      engine: { method: 'GET', path: `${base}?page=1000` },
      bare: { method: 'GET', path: '/bench/bare/deep?page=1000' },
    },
    {
      key: 'show', label: 'show by id (random)',
      engine: { method: 'GET', path: base, setupRequest: (req) => ({ ...req, path: `${base}/${randomId()}` }) },
      bare: { method: 'GET', path: '/bench/bare/show/1', setupRequest: (req) => ({ ...req, path: `/bench/bare/show/${randomId()}` }) },
    },
    {
      key: 'search', label: `search ?${searchParam}=${term}`,
      engine: { method: 'GET', path: `${base}?${searchParam}=${term}` },
      bare: { method: 'GET', path: `/bench/bare/search?q=${term}` },
    },
    {
      key: 'search-var', label: `search, ${terms.length} termos (variado)`,
      engine: { method: 'GET', path: base, setupRequest: (req) => ({ ...req, path: `${base}?${searchParam}=${anyTerm()}` }) },
      bare: { method: 'GET', path: '/bench/bare/search', setupRequest: (req) => ({ ...req, path: `/bench/bare/search?q=${anyTerm()}` }) },
    },
    {
      key: 'create', label: `create POST ${base}`,
      engine: { method: 'POST', path: base, headers: json, setupRequest: (req) => ({ ...req, body: bodyFor() }) },
      bare: { method: 'POST', path: '/bench/bare/create', headers: json, setupRequest: (req) => ({ ...req, body: bodyFor() }) },
    },
    {
      key: 'auth', label: 'auth floor (GET /api/health + token)',
      engine: { method: 'GET', path: '/api/health' },
    },
    ...sortScenarios(info, r, base, types, terms, searchParam),
  ];
}

/**
 * Every order the list screen of the resource offers (`listSortable`, and id), as the screen asks (`fields=list`),
 * each request a random direction: pages 1–200 of the whole list, pages 1–20 with one of the type filters, pages 1–7
 * of a search for one of the 32 terms. The bare route reads the same (bench/bare.ts `/bench/bare/sorted`).
 */
function sortScenarios(info: ReadyInfo, r: ResourceDef, base: string, types: number[], terms: string[], searchParam: string): Scenario[] {
  const rnd = (n: number) => 1 + Math.floor(Math.random() * n);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)];
  const out: Scenario[] = [];
  for (const field of [...listSortable(r), 'id']) {
    const sort = () => `${Math.random() < 0.5 ? '-' : ''}${field}`;
    const both = (label: string, key: string, q: () => [string, string]): Scenario => ({
      key, label, group: 'sorts',
      engine: { method: 'GET', path: base, setupRequest: (req) => ({ ...req, path: `${base}?fields=list&${q()[0]}` }) },
      bare: { method: 'GET', path: '/bench/bare/sorted', setupRequest: (req) => ({ ...req, path: `/bench/bare/sorted?fields=list&${q()[1]}` }) },
    });
    out.push(both(`sort=±${field}, p.1–200`, `sort-${field}`, () => {
      const q = `sort=${encodeURIComponent(sort())}&page=${rnd(200)}`;
      return [q, q];
    }));
    if (info.filter && types.length) {
      out.push(both(`sort=±${field}, ${types.length} filtros, p.1–20`, `sort-${field}-filter`, () => {
        const [s, t, p] = [encodeURIComponent(sort()), pick(types), rnd(20)];
        return [`sort=${s}&${info.filter}=${t}&page=${p}`, `sort=${s}&filter=${t}&page=${p}`];
      }));
    }
    out.push(both(`sort=±${field}, busca ${terms.length} termos, p.1–7`, `sort-${field}-search`, () => {
      const [s, t, p] = [encodeURIComponent(sort()), pick(terms), rnd(7)];
      return [`sort=${s}&${searchParam}=${t}&page=${p}`, `sort=${s}&q=${t}&page=${p}`];
    }));
  }
  return out;
}

async function fire(port: number, token: string, req: autocannon.Request, seconds: number): Promise<Measure> {
  const res = await autocannon({
    url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration: seconds, timeout: 30,
    ...(RATE ? { overallRate: RATE } : {}),
    headers: { authorization: `Bearer ${token}` }, requests: [req],
  });
  const l = res.latency;
  return {
    load1: loadavg()[0], rps: res.requests.average, p50: l.p50, p90: l.p90, p99: l.p99, max: l.max, requests: res.requests.total,
    errors: res.errors + res.timeouts, non2xx: res.non2xx, kBPerReq: res.throughput.total / Math.max(1, res.requests.total) / 1024,
  };
}

/** One request through fetch, to fail loudly (status and body) before measuring a broken route. */
async function probe(port: number, token: string, req: autocannon.Request): Promise<string> {
  const setup = req.setupRequest as ((r: autocannon.Request, c: object) => autocannon.Request) | undefined;
  const r = setup ? setup({ ...req }, {}) : req;
  const res = await fetch(`http://127.0.0.1:${port}${r.path}`, {
    method: r.method, headers: { authorization: `Bearer ${token}`, ...(r.headers as Record<string, string> | undefined) }, body: r.body as string | undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${r.method} ${r.path} → ${res.status}: ${text.slice(0, 500)}`);
  try {
    const j = JSON.parse(text);
    return j.meta?.total !== undefined ? `total ${j.meta.total}` : j.data?.id ? `id ${j.data.id}` : 'ok';
  } catch {
    return 'ok';
  }
}

/** Rounds of one route: throughput and counters averaged (weighted by requests), latency percentiles as the median round's. */
function combine(ms: Measure[]): Measure {
  if (ms.length === 1) return ms[0];
  const total = ms.reduce((a, m) => a + m.requests, 0) || 1;
  const avg = (k: 'rps' | 'load1') => ms.reduce((a, m) => a + m[k], 0) / ms.length;
  const weighted = (k: 'queriesPerReq' | 'cpuMsPerReq' | 'kBPerReq') => ms.reduce((a, m) => a + (m[k] ?? 0) * m.requests, 0) / total;
  const median = (k: 'p50' | 'p90' | 'p99') => [...ms.map((m) => m[k])].sort((a, b) => a - b)[Math.floor(ms.length / 2)];
  return {
    load1: avg('load1'), rps: avg('rps'), p50: median('p50'), p90: median('p90'), p99: median('p99'), max: Math.max(...ms.map((m) => m.max)),
    requests: total, errors: ms.reduce((a, m) => a + m.errors, 0), non2xx: ms.reduce((a, m) => a + m.non2xx, 0),
    queriesPerReq: weighted('queriesPerReq'), cpuMsPerReq: weighted('cpuMsPerReq'), kBPerReq: weighted('kBPerReq'),
  };
}

/* ---------------- soak ---------------- */

/** BENCH_SOAK=<s> (or `--only soak`, 600 s): every varied read scenario mixed, for that long, RSS of each server process sampled every 10 s. */
const SOAK = Number(process.env.BENCH_SOAK ?? (ONLY?.includes('soak') ? 600 : 0));

async function soak(server: Server, all: Scenario[]): Promise<void> {
  const mixed = all.filter((x) => x.engine.method === 'GET' && (x.group === 'sorts' || ['list-var', 'show', 'search-var', 'deep'].includes(x.key)));
  out(`\n  soak: ${SOAK} s, ${mixed.length} cenários de leitura misturados, ${CONNECTIONS} conexões; RSS por processo a cada 10 s`);
  const samples: { t: number; rss: number[] }[] = [];
  const t0 = performance.now();
  const mb = (x = 0) => (x / 2 ** 20).toFixed(0);
  const sample = async () => {
    const r = await server.rss();
    const procs = r.perProcess ?? [r];
    samples.push({ t: (performance.now() - t0) / 1000, rss: procs.map((x) => x.rss / 2 ** 20) });
    const last = samples.at(-1)!;
    out(`    ${last.t.toFixed(0).padStart(4)} s  RSS ${(procs as { rss: number; heapUsed?: number; heapTotal?: number; external?: number }[]).map((x) => `${mb(x.rss)} (heap ${mb(x.heapUsed)}/${mb(x.heapTotal)}, ext ${mb(x.external)})`).join(' | ')} MB  load ${loadavg()[0].toFixed(1)}`);
  };
  await sample();
  const timer = setInterval(() => void sample(), 10_000);
  const req: autocannon.Request = {
    method: 'GET', path: '/api/health',
    setupRequest: (r, ctx) => {
      const s = mixed[Math.floor(Math.random() * mixed.length)].engine;
      const setup = s.setupRequest as ((x: autocannon.Request, c: object) => autocannon.Request) | undefined;
      return setup ? setup({ ...r, ...s }, ctx) : { ...r, ...s };
    },
  };
  const m = await fire(server.info.port, server.info.token, req, SOAK);
  clearInterval(timer);
  await sample();
  const procs = samples[0].rss.length;
  for (let i = 0; i < procs; i++) {
    const xs = samples.map((x) => x.rss[i]);
    const late = samples.filter((x) => x.t >= SOAK / 2).map((x) => x.rss[i]);
    out(`  processo ${i + 1}: RSS início ${xs[0].toFixed(0)} MB, mín ${Math.min(...xs).toFixed(0)}, máx ${Math.max(...xs).toFixed(0)}, segunda metade ${Math.min(...late).toFixed(0)}–${Math.max(...late).toFixed(0)} MB, fim ${xs.at(-1)!.toFixed(0)} MB`);
  }
  out(`  soak: ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, erros ${m.errors}/${m.non2xx}`);
}

/* ---------------- report ---------------- */

const f1 = (n: number): string => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

export function table(rows: Row[]): string {
  const head = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'err/non2xx', 'bare req/s', 'bare p99', 'engine÷bare p99', 'SQL/req e|b', 'node CPU ms/req e|b', 'kB/resp e|b', 'RSS MB', 'load'];
  const body = rows.map((r) => [
    r.label, f1(r.engine.rps), f1(r.engine.p50), f1(r.engine.p99), `${r.engine.errors}/${r.engine.non2xx}`,
    r.bare ? f1(r.bare.rps) : '—', r.bare ? f1(r.bare.p99) : '—', r.bare ? `${(r.engine.p99 / Math.max(r.bare.p99, 0.1)).toFixed(2)}×` : '—',
    `${(r.engine.queriesPerReq ?? 0).toFixed(1)}${r.bare ? ` | ${(r.bare.queriesPerReq ?? 0).toFixed(1)}` : ''}`,
    `${(r.engine.cpuMsPerReq ?? 0).toFixed(2)}${r.bare ? ` | ${(r.bare.cpuMsPerReq ?? 0).toFixed(2)}` : ''}`,
    `${(r.engine.kBPerReq ?? 0).toFixed(1)}${r.bare ? ` | ${(r.bare.kBPerReq ?? 0).toFixed(1)}` : ''}`,
    (r.rssMB ?? []).map((x) => x.toFixed(0)).join('|') || '—',
    r.engine.load1.toFixed(1),
  ]);
  const w = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? pad(c, w[i]) : lpad(c, w[i]))).join('  ');
  return [line(head), w.map((x) => '-'.repeat(x)).join('  '), ...body.map(line)].join('\n');
}

/* ---------------- main ---------------- */

async function runOn(kind: 'pglite' | 'postgres', databaseUrl?: string): Promise<DbResult> {
  out(`\n=== ${kind === 'postgres' ? `PostgreSQL (${new URL(databaseUrl!).pathname.slice(1)})` : 'PGlite (diretório temporário)'} ===`);
  const t0 = performance.now();
  const server = await startServer(databaseUrl);
  const { info } = server;
  out(`  carga total: ${info.loadSeconds.toFixed(1)} s (${Object.entries(info.counts).map(([k, v]) => `${k} ${v.toLocaleString('pt-BR')}`).join(', ')})${info.fallback ? '  [substituto: admin/users (matters ausente ou BENCH_TARGET=users)]' : ''}`);
  out(`  pronto em ${((performance.now() - t0) / 1000).toFixed(1)} s; servidor em 127.0.0.1:${info.port} (${info.workers} processo${info.workers > 1 ? 's' : ''}); ${CONNECTIONS} conexões${RATE ? ` a ${RATE} req/s no total (malha aberta)` : ''}, ${DURATION} s por cenário (+${WARMUP} s de aquecimento)`);
  if (info.explain) out(`\n${info.explain}\n`);
  const rows: Row[] = [];
  try {
    // BENCH_BARE=0: the engine alone (e.g. an older version of the app, whose bare routes differ)
    for (const s of scenarios(info).map((x) => (process.env.BENCH_BARE === '0' ? { ...x, bare: undefined } : x))) {
      if (ONLY ? !ONLY.includes(s.key) && !(s.group && ONLY.includes(s.group)) : s.group && process.env.BENCH_SORTS === '0') continue;
      const what = await probe(info.port, info.token, s.engine);
      if (s.bare) await probe(info.port, info.token, s.bare);
      if (WARMUP) await fire(info.port, info.token, s.engine, WARMUP);
      /** waits until the server has answered what is still queued (PGlite serves one statement at a time) */
      const drain = async (): Promise<void> => {
        let last = -1;
        for (let i = 0; i < 600; i++) {
          const { statements } = await server.stats();
          if (statements === last) return;
          last = statements;
          await new Promise((r) => setTimeout(r, 500));
        }
      };
      const measured = async (req: autocannon.Request, seconds: number): Promise<Measure> => {
        await drain();
        const a = await server.stats();
        const m = await fire(info.port, info.token, req, seconds);
        await drain();
        const b = await server.stats();
        const n = Math.max(1, b.responses - a.responses);
        return { ...m, queriesPerReq: (b.statements - a.statements) / n, cpuMsPerReq: (b.cpuMicros - a.cpuMicros) / 1000 / n };
      };
      if (s.bare && WARMUP) await fire(info.port, info.token, s.bare, WARMUP);
      // engine and bare take turns (ROUNDS each, DURATION in all), so a change in the machine's load falls on both
      const engineRounds: Measure[] = [];
      const bareRounds: Measure[] = [];
      for (let i = 0; i < (s.bare ? ROUNDS : 1); i++) {
        const seconds = s.bare ? Math.max(1, Math.round(DURATION / ROUNDS)) : DURATION;
        engineRounds.push(await measured(s.engine, seconds));
        if (s.bare) bareRounds.push(await measured(s.bare, seconds));
      }
      const engine = combine(engineRounds);
      const bare = s.bare ? combine(bareRounds) : undefined;
      const rss = await server.rss();
      rows.push({ key: s.key, label: s.label, engine, bare, rssMB: (rss.perProcess ?? [rss]).map((x) => x.rss / 2 ** 20) });
      out(`  ${pad(s.label, 46)} ${lpad(f1(engine.rps), 6)} req/s  p50 ${lpad(f1(engine.p50), 5)}  p99 ${lpad(f1(engine.p99), 6)} ms  err ${engine.errors}/${engine.non2xx}` +
        (bare ? `   | bare ${lpad(f1(bare.rps), 6)} req/s  p99 ${lpad(f1(bare.p99), 6)} ms` : '') + `  (${what}; load ${engine.load1.toFixed(1)})`);
    }
    if (SOAK) await soak(server, scenarios(info));
    const m = await server.rss();
    out(`\n${table(rows)}\n`);
    out(`  RSS do servidor: ${(m.rss / 2 ** 20).toFixed(0)} MB (pico ${(m.peakRss / 2 ** 20).toFixed(0)} MB)${kind === 'pglite' ? ' — inclui o PostgreSQL embutido (WASM)' : ' — sem os processos do PostgreSQL'}`);
    const { token: _t, refs: _r, ...rest } = info;
    return { kind, info: rest, rows, rssMB: m.rss / 2 ** 20, peakRssMB: m.peakRss / 2 ** 20 };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const which = process.env.BENCH_DB ?? (url ? 'both' : 'pglite');
  out(`Paço — benchmark da API  ${new Date().toISOString()}  load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}  node ${process.version}  ${cpus().length} CPU (${cpus()[0]?.model.trim()})  ${(totalmem() / 2 ** 30).toFixed(0)} GB`);
  if (loadavg()[0] > cpus().length) out(`ATENÇÃO: a máquina já está ocupada (load average ${loadavg()[0].toFixed(1)} > ${cpus().length} CPUs): latências e req/s sairão piores que numa máquina livre; veja a coluna load.`);
  const results: DbResult[] = [];
  if (API && (which === 'pglite' || which === 'both')) results.push(await runOn('pglite'));
  if (API && (which === 'postgres' || which === 'both') && url) results.push(await withThrowawayDb(url, (u) => runOn('postgres', u), out));
  else if (which === 'postgres' && !url) throw new Error('BENCH_DB=postgres requer DATABASE_URL');

  for (const r of results) out(`\n${r.kind}\n${table(r.rows)}\n  RSS ${r.rssMB.toFixed(0)} MB (pico ${r.peakRssMB.toFixed(0)} MB); carga ${r.info.loadSeconds.toFixed(1)} s`);
  const pgRes = results.find((r) => r.kind === 'postgres');
  if (pgRes) {
    const get = (k: string) => pgRes.rows.find((x) => x.key === k);
    const checks: [string, number | undefined, number][] = [
      ['list p99', get('list')?.engine.p99, 50], ['show p99', get('show')?.engine.p99, 20], ['search p99', get('search')?.engine.p99, 50],
      // the same budgets with requests that differ from one another (no two concurrent requests share a statement)
      ['list variado p99', get('list-var')?.engine.p99, 50], ['search variado p99', get('search-var')?.engine.p99, 50],
    ];
    // issue 17: a list in any order a screen offers p99 < 100 ms (with or without a filter), a search in any order < 150 ms
    for (const row of pgRes.rows.filter((x) => x.key.startsWith('sort-'))) {
      checks.push([row.key, row.engine.p99, row.key.endsWith('-search') ? 150 : 100]);
    }
    out('\nMetas (PostgreSQL):');
    for (const [label, v, target] of checks) if (v !== undefined) out(`  ${pad(label, 19)} ${f1(v)} ms  (meta < ${target} ms)  ${v < target ? 'OK' : 'NÃO ATINGIDA'}`);
    for (const row of pgRes.rows) if (row.bare) {
      const ratio = row.engine.p99 / Math.max(row.bare.p99, 0.1);
      out(`  overhead ${pad(row.key, 7)} ${ratio.toFixed(2)}×  (meta ≤ 1,5×)  ${ratio <= 1.5 ? 'OK' : 'NÃO ATINGIDA'}`);
    }
  }
  const realtime: RealtimeResult[] = REALTIME ? await runRealtime() : [];
  const file = process.env.BENCH_JSON ?? join(here, 'results', `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, connections: CONNECTIONS, duration: DURATION, results, realtime }, null, 2));
  out(`\nresultados brutos: ${file}`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack ?? e.message : e);
  process.exit(1);
});
