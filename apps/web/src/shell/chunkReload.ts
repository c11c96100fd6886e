/** Chunk-load failure (a lazy route's file is gone after a deploy): one full reload, at most once per 60 s. */
import { CHUNK_RELOAD_GUARD_MS } from '@paco/domain/constants';

export const CHUNK_RELOAD_KEY = 'paco.chunkReloadAt';

const PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (?:CSS )?chunk [\w-]+ failed/i,
];

export function isChunkLoadError(e: unknown): boolean {
  if (!e) return false;
  const msg = e instanceof Error ? `${e.name} ${e.message}` : typeof e === 'string' ? e : '';
  return (e as { name?: string }).name === 'ChunkLoadError' || PATTERNS.some((p) => p.test(msg));
}

let doReload = (): void => window.location.reload();
export function setChunkReloadForTests(fn: () => void): void {
  doReload = fn;
}

/** Reloads when the error is a chunk failure and no reload happened in the last 60 s; true if it reloaded. */
export function handleChunkError(e: unknown, force = false, now = Date.now()): boolean {
  if (!force && !isChunkLoadError(e)) return false;
  const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY)) || 0;
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  doReload();
  return true;
}
