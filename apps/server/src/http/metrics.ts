/**
 * Prometheus metrics at GET /metrics, opened by `Authorization: Bearer <METRICS_TOKEN>` (without METRICS_TOKEN the
 * route answers 404, as if it did not exist):
 *   paco_http_requests_total{method,route,status}       requests answered, per route pattern
 *   paco_http_request_duration_seconds{method,route}    their latency (histogram)
 *   paco_db_pool_connections{state}                     PostgreSQL pool: total, idle, waiting (PGlite: one connection)
 *   paco_realtime_sse_connections                       open realtime streams of this process
 *   paco_realtime_delivery_seconds                      server-side delivery of each event to this process's
 *                                                       streams: from its NOTIFY (the publisher's commit) to the
 *                                                       last socket write of the fan-out (histogram)
 *   paco_jobs{queue,state}                              job queue depth: waiting (created), retry, active
 *   paco_process_*, paco_nodejs_*                       memory (RSS, heap), CPU, event loop delay, handles
 * Every series carries `pid`: with WORKERS > 1 the processes share one port, each scrape reaches one of them, and
 * the label keeps their series apart (sum them in queries).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { RealtimeHub } from '../realtime/hub.ts';

export interface MetricsDeps {
  database: Database;
  jobs: JobQueue;
  /** open realtime streams of this process */
  sseConnections: () => number;
  realtime: Pick<RealtimeHub, 'onDelivered'>;
  token?: string;
}

const sameToken = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): Registry {
  const register = new Registry();
  register.setDefaultLabels({ pid: String(process.pid) });
  collectDefaultMetrics({ register, prefix: 'paco_' });

  const requests = new Counter({ name: 'paco_http_requests_total', help: 'Requisições HTTP respondidas', labelNames: ['method', 'route', 'status'] as const, registers: [register] });
  const duration = new Histogram({
    name: 'paco_http_request_duration_seconds', help: 'Tempo de resposta das requisições HTTP', labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [register],
  });
  const pool = deps.database.pool;
  new Gauge({
    name: 'paco_db_pool_connections', help: 'Conexões do pool do PostgreSQL deste processo', labelNames: ['state'] as const, registers: [register],
    collect() {
      if (pool) {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      } else {
        this.set({ state: 'total' }, 1);
      }
    },
  });
  new Gauge({
    name: 'paco_realtime_sse_connections', help: 'Conexões de tempo real (SSE) abertas neste processo', registers: [register],
    collect() { this.set(deps.sseConnections()); },
  });
  const delivery = new Histogram({
    name: 'paco_realtime_delivery_seconds', help: 'Entrega de cada evento de tempo real às conexões deste processo: do NOTIFY (commit de quem publicou) à última escrita nos sockets',
    buckets: [0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.04, 0.05, 0.075, 0.1, 0.125, 0.15, 0.2, 0.3, 0.5, 1, 2.5], registers: [register],
  });
  deps.realtime.onDelivered((ms) => delivery.observe(ms / 1000));
  new Gauge({
    name: 'paco_jobs', help: 'Tarefas na fila por estado (created: aguardando; retry: para nova tentativa; active: em execução)',
    labelNames: ['queue', 'state'] as const, registers: [register],
    async collect() {
      this.reset();
      for (const d of await deps.jobs.depth().catch(() => [])) this.set({ queue: d.queue, state: d.state }, d.count);
    },
  });

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'sem rota';
    if (route === '/metrics') return;
    const labels = { method: req.method, route };
    requests.inc({ ...labels, status: String(reply.statusCode) });
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!deps.token) return reply.status(404).send({ message: 'Rota não encontrada.' });
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !sameToken(auth.slice(7), deps.token)) {
      return reply.status(401).header('WWW-Authenticate', 'Bearer').send({ message: 'Token de métricas inválido.' });
    }
    return reply.header('Content-Type', register.contentType).header('Cache-Control', 'no-store').send(await register.metrics());
  });
  return register;
}
