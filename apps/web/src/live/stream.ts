/**
 * Server push client (docs/plenary.md "Push"): reads a server-sent event stream with `fetch` (so it can send the
 * token), applies `snapshot` / `change` events to a state, resumes from the last version on reconnect
 * (`Last-Event-ID`), and reconnects by itself with backoff (0.5 s doubling up to 10 s). Also measures the offset
 * between the server's clock and this device's from the events' `at`, so every screen shows the same timer.
 */
import { API_BASE, getToken } from '../api/client';

export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'error';

export interface StreamEvent { event: string; id: number | null; data: unknown }

export interface StreamHandlers {
  onEvent(e: StreamEvent): void;
  onStatus?(s: StreamStatus, detail?: string): void;
}

export interface StreamOptions {
  /** path under /api, e.g. `public/plenario/3/stream` */
  path: string;
  /** send the session token (staff streams) */
  auth?: boolean;
}

/** Parses a chunked text/event-stream; returns the unparsed rest. */
export function parseSse(buffer: string, emit: (e: StreamEvent) => void): string {
  let rest = buffer;
  for (;;) {
    const end = rest.search(/\r?\n\r?\n/);
    if (end < 0) return rest;
    const block = rest.slice(0, end);
    rest = rest.slice(end + (rest[end] === '\r' ? 4 : 2));
    let event = 'message';
    let id: number | null = null;
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (!line || line.startsWith(':')) continue;
      const i = line.indexOf(':');
      const field = i < 0 ? line : line.slice(0, i);
      const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'id') id = Number(value);
      else if (field === 'data') data.push(value);
    }
    if (!data.length) continue;
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(data.join('\n'));
    } catch {
      continue;
    }
    emit({ event, id: Number.isFinite(id) ? id : null, data: parsed });
  }
}

const MIN_DELAY = 500;
const MAX_DELAY = 10_000;

/** Opens the stream and keeps it open until the returned function is called. */
export function openStream(opts: StreamOptions, h: StreamHandlers): () => void {
  let stopped = false;
  let lastId: number | null = null;
  let delay = MIN_DELAY;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const connect = async () => {
    if (stopped) return;
    controller = new AbortController();
    h.onStatus?.(lastId === null ? 'connecting' : 'reconnecting');
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream' };
      if (lastId !== null) headers['Last-Event-ID'] = String(lastId);
      const token = opts.auth ? getToken() : null;
      if (token) headers.Authorization = `Bearer ${token}`;
      const res = await fetch(`${API_BASE}/${opts.path.replace(/^\//, '')}`, { headers, signal: controller.signal, cache: 'no-store' });
      if (!res.ok || !res.body) {
        let message = `Erro ${res.status}`;
        try {
          message = ((await res.json()) as { message?: string }).message ?? message;
        } catch { /* not json */ }
        // 4xx other than 429 will not fix themselves by retrying fast
        if (res.status >= 400 && res.status < 500 && res.status !== 429) {
          h.onStatus?.('error', message);
          delay = MAX_DELAY;
        }
        throw new Error(message);
      }
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer = parseSse(buffer + value, (e) => {
          if (e.id !== null) lastId = e.id;
          if (e.event === 'snapshot' || e.event === 'uptodate') {
            delay = MIN_DELAY;
            h.onStatus?.('live');
          }
          h.onEvent(e);
        });
      }
    } catch {
      /* network error or aborted: reconnect below */
    }
    if (stopped) return;
    h.onStatus?.('reconnecting');
    timer = setTimeout(() => void connect(), delay + Math.random() * 250);
    delay = Math.min(MAX_DELAY, delay * 2);
  };
  void connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    controller?.abort();
  };
}
