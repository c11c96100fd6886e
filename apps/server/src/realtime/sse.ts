/**
 * Server-Sent Events for a realtime channel: `snapshot` (with its version as the event id) on connect, then
 * every change; a reconnecting EventSource sends Last-Event-ID and gets a fresh snapshot only if it is behind.
 * Heartbeat comments keep proxies from closing idle connections.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RealtimeEvent, RealtimeHub } from './hub.ts';

const HEARTBEAT_MS = 20_000;

export async function streamChannel(hub: RealtimeHub, channel: string, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const res = reply.raw;
  reply.hijack();
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  const send = (e: { id?: number; event: string; data: unknown }) => {
    res.write(`${e.id !== undefined ? `id: ${e.id}\n` : ''}event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
  };
  // buffer events published while the snapshot is read, then replay the newer ones
  let ready = false;
  const pending: RealtimeEvent[] = [];
  let last = 0;
  const onEvent = (e: RealtimeEvent) => {
    if (!ready) return void pending.push(e);
    if (e.version <= last) return;
    last = e.version;
    send({ id: e.version, event: e.type === 'resync' ? 'resync' : 'change', data: { type: e.type, version: e.version, data: e.data } });
  };
  const unsubscribe = hub.subscribe(channel, onEvent);
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const cleanup = () => {
    clearInterval(heartbeat);
    unsubscribe();
  };
  req.raw.on('close', cleanup);
  res.write('retry: 1000\n\n');
  try {
    const since = Number(req.headers['last-event-id'] ?? (req.query as Record<string, string>)?.since ?? NaN);
    const current = await hub.version(channel);
    if (Number.isFinite(since) && since === current) {
      last = current;
      send({ id: current, event: 'uptodate', data: { version: current } });
    } else {
      const snap = await hub.snapshot(channel);
      last = snap.version;
      send({ id: snap.version, event: 'snapshot', data: snap });
    }
  } catch {
    send({ event: 'error', data: { message: 'Não foi possível carregar o estado atual.' } });
  }
  ready = true;
  for (const e of pending.splice(0)) onEvent(e);
}
