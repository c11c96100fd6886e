/**
 * The HTTP adapter of the resource engine: one definition → list, show, create, update, delete, upload and its
 * declared actions, with validation, role rules and OpenAPI. Writes go through engine/records.ts; behaviour is
 * found in the registry of engine/behaviour.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createSchema, fileFields, listQueryOf, ruleFor, updateSchema, type ResourceDef, type Rule } from '@paco/domain/resource';
import { resources } from '@paco/domain/resources';
import type { AuthContext } from '../auth/session.ts';
import { forbidden, issuesToErrors, unprocessable } from '../http/errors.ts';
import type { Db } from '../db/client.ts';
import { actionInput, factsNeeded, meets, recordActions } from '@paco/domain/workflow';
import { actionRecord, actionStates } from './actions.ts';
import { editRefusal, loadFacts, lockedReason, restricted } from './rowscope.ts';
import { inboxFilter, registerInbox } from './inbox.ts';
import { deadlineFilter } from './deadlines.ts';
import { actionHandler } from './behaviour.ts';
import type { Row, Services } from './context.ts';
import { authorize, satisfies } from './policy.ts';
import { answerFields, embedsOf, findOne, list, pickFields, type ListQuery } from './query.ts';
import { create as createRecord, remove, scopeOf, updateFromInput } from './records.ts';
import { registerHistory } from './history.ts';
import { registerRelations } from './relations.ts';
import { registerRefOptions } from './ref-options.ts';
import { notFoundOf, parseId, serialize } from './serialize.ts';
import { inTransaction } from './transaction.ts';
import { receiveActionForm, receivedForms, receivedLists, removeUpload, storeUpload } from './uploads.ts';

const idParams = z.object({ id: z.string().max(12) });
/** the answer of an action that produces a document (a stream of bytes, never serialized) */
const documentBytes = z.string().meta({ format: 'binary' });
const fileParams = idParams.extend({ field: z.string().max(60), fileId: z.string().max(120) });

type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
interface Overridable { handler: Handler; body?: z.ZodType; rule: Rule }

/**
 * Registers `POST url?_method=PUT|PATCH|DELETE` for routes that have no POST of their own, dispatching to the
 * real handler after validating the body with the same schema (the original client sends form payloads so).
 */
function registerMethodOverride(app: FastifyInstance, r: ResourceDef, url: string, byMethod: Record<string, Overridable>): void {
  app.post(url, { config: { permission: r.permission }, schema: { hide: true } }, async (req, reply) => {
    const m = String((req.query as Record<string, unknown>)?._method ?? '').toUpperCase();
    const target = byMethod[m];
    if (!target) return reply.status(404).send({ message: 'Rota não encontrada.' });
    authorize(req, target.rule);
    if (target.body) {
      const parsed = target.body.safeParse(req.body ?? {});
      if (!parsed.success) throw unprocessable(issuesToErrors(parsed.error.issues as never));
      req.body = parsed.data;
    }
    return target.handler(req, reply);
  });
}

