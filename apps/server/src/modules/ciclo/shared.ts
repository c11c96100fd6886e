/** Small reads shared by the legislative cycle's parts (types by slug, a matter's latest step, the write scope of an action). */
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tramitations, types } from '../../db/schema.generated.ts';
import type { ActionContext, Row } from '../../engine/context.ts';
import { scopeOf, type WriteScope } from '../../engine/records.ts';

export interface TypeRow { id: number; slug: string; label: string }

/** The type of a category by slug the company may use: its own first, else the national one. */
export async function typeBySlug(db: Db, category: string, slug: string, companyId: number): Promise<TypeRow | null> {
  const rows = await db.select({ id: types.id, slug: types.slug, label: types.label, company_id: types.company_id }).from(types)
    .where(and(eq(types.type, category), eq(types.slug, slug), or(isNull(types.company_id), eq(types.company_id, companyId))));
  const row = rows.find((r) => r.company_id === companyId) ?? rows[0];
  return row ? { id: row.id, slug: row.slug, label: row.label } : null;
}

/** A type by id (any category), or null. */
export async function typeById(db: Db, id: unknown): Promise<TypeRow | null> {
  if (typeof id !== 'number') return null;
  const [row] = await db.select({ id: types.id, slug: types.slug, label: types.label }).from(types).where(eq(types.id, id)).limit(1);
  return row ?? null;
}

/** The matter's latest step (by date, then id), whole. */
export async function latestStepOf(db: Db, matterId: number): Promise<Row | null> {
  const [row] = await db.select().from(tramitations).where(eq(tramitations.matter_id, matterId)).orderBy(desc(tramitations.data), desc(tramitations.id)).limit(1);
  return (row as Row | undefined) ?? null;
}

/** The write scope of an action's handler, in `db` (the action's transaction, or a savepoint of it). */
export const writeScope = (ctx: ActionContext, db: Db = ctx.db): WriteScope => ({ ...scopeOf(ctx, ctx.req), db });
