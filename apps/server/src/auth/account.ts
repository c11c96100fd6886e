/**
 * Account calls of the session contract (docs/api.md): self-registration, forgotten password and reset by
 * e-mailed link, own profile and photo, and front-end error reports. Login, load-user and logout are in
 * routes.ts.
 */
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../engine/context.ts';
import { companies, roles, users } from '../db/schema.generated.ts';
import { passwordResets, roleUser } from '../db/schema.base.ts';
import { unprocessable } from '../http/errors.ts';
import { alreadyRegisteredMail, passwordChangedMail, passwordResetMail, sendMail, welcomeMail } from '../mail/mailer.ts';
import { hashPassword, newToken, sha256 } from './password.ts';
import { licenceEnd, licenceProblem, revokeSessions } from './session.ts';
import { ACCOUNT_CALLS, INVALID_LINK, accountUrl } from '@paco/domain/account';
import { auditSelf, ipKey, isUniqueViolation, sleep } from './account-shared.ts';
import { registerProfileRoutes } from './profile.ts';
import { registerFrontLogRoutes } from './front-log.ts';
import { registerMyDataRoutes } from './my-data.ts';
import { inServerTransaction, insertRows, updateRows } from '../engine/rows.ts';

/** Role given to people who register themselves (the culture registry's artists). */
export const SELF_REGISTRATION_ROLE = 'pm_cultura_artista';
export const RESET_TOKEN_MINUTES = 60;
/** forgot-password answers no sooner than this, so its timing does not tell whether the e-mail exists. */
const FORGOT_MIN_MS = 250;

export const FORGOT_ANSWER = 'Se o e-mail estiver cadastrado, você receberá um link para redefinir a senha.';
export { INVALID_LINK };
export const EMAIL_TAKEN = 'Este e-mail já está cadastrado.';
/** The answer of a self-registration, the same whether the e-mail was new or already had an account. */
export const REGISTER_ANSWER = 'Cadastro recebido. Enviamos uma mensagem para o seu e-mail com as instruções; depois, entre com o seu e-mail e a sua senha.';
const REGISTER_MIN_MS = 300;

const forgotBody = ACCOUNT_CALLS.forgot_password.input;
const resetBody = ACCOUNT_CALLS.reset_password.input;
const registerBody = ACCOUNT_CALLS.register.input;

