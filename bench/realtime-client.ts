/**
 * Load client of the realtime benchmark (a child process forked by bench/realtime.ts; several run side by side).
 * Holds N server-sent-event connections to 127.0.0.1 with raw node:http and reads only the event headers
 * (`id: <version>` + `event: <name>`), never the JSON. Receive times are `process.hrtime` (CLOCK_MONOTONIC,
 * comparable across processes of the same machine), in ms. Talks to the parent by IPC:
 *
 *   open {ports, path, count, offset, concurrency, timeoutMs} → opened {ok, failed, errors, ms, server[]}
 *   arm {seq, base}  → armed          (then, when every live connection saw an event with version > base: complete {seq})
 *   collect {seq}    → times {seq, times[] (NaN = not received, -1 = connection not open), kinds}
 *   stats            → stats {cpuMicros, rss, live, closed, maxVersion, minVersion}
 *   close            → closed, then exit
 */
import http from 'node:http';

const now = (): number => Number(process.hrtime.bigint()) / 1e6;
const send = (m: unknown): void => void process.send?.(m);

const ID = Buffer.from('\nid: ');
/** longest header we need in one piece: "\nid: " + 16 digits + "\nevent: snapshot\n" */
const CARRY = 48;

interface Conn {
  req: http.ClientRequest;
  res?: http.IncomingMessage;
  server: number;
  version: number;
  live: boolean;
  carry: Buffer;
  carryLen: number;
}

const conns: Conn[] = [];
let agent: http.Agent | null = null;
let seq = -1;
let base = Infinity;
let times = new Float64Array(0);
let remaining = 0;
let liveCount = 0;
let closedUnexpectedly = 0;
/** events by name received during the current action (change, snapshot, resync, uptodate …) */
let kinds: Record<string, number> = {};
let onOpened: ((c: Conn, ok: boolean, why?: string) => void) | null = null;

type Emit = (version: number, event: string) => void;

/**
 * Finds the complete `\nid: N\nevent: X\n` headers of `buf` that start before `startBefore` and end at or after
 * `endFrom` (offsets in `buf`); stops at an incomplete header.
 */
function headers(buf: Buffer, startBefore: number, endFrom: number, emit: Emit): void {
  let p = buf.indexOf(ID);
  while (p !== -1 && p < startBefore) {
    let q = p + ID.length;
    let v = 0;
    while (q < buf.length && buf[q] >= 48 && buf[q] <= 57) v = v * 10 + (buf[q++] - 48);
    // then "\nevent: " + name + "\n"
    const nl = q < buf.length ? buf.indexOf(10, q + 1) : -1;
    if (nl === -1) return; // incomplete: the next chunk's carry has it
    if (nl >= endFrom) emit(v, buf.toString('latin1', q + 8, nl));
    p = buf.indexOf(ID, nl);
  }
}

/** Scans one chunk of the body without copying it: headers across the previous chunk's end, then the chunk's own. */
export function scan(c: { carry: Buffer; carryLen: number }, chunk: Buffer, emit: Emit): void {
  if (c.carryLen) {
    const head = Buffer.concat([c.carry.subarray(0, c.carryLen), chunk.subarray(0, CARRY)]);
    headers(head, c.carryLen, c.carryLen, emit);
  }
  headers(chunk, chunk.length, 0, emit);
  // keep the last bytes (a header may continue in the next chunk)
  if (chunk.length >= CARRY) {
    chunk.copy(c.carry, 0, chunk.length - CARRY);
    c.carryLen = CARRY;
  } else {
    const keep = Math.min(c.carryLen, CARRY - chunk.length);
    c.carry.copy(c.carry, 0, c.carryLen - keep, c.carryLen);
    chunk.copy(c.carry, keep);
    c.carryLen = keep + chunk.length;
  }
}

function onEvent(i: number, c: Conn, version: number, name: string): void {
  if (version > c.version) c.version = version;
  if (name === 'snapshot' || name === 'uptodate') {
    if (onOpened && !c.live) onOpened(c, true);
  }
  if (seq >= 0 && version > base && Number.isNaN(times[i])) {
    times[i] = now();
    kinds[name] = (kinds[name] ?? 0) + 1;
    if (--remaining === 0) send({ type: 'complete', seq });
  }
}

