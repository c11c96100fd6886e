/**
 * The write path of every resource (issue 15): the only way the server writes a resource's rows. Each call runs
 * reference checks, the table's hooks (found here, so no caller can forget them), the write and its audit row in
 * one transaction — a savepoint inside the caller's transaction when there is one — and after the commit touches
 * the list totals' cache and removes the files a write replaced or deleted. HTTP routes (engine/routes.ts), sub-
 * lists (engine/relations.ts), actions and modules all write through here.
 */
import { and, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fileFields, linkKeys, orderProblems, pivotOf, refFields, type ResourceDef } from '@paco/domain/resource';
import { createOnlyMessage, orList, transitionProblem, type FileField, type MultiField, type RefField } from '@paco/domain/fields';
import { resourceByName } from '@paco/domain/resources';
import { hashPassword } from '../auth/password.ts';
import type { AuthContext } from '../auth/session.ts';
import type { Db } from '../db/client.ts';
import { conflict, forbidden, issuesToErrors, notFound, unprocessable } from '../http/errors.ts';
import { ALREADY_RECEIVED, recordKey } from '../http/idempotency.ts';
import { fileIdOf, storedFiles, type StoredFile } from '../storage/files.ts';
import { audit, insertAudited, updateAudited } from './audit.ts';
import { hooksOf } from './behaviour.ts';
import type { HookContext, ResourceHooks, Row, Services } from './context.ts';
import { cachedRows } from './caches.ts';
import { findOne, pivotTable, rowColumns, tableFor, touchTable } from './query.ts';
import { editRefusal, lockedReason, ownValues } from './rowscope.ts';
import { numberRecord } from './sequences.ts';

/**
 * Who writes, and where: the database handle (the app's, or the surrounding transaction, with its `afterCommit`),
 * the services, the signed-in user and the request (its IP goes to the audit row, its Idempotency-Key to creates).
 */
export interface WriteScope extends Pick<Services, 'db' | 'config' | 'storage'> {
  auth: AuthContext;
  req: FastifyRequest | null;
  /** present when `db` is a transaction someone else commits: work to run once it did */
  afterCommit?: (fn: () => Promise<unknown>) => void;
  realtime?: Services['realtime'];
  limits?: Services['limits'];
}

export interface WriteOptions {
  /** the audit row's action (default create / update / delete) */
  action?: string;
  /**
   * false: a state change made by the server itself, to which the record's own edit rules (its beforeWrite and
   * afterWrite hooks) do not apply; the guard still runs
   */
  hooks?: false;
  /** more to keep in the audit row than the changed values (an action's reason) */
  auditExtra?: Record<string, unknown>;
  /**
   * create: values the server sets itself, read-only fields included (a step the plenary added: its voting, its
   * session), merged after the input is prepared and seen by the hooks like the rest
   */
  set?: Row;
  /** the referenced rows `checkRefs` read from the process's copy, by field (for the hooks: `referencedRow`) */
  refs?: ReadonlyMap<string, Row>;
}

type Tx = Db;

/** The definition's date `order` over the record as it will be (the values over the stored ones): 422 on the later field. */
function checkOrder(r: ResourceDef, values: Row, existing: Row | null): void {
  if (!r.order?.length) return;
  const problems = orderProblems(r, { ...(existing ?? {}), ...values });
  if (Object.keys(problems).length) throw unprocessable(problems);
}

/** The write scope of a hook's own writes: the hook's transaction, session and after-commit queue (no request). */
export const hookScope = (ctx: HookContext): WriteScope =>
  ({ ...(ctx.services as object), db: ctx.db, auth: ctx.auth, req: null, afterCommit: ctx.afterCommit }) as WriteScope;

/** Runs `fn` in a transaction (or a savepoint of the caller's) and `after` once everything committed. */
async function atomically<T>(scope: WriteScope, fn: (tx: Tx, after: (f: () => Promise<unknown>) => void) => Promise<T>): Promise<T> {
  if (scope.afterCommit) return scope.db.transaction((tx) => fn(tx as unknown as Tx, scope.afterCommit!));
  const later: (() => Promise<unknown>)[] = [];
  const out = await scope.db.transaction((tx) => fn(tx as unknown as Tx, (f) => { later.push(f); }));
  for (const f of later) await f().catch((e: unknown) => scope.req?.log.error({ err: e }, 'after commit'));
  return out;
}

