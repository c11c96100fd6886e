/**
 * Pieces shared by the control room's sections: running a call with its loading state and the server's refusal
 * kept on screen near the action, the 250 ms ticker of the speaker clock, "mm:ss" input, member names.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { LiveMember, LiveState } from '@paco/domain/plenary';
import { W_LIVE } from '@paco/domain/resources/plenario';
import { ApiError } from '../../api/client';
import type { SessionUser } from '../../session/store';

/* ---------- who ---------- */

const roleNames = (u: SessionUser | null): string[] => (u?.roles ?? []).map((r) => r.name);
/** The live operators (W_LIVE: the superadmin is in the list). */
export const isOperator = (u: SessionUser | null): boolean => roleNames(u).some((r) => (W_LIVE as readonly string[]).includes(r));
/** Who may change the plenary settings (PUT plenary_settings/current). */
export const SETTINGS_ROLES = ['superadmin', 'admin', 'cm_admin'];
export const canConfigure = (u: SessionUser | null): boolean => roleNames(u).some((r) => SETTINGS_ROLES.includes(r));

/* ---------- calls with loading state and refusals ---------- */

export interface Refusal {
  /** which action failed (to show it beside that action) */
  key: string;
  status: number;
  message: string;
  /** per-field messages of a 422 */
  fields: Record<string, string[]>;
}

export function refusalOf(key: string, e: unknown): Refusal {
  if (e instanceof ApiError) return { key, status: e.status, message: e.message || 'Ocorreu um erro!', fields: e.errors ?? {} };
  return { key, status: 0, message: e instanceof Error && e.message ? e.message : 'Ocorreu um erro!', fields: {} };
}

export interface Runner {
  /** runs `fn` once at a time per key; false when it failed (the refusal is kept in `error`) */
  run: (key: string, fn: () => Promise<unknown>) => Promise<boolean>;
  busy: (key: string) => boolean;
  error: Refusal | null;
  clear: () => void;
}

export function useRunner(): Runner {
  const [busyKeys, setBusyKeys] = useState<ReadonlySet<string>>(() => new Set());
  const inFlight = useRef(new Set<string>());
  const [error, setError] = useState<Refusal | null>(null);
  const run = useCallback(async (key: string, fn: () => Promise<unknown>) => {
    if (inFlight.current.has(key)) return false;
    inFlight.current.add(key);
    setBusyKeys(new Set(inFlight.current));
    setError(null);
    try {
      await fn();
      return true;
    } catch (e) {
      setError(refusalOf(key, e));
      return false;
    } finally {
      inFlight.current.delete(key);
      setBusyKeys(new Set(inFlight.current));
    }
  }, []);
  const busy = useCallback((key: string) => busyKeys.has(key), [busyKeys]);
  const clear = useCallback(() => setError(null), []);
  return { run, busy, error, clear };
}

/** The server's refusal, in words, with the field messages of a 422 below. */
export function RefusalAlert({ error, onClose, sx, title }: { error: Refusal | null; onClose?: () => void; sx?: SxProps<Theme>; title?: string }) {
  if (!error) return null;
  const details = Object.values(error.fields).flat().filter((m) => m && m !== error.message);
  return (
    <Alert severity="error" role="alert" onClose={onClose} sx={sx}>
      {title && <AlertTitle>{title}</AlertTitle>}
      {error.message}
      {details.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {details.map((d) => <li key={d}>{d}</li>)}
        </Box>
      )}
    </Alert>
  );
}
/* ---------- clock ---------- */

/** Re-renders every `ms` while `active`. */
export function useTicker(active: boolean, ms = 250): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    const t = setInterval(() => setTick((x) => x + 1), ms);
    return () => clearInterval(t);
  }, [active, ms]);
}

/** "5", "5:30", "05:30", "1:05:30" → seconds; null when not a time. */
export function parseClock(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,3}(:\d{1,2}){0,2}$/.test(t)) return null;
  const parts = t.split(':').map(Number);
  if (parts.slice(1).some((p) => p > 59)) return null;
  if (parts.length === 1) return parts[0] * 60;
  if (parts.length === 2) return parts[0] * 60 + parts[1];
  return parts[0] * 3600 + parts[1] * 60 + parts[2];
}

/* ---------- members ---------- */

export const memberMap = (state: LiveState): Map<number, LiveMember> => new Map(state.members.map((m) => [m.id, m]));
export const memberName = (m: LiveMember | undefined, id: number): string => m?.nome ?? `Parlamentar nº ${id}`;
export const withParty = (m: LiveMember | undefined, id: number): string => (m?.partido ? `${memberName(m, id)} (${m.partido})` : memberName(m, id));

/** The presiding officer: the session's, else the member flagged as president. */
export const presidentOf = (state: LiveState): number | null => state.session.presidente_id ?? state.members.find((m) => m.presidente)?.id ?? null;

/** A labelled section heading with actions on the right. */
export function SectionHeader({ title, id, children }: { title: string; id?: string; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
      <Box component="h2" id={id} sx={{ typography: 'h6', m: 0, flexGrow: 1 }}>{title}</Box>
      {children}
    </Box>
  );
}
