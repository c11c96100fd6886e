/**
 * Calls of the live plenary screens, bounded in time (issue 16 item 7): a server process that died with the request
 * (or a connection that hangs) must not leave the operator or a council member waiting for minutes. Every call
 * gets a timeout; on expiry it fails with a pt-BR message the screen shows, and the caller decides whether to retry
 * (a vote does, safely: it is idempotent by member and voting).
 */
import { ApiError, api, type RequestOptions } from '../api/client';

/** Default bound of a plenary call (the server answers in milliseconds; 10 s means it is not coming). */
export const LIVE_TIMEOUT_MS = 10_000;

export const TIMEOUT_MESSAGE = 'O servidor não respondeu a tempo. Verifique a conexão e tente de novo.';

/** An ApiError of a call that got no answer (timeout or network): worth retrying, unlike a refusal. */
export const noAnswer = (e: unknown): boolean => e instanceof ApiError && e.status === 0;

export async function liveApi<T = unknown>(path: string, opts: RequestOptions & { timeoutMs?: number } = {}): Promise<T> {
  const { timeoutMs = LIVE_TIMEOUT_MS, signal, ...rest } = opts;
  const ctrl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, timeoutMs);
  const onAbort = () => ctrl.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    return await api<T>(path, { ...rest, signal: ctrl.signal });
  } catch (e) {
    if (timedOut) throw new ApiError(0, TIMEOUT_MESSAGE);
    throw e;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