/**
 * Who may change this row at all, before any change to it: the table's guard hook, the definition's `editable`
 * state (409) and the row scope's `edit` conditions for a session limited to its rows (403) (`ownRules` false: a
 * state change made by the server itself).
 */
async function guardRow(scope: WriteScope, tx: Tx, r: ResourceDef, existing: Row, after: (f: () => Promise<unknown>) => void, ownRules = true): Promise<void> {
  await hooksOf(r)?.guard?.(existing, { ...hookContext(scope, tx, r, after), serverChange: !ownRules });
  if (!ownRules) return;
  const locked = await lockedReason(tx, r, existing);
  if (locked) throw conflict(locked);
  const why = await editRefusal(tx, r, scope.auth, existing);
  if (why) throw forbidden(why);
}

function hookContext(scope: WriteScope, tx: Tx, r: ResourceDef, after: (f: () => Promise<unknown>) => void, refs?: ReadonlyMap<string, Row>): HookContext {
  const services = { ...scope, db: tx, afterCommit: after } as unknown as Services;
  return { db: tx, auth: scope.auth, resource: r, services, afterCommit: after, refs };
}

/** Whether a referenced row may be used by a write of the company: its tenancy, the field's category, not deleted. */
function usable(target: ResourceDef, fl: RefField, row: Row, companyId: number, auth: AuthContext): boolean {
  if (target.tenant) {
    const owner = row[target.tenant.column];
    const allowed = target.tenant.column === 'id'
      ? auth.isSuperadmin || owner === companyId
      : owner === companyId || (target.tenant.shared && owner === null);
    if (!allowed) return false;
  }
  if (fl.typeOf && row.type !== fl.typeOf) return false;
  return !(target.softDelete && row.deleted_at);
}

/**
 * Referenced ids must exist within the same company (or be shared records), and be of the field's type category.
 * References to a lookup table the process keeps a copy of (`types`) are checked against the copy, the rest in one
 * statement. Answers the referenced rows read from the copy, by field (the write's hooks use them: `referencedRow`).
 */
