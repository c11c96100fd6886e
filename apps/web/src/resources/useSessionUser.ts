/**
 * The signed-in user as the resource screens need it: role and permission names.
 * Read from the shell's session (SessionProvider / session store).
 */
import { useMemo } from 'react';
import { useOptionalSession, useSession } from '../session/SessionProvider';

export interface SessionUser {
  id: number;
  company_id: number | null;
  roles: string[];
  permissions: string[];
}

type Named = string | { name: string };
const names = (list: readonly Named[] | undefined): string[] => (list ?? []).map((x) => (typeof x === 'string' ? x : x.name));

export function normalizeUser(u: { id: number; company_id?: number | null; roles?: readonly Named[]; permissions?: readonly Named[] } | null): SessionUser | null {
  if (!u) return null;
  return { id: u.id, company_id: u.company_id ?? null, roles: names(u.roles), permissions: names(u.permissions) };
}

export function useSessionUser(): SessionUser | null {
  const { user } = useSession();
  return useMemo(() => normalizeUser(user), [user]);
}

/** The same, where there may be no session at all (a value shown outside the shell): null then. */
export function useOptionalSessionUser(): SessionUser | null {
  const user = useOptionalSession()?.user ?? null;
  return useMemo(() => normalizeUser(user), [user]);
}
