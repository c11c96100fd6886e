/**
 * Realtime benchmark (issue 4 §5): thousands of public panel connections held open
 * (`GET /api/public/plenario/:id/stream`), nominal votes and speaker-timer commands sent through the real API as
 * the operator and the council members would, and the delivery latency of each change to every connection.
 *
 * Latency of one action on one connection = the moment that connection's client read the header of the first
 * event whose version is greater than the channel's version before the action, minus t0 = the moment just before
 * the action's HTTP request was sent. It therefore includes the whole action (auth, transaction, commit), NOTIFY
 * (PostgreSQL), the fan-out and socket writes in every server process, and the client reading the socket.
 * Actions are sent one at a time: the next one after every connection received the previous one (or after
 * BENCH_RT_ACTION_TIMEOUT) and a short gap.
 *
 * Each case runs on fresh servers and a fresh database: PostgreSQL in a throwaway database with
 * BENCH_RT_PROCESSES (2) server processes (connections split evenly; actions sent to the first, so the others
 * receive through LISTEN/NOTIFY), PGlite with one process. Servers are `node --import tsx apps/server/src/main.ts`
 * on 127.0.0.1 with the demo seed; the bench uses the demo accounts (operador@, vereador@ and vereador2…11@paco.demo)
 * through the API, each logging in once.
 *
 * Run alone: `npm run bench -- --only realtime` or `node --import tsx bench/realtime.ts`.
 * Env: BENCH_DB (pglite|postgres|both; default both with DATABASE_URL), DATABASE_URL,
 * BENCH_RT_CONNECTIONS (PostgreSQL cases, "1000,5000"), BENCH_RT_PGLITE_CONNECTIONS ("1000"),
 * BENCH_RT_PROCESSES (2), BENCH_RT_CLIENTS (load client processes, 2), BENCH_RT_ACTIONS (measured actions, 40,
 * half votes half timer), BENCH_RT_WARMUP (unmeasured actions, 4), BENCH_RT_GAP (ms between actions, 200),
 * BENCH_RT_RAMP (connections being opened at once, 200), BENCH_RT_RAMP_TIMEOUT (s, 400),
 * BENCH_RT_ACTION_TIMEOUT (s, 10), BENCH_RT_MAX_SECONDS (whole case, 900), BENCH_RT_PROXY=1 (PostgreSQL: the
 * processes behind nginx as separate nodes, every connection and action through it), BENCH_JSON, BENCH_RT_SERVER (server entry,
 * default apps/server/src/main.ts through tsx; e.g. apps/server/dist/main.js for the built bundle).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startNginx, writeNginxConf } from '../e2e/nginx.ts';
import { freePort, jsonCall } from './http.ts';
import { withThrowawayDb } from './pgdb.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const num = (v: string | undefined, d: number): number => (v && Number.isFinite(Number(v)) ? Number(v) : d);
const list = (v: string | undefined, d: number[]): number[] => (v ? v.split(',').map(Number).filter((x) => Number.isFinite(x) && x > 0) : d);
const out = (s = ''): void => void process.stdout.write(`${s}\n`);
const now = (): number => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const PROCESSES = Math.max(1, num(process.env.BENCH_RT_PROCESSES, 2));
/** PostgreSQL cases: nodes behind nginx (docs/nginx-paco.conf, round robin); panels and actions go through it */
const PROXY = process.env.BENCH_RT_PROXY === '1';
const CLIENTS = Math.max(1, num(process.env.BENCH_RT_CLIENTS, 2));
const ACTIONS = num(process.env.BENCH_RT_ACTIONS, 40);
const WARMUP = num(process.env.BENCH_RT_WARMUP, 4);
const GAP = num(process.env.BENCH_RT_GAP, 200);
const RAMP = Math.max(1, num(process.env.BENCH_RT_RAMP, 200));
const RAMP_TIMEOUT = num(process.env.BENCH_RT_RAMP_TIMEOUT, 400) * 1000;
const ACTION_TIMEOUT = num(process.env.BENCH_RT_ACTION_TIMEOUT, 10) * 1000;
const MAX_SECONDS = num(process.env.BENCH_RT_MAX_SECONDS, 900);
const TARGET_P99 = 150;
const TARGET_CONNECTIONS = 5000;

