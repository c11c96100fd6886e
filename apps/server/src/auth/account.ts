/**
 * Account calls of the session contract (docs/api.md): self-registration, forgotten password and reset by
 * e-mailed link, own profile and photo, and front-end error reports. Login, load-user and logout are in
 * routes.ts.
 */
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../engine/context.ts';
import { companies, roles, users } from '../db/schema.generated.ts';
import { accessTokens, passwordResets, roleUser } from '../db/schema.base.ts';
import { unprocessable } from '../http/errors.ts';
import { RateLimiter, tooMany } from '../http/rate-limit.ts';
import { passwordChangedMail, passwordResetMail, sendMail } from '../mail/mailer.ts';
import { hashPassword, newToken, sha256 } from './password.ts';
import { issueToken, licenceEnd, licenceProblem } from './session.ts';
import { sessionUser } from './user.ts';
import {
  auditSelf, confirmationField, emailField, ipKey, isUniqueViolation, nameField, passwordField, sleep, withConfirmation,
} from './account-shared.ts';
import { registerProfileRoutes } from './profile.ts';
import { registerFrontLogRoutes } from './front-log.ts';

/** Role given to people who register themselves (the culture registry's artists). */
export const SELF_REGISTRATION_ROLE = 'pm_cultura_artista';
export const RESET_TOKEN_MINUTES = 60;
/** forgot-password answers no sooner than this, so its timing does not tell whether the e-mail exists. */
const FORGOT_MIN_MS = 250;

export const FORGOT_ANSWER = 'Se o e-mail estiver cadastrado, você receberá um link para redefinir a senha.';
export const INVALID_LINK = 'Link inválido ou expirado. Solicite um novo.';
export const EMAIL_TAKEN = 'Este e-mail já está cadastrado.';

const forgotBody = z.object({ email: emailField });

const resetBody = withConfirmation(z.object({
  token: z.string({ error: INVALID_LINK }).trim().min(1, INVALID_LINK).max(200, INVALID_LINK),
  password: passwordField,
  password_confirmation: confirmationField,
}));

const registerBody = withConfirmation(z.object({
  name: nameField,
  email: emailField,
  password: passwordField,
  password_confirmation: confirmationField,
  company_id: z.coerce
    .number({ error: 'Informe a entidade.' })
    .int('Entidade inválida.')
    .positive('Informe a entidade.')
    .max(2_147_483_647, 'Entidade inválida.'),
}));

