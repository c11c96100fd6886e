/**
 * The one HTTP client of the web app. Base /api (VITE_API_URL overrides), Bearer token from the session store,
 * JSON in and out. A 401 from any call signs out and goes to /auth/login (spec 1 §4, §8).
 */
export const API_BASE: string = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api';
export const TOKEN_KEY = 'paco.token';

export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public errors: Record<string, string[]> = {},
    /** true when `message` came from the server's answer (not a client fallback) */
    public fromServer = false,
  ) {
    super(message);
  }
}

let token: string | null = typeof localStorage !== 'undefined' ? localStorage.getItem(TOKEN_KEY) : null;
let onUnauthorized: (() => void) | null = null;

/**
 * The saved token is the source of truth: another tab of the same browser may have renewed it
 * (load-session rotates tokens), so every call reads the latest one.
 */
export const getToken = (): string | null => {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(TOKEN_KEY) : null;
  if (saved !== null) token = saved;
  return token;
};
export function setToken(t: string | null): void {
  token = t;
  if (t) localStorage.setItem(TOKEN_KEY, t);
  else localStorage.removeItem(TOKEN_KEY);
}
/** Registered by the session provider: what to do on any 401. */
export function setUnauthorizedHandler(fn: (() => void) | null): void {
  onUnauthorized = fn;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** do not treat 401 as session expiry (login form) */
  skipAuthRedirect?: boolean;
  /** internal: already repeated once with a token renewed by another tab */
  retried?: boolean;
  /**
   * POST only: the request's Idempotency-Key (the server answers a repeated key with the first answer instead of
   * creating twice). Without one, each POST gets its own; a form passes the same key to every attempt of one
   * submission, so "Salvar" clicked again after a lost answer does not create a second record.
   */
  idempotencyKey?: string;
}

/** A random Idempotency-Key (also on plain http, where crypto.randomUUID is missing). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const NETWORK_RETRY_MS = 1500;
const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${url}?${s}` : url;
}

export async function api<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const sent = getToken();
  if (sent) headers.Authorization = `Bearer ${sent}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const method = opts.method ?? 'GET';
  if (method === 'POST') headers['Idempotency-Key'] = opts.idempotencyKey ?? newIdempotencyKey();
  let res: Response | null = null;
  // a POST whose answer was lost (connection dropped, server restarted) is sent once more with the same key: the
  // server answers the first result instead of doing it twice
  for (let attempt = 0; !res; attempt++) {
    try {
      res = await fetch(buildUrl(path, opts.query), { method, headers, body, signal: opts.signal });
    } catch (e) {
      if ((e as Error).name === 'AbortError') throw e;
      if (method === 'POST' && attempt === 0) {
        await wait(NETWORK_RETRY_MS);
        continue;
      }
      throw new ApiError(0, 'Não foi possível conectar ao servidor. Verifique sua conexão.');
    }
  }
  if (res.status === 204) return undefined as T;
  const data = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
  if (!res.ok) {
    if (res.status === 401 && sent && !opts.retried) {
      // renewed by another tab meanwhile: repeat once with the new token
      const latest = getToken();
      if (latest && latest !== sent) return api<T>(path, { ...opts, retried: true });
    }
    if (res.status === 401 && !opts.skipAuthRedirect) onUnauthorized?.();
    throw new ApiError(res.status, data.message ?? 'Ocorreu um erro!', data.errors ?? {}, typeof data.message === 'string');
  }
  return data as T;
}

/**
 * A document the API answers (the process PDF), fetched with the session's token (a link could not carry it); a
 * refusal is an ApiError with the server's pt-BR message, and a 401 signs out as in `api`.
 */
export async function apiBlob(path: string): Promise<Blob> {
  return (await apiFile(path, 'application/pdf, application/json', 'Não foi possível gerar o documento.')).blob;
}

/**
 * A file the API answers for download (`Content-Disposition: attachment`), with the name the server gave it (null
 * when it gave none); refusals as in `apiBlob`.
 */
export async function apiFile(path: string, accept: string, fallback: string): Promise<{ blob: Blob; filename: string | null }> {
  const sent = getToken();
  let res: Response;
  try {
    res = await fetch(buildUrl(path), { headers: { Accept: accept, ...(sent ? { Authorization: `Bearer ${sent}` } : {}) } });
  } catch {
    throw new ApiError(0, 'Não foi possível conectar ao servidor. Verifique sua conexão.');
  }
  if (res.ok) {
    const named = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '');
    return { blob: await res.blob(), filename: named ? named[1]! : null };
  }
  const data = (await res.json().catch(() => ({}))) as { message?: string };
  if (res.status === 401) onUnauthorized?.();
  throw new ApiError(res.status, data.message ?? fallback, {}, typeof data.message === 'string');
}

/** List envelope of every resource list call. */
export interface Page<T> {
  data: T[];
  /** `notice`: a sub-list served by a record action may say something about its rows (a result's preview) */
  meta: { page: number; perPage: number; total: number; notice?: string };
}
