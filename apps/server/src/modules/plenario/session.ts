/**
 * The plenary session's row for the module's calls: read in the session's company (404 otherwise), or locked for a
 * change (`for update`: one change of a session at a time, so each pushed event carries the state as of its commit).
 */
import { and, eq } from 'drizzle-orm';
import { resourceByName } from '@paco/domain/resources';
import type { Db } from '../../db/client.ts';
import { plenarySessions } from '../../db/schema.generated.ts';
import type { ActionContext, Row } from '../../engine/context.ts';
import { notFoundOf } from '../../engine/serialize.ts';

export const sessionsDef = resourceByName.get('plenary_sessions')!;

/** Runs `fn` in a transaction holding the session's row lock; 404 for another company's or unknown session. */
export async function withSession<T>(ctx: ActionContext, sessionId: number | null, fn: (tx: Db, session: Row) => Promise<T>): Promise<T> {
  if (!sessionId) throw notFoundOf(sessionsDef);
  const auth = ctx.auth!;
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [session] = await tx.select().from(plenarySessions)
      .where(and(eq(plenarySessions.id, sessionId), eq(plenarySessions.company_id, auth.companyId))).for('update').limit(1);
    if (!session) throw notFoundOf(sessionsDef);
    return fn(tx, session as Row);
  });
}

/** The session of the signed-in user's company, or 404. */
export async function readSession(ctx: Pick<ActionContext, 'db' | 'auth'>, id: number | null): Promise<Row> {
  if (!id) throw notFoundOf(sessionsDef);
  const [s] = await ctx.db.select().from(plenarySessions).where(and(eq(plenarySessions.id, id), eq(plenarySessions.company_id, ctx.auth!.companyId))).limit(1);
  if (!s) throw notFoundOf(sessionsDef);
  return s as Row;
}
