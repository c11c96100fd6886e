/** What the benchmarks that start servers share: a free port, and a JSON call that answers whatever came back. */
import { createServer } from 'node:net';

/** A port free on 127.0.0.1 at this moment. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** One JSON call (30 s at most): its status and body (the text, cut, as `message` when it is not JSON). */
export async function jsonCall(url: string, method: string, token?: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  const r = await fetch(url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await r.text();
  let json: any = null;
  try { json = JSON.parse(text); } catch { json = { message: text.slice(0, 200) }; }
  return { status: r.status, json };
}
