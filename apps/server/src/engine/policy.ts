import type { FastifyRequest } from 'fastify';
import { ruleAllows, type Rule } from '@paco/domain/resource';
import { PERMISSION_DESCRIPTIONS, type PermissionName } from '@paco/domain/roles';
import type { AuthContext } from '../auth/session.ts';
import { forbidden, unauthorized } from '../http/errors.ts';

/** Whether a session satisfies a rule (superadmin passes every role rule): the shared `ruleAllows`. */
export function satisfies(auth: AuthContext | null, rule: Rule): boolean {
  return ruleAllows(rule, auth);
}

/** Throws 401 without a valid session, 403 when the licence ended or the rule refuses; returns the session. */
export function authorize(req: FastifyRequest, rule: Rule): AuthContext | null {
  if (rule === 'public') return req.auth;
  const auth = req.auth;
  if (!auth) throw unauthorized(req.authInvalid ? undefined : 'Autenticação necessária. Faça login.');
  if (auth.licence) throw forbidden(auth.licence);
  if (!satisfies(auth, rule)) throw forbidden();
  const permission = req.routeOptions.config?.permission;
  if (permission && !ruleAllows(rule, auth, permission)) {
    throw forbidden(`Suas funções não têm a permissão “${PERMISSION_DESCRIPTIONS[permission]}” (${permission}).`);
  }
  return auth;
}

export const requireAuth = (req: FastifyRequest): AuthContext => authorize(req, 'authenticated')!;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** who may call the route; checked before the body is validated (401/403 before 422) */
    rule?: Rule;
    /**
     * the permission of the resource the route belongs to (`ResourceDef.permission`): a role rule also needs one of
     * the session's roles to carry it (decision 0039); public and session-only rules do not
     */
    permission?: PermissionName;
  }
}

/** Global hook: routes declaring `config.rule` are authorized before validation. */
export async function authorizeBeforeValidation(req: FastifyRequest): Promise<void> {
  const rule = req.routeOptions.config?.rule;
  if (rule) authorize(req, rule);
}
