import type { FastifyError, FastifyInstance } from 'fastify';
import { resources } from '@paco/domain/resources';
import { tableOf } from '@paco/domain/resource';

/** unique index name → [field, label] (names are generated as `${table}_${field}_unique`). */
const uniqueIndexes = new Map<string, [string, string]>();
for (const r of resources) {
  for (const [k, fl] of Object.entries(r.fields)) if (fl.unique) uniqueIndexes.set(`${tableOf(r)}_${k}_unique`, [k, fl.label]);
}

export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Registro', gender: 'm' | 'f' = 'm'): HttpError => new HttpError(404, `${what} não encontrad${gender === 'f' ? 'a' : 'o'}.`);
export const forbidden = (msg = 'Você não tem permissão para esta ação.'): HttpError => new HttpError(403, msg);
export const unauthorized = (msg = 'Sessão expirada ou inválida. Faça login novamente.'): HttpError => new HttpError(401, msg);
export const conflict = (msg: string): HttpError => new HttpError(409, msg);
export const unprocessable = (errors: Record<string, string[]>, msg = 'Os dados enviados são inválidos.'): HttpError =>
  new HttpError(422, msg, errors);

interface ZodLikeIssue { path?: (string | number)[]; instancePath?: string; message: string; params?: { issue?: { path?: (string | number)[]; message?: string } } }

/** Turns validation issues into { field: [messages] }. */
export function issuesToErrors(issues: ZodLikeIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const i of issues) {
    const path = i.params?.issue?.path ?? i.path ?? (i.instancePath ? i.instancePath.replace(/^\//, '').split('/') : []);
    const key = path.length ? path.join('.') : '_';
    const m = i.params?.issue?.message ?? i.message;
    const list = (errors[key] ??= []);
    if (!list.includes(m)) list.push(m);
  }
  return errors;
}

/** PostgreSQL error → client error (never leaks SQL). */
function fromPg(e: { code?: string; constraint?: string; constraint_name?: string; cause?: unknown }): HttpError | null {
  const err = (e.code ? e : (e.cause as typeof e | undefined)) ?? e;
  const code = err?.code;
  if (!code || !/^[0-9A-Z]{5}$/.test(code)) return null;
  const constraint = err.constraint ?? err.constraint_name ?? '';
  if (code === '23505') {
    const known = uniqueIndexes.get(constraint);
    if (known) return unprocessable({ [known[0]]: [`Já existe um registro com este ${known[1]}.`] }, `Já existe um registro com este ${known[1]}.`);
    return conflict('Já existe um registro com estes dados.');
  }
  if (code === '23503' || code === '23001') return conflict('Este registro está vinculado a outros registros e não pode ser excluído ou alterado.');
  if (code === '22001') return unprocessable({ _: ['Um dos valores excede o tamanho permitido.'] });
  if (code === '22021') return unprocessable({ _: ['O texto enviado contém caracteres inválidos.'] });
  if (code === '22P02' || code === '22007' || code === '22008' || code === '22003') return unprocessable({ _: ['Um dos valores tem formato inválido.'] });
  if (code === '23502') return unprocessable({ _: ['Um campo obrigatório não foi informado.'] });
  return null;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validation?: ZodLikeIssue[] }, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (error.validation) {
      return reply.status(422).send({ message: 'Os dados enviados são inválidos.', errors: issuesToErrors(error.validation) });
    }
    const pgErr = fromPg(error as never);
    if (pgErr) return reply.status(pgErr.statusCode).send({ message: pgErr.message, ...(pgErr.errors ? { errors: pgErr.errors } : {}) });
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
        return reply.status(413).send({ message: 'O conteúdo enviado excede o tamanho máximo permitido.' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return reply.status(415).send({ message: 'Tipo de conteúdo não suportado.' });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.status(422).send({ message: 'O corpo da requisição não é um JSON válido.', errors: { _: ['JSON inválido.'] } });
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return reply.status(422).send({ message: 'O corpo da requisição é inválido.', errors: { _: ['Requisição malformada.'] } });
    }
    if (error.statusCode === 429) return reply.status(429).send({ message: 'Muitas tentativas. Aguarde alguns instantes e tente novamente.' });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: 'Requisição inválida.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Erro interno do servidor. Tente novamente mais tarde.' });
  });
}
