/** Session calls of the contract: login, load-user, load-session, logout, and the superadmin's company choice. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ACCOUNT_CALLS, accountUrl } from '@paco/domain/account';
import type { Services } from '../engine/context.ts';
import { companies, users } from '../db/schema.generated.ts';
import { accessTokens } from '../db/schema.base.ts';
import { HttpError, forbidden, notFound } from '../http/errors.ts';
import { tooMany } from '../http/limits.ts';
import { authorize, requireAuth } from '../engine/policy.ts';
import { dummyVerify, verifyPassword } from './password.ts';
import { issueToken, licenceEnd, licenceProblem, revokeToken, rolesAndPermissions, type AuthContext } from './session.ts';
import { registerAccountRoutes } from './account.ts';
import { sessionUser } from './user.ts';
import { audit } from '../engine/audit.ts';

const loginBody = ACCOUNT_CALLS.login.input;

const BAD_LOGIN = 'E-mail ou senha incorretos.';

/**
 * Sign-in limits (decision 0010), counted in the database before the password is checked, so concurrent guesses
 * past a limit are refused without being evaluated and every server process counts together:
 * - per account and IP: 5 attempts in 15 minutes, then that pair waits (a person who forgot the password);
 * - per account: 20 attempts in 15 minutes from anywhere, then only the places it already signed in from get in
 *   (guessing spread over many addresses);
 * - per IP: 50 attempts in 15 minutes, then only accounts that already signed in from it get in (one address
 *   trying many accounts), so a city hall behind one NAT is not locked out by one person's mistakes.
 * A right password takes its attempt back.
 */
export const LOGIN_LIMITS = {
  pair: { max: 5, ms: 15 * 60_000 },
  account: { max: 20, ms: 15 * 60_000 },
  ip: { max: 50, ms: 15 * 60_000 },
} as const;

/** Whether the account signed in from this address in the last 90 days. */
async function knownPlace(s: Services, email: string, ip: string): Promise<boolean> {
  const [hit] = await s.db.select({ id: accessTokens.id }).from(accessTokens).innerJoin(users, eq(users.id, accessTokens.user_id))
    .where(and(eq(users.email, email), eq(accessTokens.ip, ip), gt(accessTokens.created_at, sql`now() - interval '90 days'`))).limit(1);
  return !!hit;
}

export function registerAuthRoutes(app: FastifyInstance, s: Services): void {
  const tags = ['Sessão'];

  app.post(accountUrl('login'), { schema: { tags, summary: 'Entra no sistema', security: [], body: loginBody } }, async (req) => {
    const { email, password } = req.body as z.infer<typeof loginBody>;
    const keys = { pair: `login:pair:${email}|${req.ip}`, account: `login:acct:${email}`, ip: `login:ip:${req.ip}` };
    const [pair, account, ip] = await Promise.all([
      s.limits.hit(keys.pair, LOGIN_LIMITS.pair.ms), s.limits.hit(keys.account, LOGIN_LIMITS.account.ms), s.limits.hit(keys.ip, LOGIN_LIMITS.ip.ms),
    ]);
    if (pair.count > LOGIN_LIMITS.pair.max) throw tooMany(pair.resetIn);
    const overAccount = account.count > LOGIN_LIMITS.account.max;
    const overIp = ip.count > LOGIN_LIMITS.ip.max;
    if ((overAccount || overIp) && !(await knownPlace(s, email, req.ip))) throw tooMany(Math.max(overAccount ? account.resetIn : 0, overIp ? ip.resetIn : 0));
    const [u] = await s.db.select({ id: users.id, password: users.password, company_id: users.company_id }).from(users)
      .where(and(eq(users.email, email), isNull(users.deleted_at))).limit(1);
    const ok = u ? await verifyPassword(password, u.password) : (await dummyVerify(password, s.config.scryptN), false);
    if (!ok || !u) throw new HttpError(401, BAD_LOGIN, { email: [BAD_LOGIN] });
    await Promise.all([s.limits.reset(keys.pair), s.limits.undo(keys.account), s.limits.undo(keys.ip)]);
    const rp = await rolesAndPermissions(s.db, u.id);
    if (!rp.roles.includes('superadmin')) {
      const problem = licenceProblem(await licenceEnd(s.db, u.company_id));
      if (problem) throw forbidden(problem);
    }
    const token = await issueToken(s.db, u.id, u.company_id, req);
    const user = await sessionUser(s.db, s.storage, u.id, u.company_id);
    await audit(s.db, req, { userId: u.id, companyId: u.company_id, name: user.name } as AuthContext, 'login', null, null, null, `${user.name} entrou no sistema`);
    return { user, token };
  });

  app.get(accountUrl('load_user'), { schema: { tags, summary: 'Usuário da sessão' } }, async (req) => {
    const auth = requireAuth(req);
    return { data: await sessionUser(s.db, s.storage, auth.userId, auth.companyId) };
  });

  app.post(accountUrl('load_session'), { schema: { tags, summary: 'Renova o token (o anterior deixa de valer)' } }, async (req) => {
    const auth = requireAuth(req);
    const token = await issueToken(s.db, auth.userId, auth.companyId, req);
    await revokeToken(s.db, auth.tokenId);
    return { token };
  });

  app.post(accountUrl('logout'), { schema: { tags, summary: 'Sai do sistema (revoga o token)' } }, async (req, reply) => {
    if (!req.auth) throw new HttpError(401, 'Sessão expirada ou inválida.');
    await revokeToken(s.db, req.auth.tokenId);
    await audit(s.db, req, req.auth, 'logout', null, null, null, `${req.auth.name} saiu do sistema`);
    return reply.status(204).send();
  });

  const companyBody = ACCOUNT_CALLS.choose_company.input;
  app.post(accountUrl('choose_company'), { config: { rule: ['superadmin'] }, schema: { tags, summary: 'Superadmin: escolhe a entidade em que atua', body: companyBody } }, async (req) => {
    const auth = authorize(req, ['superadmin']) as AuthContext;
    const { company_id } = req.body as z.infer<typeof companyBody>;
    const [c] = await s.db.select({ id: companies.id }).from(companies).where(eq(companies.id, company_id));
    if (!c) throw notFound('Entidade', 'f');
    await s.db.update(accessTokens).set({ company_id }).where(eq(accessTokens.id, auth.tokenId));
    return { data: await sessionUser(s.db, s.storage, auth.userId, company_id) };
  });

  registerAccountRoutes(app, s);
}
