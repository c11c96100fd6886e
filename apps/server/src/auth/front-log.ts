/** Front-end error reports: POST /api/logfront (signed in) and /api/logfrontPublic (anyone), kept in front_logs. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ACCOUNT_CALLS, FRONT_LOG_TYPES, accountUrl } from '@paco/domain/account';
import type { Services } from '../engine/context.ts';
import { frontLogs } from '../db/schema.base.ts';
import { unauthorized } from '../http/errors.ts';
import { ipKey } from './account-shared.ts';

/** A whole report is small; anything bigger is refused with 413 before it is parsed. */
export const FRONT_LOG_BODY_LIMIT = 16 * 1024;
export { FRONT_LOG_TYPES };

const frontLogBody = ACCOUNT_CALLS.front_log.input;
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

  app.post(accountUrl('front_log'), {
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

  app.post(accountUrl('front_log_public'), {
    bodyLimit: FRONT_LOG_BODY_LIMIT,
    schema: { tags, summary: 'Registra um erro do front-end (sem sessão)', security: [], body: frontLogBody },
  }, async (req, reply) => {
    await s.limits.consume(`logfront:${ipKey(req)}`, publicPerIp);
    await store(req, req.body as FrontLogBody);
    return reply.status(201).send({ message: 'Registrado.' });
  });
}