export async function checkRefs(db: Db, r: ResourceDef, values: Row, companyId: number, auth: AuthContext): Promise<Map<string, Row>> {
  const errors: Record<string, string[]> = {};
  const probes: { key: string; label: string; query: SQLWrapper }[] = [];
  const copied = new Map<string, Row>();
  for (const [k, fl] of refFields(r)) {
    const v = values[k];
    if (v === undefined || v === null) continue;
    const target = resourceByName.get(fl.to);
    if (!target) continue;
    const copy = typeof v === 'number' ? await cachedRows(db, fl.to, [v]) : null;
    if (copy) {
      const row = copy.get(v as number);
      if (row && usable(target, fl, row, companyId, auth)) copied.set(k, row);
      else errors[k] = [`${fl.label}: registro não encontrado.`];
      continue;
    }
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
    probes.push({ key: k, label: fl.label, query: db.select({ one: sql`1` }).from(table).where(and(...conds)).limit(1) });
  }
  const found = await allExist(db, probes.map((p) => p.query));
  probes.forEach((p, i) => { if (!found[i]) errors[p.key] = [`${p.label}: registro não encontrado.`]; });
  // lists of a `types` category's slugs: each must be a type of the category, national or the company's
  for (const [k, fl] of Object.entries(r.fields)) {
    const v = values[k];
    if (fl.kind !== 'multi' || !fl.typeOf || !Array.isArray(v) || !v.length) continue;
    const unknown = await unknownSlugs(db, fl, v as string[], companyId);
    if (unknown.length) errors[k] = [`Opção desconhecida em ${fl.label}: ${orList(unknown.slice(0, 3))}.`];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
  return copied;
}

/**
 * The row a write's reference field points to (`id`): the one its check read from the process's copy when it is the
 * same id, else read in the write's transaction; null when there is none. Not to be changed (the copy is shared).
 */
export async function referencedRow(ctx: HookContext, field: string, id: unknown): Promise<Row | null> {
  const fl = ctx.resource.fields[field];
  if (fl?.kind !== 'ref') throw new Error(`${ctx.resource.name}.${field} is not a reference`);
  if (typeof id !== 'number') return null;
  const known = ctx.refs?.get(field);
  if (known?.id === id) return known;
  const target = resourceByName.get(fl.to)!;
  const { table, cols } = tableFor(target);
  const [row] = await ctx.db.select(rowColumns(target)).from(table).where(eq(cols.id, id)).limit(1);
  return (row as Row) ?? null;
}

/**
 * Whether each query finds a row, in one round trip: `select exists(…) as r0, exists(…) as r1, …` (a create with five
 * references checks them in one statement, not five).
 */
async function allExist(db: Db, queries: SQLWrapper[]): Promise<boolean[]> {
  if (!queries.length) return [];
  const res = await db.execute(sql`select ${sql.join(queries.map((q, i) => sql`exists(${q}) as ${sql.identifier(`r${i}`)}`), sql`, `)}`);
  const row = (res as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return queries.map((_, i) => row[`r${i}`] === true || row[`r${i}`] === 't');
}

async function unknownSlugs(db: Db, fl: MultiField, slugs: string[], companyId: number): Promise<string[]> {
  const { table, cols } = tableFor(resourceByName.get('types')!);
  const rows = await db.select({ slug: cols.slug }).from(table)
    .where(and(eq(cols.type, fl.typeOf!), inArray(cols.slug, slugs), or(isNull(cols.company_id), eq(cols.company_id, companyId))));
  const known = new Set(rows.map((x) => x.slug as string));
  return slugs.filter((x) => !known.has(x));
}

/** Changes of a select with `transitions` that its map does not allow, as 422 messages per field. */
function checkTransitions(r: ResourceDef, values: Row, existing: Row): void {
  const errors: Record<string, string[]> = {};
  for (const [k, fl] of Object.entries(r.fields)) {
    if (fl.kind !== 'select' || !fl.transitions || values[k] === undefined) continue;
    const problem = transitionProblem(fl, existing[k], values[k]);
    if (problem) errors[k] = [problem];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
}

/** `createOnly` fields sent with another value than the record's: 422 (the same value is accepted: forms send it back). */
function checkCreateOnly(r: ResourceDef, values: Row, existing: Row): void {
  const errors: Record<string, string[]> = {};
  for (const [k, fl] of Object.entries(r.fields)) {
    if (!fl.createOnly || values[k] === undefined) continue;
    if (JSON.stringify(values[k] ?? null) !== JSON.stringify(existing[k] ?? null)) errors[k] = [createOnlyMessage(fl)];
    else delete values[k];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
}

/** Client input → column values: unknown, read-only and file fields dropped, passwords hashed. */
export async function prepareValues(scope: Pick<WriteScope, 'config'>, r: ResourceDef, input: Row): Promise<Row> {
  const values: Row = {};
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined) continue;
    const fl = r.fields[k];
    if (!fl || fl.readOnly || fl.kind === 'file') continue;
    values[k] = fl.kind === 'password' && typeof v === 'string' ? await hashPassword(v, scope.config.scryptN) : v;
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

const afterWriting = (r: ResourceDef, after: (f: () => Promise<unknown>) => void): void => {
  // totals are recounted from the commit on (a count taken during the transaction is not kept as fresh)
  after(async () => touchTable(r));
};

/**
 * Creates one record from client input (read-only fields dropped, defaults applied): tenancy from the session,
 * references checked, hooks, insert, audit. A create repeated with its Idempotency-Key answers the first record.
 */
export async function create(scope: WriteScope, r: ResourceDef, input: Row, opts: WriteOptions = {}): Promise<Row> {
  const auth = scope.auth;
  const values = { ...(await prepareValues(scope, r, input)), ...opts.set };
  let companyId = auth.companyId;
  if (r.tenant && r.tenant.column === 'company_id') {
    if (r.tenant.superadminAll && auth.isSuperadmin && r.fields.company_id && values.company_id) companyId = values.company_id;
    values.company_id = companyId;
  }
  // a declared default stands for a value not given: left out, or sent empty
  for (const [k, fl] of Object.entries(r.fields)) if ((values[k] === undefined || values[k] === null) && fl.default !== undefined && !fl.readOnly) values[k] = fl.default;
  // a session limited to its rows creates rows of its own (the owner from the session, never from the body)
  const notOwner = await ownValues(scope.db, r, auth, values);
  if (notOwner) throw forbidden(notOwner);
  const refs = await checkRefs(scope.db, r, values, companyId, auth);
  const replay = scope.req?.idempotency?.replay;
  if (replay && replay.resource === r.name) {
    // the same create, sent again with its Idempotency-Key after its answer was lost: the record it made
    const existing = await findOne(scope.db, r, auth, replay.id);
    if (!existing) throw conflict(ALREADY_RECEIVED);
    return existing;
  }
  const hooks = opts.hooks === false ? undefined : hooksOf(r);
  await hooks?.prepare?.(values, null, { db: scope.db, auth, companyId });
  const { table } = tableFor(r);
  return atomically(scope, async (tx, after) => {
    const keyed = scope.req ? await recordKey(tx, scope.req, r.name) : async () => undefined;
    const ctx = hookContext(scope, tx, r, after, refs);
    ctx.numbered = await numberRecord(ctx, r, values, null, companyId);
    await hooks?.beforeWrite?.(values, null, ctx);
    checkOrder(r, values, null);
    const audited = r.audit ? { req: scope.req, auth, action: opts.action ?? 'create', r, changes: changesOf(r, values, null) } : null;
    const [created] = await insertAudited(tx, table, values, audited);
    await keyed(created.id);
    await hooks?.afterWrite?.(created, null, ctx);
    afterWriting(r, after);
    return created;
  });
}

/**
 * Updates one record with values set by the server or already prepared from client input (server code may set
 * read-only fields such as a state): guard, hooks, update and audit in one transaction. `where` adds a condition
 * (optimistic concurrency: the state it was read in); when it no longer holds, 409.
 */
export async function update(scope: WriteScope, r: ResourceDef, existing: Row, values: Row, opts: WriteOptions & { where?: SQL } = {}): Promise<Row> {
  const hooks = opts.hooks === false ? undefined : hooksOf(r);
  const { table } = tableFor(r);
  return atomically(scope, async (tx, after) => {
    const ctx = hookContext(scope, tx, r, after, opts.refs);
    await guardRow(scope, tx, r, existing, after, opts.hooks !== false);
    ctx.numbered = await numberRecord(ctx, r, values, existing, existing.company_id as number);
    await hooks?.beforeWrite?.(values, existing, ctx);
    checkOrder(r, values, existing);
    // after the hooks, which may set a state themselves: every change of a state follows its transitions
    checkTransitions(r, values, existing);
    const audited = r.audit ? { req: scope.req, auth: scope.auth, action: opts.action ?? 'update', r, changes: { ...changesOf(r, values, existing), ...opts.auditExtra } } : null;
    const [updated] = await updateAudited(tx, table, existing.id as number, values, audited, opts.where);
    if (!updated) throw conflict('O registro foi alterado por outra pessoa. Recarregue e tente novamente.');
    await hooks?.afterWrite?.(updated, existing, ctx);
    afterWriting(r, after);
    for (const [k] of fileFields(r)) {
      const old = existing[k] as StoredFile | null | undefined;
      if (old?.key && k in values && (values[k] as StoredFile | null)?.key !== old.key) after(() => scope.storage.remove(old.key));
    }
    return updated;
  });
}

/**
 * Updates one record from client input already validated by the definition's update schema (the PUT route, form
 * calls): values prepared like a create's, the company never moved (but by the superadmin on its own records),
 * references checked, then `update`.
 */
export async function updateFromInput(scope: WriteScope, r: ResourceDef, existing: Row, input: Row, opts: WriteOptions = {}): Promise<Row> {
  const values = await prepareValues(scope, r, input);
  checkCreateOnly(r, values, existing);
  const companyId = r.tenant && r.tenant.column === 'company_id' ? existing.company_id : r.tenant ? existing.id : scope.auth.companyId;
  if (r.tenant && r.tenant.column === 'company_id' && !(r.tenant.superadminAll && scope.auth.isSuperadmin)) delete values.company_id;
  // a session limited to its rows keeps them its own (an owner of someone else's in the body is dropped)
  await ownValues(scope.db, r, scope.auth, values, existing);
  const refs = await checkRefs(scope.db, r, values, companyId, scope.auth);
  if (opts.hooks !== false) await hooksOf(r)?.prepare?.(values, existing, { db: scope.db, auth: scope.auth, companyId });
  return update(scope, r, existing, values, { ...opts, refs });
}

/** Client input checked against a definition's schema (create or update): 422 with pt-BR messages per field. */
export function parseInput(schema: z.ZodType, input: unknown): Row {
  const parsed = schema.safeParse(input && typeof input === 'object' && !Array.isArray(input) ? input : {});
  if (!parsed.success) throw unprocessable(issuesToErrors(parsed.error.issues as never));
  return parsed.data as Row;
}

/** Deletes one record (soft when the definition says so): guard, hooks, delete and audit; its files after commit. */
export async function remove(scope: WriteScope, r: ResourceDef, existing: Row, opts: WriteOptions = {}): Promise<void> {
  const hooks = hooksOf(r);
  const { table, cols } = tableFor(r);
  await atomically(scope, async (tx, after) => {
    const ctx = hookContext(scope, tx, r, after);
    await guardRow(scope, tx, r, existing, after);
    await hooks?.beforeDelete?.(existing, ctx);
    if (r.softDelete) await tx.update(table).set({ deleted_at: sql`now()` }).where(eq(cols.id, existing.id));
    else await tx.delete(table).where(eq(cols.id, existing.id));
    await hooks?.afterDelete?.(existing, ctx);
    if (r.audit) await audit(tx, scope.req, scope.auth, opts.action ?? 'delete', r, existing.id, null);
    afterWriting(r, after);
    if (!r.softDelete) for (const [k] of fileFields(r)) for (const file of storedFiles(existing[k])) after(() => scope.storage.remove(file.key));
  });
}

/**
 * Sets one file field of a record to a file already received and checked: the file is saved, then the field and
 * the audit row are written (the guard first); a failed write removes the saved file, the replaced one goes after
 * commit.
 */
export async function attach(
  scope: WriteScope, r: ResourceDef, existing: Row, field: string, file: { data: Buffer; name: string; mime: string },
): Promise<Row> {
  const def = r.fields[field];
  if (def?.kind !== 'file') throw new Error(`${r.name}.${field} is not a file field`);
  if (def.multiple && storedFiles(existing[field]).length >= def.multiple) throw unprocessable({ [field]: [tooManyFiles(def)] });
  const company = r.tenant && r.tenant.column === 'id' ? existing.id : existing.company_id ?? 'global';
  const stored = await scope.storage.save([company, r.name, existing.id, field], file.data, file.name, file.mime, !!def.public);
  const { table, cols } = tableFor(r);
  try {
    return await atomically(scope, async (tx, after) => {
      await guardRow(scope, tx, r, existing, after);
      // a list grows in the statement itself (two uploads at once both land), up to its size
      const value = def.multiple ? sql`${asList(cols[field])} || ${JSON.stringify([stored])}::jsonb` : stored;
      const full = def.multiple ? [sql`jsonb_array_length(${asList(cols[field])}) < ${def.multiple}`] : [];
      const [updated] = (await tx.update(table).set({ [field]: value, updated_at: sql`now()` }).where(and(eq(cols.id, existing.id), ...full)).returning()) as Row[];
      if (!updated) throw unprocessable({ [field]: [tooManyFiles(def)] });
      await audit(tx, scope.req, scope.auth, 'upload', r, existing.id, { [field]: { name: stored.name, size: stored.size } });
      afterWriting(r, after);
      const old = existing[field] as StoredFile | null | undefined;
      if (!def.multiple && old?.key) after(() => scope.storage.remove(old.key));
      return updated;
    });
  } catch (e) {
    await scope.storage.remove(stored.key).catch(() => undefined);
    throw e;
  }
}

/** A file field's column as a JSON list: [] when empty, a single file (written before the field was a list) wrapped. */
const asList = (col: unknown): SQL =>
  sql`(case when jsonb_typeof(${col}) = 'array' then ${col} when ${col} is null or jsonb_typeof(${col}) = 'null' then '[]'::jsonb else jsonb_build_array(${col}) end)`;

const tooManyFiles = (def: FileField): string => `${def.label}: envie no máximo ${def.multiple} arquivos (remova algum para enviar outro).`;

/**
 * Removes one file from a file field (an entry of a list, or a single field's file): the field and the audit row
 * (the guard first); the stored bytes after commit. 404 when the record has no such file.
 */
export async function detach(scope: WriteScope, r: ResourceDef, existing: Row, field: string, fileId: string): Promise<Row> {
  const def = r.fields[field];
  const files = def?.kind === 'file' ? storedFiles(existing[field]) : [];
  const gone = files.find((x) => fileIdOf(x) === fileId);
  if (!def || def.kind !== 'file' || !gone) throw notFound('Arquivo');
  const { table, cols } = tableFor(r);
  return atomically(scope, async (tx, after) => {
    await guardRow(scope, tx, r, existing, after);
    // the entry leaves the list in the statement itself (other uploads or removals meanwhile are kept)
    const value = def.multiple
      ? sql`coalesce((select jsonb_agg(e.v order by e.n) from jsonb_array_elements(${asList(cols[field])}) with ordinality as e(v, n) where e.v->>'key' <> ${gone.key}), '[]'::jsonb)`
      : null;
    const [updated] = (await tx.update(table).set({ [field]: value, updated_at: sql`now()` })
      .where(and(eq(cols.id, existing.id), def.multiple
        ? sql`${asList(cols[field])} @> ${JSON.stringify([{ key: gone.key }])}::jsonb`
        : sql`${cols[field]}->>'key' = ${gone.key}`)).returning()) as Row[];
    if (!updated) throw notFound('Arquivo');
    await audit(tx, scope.req, scope.auth, 'remove_file', r, existing.id, { [field]: { name: gone.name, size: gone.size } });
    afterWriting(r, after);
    after(() => scope.storage.remove(gone.key));
    return updated;
  });
}

/** Links records of a definition's `links.{name}` to an owner (ids already checked visible), with its audit. */
export async function link(scope: WriteScope, r: ResourceDef, name: string, owner: Row, ids: number[]): Promise<void> {
  const { pivot, ownerKey, targetKey } = pivotOfLink(r, name);
  await atomically(scope, async (tx, after) => {
    await guardRow(scope, tx, r, owner, after);
    await tx.insert(pivot.table).values(ids.map((id) => ({ [ownerKey]: owner.id, [targetKey]: id }))).onConflictDoNothing();
    await audit(tx, scope.req, scope.auth, 'vincula', r, owner.id, { [name]: ids });
    afterWriting(r, after);
  });
}

/** Unlinks records of a definition's `links.{name}` from an owner, with its audit. */
export async function unlink(scope: WriteScope, r: ResourceDef, name: string, owner: Row, ids: number[]): Promise<void> {
  const { pivot, ownerKey, targetKey } = pivotOfLink(r, name);
  await atomically(scope, async (tx, after) => {
    await guardRow(scope, tx, r, owner, after);
    await tx.delete(pivot.table).where(and(eq(pivot.cols[ownerKey], owner.id), inArray(pivot.cols[targetKey], ids)));
    await audit(tx, scope.req, scope.auth, 'desvincula', r, owner.id, { [name]: ids });
    afterWriting(r, after);
  });
}

function pivotOfLink(r: ResourceDef, name: string) {
  const l = r.links?.[name];
  const target = l && resourceByName.get(l.target);
  if (!l || !target) throw new Error(`${r.name}.links.${name} is not a link`);
  return { pivot: pivotTable(pivotOf(r, name)), ...linkKeys(r, target) };
}

/** The scope of a request's user (for HTTP adapters and actions). */
export const scopeOf = (s: Services & { afterCommit?: WriteScope['afterCommit'] }, req: FastifyRequest): WriteScope => ({ ...s, auth: req.auth!, req });

/** The hooks the engine runs for a resource (for code that decorates records it reads itself). */
export const hooksFor = (r: ResourceDef): ResourceHooks | undefined => hooksOf(r);
