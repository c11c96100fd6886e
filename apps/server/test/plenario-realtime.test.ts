/**
 * Issue 16 item 6: panels must not go silently stale when a server process loses its PostgreSQL notification
 * connection. The LISTEN connections are terminated from outside (pg_terminate_backend) under several open panel
 * streams, a change is made while the process reconnects, and every panel must converge to the right state. A
 * connection that the network drops silently (no error, no FIN) is noticed by the heartbeat. PostgreSQL only: on
 * PGlite events travel in memory.
 */
import { request } from 'node:http';
import { createServer, connect as tcpConnect, type AddressInfo, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenChannel } from '../src/db/changes.ts';
import { sseTiming } from '../src/realtime/sse.ts';
import { makeApp, usingPostgres, type TestApp } from './helpers.ts';

const ok = (res: { statusCode: number; body: string }, code = 200) => {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(code);
  return JSON.parse(res.body || 'null');
};
const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor(what: string, cond: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timeout: ${what}`);
    await sleep(50);
  }
}

/** A panel: follows a stream as the web client does (snapshot, then each change replaces its section). */
function follow(url: string, headers: Record<string, string> = {}) {
  const panel = { state: null as Record<string, any> | null, version: 0, events: [] as string[], close: () => undefined as void };
  const req = request(url, { headers }, (res) => {
    let buf = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buf += chunk;
      let i;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const frame = buf.slice(0, i);
        buf = buf.slice(i + 2);
        let event = 'message';
        let data: any = null;
        for (const line of frame.split('\n')) {
          if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data = JSON.parse(line.slice(6));
        }
        if (!data) continue;
        panel.events.push(event);
        if (event === 'snapshot') { panel.state = data.data; panel.version = data.version; }
        if (event === 'change' && panel.state) { panel.state = { ...panel.state, [data.type]: data.data }; panel.version = data.version; }
      }
    });
  });
  req.on('error', () => undefined);
  req.end();
  panel.close = () => { req.destroy(); };
  return panel;
}

describe.runIf(usingPostgres())('the notification connection', () => {
  let t: TestApp;
  let base = '';
  let op: string;
  let session: number;
  let admin: pg.Client;
  const pids: number[] = [];

  beforeAll(async () => {
    t = await makeApp();
    op = await t.login('operador@paco.demo');
    for (const email of ['vereador@paco.demo', 'vereador2@paco.demo', 'vereador4@paco.demo', 'vereador5@paco.demo', 'vereador6@paco.demo']) {
      const token = await t.login(email);
      pids.push(ok(await t.call('GET', '/api/is-parliamentary', { token })).data.parliamentary.id);
    }
    const types = ok(await t.call('GET', '/api/types_of/sessions', { token: op })).data as { id: number; slug: string }[];
    session = ok(await t.call('POST', '/api/plenary_sessions', {
      token: op, body: { numero: 917, type_id: types.find((x) => x.slug === 'extraordinaria')!.id, abertura: today(), horarioInicio: '19:00' },
    }), 201).data.id;
    ok(await t.call('POST', `/api/plenary_sessions/${session}/iniciar`, { token: op }));
    ok(await t.call('POST', `/api/plenary_sessions/${session}/change_presence_list_status`, { token: op, body: { type: 'ordem_dia', status: 'aberta' } }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = new pg.Client({ connectionString: t.config.databaseUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  const present = (p: ReturnType<typeof follow>) => p.state?.presence?.ordem_dia?.presentes?.length ?? -1;

  it('terminated under 8 open panels: a change made while the process reconnects reaches every panel, and so do later ones', async () => {
    // 4 public panels and 4 control rooms
    const all = Array.from({ length: 8 }, (_, i) => (i % 2
      ? follow(`${base}/api/plenary_sessions/${session}/stream`, { Authorization: `Bearer ${op}` })
      : follow(`${base}/api/public/plenario/${session}/stream`)));
    try {
      await waitFor('every panel has its snapshot', () => all.every((p) => present(p) === 0), 5000);

      const listening = await admin.query(`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
        and (application_name like 'paco-listen:%' or query ilike 'listen %')`);
      expect(listening.rows.length, 'the realtime and change-feed LISTEN connections').toBe(2);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where pid = any($1::int[])', [listening.rows.map((r) => r.pid)]);
      // a change while the process has no LISTEN connection: its NOTIFY reaches nobody
      ok(await t.call('POST', `/api/plenary_sessions/${session}/add_presences`, { token: op, body: { type: 'ordem_dia', parliamentary_ids: pids.slice(0, 3) } }), 201);
      await waitFor(`every panel shows 3 present (${all.map(present).join(',')})`, () => all.every((p) => present(p) === 3), 10_000);
      // the process listens again: the next change arrives as usual
      ok(await t.call('POST', `/api/plenary_sessions/${session}/add_presences`, { token: op, body: { type: 'ordem_dia', parliamentary_ids: pids.slice(3, 5) } }), 201);
      await waitFor(`every panel shows 5 present (${all.map(present).join(',')})`, () => all.every((p) => present(p) === 5), 5000);
      const back = await admin.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name like 'paco-listen:%'`);
      expect(back.rows[0].n).toBe(2);
    } finally {
      for (const p of all) p.close();
    }
  });

  it('streams carry a versioned heartbeat (the client compares it with the last version it applied)', async () => {
    const before = sseTiming.heartbeatMs;
    sseTiming.heartbeatMs = 300;
    const p = follow(`${base}/api/public/plenario/${session}/stream`);
    try {
      await waitFor('two pings', () => p.events.filter((e) => e === 'ping').length >= 2, 5000);
    } finally {
      p.close();
      sseTiming.heartbeatMs = before;
      await sleep(350);
    }
  });

  it('a connection the network drops silently (no error, no end) is noticed by the heartbeat and replaced', async () => {
    // a TCP proxy in front of PostgreSQL whose open connections can be frozen: bytes stop flowing both ways
    const db = new URL(t.config.databaseUrl!);
    const pairs: [Socket, Socket][] = [];
    const proxy: Server = createServer((client) => {
      const upstream = tcpConnect(Number(db.port || 5432), db.hostname);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('error', () => undefined);
      upstream.on('error', () => undefined);
      pairs.push([client, upstream]);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const url = new URL(t.config.databaseUrl!);
    url.hostname = '127.0.0.1';
    url.port = String((proxy.address() as AddressInfo).port);
    const heard: string[] = [];
    let lost = 0;
    let back = 0;
    const listener = await listenChannel(url.toString(), 'paco_teste_silencio', (payload) => heard.push(payload), {
      onLost: () => { lost++; }, onBack: () => { back++; }, timing: { heartbeatMs: 200, heartbeatTimeoutMs: 400, retryMs: 100 },
    });
    try {
      await admin.query(`select pg_notify('paco_teste_silencio', 'antes')`);
      await waitFor('the first notification', () => heard.includes('antes'), 3000);
      // the network goes silent for the established connection: nothing errors, nothing ends
      for (const [a, b] of pairs) { a.unpipe(b); b.unpipe(a); a.pause(); b.pause(); }
      await waitFor('the heartbeat notices the silence', () => lost === 1, 3000);
      await waitFor('a new connection listens', () => back === 1, 3000);
      await admin.query(`select pg_notify('paco_teste_silencio', 'depois')`);
      await waitFor('a notification on the new connection', () => heard.includes('depois'), 3000);
    } finally {
      await listener.close();
      for (const [a, b] of pairs) { a.destroy(); b.destroy(); }
      await new Promise((r) => proxy.close(r));
    }
  });
});
