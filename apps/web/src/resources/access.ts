/** Who may do what on a resource, from its definition's rules and the session user's roles (spec 1 §6). */
import type { ActionDef, ResourceDef, Rule } from '@paco/domain/resource';
import { ruleFor } from '@paco/domain/resource';
import type { SessionUser } from './useSessionUser';

export type Op = 'read' | 'create' | 'update' | 'delete';

export const isSuperadmin = (user: SessionUser | null): boolean => !!user?.roles.includes('superadmin');

/**
 * The server's policy (apps/server engine/policy.ts `satisfies`): 'public' passes everyone; 'authenticated' any
 * signed-in user; 'nobody' no one (not even the superadmin: the call is refused); a role list any of them, and
 * the superadmin always.
 */
export function allowsRule(rule: Rule | undefined, user: SessionUser | null): boolean {
  if (rule === undefined || rule === 'nobody') return false;
  if (rule === 'public') return true;
  if (!user) return false;
  if (rule === 'authenticated') return true;
  return isSuperadmin(user) || rule.some((r) => user.roles.includes(r));
}

/** The standard call exists (definition `routes`) and the user's roles allow it. */
export function can(def: ResourceDef, op: Op, user: SessionUser | null): boolean {
  const routeKey = op === 'read' ? 'show' : op;
  if (def.routes && def.routes[routeKey] === false) return false;
  return allowsRule(ruleFor(def, op), user);
}

export const canRunAction = (action: ActionDef | undefined, user: SessionUser | null): boolean =>
  !!action && allowsRule(action.access, user);

/**
 * Whether the definition's row scope limits the user to rows of their own (engine/rowscope.ts `restricted`): their
 * owner field is set by the server, so their forms leave it out.
 */
export const limitedToOwnRows = (def: ResourceDef, user: SessionUser | null): boolean =>
  !!def.rows && !!user && !isSuperadmin(user) && !def.rows.all.some((r) => user.roles.includes(r));
