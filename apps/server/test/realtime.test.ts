import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RealtimeHub, type RealtimeEvent } from '../src/realtime/hub.ts';
import { streamChannel } from '../src/realtime/sse.ts';
import { makeApp, usingPostgres, type TestApp } from './helpers.ts';

let t: TestApp;
let state = { n: 0 };
let base = '';

beforeAll(async () => {
  t = await makeApp();
  t.app.realtime.provide('test', async () => ({ ...state }));
});
afterAll(async () => { await t?.close(); });

/** Reads SSE frames from a stream until `count` data events arrived. */
function readEvents(url: string, count: number, headers: Record<string, string> = {}): Promise<{ event: string; id?: string; data: any }[]> {
  return new Promise((resolve, reject) => {
    const out: { event: string; id?: string; data: any }[] = [];
    const req = request(url, { headers }, (res) => {
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const frame = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const ev: { event: string; id?: string; data: any } = { event: 'message', data: null };
          for (const line of frame.split('\n')) {
            if (line.startsWith('event: ')) ev.event = line.slice(7);
            else if (line.startsWith('id: ')) ev.id = line.slice(4);
            else if (line.startsWith('data: ')) ev.data = JSON.parse(line.slice(6));
          }
          if (ev.data !== null) out.push(ev);
          if (out.length >= count) {
            req.destroy();
            resolve(out);
          }
        }
      });
    });
    req.on('error', (e) => (out.length >= count ? undefined : reject(e)));
    req.end();
    setTimeout(() => { req.destroy(); reject(new Error(`timeout: got ${JSON.stringify(out)}`)); }, 5000).unref();
  });
}

describe('realtime hub', () => {
  it('versions grow with every publish and subscribers receive the events', async () => {
    const hub = t.app.realtime;
    const got: RealtimeEvent[] = [];
    const off = hub.subscribe('test:1', (e) => got.push(e));
    const v0 = await hub.version('test:1');
    await hub.publish('test:1', 'tick', { n: 1 });
    await hub.publish('test:1', 'tick', { n: 2 });
    await new Promise((r) => setTimeout(r, usingPostgres() ? 300 : 20));
    off();
    expect(got.map((e) => e.version)).toEqual([v0 + 1, v0 + 2]);
    expect(await hub.version('test:1')).toBe(v0 + 2);
  });

  it('streams a snapshot with its version, then changes; a client that is up to date gets no snapshot', async () => {
    const { default: Fastify } = await import('fastify');
    const srv = Fastify();
    srv.get('/s/:ch', (req, reply) => streamChannel(t.app.realtime, `test:${(req.params as { ch: string }).ch}`, req, reply));
    await srv.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(srv.server.address() as AddressInfo).port}`;
    try {
      state = { n: 7 };
      const pending = readEvents(`${base}/s/2`, 2);
      await new Promise((r) => setTimeout(r, 150));
      await t.app.realtime.publish('test:2', 'tick', { n: 8 });
      const [snap, change] = await pending;
      expect(snap.event).toBe('snapshot');
      expect(snap.data.data).toEqual({ n: 7 });
      expect(change.event).toBe('change');
      expect(change.data).toMatchObject({ type: 'tick', data: { n: 8 }, version: snap.data.version + 1 });
      const [again] = await readEvents(`${base}/s/2`, 1, { 'Last-Event-ID': String(change.data.version) });
      expect(again.event).toBe('uptodate');
      const [behind] = await readEvents(`${base}/s/2`, 1, { 'Last-Event-ID': String(change.data.version - 1) });
      expect(behind.event).toBe('snapshot');
    } finally {
      await srv.close();
    }
  });

  it.runIf(usingPostgres())('fans out across server processes through LISTEN/NOTIFY', async () => {
    const other = new RealtimeHub(t.database.db, t.config.databaseUrl);
    await other.start();
    try {
      const got: RealtimeEvent[] = [];
      other.subscribe('test:3', (e) => got.push(e));
      await new Promise((r) => setTimeout(r, 100));
      const e = await t.app.realtime.publish('test:3', 'tick', { n: 1 });
      for (let i = 0; i < 50 && !got.length; i++) await new Promise((r) => setTimeout(r, 20));
      expect(got).toEqual([e]);
    } finally {
      await other.close();
    }
  });
});