export function registerResource(app: FastifyInstance, s: Services, r: ResourceDef): void {
  embedsOf(r); // a wrong `embed` stops the server here, not on the first read
  const base = `/api/${r.path}`;
  const tags = [r.label.many];
  const routes = { list: true, show: true, create: true, update: true, delete: true, ...r.routes };
  const querySchema = listQueryOf(r);
  const create = createSchema(r);
  const update = updateSchema(r);
  const one = async (row: Row, auth: AuthContext | null) => (await serialize(s, r, [row], auth, undefined, false))[0];
  /**
   * The show answer's `_actions` (each record action the session may run: allowed now, or why not) and, for a
   * session limited to its rows, `_can` (whether it may still change this one, and why not)
   */
  const stateful = recordActions(r).length > 0 || !!r.rows?.edit || !!r.editable;
  const withStates = async (row: Row, auth: AuthContext | null): Promise<Row> => {
    if (!stateful) return row;
    const limited = restricted(r, auth) && !!r.rows?.edit;
    // the row scope's refusal, read once: for `_can` and for the writing actions' states
    const scopeWhy = limited ? await editRefusal(s.db, r, auth, row) : null;
    const out: Row = { ...row, _actions: await actionStates(s.db, r, auth, row, undefined, limited ? scopeWhy : undefined) };
    if (limited || r.editable) {
      const why = (await lockedReason(s.db, r, row)) ?? scopeWhy;
      out._can = why ? { update: false, delete: false, reason: why } : { update: true, delete: true };
    }
    return out;
  };
  /**
   * A list of a session limited to its rows, whose row scope's `edit` names the session's own ids (the author of a
   * draft, a process's sector): each row says whether the session may still change it (`_can`), which the screen
   * cannot tell from the values alone (its delete button). The session's facts are read once for the page.
   */
  const mineEdit = (r.rows?.edit ?? []).some((c) => c.mine);
  const listCan = async (def: typeof r, auth: AuthContext | null, rows: Row[], out: Row[]): Promise<void> => {
    if (!mineEdit || !restricted(def, auth) || !rows.length) return;
    const conds = def.rows!.edit!;
    const facts = await loadFacts(s.db, auth, factsNeeded(conds));
    rows.forEach((row, i) => {
      const ok = conds.every((c) => !(c.field in row) || meets(c, row, facts));
      out[i]._can = { update: ok, delete: ok };
    });
  };
  const overrides = new Map<string, Record<string, Overridable>>();
  const posts = new Set<string>();
  const overridable = (url: string, method: string, o: Overridable) => {
    if (method === 'POST') posts.add(url);
    else if (method === 'PUT' || method === 'PATCH' || method === 'DELETE') overrides.set(url, { ...overrides.get(url), [method]: o });
  };
  const existingOr404 = async (req: FastifyRequest, auth: AuthContext): Promise<Row> => {
    const id = parseId((req.params as { id: string }).id);
    const existing = id ? await findOne(s.db, r, auth, id, false, { write: true }) : null;
    if (!existing) throw notFoundOf(r);
    return existing;
  };

  // declared actions first, so ':id/xxx' and fixed paths win over generic ones
  for (const [name, a] of Object.entries(r.actions ?? {})) {
    const handler = actionHandler(r, name);
    if (!handler) throw new Error(`action ${r.name}.${name} is declared but has no handler`);
    const url = a.path.startsWith('/') ? `/api${a.path}` : `${base}/${a.path}`;
    const input = actionInput(a);
    // a dialog with an attachment may be sent as multipart/form-data: its fields become the body, checked below
    const withFiles = !!a.form && Object.values(a.form).some((fl) => fl.kind === 'file');
    const run: Handler = async (req, reply) => {
      const auth = authorize(req, a.access);
      const rawId = (req.params as Record<string, string>).id;
      const id = rawId === undefined ? null : parseId(rawId);
      if (rawId !== undefined && id === null) throw notFoundOf(r);
      const body = a.method === 'GET' ? req.query : req.body ?? {};
      const files = receivedForms.get(req) ?? {};
      const fileLists = receivedLists.get(req) ?? {};
      // a record action: its row, seen through the session's scope, and whether it may run now (the button's rule)
      const record = async (db: Db): Promise<Row | undefined> => (a.label ? actionRecord({ db, storage: s.storage }, r, auth, id, name, body) : undefined);
      const result = a.method === 'GET'
        ? await handler({ ...s, req, reply, auth, resource: r, id, body, files, fileLists, record: await record(s.db), afterCommit: (fn) => void fn().catch((e: unknown) => req.log.error({ err: e }, 'afterCommit')) })
        : await inTransaction(s, req, async (tx) => handler({ ...tx, req, reply, auth, resource: r, id, body, files, fileLists, record: await record(tx.db) }));
      if (result === undefined && !reply.sent) return reply.status(204).send();
      return result;
    };
    app.route({
      method: a.method, url, handler: run, config: { permission: r.permission, rule: a.access },
      ...(withFiles ? { preValidation: async (req: FastifyRequest) => receiveActionForm(s, req, a.form!) } : {}),
      schema: {
        tags, summary: a.summary, ...(input && a.method !== 'GET' ? { body: input } : {}), ...(input && a.method === 'GET' ? { querystring: input } : {}),
        ...(withFiles ? { consumes: ['application/json', 'multipart/form-data'] } : {}),
        // a document (the process PDF): its type in OpenAPI; the answer is a stream, never serialized
        ...(a.produces ? { response: { 200: { description: a.label, content: { [a.produces]: { schema: documentBytes } } } } } : {}),
      },
    });
    overridable(url, a.method, { handler: run, body: a.method !== 'GET' ? input : undefined, rule: a.access });
  }

  if (routes.list) {
    app.get(base, { config: { permission: r.permission, rule: ruleFor(r, 'read') }, schema: { tags, summary: `Lista ${r.label.many.toLowerCase()}`, querystring: querySchema } }, async (req) => {
      const auth = authorize(req, ruleFor(r, 'read'));
      const q = req.query as ListQuery;
      // deleted records are for who may delete (and restore) them
      if (q.trashed && r.softDelete && !satisfies(auth, ruleFor(r, 'delete'))) throw forbidden('Somente quem pode excluir vê os registros excluídos.');
      // ?fields=list: what the list screen shows (the web's list asks for it); without it, the whole record
      const fields = answerFields(r, q.fields);
      const extra = [...inboxFilter(r, auth, (q as { inbox?: string }).inbox), ...deadlineFilter(r, (q as { vencimento?: 'vencido' | 'a_vencer' }).vencimento)];
      const { rows, total } = await list(s.db, r, auth, q, { fields }, extra);
      // built with only the kept keys; picked again for what a decorate hook added beside them
      const data = pickFields(await serialize(s, r, rows, auth, undefined, true, fields), fields);
      await listCan(r, auth, rows, data);
      return { data, meta: { page: q.page, perPage: q.perPage, total } };
    });
  }

  if (routes.show) {
    app.get(`${base}/:id`, { config: { permission: r.permission, rule: ruleFor(r, 'read') }, schema: { tags, summary: `Mostra ${r.label.one.toLowerCase()}`, params: idParams } }, async (req) => {
      const auth = authorize(req, ruleFor(r, 'read'));
      const id = parseId((req.params as { id: string }).id);
      const withTrashed = r.softDelete && (req.query as Record<string, string>)?.trashed === 'with' && satisfies(auth, ruleFor(r, 'delete'));
      const row = id ? await findOne(s.db, r, auth, id, withTrashed, { embed: true }) : null;
      if (!row) throw notFoundOf(r);
      return { data: await withStates((await serialize(s, r, [row], auth, undefined, false, null, true))[0], auth) };
    });
  }

  if (routes.create) {
    posts.add(base);
    app.post(base, { config: { permission: r.permission, rule: ruleFor(r, 'create'), idempotency: 'record' }, schema: { tags, summary: `Cria ${r.label.one.toLowerCase()}`, body: create } }, async (req, reply) => {
      const row = await createRecord(scopeOf(s, req), r, req.body as Row);
      reply.status(201);
      return { data: await one(row, req.auth) };
    });
  }

  if (routes.update) {
    const handler: Handler = async (req) => {
      const auth = authorize(req, ruleFor(r, 'update'))!;
      const existing = await existingOr404(req, auth);
      return { data: await one(await updateFromInput(scopeOf(s, req), r, existing, req.body as Row), auth) };
    };
    const schema = { tags, summary: `Altera ${r.label.one.toLowerCase()}`, params: idParams, body: update };
    const rule = ruleFor(r, 'update');
    app.put(`${base}/:id`, { config: { permission: r.permission, rule }, schema }, handler);
    app.patch(`${base}/:id`, { config: { permission: r.permission, rule }, schema: { ...schema, hide: true } }, handler);
    overridable(`${base}/:id`, 'PUT', { handler, body: update, rule });
    overridable(`${base}/:id`, 'PATCH', { handler, body: update, rule });
  }

  if (routes.delete) {
    const deleteHandler: Handler = async (req, reply) => {
      const auth = authorize(req, ruleFor(r, 'delete'))!;
      await remove(scopeOf(s, req), r, await existingOr404(req, auth));
      return reply.status(204).send();
    };
    app.delete(`${base}/:id`, { config: { permission: r.permission, rule: ruleFor(r, 'delete') }, schema: { tags, summary: `Exclui ${r.label.one.toLowerCase()}`, params: idParams } }, deleteHandler);
    overridable(`${base}/:id`, 'DELETE', { handler: deleteHandler, rule: ruleFor(r, 'delete') });
  }

  if (fileFields(r).length && routes.update) {
    posts.add(`${base}/:id/upload`);
    app.post(`${base}/:id/upload`, { config: { permission: r.permission, rule: ruleFor(r, 'update') }, schema: { tags, summary: `Envia arquivo (${fileFields(r).map(([k]) => k).join(', ')})`, params: idParams, consumes: ['multipart/form-data'] } }, async (req) => {
      const auth = authorize(req, ruleFor(r, 'update'))!;
      return { data: await one(await storeUpload(s, r, req, await existingOr404(req, auth)), auth) };
    });
    const removeFile: Handler = async (req) => {
      const auth = authorize(req, ruleFor(r, 'update'))!;
      return { data: await one(await removeUpload(s, r, req, await existingOr404(req, auth)), auth) };
    };
    const url = `${base}/:id/upload/:field/:fileId`;
    app.delete(url, { config: { permission: r.permission, rule: ruleFor(r, 'update') }, schema: { tags, summary: 'Remove um arquivo do registro (o id de um arquivo da lista, ou do arquivo do campo)', params: fileParams } }, removeFile);
    overridable(url, 'DELETE', { handler: removeFile, rule: ruleFor(r, 'update') });
  }

  // GET {path}/:id/audit: the record's audit trail, for who may update it (engine/history.ts)
  registerHistory(app, s, r);
  // GET {path}/options/:field: a reference field's options, for who reads or writes the records (ref-options.ts)
  registerRefOptions(app, s, r, tags);

  registerRelations(app, s, r, (method, url, rule, summary, handler, o = {}) => {
    app.route({
      method, url, handler, config: { permission: r.permission, rule, ...(o.creates ? { idempotency: 'record' as const } : {}) },
      schema: { tags, summary, ...(o.body ? { body: o.body } : {}), ...(o.querystring ? { querystring: o.querystring } : {}) },
    });
    overridable(url, method, { handler, body: o.body, rule });
  });

  for (const [url, byMethod] of overrides) if (!posts.has(url)) registerMethodOverride(app, r, url, byMethod);
}

export function registerResources(app: FastifyInstance, s: Services): void {
  for (const r of resources) registerResource(app, s, r);
  registerInbox(app, s);
}
