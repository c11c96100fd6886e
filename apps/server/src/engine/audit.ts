import type { FastifyRequest } from 'fastify';
import { and, eq, getTableColumns, getTableName, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import type { ResourceDef } from '@paco/domain/resource';
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../auth/session.ts';
import { logs } from '../db/schema.generated.ts';
import type { Row } from './context.ts';
import { shaped } from './statements.ts';

const VERB: Record<string, string> = {
  create: 'criou', update: 'alterou', delete: 'excluiu', restore: 'restaurou', upload: 'enviou arquivo para',
};

type Who = Pick<FastifyRequest, 'ip'> | null;
type What = Pick<ResourceDef, 'name' | 'label'> | null;

/** The sentence of an audit row: "Ana criou matéria #12" (the record's number given apart, or not at all). */
const sentence = (auth: AuthContext, action: string, r: What, recordId: string | number | null): string =>
  `${auth.name} ${VERB[action] ?? action} ${r ? `${r.label.one.toLowerCase()}${recordId ? ` #${recordId}` : ''}` : ''}`;

/** Writes one audit row: who, when (created_at), what, from which IP. */
export async function audit(
  db: Db,
  req: Who,
  auth: AuthContext | null,
  action: string,
  r: What,
  recordId: number | null,
  changes: Record<string, unknown> | null,
  description?: string,
): Promise<void> {
  if (!auth) return;
  await db.insert(logs).values({
    company_id: auth.companyId,
    user_id: auth.userId,
    action,
    resource: r?.name ?? null,
    record_id: recordId,
    ip: req?.ip ?? null,
    changes,
    actionDescription: (description ?? sentence(auth, action, r, recordId)).slice(0, 500),
  });
}

/** What to audit of a write whose record id its own statement gives (`writeAudited`). */
export interface AuditOf { req: Who; auth: AuthContext; action: string; r: What; changes: Record<string, unknown> }

/**
 * Runs a write that answers its row (an insert or an update with `returning()`) and writes the row's audit entry in
 * the same statement, a data-modifying WITH whose audit part takes the record id from the written row: one round
 * trip instead of two, and no audit row when nothing was written (an update whose condition no longer held). Built
 * each time: for the writes `insertAudited` and `updateAudited` cannot keep (an SQL value, a caller's condition).
 */
async function writeAudited(db: Db, write: TypedQueryBuilder<Record<string, unknown>>, what: AuditOf | null): Promise<Row[]> {
  if (!what) return (await (write as unknown as Promise<Row[]>));
  return (await auditedSelect(db, write, auditParams(what))) as Row[];
}

/** The audit entry's values, as parameters of the statement (values, or placeholders of a kept shape). */
type AuditParams = Record<'company' | 'user' | 'action' | 'resource' | 'ip' | 'changes' | 'sentence', unknown>;
const auditParams = ({ req, auth, action, r, changes }: AuditOf): AuditParams => ({
  company: auth.companyId, user: auth.userId, action, resource: r?.name ?? null, ip: req?.ip ?? null, changes: JSON.stringify(changes), sentence: sentence(auth, action, r, null),
});

/** `write` and its audit entry as one data-modifying WITH (the record id from the written row). */
function auditedSelect(db: Db, write: TypedQueryBuilder<Record<string, unknown>>, p: AuditParams) {
  const written = db.$with('written').as(write);
  const id: SQL = sql`${sql.identifier('written')}.${sql.identifier('id')}`;
  const description = sql`left(${p.sentence} || ' #' || ${id}, 500)`;
  const logged = db.$with('logged', {}).as(sql`insert into ${logs} (${sql.identifier('company_id')}, ${sql.identifier('user_id')}, ${sql.identifier('action')},
    ${sql.identifier('resource')}, ${sql.identifier('record_id')}, ${sql.identifier('ip')}, ${sql.identifier('changes')}, ${sql.identifier('actionDescription')})
    select ${p.company}::bigint, ${p.user}::bigint, ${p.action}, ${p.resource}, ${id}, ${p.ip}, ${p.changes}::jsonb, ${description} from ${sql.identifier('written')}`);
  return db.with(written, logged).select().from(written);
}

const AUDIT_KEYS = ['company', 'user', 'action', 'resource', 'ip', 'changes', 'sentence'] as const;
/** placeholders of the audit's values, apart from the columns' (a column may be called `action`) */
const auditPlaceholder = (k: string): string => `__audit_${k}`;

/**
 * A write of a row (and its audit entry) with a statement kept per shape (engine/statements.ts `shaped`): the table,
 * the columns given, which of them are null (written as NULL, not through a column's encoder) and whether it is
 * audited. `build` makes the write from the values' placeholders; `fixed` are its other placeholders' values (the
 * id of an update). Null when a value is not a plain one (an SQL expression): the caller builds its statement.
 */
function keptWrite(db: Db, kind: string, table: PgTable, values: Row, what: AuditOf | null, build: (placeholders: Row) => TypedQueryBuilder<Record<string, unknown>>, fixed: Row = {}): Promise<Row[]> | null {
  const columns = getTableColumns(table);
  const given = Object.keys(values).filter((k) => values[k] !== undefined && k in columns).sort();
  if (given.some((k) => values[k] instanceof SQL)) return null;
  const nulls = given.filter((k) => values[k] === null);
  const key = `${kind}:${getTableName(table)}:${given.join(',')}:null=${nulls.join(',')}:${what ? 'audited' : ''}`;
  const statement = shaped<Row[]>(db, key, () => {
    const write = build(Object.fromEntries(given.map((k) => [k, values[k] === null ? null : sql.placeholder(k)])));
    return what ? auditedSelect(db, write, Object.fromEntries(AUDIT_KEYS.map((k) => [k, sql.placeholder(auditPlaceholder(k))])) as AuditParams) : write;
  });
  const params: Row = { ...fixed };
  for (const k of given) if (values[k] !== null) params[k] = values[k];
  if (what) {
    const audit = auditParams(what);
    for (const k of AUDIT_KEYS) params[auditPlaceholder(k)] = audit[k];
  }
  return statement.execute(params);
}

/** Inserts a row and its audit entry (`keptWrite`; as `writeAudited` when a value is an SQL expression). */
export function insertAudited(db: Db, table: PgTable, values: Row, what: AuditOf | null): Promise<Row[]> {
  return keptWrite(db, 'insert', table, values, what, (ph) => db.insert(table).values(ph as never).returning())
    ?? writeAudited(db, db.insert(table).values(values).returning(), what);
}

/**
 * Updates the row `id` (its `updated_at` now) and writes its audit entry (`keptWrite`); with `where` (a condition
 * of the caller's: the state the row was read in) the statement is built each time, as `writeAudited`.
 */
export function updateAudited(db: Db, table: PgTable, id: number, values: Row, what: AuditOf | null, where?: SQL): Promise<Row[]> {
  const idCol = getTableColumns(table).id;
  const built = () => db.update(table).set({ ...values, updated_at: sql`now()` }).where(where ? and(eq(idCol, id), where) : eq(idCol, id)).returning();
  if (where) return writeAudited(db, built(), what);
  return keptWrite(db, 'update', table, values, what, (ph) => db.update(table).set({ ...ph, updated_at: sql`now()` }).where(eq(idCol, sql.placeholder(ID_PLACEHOLDER))).returning(), { [ID_PLACEHOLDER]: id })
    ?? writeAudited(db, built(), what);
}
const ID_PLACEHOLDER = '__row_id';