export function registerAccountRoutes(app: FastifyInstance, s: Services): void {
  const forgotPerIp = new RateLimiter(10, 15 * 60_000);
  const forgotPerEmail = new RateLimiter(3, 15 * 60_000);
  const resetFailuresPerIp = new RateLimiter(20, 15 * 60_000);
  // Registration drives happen at the culture department's desks, behind one NAT: generous per-IP limit.
  const registerPerIp = new RateLimiter(30, 15 * 60_000);
  const tags = ['Sessão'];

  app.post('/api/forgot-password', {
    schema: { tags, summary: 'Pede o link de redefinição de senha (mesma resposta exista ou não o e-mail)', security: [], body: forgotBody },
  }, async (req) => {
    const started = Date.now();
    const { email } = req.body as z.infer<typeof forgotBody>;
    const wait = forgotPerIp.hit(ipKey(req)) || forgotPerEmail.hit(`email:${email}`);
    if (wait) throw tooMany(wait);
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
        await sendMail(s.db, s.config, { to: u.email, ...passwordResetMail(u.name, link, RESET_TOKEN_MINUTES) }, { log: req.log, background: true });
      }
    } catch (e) {
      // the answer must not differ for existing accounts, not even by failing
      req.log.error({ err: e }, 'forgot-password: falha ao gerar o link');
    }
    const elapsed = Date.now() - started;
    if (elapsed < FORGOT_MIN_MS) await sleep(FORGOT_MIN_MS - elapsed + Math.floor(Math.random() * 20));
    return { message: FORGOT_ANSWER };
  });

  app.post('/api/reset-password', {
    schema: { tags, summary: 'Define nova senha com o link recebido por e-mail', security: [], body: resetBody },
  }, async (req) => {
    const { token, password } = req.body as z.infer<typeof resetBody>;
    const blocked = resetFailuresPerIp.blocked(ipKey(req));
    if (blocked) throw tooMany(blocked);
    const hash = sha256(token);
    const valid = and(eq(passwordResets.token_hash, hash), isNull(passwordResets.used_at), gt(passwordResets.expires_at, sql`now()`));
    const [found] = await s.db.select({ id: passwordResets.id }).from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.user_id))
      .where(and(valid, isNull(users.deleted_at))).limit(1);
    const refuse = () => {
      resetFailuresPerIp.hit(ipKey(req));
      return unprocessable({ token: [INVALID_LINK] }, INVALID_LINK);
    };
    if (!found) throw refuse();
    const newHash = await hashPassword(password, s.config.scryptN);
    const user = await s.db.transaction(async (tx) => {
      // the conditional update is what makes the link single-use, even under concurrent requests
      const [claimed] = await tx.update(passwordResets).set({ used_at: sql`now()` })
        .where(and(eq(passwordResets.id, found.id), valid)).returning({ user_id: passwordResets.user_id });
      if (!claimed) return null;
      const [u] = await tx.update(users).set({ password: newHash, updated_at: sql`now()` })
        .where(and(eq(users.id, claimed.user_id), isNull(users.deleted_at)))
        .returning({ id: users.id, name: users.name, email: users.email, company_id: users.company_id });
      if (!u) return null;
      await tx.update(accessTokens).set({ revoked_at: sql`now()` }).where(and(eq(accessTokens.user_id, u.id), isNull(accessTokens.revoked_at)));
      await tx.delete(passwordResets).where(and(eq(passwordResets.user_id, u.id), isNull(passwordResets.used_at)));
      await auditSelf(tx as never, req, u, 'password_reset', `${u.name} redefiniu a senha pelo link enviado por e-mail`, { password: '***' });
      return u;
    });
    if (!user) throw refuse();
    await sendMail(s.db, s.config, { to: user.email, ...passwordChangedMail(user.name, s.config.appUrl) }, { log: req.log, background: true })
      .catch((e: unknown) => req.log.error({ err: e }, 'reset-password: aviso por e-mail não registrado'));
    return { message: 'Senha redefinida. Entre com a nova senha.' };
  });

  app.post('/api/register', {
    schema: { tags: ['Conta'], summary: 'Autocadastro (artista do cadastro cultural); já entra no sistema', security: [], body: registerBody },
  }, async (req, reply) => {
    const body = req.body as z.infer<typeof registerBody>;
    const wait = registerPerIp.hit(ipKey(req));
    if (wait) throw tooMany(wait);

    const errors: Record<string, string[]> = {};
    const [company] = await s.db.select({ id: companies.id }).from(companies).where(eq(companies.id, body.company_id));
    if (!company) errors.company_id = ['Entidade não encontrada.'];
    else if (licenceProblem(await licenceEnd(s.db, company.id))) errors.company_id = ['Esta entidade não está aceitando cadastros no momento.'];
    const [taken] = await s.db.select({ id: users.id }).from(users).where(and(eq(users.email, body.email), isNull(users.deleted_at))).limit(1);
    if (taken) errors.email = [EMAIL_TAKEN];
    if (Object.keys(errors).length) throw unprocessable(errors);

    const [role] = await s.db.select({ id: roles.id }).from(roles).where(eq(roles.name, SELF_REGISTRATION_ROLE));
    if (!role) throw new Error(`role ${SELF_REGISTRATION_ROLE} is not seeded`);
    const password = await hashPassword(body.password, s.config.scryptN);
    let created: { id: number; name: string; company_id: number };
    try {
      created = await s.db.transaction(async (tx) => {
        const [u] = await tx.insert(users).values({ name: body.name, email: body.email, password, company_id: company!.id })
          .returning({ id: users.id, name: users.name, company_id: users.company_id });
        await tx.insert(roleUser).values({ user_id: u.id, role_id: role.id });
        await auditSelf(tx as never, req, u, 'register', `${u.name} cadastrou-se pelo autocadastro (${SELF_REGISTRATION_ROLE})`,
          { name: body.name, email: body.email, roles: [SELF_REGISTRATION_ROLE] });
        return u;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw unprocessable({ email: [EMAIL_TAKEN] });
      throw e;
    }
    const token = await issueToken(s.db, created.id, created.company_id, req);
    reply.status(201);
    return { user: await sessionUser(s.db, s.storage, created.id, created.company_id), token };
  });

  registerProfileRoutes(app, s);
  registerFrontLogRoutes(app, s);
}
