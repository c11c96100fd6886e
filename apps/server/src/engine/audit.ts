import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import type { ResourceDef } from '@paco/domain/resource';
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../auth/session.ts';
import { logs } from '../db/schema.generated.ts';
import type { Row } from './context.ts';

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
 * trip instead of two, and no audit row when nothing was written (an update whose condition no longer held).
 */
export async function writeAudited(db: Db, write: TypedQueryBuilder<Record<string, unknown>>, what: AuditOf | null): Promise<Row[]> {
  if (!what) return (await (write as unknown as Promise<Row[]>));
  const written = db.$with('written').as(write);
  const { req, auth, action, r, changes } = what;
  const id: SQL = sql`${sql.identifier('written')}.${sql.identifier('id')}`;
  const description = sql`left(${sentence(auth, action, r, null)} || ' #' || ${id}, 500)`;
  const logged = db.$with('logged', {}).as(sql`insert into ${logs} (${sql.identifier('company_id')}, ${sql.identifier('user_id')}, ${sql.identifier('action')},
    ${sql.identifier('resource')}, ${sql.identifier('record_id')}, ${sql.identifier('ip')}, ${sql.identifier('changes')}, ${sql.identifier('actionDescription')})
    select ${auth.companyId}::bigint, ${auth.userId}::bigint, ${action}, ${r?.name ?? null}, ${id}, ${req?.ip ?? null}, ${JSON.stringify(changes)}::jsonb, ${description} from ${sql.identifier('written')}`);
  return (await db.with(written, logged).select().from(written)) as Row[];
}
