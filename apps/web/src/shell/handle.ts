import { useMatches } from 'react-router';
import { userAllows, type ModuleKey } from '@paco/domain/modules';
import type { SessionUser } from '../session/store';

/** What every route may declare in `handle`. */
export interface RouteHandle {
  /** page title (for "<título> - Paço") */
  title?: string;
  /** who may open it: any of the roles and any of the permissions (spec 1 §6); absent = any signed-in user */
  rule?: { roles?: readonly string[]; permissions?: readonly string[] };
  /** the module whose layout wraps it */
  module?: string;
}

export const handleOf = (m: { handle?: unknown }): RouteHandle => (m.handle ?? {}) as RouteHandle;

/** True when the user passes the rule of every matched route. */
export function allowedFor(matches: { handle?: unknown }[], user: SessionUser | null): boolean {
  return matches.every((m) => {
    const rule = handleOf(m).rule;
    return !rule || userAllows(rule, user);
  });
}

/** The title of the deepest matched route that has one. */
export function useRouteTitle(): string | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const t = handleOf(matches[i]).title;
    if (t) return t;
  }
  return null;
}

/** The module key declared by the nearest layout route (`handle.module`). */
export function useModuleKey(): ModuleKey | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = handleOf(matches[i]).module;
    if (m) return m as ModuleKey;
  }
  return undefined;
}
