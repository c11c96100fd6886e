/** Who may do what on a resource, from its definition's rules and the session user's roles (spec 1 §6). */
import type { ActionDef, ResourceDef, Rule } from '@paco/domain/resource';
import { ruleAllows, ruleFor } from '@paco/domain/resource';
import type { PermissionName } from '@paco/domain/roles';
import type { SessionUser } from './useSessionUser';

export type Op = 'read' | 'create' | 'update' | 'delete';

export const isSuperadmin = (user: SessionUser | null): boolean => !!user?.roles.includes('superadmin');

/**
 * The server's policy, the same function (`ruleAllows` of @paco/domain/resource): 'public' passes everyone;
 * 'authenticated' any signed-in user; 'nobody' no one; a role list any of them, and the superadmin always; with the
 * resource's `permission`, one of the roles must also carry it (decision 0039).
 */
export function allowsRule(rule: Rule | undefined, user: SessionUser | null, permission?: PermissionName): boolean {
  return ruleAllows(rule, user, permission);
}

/** The standard call exists (definition `routes`) and the user's roles (and the resource's permission) allow it. */
export function can(def: ResourceDef, op: Op, user: SessionUser | null): boolean {
  const routeKey = op === 'read' ? 'show' : op;
  if (def.routes && def.routes[routeKey] === false) return false;
  return allowsRule(ruleFor(def, op), user, def.permission);
}

/** An action of `def` (whose permission holds it too). */
export const canRunAction = (action: ActionDef | undefined, user: SessionUser | null, def: Pick<ResourceDef, 'permission'> | undefined): boolean =>
  !!action && allowsRule(action.access, user, def?.permission);

/**
 * Whether the definition's row scope limits the user to rows of their own (engine/rowscope.ts `restricted`): their
 * owner field is set by the server, so their forms leave it out.
 */
export const limitedToOwnRows = (def: ResourceDef, user: SessionUser | null): boolean =>
  !!def.rows && !!user && !isSuperadmin(user) && !def.rows.all.some((r) => user.roles.includes(r));
