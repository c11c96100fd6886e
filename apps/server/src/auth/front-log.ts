/** Front-end error reports: POST /api/logfront (signed in) and /api/logfrontPublic (anyone), kept in front_logs. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../engine/context.ts';
import { frontLogs } from '../db/schema.base.ts';
import { unauthorized } from '../http/errors.ts';
import { ipKey } from './account-shared.ts';

/** A whole report is small; anything bigger is refused with 413 before it is parsed. */
export const FRONT_LOG_BODY_LIMIT = 16 * 1024;
export const FRONT_LOG_TYPES = ['error', 'uncaught', 'promise'] as const;

/** Text cut to `max` characters (a long report is kept, not refused). Numbers are accepted and kept as text. */
const capped = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: `O campo ${label} deve ser um texto.` }).transform((v) => v.slice(0, max)),
  ).meta({ type: 'string', description: `${label}: textos maiores são cortados em ${max} caracteres` });

const frontLogBody = z.object({
  timestamp: capped(40, 'timestamp').nullish(),
  type: z.enum(FRONT_LOG_TYPES, { error: 'Tipo inválido: use error, uncaught ou promise.' }),
  url: capped(2048, 'url').nullish(),
  useAgent: capped(512, 'useAgent').nullish(),
  message: z.preprocess((v) => (v === undefined || v === null ? '' : v), capped(5000, 'message'))
    .refine((v) => v.trim().length > 0, 'Informe a mensagem.'),
});
type FrontLogBody = z.infer<typeof frontLogBody>;

export function registerFrontLogRoutes(app: FastifyInstance, s: Services): void {
  const publicPerIp = { max: 30, ms: 60_000 };
  const perUser = { max: 120, ms: 60_000 };
  const tags = ['Sessão'];

  const store = async (req: FastifyRequest, body: FrontLogBody) => {
    await s.db.insert(frontLogs).values({
      company_id: req.auth?.companyId ?? null,
      user_id: req.auth?.userId ?? null,
      timestamp: body.timestamp ?? null,
      type: body.type,
      url: body.url ?? null,
      useAgent: body.useAgent ?? (req.headers['user-agent'] ?? '').slice(0, 512) ?? null,
      message: body.message,
      ip: req.ip.slice(0, 64),
    });
  };

  app.post('/api/logfront', {
    bodyLimit: FRONT_LOG_BODY_LIMIT,
    schema: { tags, summary: 'Registra um erro do front-end (com sessão)', body: frontLogBody },
    // any valid session may report, also one whose entity licence ended; checked before the body (401 before 422)
    preValidation: async (req) => {
      if (!req.auth) throw unauthorized(req.authInvalid ? undefined : 'Autenticação necessária. Faça login.');
    },
  }, async (req, reply) => {
    if (!req.auth) throw unauthorized();
    await s.limits.consume(`logfront:user:${req.auth.userId}`, perUser);
    await store(req, req.body as FrontLogBody);
    return reply.status(201).send({ message: 'Registrado.' });
  });

  app.post('/api/logfrontPublic', {
    bodyLimit: FRONT_LOG_BODY_LIMIT,
    schema: { tags, summary: 'Registra um erro do front-end (sem sessão)', security: [], body: frontLogBody },
  }, async (req, reply) => {
    await s.limits.consume(`logfront:${ipKey(req)}`, publicPerIp);
    await store(req, req.body as FrontLogBody);
    return reply.status(201).send({ message: 'Registrado.' });
  });
}
