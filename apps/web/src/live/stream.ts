/**
 * Server push client (docs/plenary.md "Push"): reads a server-sent event stream with `fetch` (so it can send the
 * token), applies `snapshot` / `change` events to a state, resumes from the last version on reconnect
 * (`Last-Event-ID`), and reconnects by itself with backoff (0.5 s doubling up to 10 s). Feeds the shared server
 * clock (serverClock.ts) with the events' `at`, so every screen shows the same time.
 *
 * It never trusts a quiet stream (issue 16 item 6): a `change` whose version skips one means a change was missed,
 * a heartbeat (`ping {version}`) newer than the last version applied, twice in a row, means the same; both resync
 * (reconnect: the server answers a client behind with a fresh snapshot). A stream that brings nothing at all, not
 * even heartbeats, for `silentMs`, or a connection that does not answer in `connectMs`, is dropped and reopened.
 */
import { createParser, type EventSourceParser } from 'eventsource-parser';
import { API_BASE, getToken } from '../api/client';
import { noteServerTime } from './serverClock';

export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'error';

export interface StreamEvent { event: string; id: number | null; data: unknown }

export interface StreamHandlers {
  onEvent(e: StreamEvent): void;
  onStatus?(s: StreamStatus, detail?: string): void;
  /** why the client dropped the stream to resync (a version skipped, a heartbeat ahead, silence) */
  onResync?(why: 'gap' | 'behind' | 'silent' | 'resync'): void;
}

export interface StreamOptions {
  /** path under /api, e.g. `public/plenario/3/stream` */
  path: string;
  /** send the session token (staff streams) */
  auth?: boolean;
}

/** Timing of the watchdogs (tests shorten it). The server sends a heartbeat every 15 s. */
export const streamTiming = { silentMs: 40_000, connectMs: 10_000 };

/**
 * A parser of the text/event-stream format (`eventsource-parser`, maintained, the format's corner cases: CR, LF and
 * CRLF endings, multi-line data, comments, a block split across chunks) that hands out our events: the event name
 * (default `message`), the numeric id, and the data as JSON (an event whose data is not JSON is skipped).
 */
export function sseParser(emit: (e: StreamEvent) => void): EventSourceParser {
  return createParser({
    onEvent(m) {
      let data: unknown;
      try {
        data = JSON.parse(m.data);
      } catch {
        return;
      }
      const id = m.id === undefined || m.id === '' ? null : Number(m.id);
      emit({ event: m.event ?? 'message', id: Number.isFinite(id) ? id : null, data });
    },
  });
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
  let watchdog: ReturnType<typeof setTimeout> | null = null;
  /** the version a heartbeat announced while we were behind it */
  let behind: number | null = null;

  const connect = async () => {
    if (stopped) return;
    const ctrl = new AbortController();
    controller = ctrl;
    behind = null;
    let resyncing = false;
    /** drops this connection (the loop below reconnects at once) */
    const drop = (why: 'gap' | 'behind' | 'silent' | 'resync') => {
      if (resyncing) return;
      resyncing = true;
      h.onResync?.(why);
      ctrl.abort();
    };
    const arm = (ms: number) => {
      if (watchdog) clearTimeout(watchdog);
      watchdog = setTimeout(() => drop('silent'), ms);
    };
    h.onStatus?.(lastId === null ? 'connecting' : 'reconnecting');
    arm(streamTiming.connectMs);
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream' };
      if (lastId !== null) headers['Last-Event-ID'] = String(lastId);
      const token = opts.auth ? getToken() : null;
      if (token) headers.Authorization = `Bearer ${token}`;
      const res = await fetch(`${API_BASE}/${opts.path.replace(/^\//, '')}`, { headers, signal: ctrl.signal, cache: 'no-store' });
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
      arm(streamTiming.silentMs);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      const parser = sseParser((e) => {
        if (resyncing) return;
        const d = e.data as { version?: number; at?: number } | null;
        if (typeof d?.at === 'number') noteServerTime(d.at);
        if (e.event === 'ping') {
          const v = typeof d?.version === 'number' ? d.version : null;
          if (v === null || lastId === null || v <= lastId) behind = null;
          else if (behind !== null && lastId < behind) drop('behind');
          else behind = v;
          h.onEvent(e);
          return;
        }
        if (e.event === 'resync') return drop('resync');
        if (e.event === 'change' && e.id !== null && lastId !== null && e.id > lastId + 1) return drop('gap');
        if (e.id !== null) lastId = e.id;
        if (e.event === 'snapshot' || e.event === 'uptodate') {
          delay = MIN_DELAY;
          h.onStatus?.('live');
        }
        h.onEvent(e);
      });
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        // anything at all (an event, a heartbeat, a comment) proves the stream alive
        arm(streamTiming.silentMs);
        parser.feed(value);
      }
    } catch {
      /* network error or aborted: reconnect below */
    }
    if (watchdog) clearTimeout(watchdog);
    if (stopped) return;
    h.onStatus?.('reconnecting');
    // a resync reconnects at once; a failure waits, longer each time
    const wait = resyncing ? 200 : delay + Math.random() * 250;
    if (!resyncing) delay = Math.min(MAX_DELAY, delay * 2);
    timer = setTimeout(() => void connect(), wait);
  };
  void connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    if (watchdog) clearTimeout(watchdog);
    controller?.abort();
  };
}