/* ---------------- /proc ---------------- */

const TICK_MS = 10; // USER_HZ = 100 on Linux
function procStatus(pid: number): { rss: number; hwm: number } {
  try {
    const s = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(s)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}
/** CPU ms (user + system) of a process */
function procCpu(pid: number): number {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return 0;
  }
}
/** CPU ms of each process called `postgres` (the PostgreSQL server, when it runs on this machine), by pid */
function postgresCpu(): Map<number, number> {
  const by = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const s = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (s.slice(s.indexOf('(') + 1, s.lastIndexOf(')')) !== 'postgres') continue;
      const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
      by.set(Number(d), (Number(f[11]) + Number(f[12])) * TICK_MS);
    } catch { /* gone */ }
  }
  return by;
}
/** PostgreSQL CPU ms spent between two readings (backends that exited meanwhile are not counted) */
function postgresDelta(a: Map<number, number>, b: Map<number, number>): number {
  let ms = 0;
  for (const [pid, v] of b) ms += v - (a.get(pid) ?? 0);
  return ms;
}
/** machine CPU: busy and total ms over all cores */
function machineCpu(): { busy: number; total: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: (total - f[3] - f[4]) * TICK_MS, total: total * TICK_MS };
}
function openFilesLimit(): number {
  try {
    const m = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return m && m[1] !== 'unlimited' ? Number(m[1]) : Infinity;
  } catch {
    return Infinity;
  }
}

/* ---------------- server processes ---------------- */

interface Srv { name: string; child: ChildProcess; port: number; exited: boolean }
const children = new Set<ChildProcess>();
process.on('exit', () => { for (const c of children) c.kill('SIGKILL'); });

async function startServer(name: string, env: Record<string, string>, deadline: number): Promise<Srv> {
  const port = await freePort();
  const entry = process.env.BENCH_RT_SERVER ?? 'apps/server/src/main.ts';
  const child = spawn(process.execPath, [...(entry.endsWith('.ts') ? ['--import', 'tsx'] : []), entry], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', SEED_DEMO: 'true', WEB_DIR: '', METRICS_TOKEN, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const srv: Srv = { name, child, port, exited: false };
  const relay = (b: Buffer) => { for (const l of b.toString().split('\n')) if (l.trim()) out(`    [servidor ${name}] ${l.slice(0, 300)}`); };
  child.stdout!.on('data', relay);
  child.stderr!.on('data', relay);
  child.on('exit', (code, signal) => { srv.exited = true; children.delete(child); if (code || (signal && signal !== 'SIGTERM' && signal !== 'SIGKILL')) out(`    [servidor ${name}] saiu (${code ?? signal})`); });
  const t0 = now();
  for (;;) {
    if (srv.exited) throw new Error(`o servidor ${name} saiu durante a partida`);
    if (Date.now() > deadline || now() - t0 > 180_000) throw new Error(`o servidor ${name} não respondeu a /api/health`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (r.ok) break;
    } catch { /* not yet */ }
    await sleep(250);
  }
  out(`  servidor ${name}: pid ${child.pid}, 127.0.0.1:${port}, pronto em ${((now() - t0) / 1000).toFixed(1)} s`);
  return srv;
}

async function stopServer(s: Srv): Promise<void> {
  if (s.exited) return;
  const gone = new Promise<void>((r) => s.child.once('exit', () => r()));
  s.child.kill('SIGTERM');
  const t = setTimeout(() => s.child.kill('SIGKILL'), 12_000);
  await gone;
  clearTimeout(t);
}

/* ---------------- server-side delivery (the servers' own histogram) ---------------- */

const METRICS_TOKEN = 'bench-metricas';

/** A server process's `paco_realtime_delivery_seconds` histogram: cumulative count by upper bound in ms (Infinity last). */
async function deliveryHistogram(s: Srv): Promise<Map<number, number>> {
  const r = await fetch(`http://127.0.0.1:${s.port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` }, signal: AbortSignal.timeout(10_000) });
  const out = new Map<number, number>();
  for (const m of (await r.text()).matchAll(/^paco_realtime_delivery_seconds_bucket\{le="([^"]+)"[^}]*\} (\d+)/gm)) {
    out.set(m[1] === '+Inf' ? Infinity : Number(m[1]) * 1000, Number(m[2]));
  }
  return out;
}

