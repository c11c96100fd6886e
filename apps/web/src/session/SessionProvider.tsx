import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import {
  checkToken, login, logout, sessionStore, setUser, signOut, startSession,
  type LogoutResult, type SessionUser,
} from './store';

export interface SessionContextValue {
  user: SessionUser | null;
  token: string | null;
  login: (email: string, password: string) => Promise<SessionUser>;
  logout: () => Promise<LogoutResult>;
  checkToken: () => Promise<void>;
  signOut: () => void;
  startSession: (user: SessionUser, token: string) => void;
  setUser: (user: SessionUser) => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const s = useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
  const value = useMemo<SessionContextValue>(
    () => ({ user: s.user, token: s.token, login, logout, checkToken, signOut, startSession, setUser }),
    [s],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session where there may be none (a value shown outside the signed-in shell): null then. */
export const useOptionalSession = (): SessionContextValue | null => useContext(SessionContext);

export function useSession(): SessionContextValue {
  const v = useContext(SessionContext);
  if (!v) throw new Error('useSession fora do SessionProvider');
  return v;
}
