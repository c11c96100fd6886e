import type { FastifyRequest } from 'fastify';
import type { Rule } from '@paco/domain/resource';
import type { AuthContext } from '../auth/session.ts';
import { forbidden, unauthorized } from '../http/errors.ts';

/** Whether a session satisfies a rule (superadmin passes every role rule). */
export function satisfies(auth: AuthContext | null, rule: Rule): boolean {
  if (rule === 'public') return true;
  if (rule === 'nobody' || !auth) return false;
  if (rule === 'authenticated') return true;
  return auth.isSuperadmin || rule.some((r) => auth.roles.includes(r));
}

/** Throws 401 without a valid session, 403 when the licence ended or the rule refuses; returns the session. */
export function authorize(req: FastifyRequest, rule: Rule): AuthContext | null {
  if (rule === 'public') return req.auth;
  const auth = req.auth;
  if (!auth) throw unauthorized(req.authInvalid ? undefined : 'Autenticação necessária. Faça login.');
  if (auth.licence) throw forbidden(auth.licence);
  if (!satisfies(auth, rule)) throw forbidden();
  return auth;
}

export const requireAuth = (req: FastifyRequest): AuthContext => authorize(req, 'authenticated')!;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** who may call the route; checked before the body is validated (401/403 before 422) */
    rule?: Rule;
  }
}

/** Global hook: routes declaring `config.rule` are authorized before validation. */
export async function authorizeBeforeValidation(req: FastifyRequest): Promise<void> {
  const rule = req.routeOptions.config?.rule;
  if (rule) authorize(req, rule);
}