/** The p-th percentile of the observations between two readings of cumulative histograms (summed over processes), linear within a bucket. */
function histogramPct(before: Map<number, number>[], after: Map<number, number>[], p: number): { value: number; n: number } {
  const bounds = [...new Set(after.flatMap((h) => [...h.keys()]))].sort((a, b) => a - b);
  const cum = bounds.map((b) => after.reduce((x, h, i) => x + (h.get(b) ?? 0) - (before[i]?.get(b) ?? 0), 0));
  const n = cum[cum.length - 1] ?? 0;
  if (!n) return { value: NaN, n };
  const rank = (p / 100) * n;
  const k = cum.findIndex((c) => c >= rank);
  const lo = k > 0 ? bounds[k - 1] : 0;
  const hi = bounds[k];
  if (!Number.isFinite(hi)) return { value: lo, n };
  const below = k > 0 ? cum[k - 1] : 0;
  return { value: lo + ((rank - below) / Math.max(1, cum[k] - below)) * (hi - lo), n };
}

/* ---------------- API (the operator and the council members) ---------------- */

class Api {
  constructor(private port: number) {}
  call(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; json: any }> {
    return jsonCall(`http://127.0.0.1:${this.port}/api/${path}`, method, token, body);
  }
  async ok(method: string, path: string, token?: string, body?: unknown): Promise<any> {
    const r = await this.call(method, path, token, body);
    if (r.status >= 300) throw new Error(`${method} /api/${path} → ${r.status}: ${JSON.stringify(r.json).slice(0, 300)}`);
    return r.json;
  }
  async login(email: string): Promise<string | null> {
    const r = await this.call('POST', 'login', undefined, { email, password: 'paco-demo' });
    return r.status < 300 ? (r.json.token ?? r.json.data?.token ?? null) : null;
  }
}

interface Voter { email: string; token: string; next: 'sim' | 'nao' }
interface Setup { sessionId: number; operator: string; votingId: number | null; voters: Voter[]; speakerId: number }

async function setup(api: Api): Promise<Setup> {
  const operator = await api.login('operador@paco.demo');
  if (!operator) throw new Error('login de operador@paco.demo falhou (seed de demonstração ausente?)');
  let session = (await api.ok('GET', 'status/active', operator)).data as { id: number } | null;
  if (!session) {
    const all = (await api.ok('GET', 'plenary_sessions?sort=-abertura&perPage=50', operator)).data as { id: number; abertura: string; finalizada: boolean }[];
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    const s = all.find((x) => !x.finalizada && x.abertura === today) ?? all.find((x) => !x.finalizada);
    if (!s) throw new Error('nenhuma sessão plenária não finalizada na demonstração');
    await api.ok('POST', `plenary_sessions/${s.id}/iniciar`, operator, {});
    session = s;
  }
  const id = session.id;
  const state = (await api.ok('GET', `public/plenario/${id}`)).data as { members: { id: number }[] };
  const memberIds = state.members.map((m) => m.id);
  await api.ok('POST', `plenary_sessions/${id}/change_presence_list_status`, operator, { type: 'ordem_dia', status: 'aberta' });
  await api.ok('POST', `plenary_sessions/${id}/add_presences`, operator, { type: 'ordem_dia', parliamentary_ids: memberIds });
  // the open nominal voting (the first matter of the ordem do dia)
  let votingId: number | null = null;
  const agenda = (await api.ok('GET', `plenary_sessions/${id}/ordem_dia`, operator)).data as { id: number }[];
  if (agenda.length) {
    const r = await api.call('POST', `plenary_matters/${agenda[0].id}/add_votting`, operator, { tipo: 'nominal' });
    if (r.status < 300) votingId = r.json.data.id;
    else {
      const live = (await api.ok('GET', `plenary_sessions/${id}/live`, operator)).data as { voting?: { id: number; status?: string } | null };
      votingId = live.voting?.id ?? null;
      if (!votingId) out(`  aviso: votação não aberta (${r.status}: ${r.json.message})`);
    }
  } else out('  aviso: a ordem do dia está vazia; sem votos');
  // council members: each logs in once; keeps those whose vote is accepted
  const voters: Voter[] = [];
  if (votingId) {
    for (const email of ['vereador@paco.demo', ...Array.from({ length: 10 }, (_, i) => `vereador${i + 2}@paco.demo`)]) {
      const token = await api.login(email);
      if (!token) continue;
      const r = await api.call('POST', `vottings/${votingId}/vote`, token, { voto: 'sim' });
      if (r.status < 300) voters.push({ email, token, next: 'nao' });
      else out(`  aviso: ${email} não pode votar (${r.status}: ${r.json.message})`);
    }
  }
  // a speaker in the expediente list
  const speakers = (await api.ok('POST', `plenary_sessions/${id}/add_speakers`, operator, { type: 'expediente', parliamentary_ids: [memberIds[0]] })).data as { id: number; parliamentary_id: number }[];
  const speakerId = Math.max(...speakers.filter((s) => s.parliamentary_id === memberIds[0]).map((s) => s.id));
  return { sessionId: id, operator, votingId, voters, speakerId };
}

