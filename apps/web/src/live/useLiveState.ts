/**
 * A live plenary state kept up to date by server push: `useLiveState('public', sessionId)` for the electronic panel
 * and the council members' screens, `useLiveState('staff', sessionId)` for the control room (token sent). Returns
 * the state (null until the first snapshot), the connection status and `now()`: the server's current time in ms,
 * for the speaker clock.
 */
import { useEffect, useState } from 'react';
import type { LiveState } from '@paco/domain/plenary';
import { serverNow } from './serverClock';
import { openStream, type StreamStatus } from './stream';

export interface LiveHandle<T> {
  state: T | null;
  status: StreamStatus;
  error: string | null;
  version: number;
  /** server time now (ms), from the clock offset shared by every live screen (serverClock.ts) */
  now: () => number;
}

interface ChangeData { type: string; version: number; data: unknown; at?: number }

export function useStreamState<T extends object>(path: string | null, auth: boolean): LiveHandle<T> {
  const [state, setState] = useState<T | null>(null);
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!path) return undefined;
    setState(null);
    setStatus('connecting');
    return openStream({ path, auth }, {
      onStatus(s, detail) {
        setStatus(s);
        // a refusal (404, 403) stays on screen while retrying; a snapshot clears it
        setError((prev) => (s === 'error' ? (detail ?? 'Não foi possível conectar.') : s === 'live' ? null : prev));
      },
      onEvent(e) {
        const d = e.data as { version?: number; data?: unknown; at?: number; type?: string };
        if (e.event === 'snapshot') {
          setState(d.data as T);
          setVersion(d.version ?? 0);
        } else if (e.event === 'change') {
          const c = d as ChangeData;
          setState((prev) => (prev ? { ...prev, [c.type]: c.data } : prev));
          setVersion(c.version);
        } else if (e.event === 'error') {
          setError((e.data as { message?: string }).message ?? 'Erro no fluxo.');
        }
      },
    });
  }, [path, auth]);

  return { state, status, error, version, now: serverNow };
}

/** The live state of a plenary session: public (panel, council members) or staff (control room). */
export function useLiveState(kind: 'public' | 'staff', sessionId: number | null): LiveHandle<LiveState> {
  const path = sessionId === null ? null : kind === 'public' ? `public/plenario/${sessionId}/stream` : `plenary_sessions/${sessionId}/stream`;
  return useStreamState<LiveState>(path, kind === 'staff');
}

/** The session in progress (else today's) of a company, followed live: for the panel without a session id. */
export interface CompanyLive {
  company: { id: number; nome: string; brasao: string | null };
  session: { id: number; titulo: string; iniciada: boolean; finalizada: boolean } | null;
}
export function useCompanySession(companyId: number | null): LiveHandle<CompanyLive> {
  return useStreamState(companyId === null ? null : `public/plenario/entidade/${companyId}/stream`, false);
}