function open(m: { ports: number[]; path: string; count: number; offset: number; concurrency: number; timeoutMs: number }): void {
  agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 0 });
  const t0 = now();
  let started = 0;
  let settled = 0;
  let ok = 0;
  let failed = 0;
  const errors: Record<string, number> = {};
  const deadline = setTimeout(() => finish(), m.timeoutMs);
  const pendingTimer = new Map<Conn, NodeJS.Timeout>();
  const finish = (): void => {
    if (!onOpened) return;
    onOpened = null;
    clearTimeout(deadline);
    for (const [c, t] of pendingTimer) { clearTimeout(t); c.req.destroy(); }
    const notOpened = conns.length - ok - failed;
    if (notOpened) errors['tempo esgotado'] = (errors['tempo esgotado'] ?? 0) + notOpened;
    // server of each connection by index (-1: not open; it takes no part from here on)
    send({ type: 'opened', ok, failed: failed + notOpened, errors, ms: now() - t0, server: conns.map((c) => (c.live ? c.server : -1)) });
  };
  onOpened = (c, good, why) => {
    const t = pendingTimer.get(c);
    if (t) { clearTimeout(t); pendingTimer.delete(c); }
    if (good) { c.live = true; ok++; liveCount++; } else { failed++; errors[why ?? 'erro'] = (errors[why ?? 'erro'] ?? 0) + 1; }
    settled++;
    if (started < m.count) next();
    else if (settled >= m.count) finish();
  };
  const next = (): void => {
    const k = started++;
    const server = (m.offset + k) % m.ports.length;
    const c: Conn = { req: null as unknown as http.ClientRequest, server, version: 0, live: false, carry: Buffer.alloc(CARRY, 10), carryLen: 1 };
    const i = conns.length;
    conns.push(c);
    const fail = (why: string): void => { if (!c.live && onOpened && pendingTimer.has(c)) onOpened(c, false, why); };
    pendingTimer.set(c, setTimeout(() => { fail('tempo esgotado'); c.req.destroy(); }, Math.min(30_000, m.timeoutMs)));
    c.req = http.get({ host: '127.0.0.1', port: m.ports[server], path: m.path, agent: agent!, headers: { accept: 'text/event-stream' } }, (res) => {
      c.res = res;
      if (res.statusCode !== 200) { fail(`HTTP ${res.statusCode}`); res.resume(); c.req.destroy(); return; }
      const emit: Emit = (v, name) => onEvent(i, c, v, name);
      res.on('data', (chunk: Buffer) => scan(c, chunk, emit));
      res.on('close', () => {
        if (c.live) { c.live = false; liveCount--; closedUnexpectedly++; if (seq >= 0 && Number.isNaN(times[i]) && --remaining === 0) send({ type: 'complete', seq }); }
      });
    });
    c.req.on('error', (e: NodeJS.ErrnoException) => fail(e.code ?? e.message));
  };
  for (let k = 0; k < Math.min(m.concurrency, m.count); k++) next();
  if (m.count === 0) finish();
}

function arm(m: { seq: number; base: number }): void {
  seq = m.seq;
  base = m.base;
  kinds = {};
  times = new Float64Array(conns.length).fill(NaN);
  remaining = 0;
  for (let i = 0; i < conns.length; i++) {
    if (!conns[i].live) { times[i] = -1; continue; }
    if (conns[i].version > base) times[i] = now(); // already past (should not happen when the parent waits)
    else remaining++;
  }
  send({ type: 'armed', seq });
  if (remaining === 0) send({ type: 'complete', seq });
}

function stats(): void {
  const c = process.cpuUsage();
  let max = 0;
  let min = Infinity;
  for (const x of conns) if (x.live) { max = Math.max(max, x.version); min = Math.min(min, x.version); }
  send({ type: 'stats', cpuMicros: c.user + c.system, rss: process.memoryUsage().rss, live: liveCount, closed: closedUnexpectedly, maxVersion: max, minVersion: min === Infinity ? 0 : min });
}

function close(): void {
  seq = -1;
  for (const c of conns) { c.live = false; c.req.destroy(); }
  agent?.destroy();
  send({ type: 'closed' });
  setTimeout(() => process.exit(0), 50);
}

process.on('message', (m: { type: string } & Record<string, any>) => {
  if (m.type === 'open') open(m as never);
  else if (m.type === 'arm') arm(m as never);
  else if (m.type === 'collect') {
    send({ type: 'times', seq: m.seq, times: Array.from(times), kinds });
    seq = -1;
  } else if (m.type === 'stats') stats();
  else if (m.type === 'close') close();
});
// the parent went away: do not linger with thousands of sockets
process.on('disconnect', () => { for (const c of conns) c.req.destroy(); process.exit(0); });
