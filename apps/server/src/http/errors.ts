import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { resourceByName, resources } from '@paco/domain/resources';
import { linkKeys, pivotOf, refFields, tableOf, type ResourceDef } from '@paco/domain/resource';

/**
 * unique index name → the field a refusal is told under and its message (names are generated as
 * `${table}_${field}_unique`): "Já existe um partido com o mesmo valor em “Sigla”.", or the field's own `clash`.
 */
const uniqueIndexes = new Map<string, { field: string; message: string }>();
for (const r of resources) {
  const a = r.label.gender === 'f' ? 'uma' : 'um';
  for (const [k, fl] of Object.entries(r.fields)) {
    // a table's own definition names it, not a view of it listed later (the culture accounts among the users)
    if (!fl.unique || uniqueIndexes.has(`${tableOf(r)}_${k}_unique`)) continue;
    uniqueIndexes.set(`${tableOf(r)}_${k}_unique`, fl.clash ?? { field: k, message: `Já existe ${a} ${r.label.one.toLowerCase()} com o mesmo valor em “${fl.label}”.` });
  }
}

/**
 * Foreign key name → the resource whose rows refer (its label) and the one referred to, as drizzle-kit names them
 * (`${table}_${column}_${target}_id_fk`, cut to PostgreSQL's 63 bytes), links' pivots included: a delete the
 * database refuses becomes a 409 naming what still refers to the record.
 */
const foreignKeys = new Map<string, { from: ResourceDef; to: ResourceDef }>();
const fkName = (table: string, column: string, target: string): string => `${table}_${column}_${target}_id_fk`.slice(0, 63);
for (const r of resources) {
  for (const [k, fl] of refFields(r)) {
    const to = resourceByName.get(fl.to);
    if (to && !foreignKeys.has(fkName(tableOf(r), k, tableOf(to)))) foreignKeys.set(fkName(tableOf(r), k, tableOf(to)), { from: r, to });
  }
  for (const [name, l] of Object.entries(r.links ?? {})) {
    const target = resourceByName.get(l.target);
    if (!target) continue;
    const { ownerKey, targetKey } = linkKeys(r, target);
    foreignKeys.set(fkName(pivotOf(r, name), targetKey, tableOf(target)), { from: r, to: target });
    foreignKeys.set(fkName(pivotOf(r, name), ownerKey, tableOf(r)), { from: target, to: r });
  }
}

/** "Não é possível excluir o partido: há registros vinculados (filiações partidárias)." */
export function stillReferenced(to: ResourceDef, from: ResourceDef): HttpError {
  const art = to.label.gender === 'f' ? 'a' : 'o';
  return conflict(`Não é possível excluir ${art} ${to.label.one.toLowerCase()}: há registros vinculados (${from.label.many.toLowerCase()}).${to.deleteHint ? ` ${to.deleteHint}` : ''}`);
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
    if (known) return unprocessable({ [known.field]: [known.message] }, known.message);
    return conflict('Já existe um registro com estes dados.');
  }
  if (code === '23503' || code === '23001') {
    const fk = foreignKeys.get(constraint);
    // a delete (or a key change) refused because other rows still refer to the record
    if (fk && (code === '23001' || /referenced|referenciad/i.test(String((err as { detail?: string }).detail ?? '')))) return stillReferenced(fk.to, fk.from);
    if (fk) return unprocessable({ _: [`${fk.to.label.one}: registro não encontrado.`] });
    return conflict('Este registro está vinculado a outros registros e não pode ser excluído ou alterado.');
  }
  if (code === '22001') return unprocessable({ _: ['Um dos valores excede o tamanho permitido.'] });
  // 22021: a NUL or invalid byte in text; 22P05: the same in jsonb (\u0000 cannot be stored)
  if (code === '22021' || code === '22P05') return unprocessable({ _: ['O texto enviado contém caracteres inválidos.'] });
  if (code === '22P02' || code === '22007' || code === '22008' || code === '22003') return unprocessable({ _: ['Um dos valores tem formato inválido.'] });
  if (code === '23502') return unprocessable({ _: ['Um campo obrigatório não foi informado.'] });
  // 54000: a value too large for an index (a text of several kB in an indexed column); 54001: too deeply nested
  if (code === '54000') return unprocessable({ _: ['Um dos valores excede o tamanho permitido.'] });
  if (code === '54001') return unprocessable({ _: ['Os dados enviados são complexos demais.'] });
  return null;
}

/**
 * What @fastify/busboy throws for a malformed multipart body: plain Errors without a code (no or empty boundary, a
 * boundary the body does not use, a body cut short, a part without its headers).
 */
const MALFORMED_MULTIPART = /boundary|unexpected end of (multipart data|form)|terminated early|malformed part header|content-type|needle/i;

/**
 * Errors Fastify answers before any route runs (the `frameworkErrors` option): a path parameter longer than
 * `maxParamLength`, a malformed percent-encoding in the path. Without it they go out in English, echoing the path.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') reply.status(414).send({ message: 'O endereço pedido é longo demais.' });
  else if (error.code === 'FST_ERR_BAD_URL') reply.status(400).send({ message: 'O endereço pedido é inválido.' });
  else reply.status(400).send({ message: 'Requisição inválida.' });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validation?: ZodLikeIssue[] }, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (error.validation) {
      return reply.status(422).send({ message: 'Os dados enviados são inválidos.', errors: issuesToErrors(error.validation) });
    }
    // a schema parsed by hand (`.parse`) that refused its input: the input was invalid, not the server
    if (error instanceof ZodError) {
      return reply.status(422).send({ message: 'Os dados enviados são inválidos.', errors: issuesToErrors(error.issues as never) });
    }
    if (!error.statusCode && !error.code && request.isMultipart?.() && MALFORMED_MULTIPART.test(String(error.message))) {
      return reply.status(422).send({ message: 'O formulário enviado está malformado ou incompleto.', errors: { _: ['Corpo multipart/form-data malformado ou incompleto.'] } });
    }
    const pgErr = fromPg(error as never);
    if (pgErr) return reply.status(pgErr.statusCode).send({ message: pgErr.message, ...(pgErr.errors ? { errors: pgErr.errors } : {}) });
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
      case 'FST_FIELDS_LIMIT':
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
