/** The signed-in person's own profile: name, password (with the current one) and photo. */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../engine/context.ts';
import { requireAuth } from '../engine/policy.ts';
import { users } from '../db/schema.generated.ts';
import { HttpError, notFound, unprocessable } from '../http/errors.ts';
import { passwordChangedMail, sendMail } from '../mail/mailer.ts';
import { accepts, safeFileName, sniff, type StoredFile } from '../storage/files.ts';
import { countUpload } from '../engine/uploads.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { sessionUser } from './user.ts';
import { revokeSessions } from './session.ts';
import { ACCOUNT_CALLS, accountUrl } from '@paco/domain/account';
import { auditSelf } from './account-shared.ts';
import { inServerTransaction, updateRows } from '../engine/rows.ts';

export const PHOTO_MAX_MB = 5;
const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

const profileBody = ACCOUNT_CALLS.profile.input;

async function receivePhoto(req: FastifyRequest): Promise<{ data: Buffer; name: string; mime: string }> {
  if (!req.isMultipart()) throw new HttpError(415, 'Envie a foto como multipart/form-data.');
  const tooLarge = () => new HttpError(413, `A foto excede o limite de ${PHOTO_MAX_MB} MB.`);
  const part = await req.file({ limits: { fileSize: PHOTO_MAX_MB * 1024 * 1024, files: 1, fields: 10 } });
  if (!part) throw unprocessable({ photo: ['Nenhuma foto enviada.'] });
  if (part.fieldname !== 'photo' && part.fieldname !== 'file') {
    part.file.resume();
    throw unprocessable({ photo: ['Envie a foto no campo "photo".'] });
  }
  const data = await part.toBuffer().catch((e: { code?: string }) => {
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw e;
  });
  if (part.file.truncated || data.length > PHOTO_MAX_MB * 1024 * 1024) throw tooLarge();
  if (!data.length) throw unprocessable({ photo: ['O arquivo está vazio.'] });
  const mime = sniff(data);
  if (!mime || !accepts(PHOTO_TYPES, mime)) throw unprocessable({ photo: ['A foto deve ser uma imagem PNG, JPEG, WebP ou GIF.'] });
  return { data, name: safeFileName(part.filename) === 'arquivo' ? 'foto' : safeFileName(part.filename), mime };
}

export function registerProfileRoutes(app: FastifyInstance, s: Services): void {
  // wrong current passwords per account: a stolen session must not become a password oracle
  const wrongCurrent = { max: 8, ms: 15 * 60_000 };
  const tags = ['Conta'];

  const updateProfile = async (req: FastifyRequest) => {
    const auth = requireAuth(req);
    const body = req.body as z.infer<typeof profileBody>;
    const [me] = await s.db.select().from(users).where(and(eq(users.id, auth.userId), isNull(users.deleted_at)));
    if (!me) throw notFound('Usuário');

    const values: { name?: string; password?: string } = {};
    const changes: Record<string, unknown> = {};
    if (body.name !== undefined && body.name !== me.name) {
      values.name = body.name;
      changes.name = { de: me.name, para: body.name };
    }
    if (body.password !== undefined) {
      const key = `profile:current:${me.id}`;
      if (body.current_password === undefined) throw unprocessable({ current_password: ['Informe a senha atual.'] });
      // counted before the check: concurrent guesses past the limit are not evaluated
      await s.limits.consume(key, wrongCurrent);
      if (!(await verifyPassword(body.current_password, me.password))) throw unprocessable({ current_password: ['Senha atual incorreta.'] });
      await s.limits.reset(key);
      values.password = await hashPassword(body.password, s.config.scryptN);
      changes.password = '***';
    }

    if (Object.keys(values).length) {
      await inServerTransaction(s.db, async (w) => {
        await updateRows(w, users, eq(users.id, me.id), values);
        // a new password ends the user's other sessions; this one stays
        if (values.password) {
          await revokeSessions(w.db, me.id, auth.tokenId);
        }
        const what = [values.name ? 'o nome' : '', values.password ? 'a senha' : ''].filter(Boolean).join(' e ');
        await auditSelf(w, req, { id: me.id, company_id: me.company_id }, 'profile', `${values.name ?? me.name} alterou ${what} do próprio perfil`, changes);
      });
      if (values.password) {
        await sendMail(s.db, s.config, { to: me.email, ...passwordChangedMail(values.name ?? me.name, s.config.appUrl) }, { log: req.log, jobs: s.jobs })
          .catch((e: unknown) => req.log.error({ err: e }, 'profile: aviso de senha alterada não registrado'));
      }
    }
    return { data: await sessionUser(s.db, s.storage, auth.userId, auth.companyId) };
  };
  app.put(accountUrl('profile'), { config: { rule: 'authenticated' }, schema: { tags, summary: 'Altera o próprio nome e/ou a própria senha', body: profileBody } }, updateProfile);
  // form payloads of the original client: POST /api/profile?_method=PUT
  app.post(accountUrl('profile'), { schema: { hide: true, body: profileBody } }, async (req, reply) => {
    if (String((req.query as Record<string, unknown>)?._method ?? '').toUpperCase() !== 'PUT') {
      return reply.status(404).send({ message: 'Rota não encontrada.' });
    }
    return updateProfile(req);
  });

  app.post(accountUrl('profile_photo'), {
    schema: { tags, summary: `Envia a própria foto (campo "photo": PNG, JPEG, WebP ou GIF, até ${PHOTO_MAX_MB} MB)`, consumes: ['multipart/form-data'],
      description: 'Corpo multipart/form-data com a imagem na parte "photo". O tipo é conferido pelo conteúdo do arquivo; a foto anterior é apagada.' },
  }, async (req) => {
    const auth = requireAuth(req);
    const [me] = await s.db.select({ id: users.id, company_id: users.company_id, name: users.name, photo: users.photo }).from(users)
      .where(and(eq(users.id, auth.userId), isNull(users.deleted_at)));
    if (!me) throw notFound('Usuário');
    await countUpload(s, req);
    const file = await receivePhoto(req);
    const stored = await s.storage.save([me.company_id, 'users', me.id, 'photo'], file.data, file.name, file.mime);
    try {
      await inServerTransaction(s.db, async (w) => {
        await updateRows(w, users, eq(users.id, me.id), { photo: stored });
        await auditSelf(w, req, me, 'upload', `${me.name} alterou a própria foto`, { photo: { name: stored.name, size: stored.size } });
      });
    } catch (e) {
      await s.storage.remove(stored.key).catch(() => undefined);
      throw e;
    }
    const previous = me.photo as StoredFile | null;
    if (previous?.key) await s.storage.remove(previous.key).catch(() => undefined);
    return { data: await sessionUser(s.db, s.storage, auth.userId, auth.companyId) };
  });
}
