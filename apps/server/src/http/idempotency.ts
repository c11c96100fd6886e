/**
 * `Idempotency-Key` on creates (issue 10 item 13, decision 0010). A client that sends a POST again with the same
 * key (its answer was lost: a dropped connection, a server process killed after its commit) gets the first answer
 * instead of a second record. Keys are kept per user for 24 hours.
 *
 * - Engine creates (a resource's POST and a sub-list's add, route config `idempotency: 'record'`) record their key
 *   inside the create's own transaction, with the new record's id: when the process dies after the commit, the
 *   retry finds the record and answers it; when it dies before, nothing was stored and the retry creates it.
 * - Every other signed-in POST claims its key before it runs ("pending") and stores its answer when it succeeds; a
 *   failed request frees the key; a request whose process died leaves the key pending, and its retry gets 409
 *   rather than a second run.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.base.ts';
import { HttpError, unprocessable } from './errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_RE = /^[\x21-\x7e]{8,200}$/;
/** answers larger than this are not kept (the retry then gets 409 instead of the answer) */
const MAX_BODY = 256 * 1024;

export interface Idempotency {
  key: string;
  path: string;
  mode: 'record' | 'pending';
  /** a create already committed under this key: writeRecord answers this record instead of inserting */
  replay?: { resource: string; id: number };
  /** set once writeRecord recorded the key in its transaction */
  recorded?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: Idempotency | null;
  }
  interface FastifyContextConfig {
    /** 'record': the route creates one record through writeRecord, which keeps the key in its transaction */
    idempotency?: 'record';
  }
}

export const ALREADY_RECEIVED = 'Esta requisição já foi recebida e pode ter sido concluída. Confira antes de enviá-la de novo.';

const pathOf = (req: FastifyRequest): string => req.url.split('?')[0].slice(0, 500);

/** Records the key of an engine create inside its transaction (first statement: a concurrent twin waits here). */
export async function recordKey(db: Db, req: FastifyRequest, resource: string): Promise<(id: number) => Promise<void>> {
  const idem = req.idempotency;
  if (!idem || idem.mode !== 'record' || idem.recorded || !req.auth) return async () => undefined;
  idem.recorded = true;
  const [row] = await db.insert(idempotencyKeys).values({ user_id: req.auth.userId, key: idem.key, method: 'POST', path: idem.path, resource })
    .onConflictDoNothing().returning({ id: idempotencyKeys.id });
  if (!row) throw new HttpError(409, ALREADY_RECEIVED);
  return async (id) => { await db.update(idempotencyKeys).set({ record_id: id }).where(eq(idempotencyKeys.id, row.id)); };
}

export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.decorateRequest('idempotency', null);
  let requests = 0;

  // before the body is validated (after the session and role checks): a key reused elsewhere is refused first
  app.addHook('preValidation', async (req, reply) => {
    if (req.method !== 'POST') return;
    const raw = req.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined) return;
    if (typeof raw !== 'string' || !KEY_RE.test(raw)) {
      throw unprocessable({ 'Idempotency-Key': ['Chave de idempotência inválida: use de 8 a 200 caracteres visíveis (sem espaços).'] });
    }
    const auth = req.auth;
    if (!auth) return;
    if (++requests % 500 === 0) void db.delete(idempotencyKeys).where(sql`${idempotencyKeys.created_at} < now() - interval '24 hours'`).catch(() => undefined);
    const path = pathOf(req);
    const fresh = and(eq(idempotencyKeys.user_id, auth.userId), eq(idempotencyKeys.key, raw), gt(idempotencyKeys.created_at, sql`now() - interval '24 hours'`));
    const [row] = await db.select().from(idempotencyKeys).where(fresh).limit(1);
    if (row) {
      if (row.method !== req.method || row.path !== path) {
        throw unprocessable({ 'Idempotency-Key': ['Esta chave de idempotência já foi usada em outra requisição.'] });
      }
      if (row.status !== null && row.body !== null) {
        return reply.status(row.status).header('idempotent-replayed', 'true').send(row.body);
      }
      if (row.resource && row.record_id) {
        req.idempotency = { key: raw, path, mode: 'record', replay: { resource: row.resource, id: row.record_id }, recorded: true };
        reply.header('idempotent-replayed', 'true');
        return;
      }
      throw new HttpError(409, ALREADY_RECEIVED);
    }
    if (req.routeOptions.config?.idempotency === 'record') {
      req.idempotency = { key: raw, path, mode: 'record' };
      return;
    }
    // an old expired row of the same key is replaced
    await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.user_id, auth.userId), eq(idempotencyKeys.key, raw)));
    const [claimed] = await db.insert(idempotencyKeys).values({ user_id: auth.userId, key: raw, method: req.method, path })
      .onConflictDoNothing().returning({ id: idempotencyKeys.id });
    if (!claimed) throw new HttpError(409, ALREADY_RECEIVED);
    req.idempotency = { key: raw, path, mode: 'pending' };
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const idem = req.idempotency;
    if (!idem || !req.auth || (idem.mode === 'record' && !idem.recorded)) return payload;
    const where = and(eq(idempotencyKeys.user_id, req.auth.userId), eq(idempotencyKeys.key, idem.key));
    const ok = reply.statusCode >= 200 && reply.statusCode < 300;
    if (ok && typeof payload === 'string' && payload.length <= MAX_BODY) {
      let body: unknown = null;
      try {
        body = JSON.parse(payload);
      } catch {
        body = null;
      }
      if (body !== null) await db.update(idempotencyKeys).set({ status: reply.statusCode, body }).where(where).catch(() => undefined);
    } else if (!ok && idem.mode === 'pending') {
      await db.delete(idempotencyKeys).where(where).catch(() => undefined);
    }
    return payload;
  });
}
