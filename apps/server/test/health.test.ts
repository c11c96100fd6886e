/** Health checks, Prometheus metrics and request ids (issue 14 §2). */
import { writeFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
const TOKEN = 'token-das-metricas-de-teste';

beforeAll(async () => {
  t = await makeApp({ metricsToken: TOKEN });
});
afterAll(async () => t?.close());

describe('health', () => {
  it('GET /api/health and /api/health/live answer while the process runs', async () => {
    expect((await t.call('GET', '/api/health')).json()).toEqual({ status: 'ok', database: t.database.kind });
    expect((await t.call('GET', '/api/health/live')).json()).toEqual({ status: 'ok' });
  });

  it('GET /api/health/ready checks the database, the migrations, the storage and the job queue', async () => {
    const res = await t.call('GET', '/api/health/ready');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', storage: 'ok', jobs: 'ok' } });
  });

  it('is not ready with a migration missing', async () => {
    const [last] = ((await t.database.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as { rows: { id: number; hash: string; created_at: string }[] }).rows;
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const res = await t.call('GET', '/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json().status).toBe('indisponível');
      expect(res.json().checks.migrations).toMatch(/^migrações pendentes/);
      expect(res.json().checks.database).toBe('ok');
    } finally {
      await t.database.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`);
    }
    expect((await t.call('GET', '/api/health/ready')).statusCode).toBe(200);
  });

  it('is not ready when the storage cannot be written', async () => {
    // the seeded template's app (no migrations of its own to wait for), whose storage folder then becomes a file:
    // nothing can be written under it any more
    const broken = await makeApp();
    const { storageDir } = broken.config;
    rmSync(storageDir, { recursive: true, force: true });
    writeFileSync(storageDir, 'x');
    try {
      const res = await broken.call('GET', '/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.storage).not.toBe('ok');
      expect(res.json().checks.database).toBe('ok');
    } finally {
      await broken.close();
    }
  });
});

describe('metrics', () => {
  it('are closed without the token, and absent without METRICS_TOKEN', async () => {
    expect((await t.call('GET', '/metrics')).statusCode).toBe(401);
    expect((await t.call('GET', '/metrics', { headers: { authorization: 'Bearer errado' } })).statusCode).toBe(401);
    const off = await makeApp();
    try {
      expect((await off.call('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('count requests per route pattern and expose pool, realtime streams, job queue and memory', async () => {
    const token = await t.login('admin@paco.demo');
    await t.call('GET', '/api/parties?perPage=5', { token });
    await t.call('GET', '/api/parties/999999', { token });
    const res = await t.call('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(/paco_http_requests_total\{method="GET",route="\/api\/parties",status="200",pid="\d+"\} 1/);
    expect(text).toMatch(/paco_http_requests_total\{method="GET",route="\/api\/parties\/:id",status="404",pid="\d+"\} 1/);
    expect(text).toMatch(/paco_http_request_duration_seconds_bucket\{le="\+Inf",[^}]*route="\/api\/parties"[^}]*\} 1/);
    expect(text).toMatch(/paco_db_pool_connections\{state="total",pid="\d+"\} \d+/);
    expect(text).toMatch(/paco_realtime_sse_connections\{pid="\d+"\} 0/);
    expect(text).toMatch(/# TYPE paco_jobs gauge/);
    expect(text).toMatch(/paco_process_resident_memory_bytes\{pid="\d+"\} \d+/);
    expect(text).not.toContain('route="/metrics"');
  });

  it('time each realtime event from its publication to the last socket write of the fan-out', async () => {
    const read = async () => (await t.call('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const count = (text: string) => Number(/paco_realtime_delivery_seconds_count\{pid="\d+"\} (\d+)/.exec(text)?.[1] ?? NaN);
    const before = count(await read());
    // an event nobody in this process listens to is no delivery
    await t.app.realtime.publish('test:sem-ouvintes', 'x', {});
    const got: unknown[] = [];
    const off = t.app.realtime.subscribe('test:metricas', (e) => got.push(e));
    try {
      await t.app.realtime.publish('test:metricas', 'x', { n: 1 });
      for (let i = 0; i < 100 && !got.length; i++) await new Promise((r) => setTimeout(r, 20));
      expect(got).toHaveLength(1);
      const text = await read();
      expect(count(text)).toBe(before + 1);
      expect(text).toMatch(/paco_realtime_delivery_seconds_bucket\{le="0.001",pid="\d+"\} \d+/);
      expect(Number(/paco_realtime_delivery_seconds_sum\{pid="\d+"\} ([\d.e-]+)/.exec(text)?.[1])).toBeGreaterThan(0);
    } finally {
      off();
    }
  });
});

describe('request ids', () => {
  it('every answer carries one; a sane X-Request-Id from the proxy is kept, anything else replaced', async () => {
    const a = await t.call('GET', '/api/health');
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.call('GET', '/api/health', { headers: { 'x-request-id': 'nginx-abc123' } })).headers['x-request-id']).toBe('nginx-abc123');
    const bad = await t.call('GET', '/api/health', { headers: { 'x-request-id': 'a b<script>' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
