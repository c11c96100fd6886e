/**
 * Front-end error logging (spec 1 §3, §7, §8): POST /api/logfront when signed in, /api/logfrontPublic
 * otherwise, body { timestamp, type, url, useAgent, message }; the answer is only logged. Errors logged while
 * nobody is signed in are counted in localStorage; at 20 the count is cleared and the page reloads.
 */
import { UNSIGNED_ERROR_THRESHOLD } from '@paco/domain/constants';
import { sessionStore } from '../session/store';
import { handleChunkError, isChunkLoadError } from './chunkReload';
import { account } from '../api/account';
import { call } from '../api/actions';

export type FrontErrorType = 'error' | 'uncaught' | 'promise';
export const ERROR_COUNT_KEY = 'paco.frontErrors';

export interface FrontErrorLog {
  timestamp: string;
  type: FrontErrorType;
  url: string;
  useAgent: string;
  message: string;
}

export function errorMessage(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}${e.stack ? `\n${e.stack.split('\n').slice(1, 6).join('\n')}` : ''}`;
  if (typeof e === 'string') return e;
  try {
    return JSON.stringify(e) ?? String(e);
  } catch {
    return String(e);
  }
}

let reload = (): void => window.location.reload();
/** tests */
export function setReloadForTests(fn: () => void): void {
  reload = fn;
}

export async function logFrontError(type: FrontErrorType, message: string): Promise<boolean> {
  const signedIn = !!sessionStore.get().token;
  const body: FrontErrorLog = {
    timestamp: new Date().toISOString(),
    type,
    url: window.location.href,
    useAgent: navigator.userAgent,
    message: message.slice(0, 4000),
  };
  let reloadAfter = false;
  if (!signedIn) {
    const n = (Number(localStorage.getItem(ERROR_COUNT_KEY)) || 0) + 1;
    if (n >= UNSIGNED_ERROR_THRESHOLD) {
      localStorage.removeItem(ERROR_COUNT_KEY);
      reloadAfter = true;
    } else localStorage.setItem(ERROR_COUNT_KEY, String(n));
  }
  let ok = false;
  try {
    const answer = await call(account, signedIn ? 'front_log' : 'front_log_public', { input: body, skipAuthRedirect: true });
    console.info('logfront', answer);
    ok = true;
  } catch (e) {
    console.warn('logfront falhou', e);
  }
  if (reloadAfter) reload();
  return ok;
}

let installed = false;
/** Window errors and unhandled rejections → the server log; chunk failures → one guarded reload. */
export function installErrorLogging(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (ev) => {
    if (isChunkLoadError(ev.error) && handleChunkError(ev.error)) return;
    void logFrontError('uncaught', ev.error ? errorMessage(ev.error) : ev.message || 'Erro desconhecido');
  });
  window.addEventListener('unhandledrejection', (ev) => {
    if (isChunkLoadError(ev.reason) && handleChunkError(ev.reason)) return;
    void logFrontError('promise', errorMessage(ev.reason));
  });
  // Vite: a preloaded chunk of a lazy route failed (new deploy) → guarded reload.
  window.addEventListener('vite:preloadError', (ev) => {
    if (handleChunkError((ev as Event & { payload?: unknown }).payload ?? new Error('preload'), true)) ev.preventDefault();
  });
}
