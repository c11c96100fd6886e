/**
 * The resource engine: one definition → list, show, create, update, delete, upload and declared actions,
 * with validation, tenant scope, role rules, audit and OpenAPI. Special behaviour lives in hooks and actions.
 */
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createSchema, fileFields, listQueryOf, refFields, ruleFor, tableOf, updateSchema, type ResourceDef, type Rule,
} from '@paco/domain/resource';
import { resourceByName, resources } from '@paco/domain/resources';
import type { FileField, RefField } from '@paco/domain/fields';
import { hashPassword } from '../auth/password.ts';
import type { AuthContext } from '../auth/session.ts';
import { HttpError, conflict, forbidden, issuesToErrors, notFound, unprocessable } from '../http/errors.ts';
import { accepts, safeFileName, sniff, type FileStorage, type StoredFile } from '../storage/files.ts';
import { audit } from './audit.ts';
import type { ActionHandler, ResourceHooks, Row, Services } from './context.ts';
import { authorize, satisfies } from './policy.ts';
import { answerFields, displayKey, embedsOf, findOne, list, loadEmbeds, loadRefs, pickFields, tableFor, touchTable, type ListQuery } from './query.ts';
import { registerRelations } from './relations.ts';
import { ALREADY_RECEIVED, recordKey } from '../http/idempotency.ts';

const idParams = z.object({ id: z.string().max(12) });