/** The n-th action: votes and timer commands alternate (only the timer when nobody can vote). */
function actionOf(s: Setup, n: number): { kind: 'voto' | 'cronômetro'; method: string; path: string; token: string; body: unknown } {
  if (s.voters.length && n % 2 === 0) {
    const v = s.voters[(n / 2) % s.voters.length];
    const voto = v.next;
    v.next = voto === 'sim' ? 'nao' : 'sim';
    return { kind: 'voto', method: 'POST', path: `vottings/${s.votingId}/vote`, token: v.token, body: { voto } };
  }
  const t = s.voters.length ? (n - 1) / 2 : n;
  return { kind: 'cronômetro', method: 'PUT', path: `speaker/${t % 2 === 0 ? 'start' : 'pause'}`, token: s.operator, body: { id: s.speakerId } };
}

/* ---------------- load clients ---------------- */

interface Client { child: ChildProcess; next(type: string): Promise<any>; send(m: object): void; done: boolean }

function startClient(): Client {
  const child = fork(join(here, 'realtime-client.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  children.add(child);
  child.on('exit', () => children.delete(child));
  const waiting = new Map<string, ((m: any) => void)[]>();
  const queued = new Map<string, any[]>();
  const c: Client = {
    child, done: false,
    send: (m) => child.send(m),
    next: (type) => new Promise((resolve, reject) => {
      const q = queued.get(type);
      if (q?.length) return resolve(q.shift());
      if (!child.connected) return reject(new Error('cliente de carga saiu'));
      waiting.set(type, [...(waiting.get(type) ?? []), resolve]);
    }),
  };
  child.on('message', (m: any) => {
    if (m.type === 'complete') c.done = true;
    const w = waiting.get(m.type);
    if (w?.length) w.shift()!(m);
    else if (m.type !== 'complete') queued.set(m.type, [...(queued.get(m.type) ?? []), m]);
  });
  return c;
}

/* ---------------- statistics ---------------- */

const pct = (sorted: number[], p: number): number => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : NaN);
interface Dist { n: number; p50: number; p99: number; max: number }
function dist(xs: number[]): Dist {
  const s = Float64Array.from(xs).sort();
  return { n: s.length, p50: pct(s as unknown as number[], 50), p99: pct(s as unknown as number[], 99), max: s.length ? s[s.length - 1] : NaN };
}
const ms = (x: number): string => (Number.isNaN(x) ? '—' : x >= 100 ? x.toFixed(0) : x.toFixed(1));
const mb = (b: number): string => (b / 2 ** 20).toFixed(0);
const fmt = (d: Dist): string => `p50 ${ms(d.p50)} ms  p99 ${ms(d.p99)} ms  max ${ms(d.max)} ms  (${d.n.toLocaleString('pt-BR')} entregas)`;

export interface RealtimeResult {
  db: 'pglite' | 'postgres';
  processes: number;
  /** behind nginx (BENCH_RT_PROXY=1) */
  proxy?: boolean;
  requested: number;
  connections: number;
  failed: number;
  rampSeconds: number;
  actions: number;
  latency: Dist;
  byKind: Record<string, Dist>;
  byServer: Record<string, Dist>;
  missed: number;
  /** each delivery minus the first delivery of the same action */
  spread: Dist;
  /** server-side: from the event's NOTIFY (the publisher's commit) to the last socket write of each process's fan-out */
  serverDelivery: { p50: number; p99: number; n: number };
  actionResponse: Dist;
  rssBefore: Record<string, number>;
  rssWith: Record<string, number>;
  rssPeak: Record<string, number>;
  clientRss: number;
  /** CPU ms per measured action, by process */
  cpu: Record<string, number>;
  machineBusy: number;
  load1: number;
}

/* ---------------- one case ---------------- */

async function runCase(kind: 'pglite' | 'postgres', connections: number, databaseUrl?: string): Promise<RealtimeResult> {
  const processes = kind === 'postgres' ? PROCESSES : 1;
  const deadline = Date.now() + MAX_SECONDS * 1000;
  const limit = openFilesLimit();
  // every server process holds connections ÷ processes sockets; each client process connections ÷ clients
  const perServer = Math.floor((limit - 300) * processes);
  const perClient = Math.floor((limit - 300) * CLIENTS);
  const n = Math.min(connections, perServer, perClient);
  if (n < connections) out(`  ulimit -n é ${limit}: ${n} conexões em vez de ${connections}`);
  out(`\n--- ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${processes} processo${processes > 1 ? 's' : ''} servidor${PROXY && kind === 'postgres' ? ' atrás do nginx' : ''}, ${n} conexões de painel público, ${CLIENTS} processos cliente ---`);

  const dir = mkdtempSync(join(tmpdir(), 'paco-rt-'));
  const servers: Srv[] = [];
  const clients: Client[] = [];
  let proxy: ChildProcess | null = null;
  try {
    for (let i = 0; i < processes; i++) {
      const name = String.fromCharCode(65 + i);
      servers.push(await startServer(name, {
        DATABASE_URL: databaseUrl ?? '', DATA_DIR: join(dir, `data-${name}`), STORAGE_DIR: join(dir, 'uploads'),
      }, deadline));
    }
    let entry = servers[0].port;
    if (PROXY && kind === 'postgres') {
      entry = await freePort();
      writeNginxConf(join(dir, 'nginx'), servers.map((x) => x.port), entry);
      proxy = startNginx(join(dir, 'nginx'), (l) => out(`    ${l.trim()}`));
      for (let i = 0; i < 40; i++) { if (await fetch(`http://127.0.0.1:${entry}/api/health`).then((r) => r.ok, () => false)) break; await sleep(250); }
      out(`  nginx: 127.0.0.1:${entry} → ${servers.map((x) => x.port).join(', ')} (conexões e ações passam por ele)`);
    }
    const api = new Api(entry);
    const s = await setup(api);
    out(`  sessão ${s.sessionId}; votação nominal ${s.votingId ?? '—'} com ${s.voters.length} vereador(es) votando; orador ${s.speakerId}`);
    // RSS: median of samples (garbage collection makes single readings jump): before = 2 s idle after the setup,
    // with = after every measured action
    const rssSamples = new Map<string, number[]>(servers.map((x) => [x.name, []]));
    const sampleRss = () => { for (const sv of servers) rssSamples.get(sv.name)!.push(procStatus(sv.child.pid!).rss); };
    const medianRss = (): Record<string, number> => Object.fromEntries([...rssSamples].map(([k, v]) => [k, pct(Float64Array.from(v).sort() as unknown as number[], 50)]));
    for (let i = 0; i < 5; i++) { await sleep(400); sampleRss(); }
    const rssBefore = medianRss();
    for (const v of rssSamples.values()) v.length = 0;

    // ramp
    const path = `/api/public/plenario/${s.sessionId}/stream`;
    const tRamp = now();
    let offset = 0;
    const opened = await Promise.all(Array.from({ length: CLIENTS }, (_, k) => {
      const c = startClient();
      clients.push(c);
      const count = Math.floor(n / CLIENTS) + (k < n % CLIENTS ? 1 : 0);
      c.send({ type: 'open', ports: proxy ? [entry] : servers.map((x) => x.port), path, count, offset, concurrency: Math.max(1, Math.round(RAMP / CLIENTS)), timeoutMs: Math.min(RAMP_TIMEOUT, deadline - Date.now()) });
      offset += count;
      return c.next('opened');
    }));
    const rampSeconds = (now() - tRamp) / 1000;
    const ok = opened.reduce((a, o) => a + o.ok, 0);
    const failed = opened.reduce((a, o) => a + o.failed, 0);
    const errors: Record<string, number> = {};
    for (const o of opened) for (const [k, v] of Object.entries(o.errors as Record<string, number>)) errors[k] = (errors[k] ?? 0) + v;
    out(`  abertura: ${ok}/${n} conexões em ${rampSeconds.toFixed(1)} s${failed ? `; falhas ${failed} ${JSON.stringify(errors)}` : ''}`);
    if (!ok) throw new Error('nenhuma conexão aberta');
    const serverOf: number[][] = opened.map((o) => o.server as number[]);
    await sleep(1000);

    const stats = async () => Promise.all(clients.map(async (c) => { c.send({ type: 'stats' }); return c.next('stats'); }));
    const all: number[] = [];
    const byKind: Record<string, number[]> = {};
    const byServer: Record<string, number[]> = {};
    const responses: number[] = [];
    /** each delivery minus the first delivery of the same action: the fan-out alone */
    const spread: number[] = [];
    let missed = 0;
    let measured = 0;
    const eventKinds: Record<string, number> = {};
    let cpu0: { servers: number[]; clients: number; pg: Map<number, number>; machine: { busy: number; total: number } } | null = null;
    let histogram0: Map<number, number>[] = [];

    for (let a = 0; a < WARMUP + ACTIONS; a++) {
      if (Date.now() > deadline) { out(`  tempo máximo (${MAX_SECONDS} s) atingido: ${measured} ações medidas`); break; }
      if (a === WARMUP) {
        const st = await stats();
        histogram0 = await Promise.all(servers.map(deliveryHistogram));
        cpu0 = { servers: servers.map((x) => procCpu(x.child.pid!)), clients: st.reduce((x, y) => x + y.cpuMicros / 1000, 0), pg: kind === 'postgres' ? postgresCpu() : new Map(), machine: machineCpu() };
      }
      const st = await stats();
      const base = Math.max(...st.map((x) => x.maxVersion));
      for (const c of clients) { c.done = false; c.send({ type: 'arm', seq: a, base }); }
      await Promise.all(clients.map((c) => c.next('armed')));
      const act = actionOf(s, a);
      const t0 = now();
      const r = await api.call(act.method, act.path, act.token, act.body);
      const tr = now() - t0;
      if (r.status >= 300) out(`  ação ${a} (${act.kind}) → ${r.status}: ${JSON.stringify(r.json).slice(0, 200)}`);
      const until = now() + ACTION_TIMEOUT;
      while (clients.some((c) => !c.done) && now() < until) await sleep(5);
      const got = await Promise.all(clients.map(async (c) => { c.send({ type: 'collect', seq: a }); return c.next('times'); }));
      if (a < WARMUP) { await sleep(GAP); continue; }
      measured++;
      responses.push(tr);
      sampleRss();
      let first = Infinity;
      for (const g of got) for (const t of g.times as number[]) if (t > 0 && t < first) first = t;
      got.forEach((g, k) => {
        for (const [e, v] of Object.entries(g.kinds as Record<string, number>)) eventKinds[e] = (eventKinds[e] ?? 0) + v;
        (g.times as number[]).forEach((t, i) => {
          if (t === -1) return;
          if (Number.isNaN(t)) { missed++; return; }
          const l = t - t0;
          all.push(l);
          spread.push(t - first);
          (byKind[act.kind] ??= []).push(l);
          (byServer[servers[serverOf[k][i]].name] ??= []).push(l);
        });
      });
      await sleep(GAP);
    }
    const st1 = await stats();
    const histogram1 = await Promise.all(servers.map(deliveryHistogram));
    const p50 = histogramPct(histogram0, histogram1, 50);
    const serverDelivery = { p50: p50.value, p99: histogramPct(histogram0, histogram1, 99).value, n: p50.n };
    // CPU ms per measured action, by process (load-independent); machine: share of all cores busy meanwhile
    const per = Math.max(1, measured);
    const cpu: Record<string, number> = {};
    let machineBusy = 0;
    if (cpu0) {
      servers.forEach((x, i) => { cpu[`servidor ${x.name}`] = (procCpu(x.child.pid!) - cpu0!.servers[i]) / per; });
      if (kind === 'postgres') cpu['PostgreSQL (todo o cluster)'] = postgresDelta(cpu0.pg, postgresCpu()) / per;
      cpu.clientes = (st1.reduce((x, y) => x + y.cpuMicros / 1000, 0) - cpu0.clients) / per;
      const m = machineCpu();
      machineBusy = (m.busy - cpu0.machine.busy) / Math.max(1, m.total - cpu0.machine.total);
    }
    const rssWith = medianRss();
    const rssPeak: Record<string, number> = {};
    for (const sv of servers) rssPeak[sv.name] = procStatus(sv.child.pid!).hwm;
    const closedEarly = st1.reduce((x, y) => x + y.closed, 0);

    const res: RealtimeResult = {
      db: kind, processes, proxy: !!proxy, requested: n, connections: ok, failed, rampSeconds, actions: measured,
      latency: dist(all), byKind: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, dist(v)])),
      byServer: Object.fromEntries(Object.entries(byServer).map(([k, v]) => [k, dist(v)])), missed, spread: dist(spread), serverDelivery, actionResponse: dist(responses),
      rssBefore, rssWith, rssPeak, clientRss: st1.reduce((x, y) => x + y.rss, 0), cpu, machineBusy, load1: loadavg()[0],
    };
    out(`  entrega, ${measured} ações × ${ok} conexões: ${fmt(res.latency)}${missed ? `; NÃO ENTREGUES ${missed}` : ''}${closedEarly ? `; ${closedEarly} conexões caíram` : ''}`);
    for (const [k, d] of Object.entries(res.byKind)) out(`    ${k.padEnd(28)} ${fmt(d)}`);
    if (servers.length > 1 && !proxy) for (const [k, d] of Object.entries(res.byServer)) out(`    ${`servidor ${k}${k === servers[0].name ? ' (recebe as ações)' : ' (via NOTIFY)'}`.padEnd(28)} ${fmt(d)}`);
    out(`    eventos contados: ${Object.entries(eventKinds).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    out(`    desde a primeira entrega da mesma ação (só o fan-out): p50 ${ms(res.spread.p50)} ms  p99 ${ms(res.spread.p99)} ms  max ${ms(res.spread.max)} ms`);
    out(`    no servidor, do NOTIFY (commit da ação) à última escrita nos sockets de cada processo: p50 ${ms(serverDelivery.p50)} ms  p99 ${ms(serverDelivery.p99)} ms  (${serverDelivery.n} entregas de evento aos processos; histograma do servidor, interpolado)`);
    out(`  resposta HTTP da ação: p50 ${ms(res.actionResponse.p50)} ms, max ${ms(res.actionResponse.max)} ms`);
    for (const sv of servers) {
      const per = ok ? ((rssWith[sv.name] - rssBefore[sv.name]) / (ok / servers.length) / 1024).toFixed(1) : '—';
      out(`  RSS servidor ${sv.name} (mediana): ${mb(rssBefore[sv.name])} MB sem conexões → ${mb(rssWith[sv.name])} MB com ${Math.round(ok / servers.length)} conexões (≈ ${per} kB/conexão); pico do processo ${mb(rssPeak[sv.name])} MB`);
    }
    out(`  RSS dos clientes de carga: ${mb(res.clientRss)} MB`);
    out(`  CPU por ação (ms): ${Object.entries(cpu).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}; máquina ocupada ${(machineBusy * 100).toFixed(0)} % de ${cpus().length} núcleos durante as ações; load ${res.load1.toFixed(1)}`);
    return res;
  } finally {
    await Promise.all(clients.map(async (c) => {
      if (!c.child.connected) return;
      c.send({ type: 'close' });
      await Promise.race([c.next('closed').catch(() => undefined), sleep(5000)]);
      c.child.kill('SIGKILL');
    }));
    if (proxy && proxy.exitCode === null) { const gone = new Promise<void>((r) => proxy!.once('exit', () => r())); proxy.kill('SIGQUIT'); await gone; }
    await Promise.all(servers.map(stopServer));
    rmSync(dir, { recursive: true, force: true });
  }
}

/* ---------------- all cases ---------------- */

export function realtimeTable(rows: RealtimeResult[]): string {
  const head = ['banco', 'proc.', 'conexões', 'ações', 'p50 ms', 'p99 ms', 'max ms', 'servidor p50 | p99 ms', 'não entregues', 'RSS sem → com conexões (MB)', 'CPU ms/ação servidores | clientes', 'load'];
  const body = rows.map((r) => [
    r.db, `${r.processes}${r.proxy ? ' + nginx' : ''}`, `${r.connections}${r.failed ? ` (−${r.failed})` : ''}`, String(r.actions), ms(r.latency.p50), ms(r.latency.p99), ms(r.latency.max), `${ms(r.serverDelivery?.p50 ?? NaN)} | ${ms(r.serverDelivery?.p99 ?? NaN)}`, String(r.missed),
    Object.keys(r.rssBefore).map((k) => `${k} ${mb(r.rssBefore[k])}→${mb(r.rssWith[k])}`).join(', '),
    `${Object.keys(r.rssBefore).map((k) => (r.cpu[`servidor ${k}`] ?? 0).toFixed(0)).join('+')} | ${(r.cpu.clientes ?? 0).toFixed(0)}`, r.load1.toFixed(1),
  ]);
  const w = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  ');
  return [line(head), w.map((x) => '-'.repeat(x)).join('  '), ...body.map(line)].join('\n');
}

export async function runRealtime(): Promise<RealtimeResult[]> {
  const url = process.env.DATABASE_URL;
  const which = process.env.BENCH_DB ?? (url ? 'both' : 'pglite');
  out(`\n=== Tempo real: entrega de mudanças a painéis públicos (SSE) ===`);
  out(`  latência = recepção do evento pelo cliente − instante antes de enviar a ação; ${ACTIONS} ações medidas (+${WARMUP} de aquecimento), uma por vez, ${GAP} ms entre elas`);
  const results: RealtimeResult[] = [];
  if (which === 'pglite' || which === 'both') {
    for (const n of list(process.env.BENCH_RT_PGLITE_CONNECTIONS, [1000])) results.push(await runCase('pglite', n));
  }
  if ((which === 'postgres' || which === 'both') && url) {
    for (const n of list(process.env.BENCH_RT_CONNECTIONS, [1000, 5000])) results.push(await withThrowawayDb(url, (u) => runCase('postgres', n, u), out));
  } else if (which === 'postgres') throw new Error('BENCH_DB=postgres requer DATABASE_URL');
  out(`\nTempo real\n${realtimeTable(results)}`);
  const target = results.find((r) => r.db === 'postgres' && r.processes >= 2 && r.requested >= TARGET_CONNECTIONS);
  if (target) out(`\nMeta: p99 < ${TARGET_P99} ms com ${TARGET_CONNECTIONS} conexões em PostgreSQL com ${target.processes} processos: ${ms(target.latency.p99)} ms  ${target.latency.p99 < TARGET_P99 && !target.missed ? 'OK' : 'NÃO ATINGIDA'}`);
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  out(`Paço — benchmark de tempo real  ${new Date().toISOString()}  load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}  node ${process.version}  ${cpus().length} CPU  ${(totalmem() / 2 ** 30).toFixed(0)} GB`);
  runRealtime().then((results) => {
    const file = process.env.BENCH_JSON ?? join(here, 'results', `${new Date().toISOString().replace(/[:.]/g, '-')}-realtime.json`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, realtime: results }, null, 2));
    out(`\nresultados brutos: ${file}`);
    process.exit(0);
  }, (e) => {
    console.error(e instanceof Error ? e.stack ?? e.message : e);
    process.exit(1);
  });
}
