// @vitest-environment jsdom
/**
 * The push client never trusts a quiet stream (issue 16 item 6): a skipped version, a heartbeat ahead of what was
 * applied (twice), or silence make it resync; and the server clock shared by every live screen (item 9).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openStream, sseParser, streamTiming, type StreamEvent } from './stream';
import { noteServerTime, resetServerClock, serverNow, serverOffset } from './serverClock';

/** A fake server: each connection gets a controllable event stream; the test pushes frames into the latest one. */
function fakeServer() {
  const enc = new TextEncoder();
  const connections: { headers: Record<string, string>; push: (frame: string) => void; signal: AbortSignal }[] = [];
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    let ctrl!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start(c) { ctrl = c; } });
    const signal = init!.signal!;
    signal.addEventListener('abort', () => { try { ctrl.error(new DOMException('aborted', 'AbortError')); } catch { /* closed */ } });
    connections.push({ headers: (init?.headers ?? {}) as Record<string, string>, push: (f) => ctrl.enqueue(enc.encode(f)), signal });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const ev = (event: string, data: unknown, id?: number) => `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  return { connections, ev, latest: () => connections[connections.length - 1] };
}

const flush = async (ms = 0) => { await vi.advanceTimersByTimeAsync(ms); };

beforeEach(() => {
  vi.useFakeTimers();
  resetServerClock();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('openStream', () => {
  it('a change whose version skips one makes it resync: it reconnects from the last version it applied', async () => {
    const srv = fakeServer();
    const got: StreamEvent[] = [];
    const why: string[] = [];
    const stop = openStream({ path: 'public/plenario/5/stream' }, { onEvent: (e) => got.push(e), onResync: (w) => why.push(w) });
    await flush();
    srv.latest().push(srv.ev('snapshot', { version: 7, data: {} }, 7));
    srv.latest().push(srv.ev('change', { type: 'voting', version: 8, data: {} }, 8));
    await flush();
    expect(got.map((e) => e.id)).toEqual([7, 8]);
    srv.latest().push(srv.ev('change', { type: 'voting', version: 10, data: {} }, 10));
    await flush(300);
    expect(why).toEqual(['gap']);
    expect(got.map((e) => e.id)).toEqual([7, 8]);
    expect(srv.connections).toHaveLength(2);
    expect(srv.latest().headers['Last-Event-ID']).toBe('8');
    stop();
  });

  it('a heartbeat ahead of the last version applied, twice in a row, makes it resync; once is a change in flight', async () => {
    const srv = fakeServer();
    const why: string[] = [];
    const stop = openStream({ path: 'x' }, { onEvent: () => undefined, onResync: (w) => why.push(w) });
    await flush();
    srv.latest().push(srv.ev('snapshot', { version: 3, data: {} }, 3));
    srv.latest().push(srv.ev('ping', { version: 4, at: Date.now() }));
    srv.latest().push(srv.ev('change', { type: 'presence', version: 4, data: {} }, 4));
    srv.latest().push(srv.ev('ping', { version: 4, at: Date.now() }));
    await flush();
    expect(why).toEqual([]);
    // the notification of version 5 never arrives
    srv.latest().push(srv.ev('ping', { version: 5, at: Date.now() }));
    await flush();
    expect(why).toEqual([]);
    srv.latest().push(srv.ev('ping', { version: 5, at: Date.now() }));
    await flush(300);
    expect(why).toEqual(['behind']);
    expect(srv.connections).toHaveLength(2);
    expect(srv.latest().headers['Last-Event-ID']).toBe('4');
    stop();
  });

  it('a stream that brings nothing, not even heartbeats, is dropped and reopened', async () => {
    const srv = fakeServer();
    const why: string[] = [];
    const stop = openStream({ path: 'x' }, { onEvent: () => undefined, onResync: (w) => why.push(w) });
    await flush();
    srv.latest().push(srv.ev('snapshot', { version: 1, data: {} }, 1));
    await flush(streamTiming.silentMs - 1000);
    srv.latest().push(': ping\n\n');
    await flush(streamTiming.silentMs - 1000);
    expect(why).toEqual([]);
    await flush(1500);
    expect(why).toEqual(['silent']);
    await flush(300);
    expect(srv.connections).toHaveLength(2);
    stop();
  });
});

describe('server clock', () => {
  it('keeps the fastest sample: the one that under-estimates the offset the least', () => {
    noteServerTime(10_000, 9_000); // offset 1000 (arrived late)
    noteServerTime(20_200, 19_000); // 1200: travelled faster
    noteServerTime(30_100, 29_000); // 1100
    expect(serverOffset()).toBe(1200);
    expect(serverNow() - Date.now()).toBe(1200);
  });
});

describe('sseParser', () => {
  it('reads events split across chunks, with CRLF or LF endings, comments and multi-line data; skips what is not JSON', () => {
    const got: StreamEvent[] = [];
    const p = sseParser((e) => got.push(e));
    for (const chunk of ['id: 7\r\nevent: chan', 'ge\r\ndata: {"a":\r\ndata: 1}\r\n\r', '\n: heartbeat comment\n\n', 'data: "x"\n\nevent: ping\ndata: nope\n\n', 'id: \ndata: 2\n\n']) p.feed(chunk);
    expect(got).toEqual([
      { event: 'change', id: 7, data: { a: 1 } },
      { event: 'message', id: null, data: 'x' },
      { event: 'message', id: null, data: 2 },
    ]);
  });
});
