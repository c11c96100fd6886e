/**
 * Session state (spec 1 §4, spec 2 §4): user and token, held in memory; the token also lives in localStorage
 * (client.ts `setToken`) and goes out as the Authorization header. A plain external store so the route guard
 * (a loader, outside React) and components (through SessionProvider) share one truth.
 */
import { account } from '../api/account';
import { call, dataOf } from '../api/actions';
import { TOKEN_KEY, setToken } from '../api/client';

export interface FileRef { url: string; name?: string; mime?: string; size?: number }
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  photo: FileRef | null;
  company_id: number | null;
  company: { id: number; name: string; brasao: FileRef | null } | null;
  roles: { name: string }[];
  permissions: { name: string }[];
}
export interface SessionState { user: SessionUser | null; token: string | null }

let state: SessionState = { user: null, token: null };
const listeners = new Set<() => void>();

function set(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export const sessionStore = {
  get: (): SessionState => state,
  subscribe(fn: () => void): () => void {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
};

export const INVALID_TOKEN = 'Token Inválido!';
const signOutHooks = new Set<() => void>();
/** Run on every sign-out (e.g. clear the query cache). */
export function onSignOut(fn: () => void): () => void {
  signOutHooks.add(fn);
  return () => signOutHooks.delete(fn);
}

/** A session just obtained (login, register). */
export function startSession(user: SessionUser, token: string): void {
  setToken(token);
  set({ user, token });
}

export function setUser(user: SessionUser): void {
  set({ user });
}

/** Local sign-out: clears user, token and the saved token. No server call. */
export function signOut(): void {
  pending = null;
  setToken(null);
  set({ user: null, token: null });
  for (const h of signOutHooks) h();
}

export async function login(email: string, password: string): Promise<SessionUser> {
  const r = (await call(account, 'login', { input: { email, password }, skipAuthRedirect: true })) as { user: SessionUser; token: string };
  startSession(r.user, r.token);
  return r.user;
}

let pending: Promise<void> | null = null;

/**
 * Spec 1 §4: the token in memory → ok. Otherwise read the saved token, store it and load the session
 * (POST load-session for a fresh token, then GET load-user). Any failure signs out. No saved token →
 * rejection "Token Inválido!".
 */
export function checkToken(): Promise<void> {
  if (pending) return pending;
  if (state.token) return Promise.resolve();
  const local = typeof localStorage !== 'undefined' ? localStorage.getItem(TOKEN_KEY) : null;
  if (!local) return Promise.reject(new Error(INVALID_TOKEN));
  setToken(local);
  const p = loadSession().finally(() => {
    if (pending === p) pending = null;
  });
  pending = p;
  return p;
}

async function loadSession(): Promise<void> {
  try {
    const { token } = (await call(account, 'load_session', { skipAuthRedirect: true })) as { token?: string };
    if (!token) throw new Error(INVALID_TOKEN);
    setToken(token);
    const data = dataOf<SessionUser>(await call(account, 'load_user', { skipAuthRedirect: true }));
    set({ user: data, token });
  } catch (e) {
    signOut();
    throw e;
  }
}

/** Whether a saved (not yet checked) token exists. */
export const hasSavedToken = (): boolean =>
  typeof localStorage !== 'undefined' && !!localStorage.getItem(TOKEN_KEY);

export type LogoutResult = { ok: true } | { ok: false; message: string };

/**
 * POST logout. Success (or an already dead session, 401) → signed out. Other failures keep the session and
 * give the server's message or "Não foi possível deslogar!" for the caller to alert.
 */
export async function logout(): Promise<LogoutResult> {
  try {
    await call(account, 'logout', { skipAuthRedirect: true });
  } catch (e) {
    const err = e as { status?: number; message?: string; fromServer?: boolean };
    if (err.status !== 401) {
      return { ok: false, message: err.fromServer && err.message ? err.message : 'Não foi possível deslogar!' };
    }
  }
  signOut();
  return { ok: true };
}

const names = (l: { name: string }[] | undefined): string[] => (l ?? []).map((x) => x.name);
export const hasRole = (user: SessionUser | null, ...roles: string[]): boolean =>
  !!user && names(user.roles).some((r) => roles.includes(r));