export function registerAccountRoutes(app: FastifyInstance, s: Services): void {
  const forgotPerIp = { max: 10, ms: 15 * 60_000 };
  const forgotPerEmail = { max: 3, ms: 15 * 60_000 };
  const resetFailuresPerIp = { max: 20, ms: 15 * 60_000 };
  // Registration drives happen at the culture department's desks, behind one NAT: generous per-IP limit.
  const registerPerIp = { max: 30, ms: 15 * 60_000 };
  const tags = ['Sessão'];

  app.post(accountUrl('forgot_password'), {
    schema: { tags, summary: 'Pede o link de redefinição de senha (mesma resposta exista ou não o e-mail)', security: [], body: forgotBody },
  }, async (req) => {
    const started = Date.now();
    const { email } = req.body as z.infer<typeof forgotBody>;
    await s.limits.consume(`forgot:${ipKey(req)}`, forgotPerIp);
    await s.limits.consume(`forgot:email:${email}`, forgotPerEmail);
    try {
      const [u] = await s.db.select({ id: users.id, name: users.name, email: users.email }).from(users)
        .where(and(eq(users.email, email), isNull(users.deleted_at))).limit(1);
      if (u) {
        const token = newToken();
        await s.db.transaction(async (tx) => {
          // earlier unused links stop working; used ones are kept for 30 days as a record
          await tx.delete(passwordResets).where(and(eq(passwordResets.user_id, u.id),
            or(isNull(passwordResets.used_at), lt(passwordResets.created_at, sql`now() - interval '30 days'`))));
          await tx.insert(passwordResets).values({
            user_id: u.id, token_hash: sha256(token), expires_at: sql`now() + make_interval(mins => ${RESET_TOKEN_MINUTES})`,
          });
        });
        const link = `${s.config.appUrl.replace(/\/+$/, '')}/auth/reset-password?token=${encodeURIComponent(token)}`;
        await sendMail(s.db, s.config, { to: u.email, ...passwordResetMail(u.name, link, RESET_TOKEN_MINUTES) }, { log: req.log, jobs: s.jobs });
      }
    } catch (e) {
      // the answer must not differ for existing accounts, not even by failing
      req.log.error({ err: e }, 'forgot-password: falha ao gerar o link');
    }
    const elapsed = Date.now() - started;
    if (elapsed < FORGOT_MIN_MS) await sleep(FORGOT_MIN_MS - elapsed + Math.floor(Math.random() * 20));
    return { message: FORGOT_ANSWER };
  });

  app.post(accountUrl('reset_password'), {
    schema: { tags, summary: 'Define nova senha com o link recebido por e-mail', security: [], body: resetBody },
  }, async (req) => {
    const { token, password } = req.body as z.infer<typeof resetBody>;
    await s.limits.check(`reset:${ipKey(req)}`, resetFailuresPerIp);
    const hash = sha256(token);
    const valid = and(eq(passwordResets.token_hash, hash), isNull(passwordResets.used_at), gt(passwordResets.expires_at, sql`now()`));
    const [found] = await s.db.select({ id: passwordResets.id }).from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.user_id))
      .where(and(valid, isNull(users.deleted_at))).limit(1);
    const refuse = async () => {
      await s.limits.hit(`reset:${ipKey(req)}`, resetFailuresPerIp.ms);
      return unprocessable({ token: [INVALID_LINK] }, INVALID_LINK);
    };
    if (!found) throw await refuse();
    const newHash = await hashPassword(password, s.config.scryptN);
    const user = await inServerTransaction(s.db, async (w) => {
      const tx = w.db;
      // the conditional update is what makes the link single-use, even under concurrent requests
      const [claimed] = await tx.update(passwordResets).set({ used_at: sql`now()` })
        .where(and(eq(passwordResets.id, found.id), valid)).returning({ user_id: passwordResets.user_id });
      if (!claimed) return null;
      const [u] = await updateRows(w, users, and(eq(users.id, claimed.user_id), isNull(users.deleted_at)), { password: newHash });
      if (!u) return null;
      await revokeSessions(tx, u.id);
      await tx.delete(passwordResets).where(and(eq(passwordResets.user_id, u.id), isNull(passwordResets.used_at)));
      await auditSelf(w, req, u as { id: number; company_id: number }, 'password_reset', `${u.name} redefiniu a senha pelo link enviado por e-mail`, { password: '***' });
      return u;
    });
    if (!user) throw await refuse();
    await sendMail(s.db, s.config, { to: user.email, ...passwordChangedMail(user.name, s.config.appUrl) }, { log: req.log, jobs: s.jobs })
      .catch((e: unknown) => req.log.error({ err: e }, 'reset-password: aviso por e-mail não registrado'));
    return { message: 'Senha redefinida. Entre com a nova senha.' };
  });

  app.post(accountUrl('register'), {
    schema: {
      tags: ['Conta'], security: [], body: registerBody,
      summary: 'Autocadastro (artista ou grupo do cadastro cultural), onde a entidade o permite; a mesma resposta para e-mail novo ou já cadastrado, e o aviso vai por e-mail',
    },
  }, async (req, reply) => {
    const started = Date.now();
    const body = req.body as z.infer<typeof registerBody>;
    await s.limits.consume(`register:${ipKey(req)}`, registerPerIp);

    const [company] = await s.db.select({ id: companies.id, name: companies.name, autocadastro: companies.autocadastro }).from(companies).where(eq(companies.id, body.company_id));
    if (!company) throw unprocessable({ company_id: ['Entidade não encontrada.'] });
    if (!company.autocadastro || licenceProblem(await licenceEnd(s.db, company.id))) {
      throw unprocessable({ company_id: ['Esta entidade não aceita cadastros pela internet. Procure o setor de cultura.'] });
    }
    // hashed in both paths, so the answer takes as long whether the e-mail is new or not
    const password = await hashPassword(body.password, s.config.scryptN);
    const [taken] = await s.db.select({ id: users.id, name: users.name }).from(users).where(and(eq(users.email, body.email), isNull(users.deleted_at))).limit(1);
    const login = `${s.config.appUrl.replace(/\/+$/, '')}/auth/login`;
    if (taken) {
      await sendMail(s.db, s.config, { to: body.email, ...alreadyRegisteredMail(taken.name, company.name, login) }, { log: req.log, jobs: s.jobs });
    } else {
      const [role] = await s.db.select({ id: roles.id }).from(roles).where(eq(roles.name, SELF_REGISTRATION_ROLE));
      if (!role) throw new Error(`role ${SELF_REGISTRATION_ROLE} is not seeded`);
      try {
        await inServerTransaction(s.db, async (w) => {
          const [u] = await insertRows(w, users, { name: body.name, email: body.email, password, company_id: company.id });
          await insertRows(w, roleUser, { user_id: u.id, role_id: role.id });
          await auditSelf(w, req, u as { id: number; company_id: number }, 'register', `${u.name} cadastrou-se pelo autocadastro (${SELF_REGISTRATION_ROLE})`,
            { name: body.name, email: body.email, roles: [SELF_REGISTRATION_ROLE] });
        });
        await sendMail(s.db, s.config, { to: body.email, ...welcomeMail(body.name, company.name, login) }, { log: req.log, jobs: s.jobs });
      } catch (e) {
        // a twin registration won the race: the account exists, which is what the answer says anyway
        if (!isUniqueViolation(e)) throw e;
      }
    }
    const elapsed = Date.now() - started;
    if (elapsed < REGISTER_MIN_MS) await sleep(REGISTER_MIN_MS - elapsed + Math.floor(Math.random() * 20));
    reply.status(202);
    return { message: REGISTER_ANSWER };
  });

  registerProfileRoutes(app, s);
  registerFrontLogRoutes(app, s);
  registerMyDataRoutes(app, s);
}
