/**
 * Two nodes behind a proxy (issue 14 §3): two server processes as two separate "hosts" (each its own data folder,
 * no shared disk), one PostgreSQL database, files in the database (STORAGE_URL=postgres), and nginx (Debian's) as a
 * round-robin proxy in front of them. Proves that nothing that matters lives in one process:
 *   - a file uploaded through node A is downloaded through node B;
 *   - a sign-in locked out on A stays locked on B;
 *   - a public panel connected to B shows a vote cast on A within a second;
 *   - node A killed in the middle of a vote: the session goes on through the proxy (B), every vote counted once;
 *   - an e-mail job that A was running when it died is delivered by B.
 *
 * Needs PostgreSQL (DATABASE_URL, a role with CREATEDB; default postgres://paco:paco-test@127.0.0.1:5432/paco_test)
 * and nginx (apt-get install nginx). Without either it is skipped with the reason — unless E2E_REQUIRE_NODES=1
 * (CI), where it fails instead. Ports: E2E_PORT+1 (A), +2 (B), +3 (nginx).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { nginxBin, startNginx, writeNginxConf } from '../nginx';
import { expect, sessionNumber, test, uniq } from './helpers';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BASE = Number(process.env.E2E_PORT ?? 3100);
const PORT = { a: BASE + 1, b: BASE + 2, proxy: BASE + 3 };
const url = (port: number) => `http://127.0.0.1:${port}`;
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://paco:paco-test@127.0.0.1:5432/paco_test';
const REQUIRED = process.env.E2E_REQUIRE_NODES === '1';
const PASSWORD = 'paco-demo';

/* ---------------- a small SMTP server: records messages; can stall the next connection ---------------- */
interface Smtp { url: string; messages: string[]; stallNext(): void; stalled: number; close(): Promise<void> }
async function startSmtp(): Promise<Smtp> {
  const messages: string[] = [];
  const sockets = new Set<Socket>();
  let stall = 0;
  const state = { stalled: 0 };
  const server: Server = createServer((sock) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
    sock.on('error', () => undefined);
    if (stall > 0) {
      // accepted and never answered: the sender hangs on it
      stall--;
      state.stalled++;
      return;
    }
    let data: string[] | null = null;
    let buf = '';
    sock.write('220 teste ESMTP\r\n');
    sock.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      let i: number;
      while ((i = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (data) {
          if (line === '.') { messages.push(data.join('\n')); data = null; sock.write('250 OK\r\n'); } else data.push(line);
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') sock.write('250-teste\r\n250 8BITMIME\r\n');
        else if (cmd === 'DATA') { data = []; sock.write('354 go ahead\r\n'); } else if (cmd === 'QUIT') sock.end('221 bye\r\n');
        else sock.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `smtp://127.0.0.1:${(server.address() as { port: number }).port}`,
    messages,
    stallNext: () => { stall = 1; },
    get stalled() { return state.stalled; },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/* ---------------- the deployment: database, two nodes, nginx ---------------- */
const scratch = join(tmpdir(), `paco-nodes-${BASE}`);
const dbName = `paco_e2e_nodes_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => { const u = new URL(ADMIN_URL); u.pathname = `/${dbName}`; return u.toString(); })();
const nodes: Record<'a' | 'b', ChildProcess | null> = { a: null, b: null };
let nginx: ChildProcess | null = null;
let smtp: Smtp;
let skipReason: string | null = null;

async function postgresReachable(): Promise<string | null> {
  const c = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query('select 1');
    return null;
  } catch (e) {
    return `PostgreSQL indisponível em ${ADMIN_URL.replace(/\/\/[^@]*@/, '//…@')} (${(e as Error).message}): defina DATABASE_URL com um papel que tenha CREATEDB`;
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function adminQuery(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try { await c.query(text); } finally { await c.end(); }
}

async function dbQuery<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try { return (await c.query(text, values)).rows as T[]; } finally { await c.end(); }
}

function startNode(name: 'a' | 'b'): ChildProcess {
  const dataDir = join(scratch, `host-${name}`, 'data');
  mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT[name]), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIR: join(scratch, 'web'),
    DATABASE_URL: dbUrl, STORAGE_URL: 'postgres', SEED_DEMO: 'true', APP_URL: url(PORT.proxy), TRUST_PROXY: 'true',
    SMTP_URL: smtp.url, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', WORKERS: '1',
    // fast job timings, so a job lost with its node is taken over within seconds
    JOBS_POLL_SECONDS: '0.5', JOBS_MAINTENANCE_SECONDS: '1', JOBS_EXPIRE_SECONDS: '5', JOBS_RETRY_DELAY_SECONDS: '1',
  };
  delete env.STORAGE_DIR;
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (d: Buffer) => process.stderr.write(`[nó ${name.toUpperCase()}] ${d}`));
  nodes[name] = child;
  return child;
}

async function waitReady(port: number, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  let last = '';
  while (Date.now() < end) {
    try {
      const r = await fetch(`${url(port)}/api/health/ready`);
      if (r.status === 200) return;
      last = `${r.status} ${await r.text()}`;
    } catch (e) {
      last = (e as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`nó na porta ${port} não ficou pronto: ${last}`);
}

async function stopNode(name: 'a' | 'b', signal: NodeJS.Signals): Promise<void> {
  const child = nodes[name];
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill(signal);
  await exited;
  nodes[name] = null;
}

async function startProxy(): Promise<void> {
  const dir = join(scratch, 'nginx');
  // test only: which node answered
  writeNginxConf(dir, [PORT.a, PORT.b], PORT.proxy, 'add_header X-Paco-Upstream $upstream_addr always;');
  nginx = startNginx(dir, (line) => process.stderr.write(line));
  await waitReady(PORT.proxy, 10_000);
}

/* ---------------- API helpers ---------------- */
const api = (port: number): Promise<APIRequestContext> => playwrightRequest.newContext({ baseURL: url(port) });
const auth = (token: string, extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${token}`, ...extra });

async function login(ctx: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const res = await ctx.post('/api/login', { data: { email, password } });
  expect(res.status(), `login ${email}: ${await res.text()}`).toBe(200);
  return (await res.json()).token as string;
}

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo' }).format(new Date());

test.describe.configure({ mode: 'serial' });

test.describe('two nodes behind nginx on one PostgreSQL', () => {
  let ctxA: APIRequestContext;
  let ctxB: APIRequestContext;
  let proxy: APIRequestContext;
  let op: string;
  let session: { id: number; titulo: string };
  let voting: number;
  let members: { email: string; token: string; pid: number }[] = [];

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    skipReason = !nginxBin ? 'nginx não encontrado (apt-get install nginx)' : await postgresReachable();
    if (skipReason) {
      if (REQUIRED) throw new Error(`E2E_REQUIRE_NODES=1, mas ${skipReason}`);
      console.warn(`[nós] teste de dois nós PULADO: ${skipReason}.`);
      return;
    }
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    cpSync(join(root, 'apps/web/dist'), join(scratch, 'web'), { recursive: true });
    smtp = await startSmtp();
    await adminQuery(`create database ${dbName}`);
    // A migrates and seeds the empty database; B then finds it ready
    startNode('a');
    await waitReady(PORT.a, 240_000);
    startNode('b');
    await waitReady(PORT.b);
    await startProxy();
    ctxA = await api(PORT.a);
    ctxB = await api(PORT.b);
    proxy = await api(PORT.proxy);
  });

  test.afterAll(async () => {
    await Promise.all([ctxA?.dispose(), ctxB?.dispose(), proxy?.dispose()]);
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise<void>((r) => nginx!.once('exit', () => r()));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await stopNode('a', 'SIGTERM');
    await stopNode('b', 'SIGTERM');
    await smtp?.close();
    if (!skipReason) await adminQuery(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    rmSync(scratch, { recursive: true, force: true });
  });

  test.beforeEach(() => {
    test.skip(!!skipReason, skipReason ?? '');
  });

  test('the proxy alternates between the nodes, which keep separate data folders', async () => {
    const upstreams: string[] = [];
    const ids = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const r = await proxy.get('/api/health/ready');
      expect(r.status()).toBe(200);
      upstreams.push(r.headers()['x-paco-upstream'] ?? '');
      ids.add(r.headers()['x-request-id'] ?? '');
    }
    // round robin: both nodes answer, in turn
    expect(new Set(upstreams)).toEqual(new Set([`127.0.0.1:${PORT.a}`, `127.0.0.1:${PORT.b}`]));
    for (let i = 1; i < upstreams.length; i++) expect(upstreams[i]).not.toBe(upstreams[i - 1]);
    // nginx's request id reaches the node and comes back
    expect(ids.size).toBe(6);
    // each "host" has its own folder and neither keeps uploads on disk (files live in PostgreSQL)
    expect(existsSync(join(scratch, 'host-a', 'data'))).toBe(true);
    expect(existsSync(join(scratch, 'host-a', 'data', 'uploads'))).toBe(false);
    expect(existsSync(join(scratch, 'host-b', 'data', 'uploads'))).toBe(false);
  });

  test('a file uploaded through node A is downloaded through node B', async () => {
    const token = await login(ctxA, 'admin.prefeitura@paco.demo');
    const person = await ctxA.post('/api/people', { headers: auth(token), data: { name: `Pessoa dos dois nós ${uniq()}` } });
    expect(person.status()).toBe(201);
    const id = (await person.json()).data.id;
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(600_000)]);
    const up = await ctxA.post(`/api/people/${id}/upload`, { headers: auth(token), multipart: { photo: { name: 'foto.png', mimeType: 'image/png', buffer: png } } });
    expect(up.status(), await up.text()).toBe(200);
    const fileUrl = (await up.json()).data.photo.url as string;
    const viaB = await ctxB.get(fileUrl);
    expect(viaB.status()).toBe(200);
    expect(viaB.headers()['content-length']).toBe(String(png.length));
    expect(Buffer.compare(await viaB.body(), png)).toBe(0);
    // and through the proxy, whichever node answers
    for (let i = 0; i < 2; i++) expect(Buffer.compare(await (await proxy.get(fileUrl)).body(), png)).toBe(0);
  });

  test('a sign-in locked out on A stays locked on B', async () => {
    const email = 'cultura@paco.demo';
    for (let i = 0; i < 5; i++) {
      const r = await ctxA.post('/api/login', { data: { email, password: 'senha-errada' } });
      expect(r.status()).toBe(401);
    }
    const onB = await ctxB.post('/api/login', { data: { email, password: PASSWORD } });
    expect(onB.status()).toBe(429);
    expect((await onB.json()).message).toMatch(/tentativas/i);
    expect((await proxy.post('/api/login', { data: { email, password: PASSWORD } })).status()).toBe(429);
  });

  test('a public panel connected to B shows a vote cast on A within a second', async ({ browser }) => {
    test.setTimeout(120_000);
    op = await login(proxy, 'operador@paco.demo');
    const h = { headers: auth(op) };
    // a fresh session of our own, started, with every member present in the ordem do dia
    const active = (await (await proxy.get('/api/status/active', h)).json()).data;
    if (active) expect((await proxy.post(`/api/plenary_sessions/${active.id}/finalizar`, h)).status()).toBe(200);
    const types = (await (await proxy.get('/api/types_of/sessions', h)).json()).data as { id: number; slug: string }[];
    const votation = (await (await proxy.get('/api/types_of/votation', h)).json()).data as { id: number; slug: string }[];
    const created = await proxy.post('/api/plenary_sessions', {
      headers: auth(op, { 'Idempotency-Key': randomUUID() }),
      data: { numero: sessionNumber(), type_id: types.find((t) => t.slug === 'extraordinaria')!.id, abertura: today(), horarioInicio: '20:00' },
    });
    expect(created.status(), await created.text()).toBe(201);
    session = (await created.json()).data;
    const matter = (await (await proxy.get('/api/matters?perPage=1&sort=-id', h)).json()).data[0];
    const pm = await proxy.post(`/api/plenary_matters/${session.id}/add_matter`, {
      ...h, data: { kind: 'ordem_dia', matter_id: matter.id, tipo_votacao_id: votation.find((t) => t.slug === 'nominal')!.id, obs: `dois nós ${uniq()}` },
    });
    expect(pm.status(), await pm.text()).toBe(201);
    const pmId = (await pm.json()).data.id as number;
    expect((await proxy.post(`/api/plenary_sessions/${session.id}/iniciar`, h)).status()).toBe(200);
    expect((await proxy.post(`/api/plenary_sessions/${session.id}/change_presence_list_status`, { ...h, data: { type: 'ordem_dia', status: 'aberta' } })).status()).toBe(200);
    members = [];
    for (const email of ['vereador@paco.demo', ...Array.from({ length: 10 }, (_, i) => `vereador${i + 2}@paco.demo`)]) {
      const token = await login(proxy, email);
      const me = await (await proxy.get('/api/is-parliamentary', { headers: auth(token) })).json();
      members.push({ email, token, pid: me.data?.parliamentary?.id ?? me.data?.id });
    }
    expect((await proxy.post(`/api/plenary_sessions/${session.id}/add_presences`, { ...h, data: { type: 'ordem_dia', parliamentary_ids: members.map((m) => m.pid) } })).status()).toBe(201);
    const opened = await proxy.post(`/api/plenary_matters/${pmId}/add_votting`, { ...h, data: {} });
    expect(opened.status(), await opened.text()).toBe(201);
    voting = (await opened.json()).data.id;

    // the panel, served by B and fed by B's stream
    const page = await browser.newPage();
    try {
      await page.goto(`${url(PORT.b)}/legislativo/painel-eletronico/${session.id}`);
      const announce = page.getByTestId('anuncio-votacao');
      await expect(announce).toContainText(/Sim: 0\b/, { timeout: 15_000 });
      const started = Date.now();
      const vote = await ctxA.post(`/api/vottings/${voting}/vote`, { headers: auth(members[0].token, { 'Idempotency-Key': randomUUID() }), data: { voto: 'sim' } });
      expect(vote.status(), await vote.text()).toBe(200);
      await expect(announce).toContainText(/Sim: 1\b/, { timeout: 1000 });
      console.info(`[nós] voto em A visto no painel de B em ${Date.now() - started} ms (desde o envio)`);
    } finally {
      await page.close();
    }
  });

  test('node A killed in the middle of a vote: the session goes on through B, every vote counted once', async () => {
    test.setTimeout(120_000);
    expect(voting).toBeTruthy();
    const rest = members.slice(1);
    let killed = false;
    const outcomes: string[] = [];
    /** one member's vote as a careful client sends it: same Idempotency-Key on a lost answer; after a 409 "already received", check and, if needed, vote again */
    const castVote = async (m: (typeof members)[number]): Promise<void> => {
      let key = randomUUID();
      for (let attempt = 0; attempt < 40; attempt++) {
        let status = 0;
        let body = '';
        try {
          const r = await proxy.post(`/api/vottings/${voting}/vote`, { headers: auth(m.token, { 'Idempotency-Key': key }), data: { voto: 'sim' }, timeout: 10_000 });
          status = r.status();
          body = await r.text();
        } catch (e) {
          body = (e as Error).message;
        }
        if (status === 200) { outcomes.push(`${m.email}: 200 na tentativa ${attempt + 1}`); return; }
        if (status === 409 && body.includes('já foi recebida')) {
          const mine = (await (await proxy.get(`/api/vottings/${voting}`, { headers: auth(m.token) })).json()).data?.meu_voto;
          if (mine === 'sim') { outcomes.push(`${m.email}: já registrado (409 conferido)`); return; }
          key = randomUUID();
        } else if (status && status < 500 && status !== 429) {
          throw new Error(`${m.email}: ${status} ${body}`);
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`${m.email}: voto não registrado`);
    };
    // every member votes at once through the proxy; A dies as soon as the first answers arrive
    const all = rest.map((m, i) => new Promise((r) => setTimeout(r, i * 15)).then(() => castVote(m)));
    const firstDone = Promise.race(all);
    await firstDone;
    await stopNode('a', 'SIGKILL');
    killed = true;
    await Promise.all(all);
    expect(killed).toBe(true);
    console.info(`[nós] votos com A morto no meio:\n  ${outcomes.join('\n  ')}`);

    // every member once, all counted
    const detail = (await (await proxy.get(`/api/vottings/${voting}`, { headers: auth(op) })).json()).data;
    const pids = (detail.votes as { parliamentary_id: number; voto: string }[]).map((v) => v.parliamentary_id).sort();
    expect(pids).toEqual(members.map((m) => m.pid).sort());
    expect(new Set(pids).size).toBe(members.length);
    const [{ n }] = await dbQuery<{ n: number }>('select count(*)::int as n from votes where votting_id = $1', [voting]);
    expect(n).toBe(members.length);

    // the session goes on through the proxy (only B is left): close the vote, finish the session
    const closed = await proxy.put(`/api/plenary_matters/${detail.plenary_matter_id}/close_votting`, { headers: auth(op), data: {} });
    expect(closed.status(), await closed.text()).toBe(200);
    const live = (await (await proxy.get(`/api/plenary_sessions/${session.id}/live`, { headers: auth(op) })).json()).data;
    expect(live.voting).toMatchObject({ status: 'encerrada', resultado: 'aprovado', tally: expect.objectContaining({ nao: 0, abstencao: 0 }) });
    expect(live.voting.tally.sim).toBeGreaterThanOrEqual(members.length - 1);
    expect((await proxy.post(`/api/plenary_sessions/${session.id}/finalizar`, { headers: auth(op) })).status()).toBe(200);
  });

  test('an e-mail job that A was running when it died is delivered by B', async () => {
    test.setTimeout(180_000);
    // A comes back on its own folder; B steps out for a moment so that A takes the job
    startNode('a');
    await waitReady(PORT.a);
    await stopNode('b', 'SIGTERM');
    smtp.stallNext();
    const before = smtp.messages.length;
    const asked = await ctxA.post('/api/forgot-password', { data: { email: 'vereador5@paco.demo' } });
    expect(asked.status()).toBe(200);
    // A's delivery hangs on the SMTP server…
    await expect.poll(() => smtp.stalled, { timeout: 20_000 }).toBe(1);
    const [row] = await dbQuery<{ id: number; sent: boolean }>(`select id, sent from mail_outbox where "to" = 'vereador5@paco.demo' order by id desc limit 1`);
    expect(row.sent).toBe(false);
    const [running] = await dbQuery<{ id: string; state: string }>(`select id, state::text from pgboss.job where name = 'mail.deliver' and data->>'id' = $1`, [String(row.id)]);
    expect(running.state).toBe('active');
    // …B starts, A dies with the job in its hands
    startNode('b');
    await waitReady(PORT.b);
    await stopNode('a', 'SIGKILL');
    const died = Date.now();
    // B fails the orphan after its expiry (5 s) and runs it again
    try {
      await expect.poll(async () => (await dbQuery<{ sent: boolean }>('select sent from mail_outbox where id = $1', [row.id]))[0].sent, { timeout: 60_000, intervals: [500] }).toBe(true);
    } catch (e) {
      const jobs = await dbQuery(`select id, state::text, retry_count, started_on, start_after, expire_in::text, output from pgboss.job where name = 'mail.deliver' order by created_on desc limit 3`);
      const outbox = await dbQuery('select id, sent, error from mail_outbox where id = $1', [row.id]);
      throw new Error(`${(e as Error).message}\njobs: ${JSON.stringify(jobs)}\noutbox: ${JSON.stringify(outbox)}\nsmtp: ${smtp.messages.length} mensagens, ${smtp.stalled} presas`);
    }
    console.info(`[nós] e-mail retomado por B ${Date.now() - died} ms após a morte de A`);
    expect(smtp.messages.length).toBe(before + 1);
    expect(smtp.messages.at(-1)).toContain('vereador5@paco.demo');
    const [job] = await dbQuery<{ state: string; retry_count: number }>(
      `select state::text, retry_count from pgboss.job where id = $1 union all select state::text, retry_count from pgboss.archive where id = $1`, [running.id]);
    expect(job.state).toBe('completed');
    expect(job.retry_count).toBeGreaterThanOrEqual(1);
    // the proxy still serves through B
    expect((await proxy.get('/api/health/ready')).status()).toBe(200);
  });
});