export function parseId(raw: unknown): number | null {
  return typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

export const notFoundOf = (r: ResourceDef): HttpError => notFound(r.label.one, r.label.gender);

/** PostgreSQL timestamptz text ('2026-11-21 14:09:46.264+00') → ISO 8601. */
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;
export function iso(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  // the common case (a UTC session) without a Date: '2026-11-21 14:09:46.264+00' → '2026-11-21T14:09:46.264Z'
  const m = typeof v === 'string' ? UTC_TEXT.exec(v) : null;
  if (m) return `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  const d = v instanceof Date ? v : new Date(String(v).replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
}

/** What serialize walks for a resource, worked out once: the shown fields by kind, and the references by table. */
/** shown fields in definition order, with how each is written: 0 as is, 1 timestamp to ISO, 2 file to its URL */
interface SerialPlan { fields: [string, 0 | 1 | 2][]; company: boolean; byTarget: [string, [string, RefField][]][] }
const plans = new WeakMap<ResourceDef, SerialPlan>();
function serialPlan(r: ResourceDef): SerialPlan {
  let p = plans.get(r);
  if (!p) {
    const shown = Object.entries(r.fields).filter(([, fl]) => !fl.writeOnly);
    const byTarget = new Map<string, [string, RefField][]>();
    for (const [k, fl] of refFields(r)) if (k.endsWith('_id')) byTarget.set(fl.to, [...(byTarget.get(fl.to) ?? []), [k, fl]]);
    p = {
      fields: shown.map(([k, fl]) => [k, fl.kind === 'datetime' ? 1 : fl.kind === 'file' ? 2 : 0]),
      company: !!r.tenant && r.tenant.column === 'company_id',
      byTarget: [...byTarget],
    };
    plans.set(r, p);
  }
  return p;
}

/** Public shape of rows: secrets out, files as signed URLs, references expanded. */
export async function serialize(s: Services, r: ResourceDef, rows: Row[], auth: AuthContext | null, hooks?: ResourceHooks, many = true): Promise<Row[]> {
  const plan = serialPlan(r);
  const embeds = embedsOf(r);
  if (embeds.length) await loadEmbeds(s.db, r, rows);
  const out = rows.map((row) => {
    const o: Row = { id: row.id };
    if (plan.company) o.company_id = row.company_id;
    for (const [k, how] of plan.fields) {
      if (how === 0) o[k] = row[k] ?? null;
      else if (how === 1) o[k] = iso(row[k]);
      else {
        const file = row[k] as StoredFile | null;
        o[k] = file ? { url: s.storage.url(file), name: file.name, mime: file.mime, size: file.size } : null;
      }
    }
    o.created_at = iso(row.created_at);
    o.updated_at = iso(row.updated_at);
    if (r.softDelete) o.deleted_at = iso(row.deleted_at);
    for (const e of embeds) o[e.name] = row[e.name];
    return o;
  });
  // one query per referenced table, whatever the number of fields pointing at it (a matter has five types)
  await Promise.all(plan.byTarget.map(async ([to, fields]) => {
    const ids = fields.flatMap(([k]) => out.map((o) => o[k])).filter((v): v is number => typeof v === 'number');
    const map = await loadRefs(s.db, to, ids, [...new Set(fields.map(([, fl]) => fl.display))]);
    for (const [k, fl] of fields) {
      const key = k.replace(/_id$/, '');
      for (const o of out) {
        const hit = typeof o[k] === 'number' ? map.get(o[k]) : undefined;
        o[key] = hit ? { id: hit.id, [displayKey(to, fl.display)]: hit[displayKey(to, fl.display)] } : null;
      }
    }
  }));
  await hooks?.decorate?.(out, { db: s.db, auth, many });
  return out;
}

/** Referenced ids must exist within the same company (or be global records). */
async function checkRefs(s: Services, r: ResourceDef, values: Row, companyId: number, auth: AuthContext): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const [k, fl] of refFields(r)) {
    const v = values[k];
    if (v === undefined || v === null) continue;
    const target = resourceByName.get(fl.to);
    if (!target) continue;
    const { table, cols } = tableFor(target);
    const conds = [eq(cols.id, v)];
    if (target.tenant) {
      if (target.tenant.column === 'id') {
        if (!auth.isSuperadmin && v !== companyId) conds.push(sql`false`);
      } else if (target.tenant.shared) conds.push(or(isNull(cols.company_id), eq(cols.company_id, companyId))!);
      else conds.push(eq(cols[target.tenant.column], companyId));
    }
    if (fl.typeOf) conds.push(eq(cols.type, fl.typeOf));
    if (target.softDelete) conds.push(sql`${cols.deleted_at} is null`);
    const [hit] = await s.db.select({ id: cols.id }).from(table).where(and(...conds)).limit(1);
    if (!hit) errors[k] = [`${fl.label}: registro não encontrado.`];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
}

async function prepareValues(s: Services, r: ResourceDef, input: Row): Promise<Row> {
  const values: Row = {};
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined) continue;
    const fl = r.fields[k];
    if (!fl || fl.readOnly || fl.kind === 'file') continue;
    values[k] = fl.kind === 'password' && typeof v === 'string' ? await hashPassword(v, s.config.scryptN) : v;
  }
  return values;
}

/** What an audit row records of a write: new values, or { de, para } per changed field; secrets masked. */
export function changesOf(r: ResourceDef, values: Row, before: Row | null): Row {
  const c: Row = {};
  for (const [k, v] of Object.entries(values)) {
    const fl = r.fields[k];
    if (!fl) continue;
    if (fl.writeOnly) c[k] = '***';
    else if (!before || JSON.stringify(before[k]) !== JSON.stringify(v)) c[k] = before ? { de: before[k] ?? null, para: v } : v;
  }
  return c;
}

/** Multipart upload of one file field, checked against the field's types and size. */
async function receiveFile(req: FastifyRequest, r: ResourceDef): Promise<{ field: string; def: FileField; data: Buffer; name: string; mime: string }> {
  const fields = fileFields(r);
  if (!fields.length) throw notFound('Envio de arquivo');
  if (!req.isMultipart()) throw new HttpError(415, 'Envie o arquivo como multipart/form-data.');
  const maxMB = Math.max(...fields.map(([, f]) => f.maxMB));
  const part = await req.file({ limits: { fileSize: maxMB * 1024 * 1024, files: 1, fields: 10 } });
  if (!part) throw unprocessable({ file: ['Nenhum arquivo enviado.'] });
  const match = fields.find(([k]) => k === part.fieldname) ?? (fields.length === 1 || part.fieldname === 'file' ? fields[0] : undefined);
  if (!match) throw unprocessable({ [part.fieldname]: ['Campo de arquivo desconhecido.'] });
  const [field, def] = match;
  const data = await part.toBuffer().catch((e: { code?: string }) => {
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, `O arquivo excede o limite de ${def.maxMB} MB.`);
    throw e;
  });
  if (data.length > def.maxMB * 1024 * 1024) throw new HttpError(413, `O arquivo excede o limite de ${def.maxMB} MB.`);
  if (!data.length) throw unprocessable({ [field]: ['O arquivo está vazio.'] });
  const mime = sniff(data);
  if (!mime || !accepts(def.accept, mime)) {
    throw unprocessable({ [field]: [`Tipo de arquivo não permitido em ${def.label}.`] });
  }
  return { field, def, data, name: safeFileName(part.filename), mime };
}

type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** A file storage that remembers the keys it saved (to remove them when the transaction that used them fails). */
function trackingStorage(storage: FileStorage, saved: string[]): FileStorage {
  const tracked = Object.create(storage) as FileStorage;
  tracked.save = async (...args: Parameters<FileStorage['save']>) => {
    const file = await storage.save(...args);
    saved.push(file.key);
    return file;
  };
  return tracked;
}

/**
 * Runs a writing action in one transaction: every statement it makes (its reads, writes, audit rows, realtime
 * version bumps, rate-limit counts) commits together or not at all, so a refused or failed request leaves no
 * trace. Files it saved are removed when it fails; work it scheduled with `afterCommit` (removing replaced files,
 * delivering mail) runs only after the commit.
 *
 * A multipart request is the exception: its file arrives while the handler reads it, and no transaction may stay
 * open while a client sends (on PGlite that would stop every other request). Its handler receives and checks the
 * file first and then writes in a transaction of its own (storeUpload); its saved files are still removed when it
 * fails.
 */
export async function inTransaction<T>(
  s: Services, req: FastifyRequest,
  run: (services: Services & { afterCommit: (fn: () => Promise<unknown>) => void }) => Promise<T>,
): Promise<T> {
  const saved: string[] = [];
  const after: (() => Promise<unknown>)[] = [];
  const storage = trackingStorage(s.storage, saved);
  const afterCommit = (fn: () => Promise<unknown>) => { after.push(fn); };
  let result: T;
  try {
    result = req.isMultipart()
      ? await run({ ...s, storage, afterCommit })
      : await s.db.transaction((tx) => {
        const db = tx as unknown as Services['db'];
        return run({ ...s, db, limits: s.limits.on(db), storage, afterCommit });
      });
  } catch (e) {
    await Promise.all(saved.map((k) => s.storage.remove(k).catch(() => undefined)));
    throw e;
  }
  for (const fn of after) await fn().catch((e: unknown) => req.log.error({ err: e }, 'afterCommit'));
  return result;
}
interface Overridable { handler: Handler; body?: z.ZodType; rule: Rule }

/**
 * Registers `POST url?_method=PUT|PATCH|DELETE` for routes that have no POST of their own, dispatching to the
 * real handler after validating the body with the same schema (the original client sends form payloads so).
 */
function registerMethodOverride(app: FastifyInstance, url: string, byMethod: Record<string, Overridable>): void {
  app.post(url, { schema: { hide: true } }, async (req, reply) => {
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

/** Creates one record from validated input: tenancy from the session, references checked, hooks, audit. */
export async function writeRecord(s: Services, r: ResourceDef, req: FastifyRequest, input: Row, hooks?: ResourceHooks): Promise<Row> {
  const auth = req.auth!;
  const values = await prepareValues(s, r, input);
  let companyId = auth.companyId;
  if (r.tenant && r.tenant.column === 'company_id') {
    if (r.tenant.superadminAll && auth.isSuperadmin && r.fields.company_id && values.company_id) companyId = values.company_id;
    values.company_id = companyId;
  }
  for (const [k, fl] of Object.entries(r.fields)) if (values[k] === undefined && fl.default !== undefined && !fl.readOnly) values[k] = fl.default;
  await checkRefs(s, r, values, companyId, auth);
  const { table } = tableFor(r);
  const replay = req.idempotency?.replay;
  if (replay && replay.resource === r.name) {
    // the same create, sent again with its Idempotency-Key after its answer was lost: the record it made
    const existing = await findOne(s.db, r, auth, replay.id);
    if (!existing) throw conflict(ALREADY_RECEIVED);
    return existing;
  }
  touchTable(r);
  return s.db.transaction(async (tx) => {
    const keyed = await recordKey(tx as unknown as Services['db'], req, r.name);
    // hooks run in the transaction (numbering, side effects): all or nothing
    const ctx = { db: tx as unknown as Services['db'], auth, resource: r, services: s };
    await hooks?.beforeWrite?.(values, null, ctx);
    const [created] = (await tx.insert(table).values(values).returning()) as Row[];
    await keyed(created.id);
    await hooks?.afterWrite?.(created, null, ctx);
    if (r.audit) await audit(tx as never, req, auth, 'create', r, created.id, changesOf(r, values, null));
    return created;
  });
}

/**
 * Updates one record with values already validated by the caller (server code may set read-only fields such as a
 * state): hooks, update and audit in one transaction. `where` adds a guard (optimistic concurrency): when it no
 * longer holds, 409. The PUT route and special actions (state changes, own-record edits) share it.
 */
export async function updateRecord(
  s: Pick<Services, 'db'>, r: ResourceDef, req: FastifyRequest, existing: Row, values: Row,
  opts: { hooks?: ResourceHooks; action?: string; where?: SQL } = {},
): Promise<Row> {
  const auth = req.auth!;
  const { table, cols } = tableFor(r);
  touchTable(r);
  return s.db.transaction(async (tx) => {
    const ctx = { db: tx as unknown as Services['db'], auth, resource: r, services: 'realtime' in s ? (s as Services) : undefined };
    await opts.hooks?.guard?.(existing, ctx);
    await opts.hooks?.beforeWrite?.(values, existing, ctx);
    const conds = [eq(cols.id, existing.id), ...(opts.where ? [opts.where] : [])];
    const [updated] = (await tx.update(table).set({ ...values, updated_at: sql`now()` }).where(and(...conds)).returning()) as Row[];
    if (!updated) throw conflict('O registro foi alterado por outra pessoa. Recarregue e tente novamente.');
    await opts.hooks?.afterWrite?.(updated, existing, ctx);
    if (r.audit) await audit(tx as never, req, auth, opts.action ?? 'update', r, existing.id, changesOf(r, values, existing));
    return updated;
  });
}

/** Uploads a person may send: per account and per address, per hour (a self-registered account can upload). */
export const UPLOAD_LIMITS = { account: { max: 120, ms: 3600_000 }, ip: { max: 300, ms: 3600_000 } } as const;

/** Counts one upload of the session's account and address; 429 past either limit (before the file is read). */
export async function countUpload(s: Pick<Services, 'limits'>, req: FastifyRequest): Promise<void> {
  const what = 'Limite de envios de arquivos atingido';
  if (req.auth) await s.limits.consume(`upload:user:${req.auth.userId}`, UPLOAD_LIMITS.account, what);
  await s.limits.consume(`upload:ip:${req.ip}`, UPLOAD_LIMITS.ip, what);
}

/**
 * Receives the multipart file of one of the record's file fields and stores it under the company, then sets the
 * field and writes the audit row in one transaction; the file is written only once the whole upload was received
 * and checked, and removed again when the transaction fails. The file it replaced is removed after commit. The
 * record's guard hook (who may touch it) runs first, and the upload counts against the sender's hourly limits.
 */
export async function storeUpload(s: Services, r: ResourceDef, req: FastifyRequest, existing: Row, hooks?: ResourceHooks): Promise<Row> {
  await hooks?.guard?.(existing, { db: s.db, auth: req.auth!, resource: r, services: s });
  await countUpload(s, req);
  const file = await receiveFile(req, r);
  const company = r.tenant && r.tenant.column === 'id' ? existing.id : existing.company_id ?? 'global';
  const stored = await s.storage.save([company, r.name, existing.id, file.field], file.data, file.name, file.mime, !!file.def.public);
  const { table, cols } = tableFor(r);
  let row: Row;
  try {
    row = await s.db.transaction(async (tx) => {
      const [updated] = (await tx.update(table).set({ [file.field]: stored, updated_at: sql`now()` }).where(eq(cols.id, existing.id)).returning()) as Row[];
      await audit(tx as never, req, req.auth, 'upload', r, existing.id, { [file.field]: { name: stored.name, size: stored.size } });
      return updated;
    });
  } catch (e) {
    await s.storage.remove(stored.key).catch(() => undefined);
    throw e;
  }
  if (existing[file.field]?.key) await s.storage.remove(existing[file.field].key).catch(() => undefined);
  return row;
}

export interface EngineOptions {
  hooks: Record<string, ResourceHooks>;
  actions: Record<string, Record<string, ActionHandler>>;
}

export function registerResource(app: FastifyInstance, s: Services, r: ResourceDef, opts: EngineOptions): void {
  const hooks = opts.hooks[tableOf(r)];
  embedsOf(r); // a wrong `embed` stops the server here, not on the first read
  const base = `/api/${r.path}`;
  const tags = [r.label.many];
  const routes = { list: true, show: true, create: true, update: true, delete: true, ...r.routes };
  const querySchema = listQueryOf(r);
  const create = createSchema(r);
  const update = updateSchema(r);
  const one = async (row: Row, auth: AuthContext | null) => (await serialize(s, r, [row], auth, hooks, false))[0];
  const overrides = new Map<string, Record<string, Overridable>>();
  const posts = new Set<string>();
  const overridable = (url: string, method: string, o: Overridable) => {
    if (method === 'POST') posts.add(url);
    else if (method === 'PUT' || method === 'PATCH' || method === 'DELETE') overrides.set(url, { ...overrides.get(url), [method]: o });
  };

  // declared actions first, so ':id/xxx' and fixed paths win over generic ones
  for (const [name, a] of Object.entries(r.actions ?? {})) {
    const handler = opts.actions[r.name]?.[name];
    if (!handler) throw new Error(`action ${r.name}.${name} is declared but has no handler`);
    const url = a.path.startsWith('/') ? `/api${a.path}` : `${base}/${a.path}`;
    const actionHandler: Handler = async (req, reply) => {
        const auth = authorize(req, a.access);
        const rawId = (req.params as Record<string, string>).id;
        const id = rawId === undefined ? null : parseId(rawId);
        if (rawId !== undefined && id === null) throw notFoundOf(r);
        const body = a.method === 'GET' ? req.query : req.body ?? {};
        const result = a.method === 'GET' || a.transaction === false
          ? await handler({ ...s, req, reply, auth, resource: r, id, body, afterCommit: (fn) => void fn().catch((e: unknown) => req.log.error({ err: e }, 'afterCommit')) })
          : await inTransaction(s, req, (tx) => handler({ ...tx, req, reply, auth, resource: r, id, body }));
        if (result === undefined && !reply.sent) return reply.status(204).send();
        return result;
    };
    app.route({
      method: a.method, url, handler: actionHandler, config: { rule: a.access },
      schema: { tags, summary: a.summary, ...(a.input && a.method !== 'GET' ? { body: a.input } : {}), ...(a.input && a.method === 'GET' ? { querystring: a.input } : {}) },
    });
    overridable(url, a.method, { handler: actionHandler, body: a.method !== 'GET' ? a.input : undefined, rule: a.access });
  }

  if (routes.list) {
    app.get(base, { config: { rule: ruleFor(r, 'read') }, schema: { tags, summary: `Lista ${r.label.many.toLowerCase()}`, querystring: querySchema } }, async (req) => {
      const auth = authorize(req, ruleFor(r, 'read'));
      const q = req.query as ListQuery;
      // deleted records are for who may delete (and restore) them
      if (q.trashed && r.softDelete && !satisfies(auth, ruleFor(r, 'delete'))) throw forbidden('Somente quem pode excluir vê os registros excluídos.');
      // ?fields=list: what the list screen shows (the web's list asks for it); without it, the whole record
      const fields = answerFields(r, q.fields);
      const { rows, total } = await list(s.db, r, auth, q, { fields });
      return { data: pickFields(await serialize(s, r, rows, auth, hooks), fields), meta: { page: q.page, perPage: q.perPage, total } };
    });
  }

  if (routes.show) {
    app.get(`${base}/:id`, { config: { rule: ruleFor(r, 'read') }, schema: { tags, summary: `Mostra ${r.label.one.toLowerCase()}`, params: idParams } }, async (req) => {
      const auth = authorize(req, ruleFor(r, 'read'));
      const id = parseId((req.params as { id: string }).id);
      const withTrashed = r.softDelete && (req.query as Record<string, string>)?.trashed === 'with' && satisfies(auth, ruleFor(r, 'delete'));
      const row = id ? await findOne(s.db, r, auth, id, withTrashed, { embed: true }) : null;
      if (!row) throw notFoundOf(r);
      return { data: await one(row, auth) };
    });
  }

  if (routes.create) {
    posts.add(base);
    app.post(base, { config: { rule: ruleFor(r, 'create'), idempotency: 'record' }, schema: { tags, summary: `Cria ${r.label.one.toLowerCase()}`, body: create } }, async (req, reply) => {
      const row = await writeRecord(s, r, req, req.body as Row, hooks);
      reply.status(201);
      return { data: await one(row, req.auth) };
    });
  }

  if (routes.update) {
    const handler: Handler = async (req) => {
      const auth = authorize(req, ruleFor(r, 'update'))!;
      const id = parseId((req.params as { id: string }).id);
      const existing = id ? await findOne(s.db, r, auth, id, false, { write: true }) : null;
      if (!existing) throw notFoundOf(r);
      const values = await prepareValues(s, r, req.body as Row);
      const companyId = r.tenant && r.tenant.column === 'company_id' ? existing.company_id : r.tenant ? existing.id : auth.companyId;
      if (r.tenant && r.tenant.column === 'company_id' && !(r.tenant.superadminAll && auth.isSuperadmin)) delete values.company_id;
      await checkRefs(s, r, values, companyId, auth);
      return { data: await one(await updateRecord(s, r, req, existing, values, { hooks }), auth) };
    };
    const schema = { tags, summary: `Altera ${r.label.one.toLowerCase()}`, params: idParams, body: update };
    const rule = ruleFor(r, 'update');
    app.put(`${base}/:id`, { config: { rule }, schema }, handler);
    app.patch(`${base}/:id`, { config: { rule }, schema: { ...schema, hide: true } }, handler);
    overridable(`${base}/:id`, 'PUT', { handler, body: update, rule });
    overridable(`${base}/:id`, 'PATCH', { handler, body: update, rule });
  }

  if (routes.delete) {
    const deleteHandler: Handler = async (req, reply) => {
      const auth = authorize(req, ruleFor(r, 'delete'))!;
      const id = parseId((req.params as { id: string }).id);
      const existing = id ? await findOne(s.db, r, auth, id, false, { write: true }) : null;
      if (!existing) throw notFoundOf(r);
      const { table, cols } = tableFor(r);
      touchTable(r);
      await s.db.transaction(async (tx) => {
        const ctx = { db: tx as unknown as Services['db'], auth, resource: r, services: s };
        await hooks?.guard?.(existing, ctx);
        await hooks?.beforeDelete?.(existing, ctx);
        if (r.softDelete) await tx.update(table).set({ deleted_at: sql`now()` }).where(eq(cols.id, existing.id));
        else await tx.delete(table).where(eq(cols.id, existing.id));
        await hooks?.afterDelete?.(existing, ctx);
        if (r.audit) await audit(tx as never, req, auth, 'delete', r, existing.id, null);
      });
      if (!r.softDelete) for (const [k] of fileFields(r)) if (existing[k]?.key) await s.storage.remove(existing[k].key).catch(() => undefined);
      return reply.status(204).send();
    };
    app.delete(`${base}/:id`, { config: { rule: ruleFor(r, 'delete') }, schema: { tags, summary: `Exclui ${r.label.one.toLowerCase()}`, params: idParams } }, deleteHandler);
    overridable(`${base}/:id`, 'DELETE', { handler: deleteHandler, rule: ruleFor(r, 'delete') });
  }

  if (fileFields(r).length && routes.update) {
    posts.add(`${base}/:id/upload`);
    app.post(`${base}/:id/upload`, { config: { rule: ruleFor(r, 'update') }, schema: { tags, summary: `Envia arquivo (${fileFields(r).map(([k]) => k).join(', ')})`, params: idParams, consumes: ['multipart/form-data'] } }, async (req) => {
      const auth = authorize(req, ruleFor(r, 'update'))!;
      const id = parseId((req.params as { id: string }).id);
      const existing = id ? await findOne(s.db, r, auth, id, false, { write: true }) : null;
      if (!existing) throw notFoundOf(r);
      return { data: await one(await storeUpload(s, r, req, existing, hooks), auth) };
    });
  }

  registerRelations(app, s, r, opts.hooks, (method, url, rule, summary, handler, o = {}) => {
    app.route({
      method, url, handler, config: { rule, ...(o.creates ? { idempotency: 'record' as const } : {}) },
      schema: { tags, summary, ...(o.body ? { body: o.body } : {}), ...(o.querystring ? { querystring: o.querystring } : {}) },
    });
    overridable(url, method, { handler, body: o.body, rule });
  });

  for (const [url, byMethod] of overrides) if (!posts.has(url)) registerMethodOverride(app, url, byMethod);
}

export function registerResources(app: FastifyInstance, s: Services, opts: EngineOptions): void {
  for (const r of resources) registerResource(app, s, r, opts);
}
