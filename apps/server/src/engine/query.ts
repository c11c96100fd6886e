/**
 * Reads of the engine: a record by id here; lists in list.ts, the company scope in scope.ts, what a read selects
 * and the embedded links in embeds.ts, statements built once and reads gathered in statements.ts, totals and lookup
 * rows kept in caches.ts, the tables in tables.ts. Everything is re-exported from here for the engine's users.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ResourceDef } from '@paco/domain/resource';
import type { AuthContext } from '../auth/session.ts';
import type { Db } from '../db/client.ts';
import type { Row } from './context.ts';
import { rowColumns, tableFor, idIsAnyOf } from './tables.ts';
import { scopeOf, scopeSql, type ScopeOptions } from './scope.ts';
import { gather, gathering, prepared } from './statements.ts';
import { rowConditions } from './rowscope.ts';
import { copyRow, embedsOf, readSelection } from './embeds.ts';

export { pivotTable, rowColumns, tableFor, type Cols } from './tables.ts';
export { embedsOf, loadEmbeds, type Embed } from './embeds.ts';
export { scopeConditions, type ScopeOptions } from './scope.ts';
export { gather, gatherReads, prepared } from './statements.ts';
export { answerFields, list, listedRows, listInBatches, parseListQuery, pickFields, type ListQuery } from './list.ts';
export { cacheLookups, displayKey, loadRefs, touchTable } from './caches.ts';

export async function findOne(db: Db, r: ResourceDef, auth: AuthContext | null, id: number, withTrashed = false, scope: ScopeOptions = {}): Promise<Row | null> {
  const { table, cols } = tableFor(r);
  const { shape, company } = scopeOf(r, auth, scope);
  const live = r.softDelete && !withTrashed;
  const embed = !!scope.embed && embedsOf(r).length > 0;
  const shapeKey = `${r.name}:${shape}:${live}:${embed}`;
  const conds = (idCond: () => SQL) => and(...scopeSql(r, shape, sql.placeholder('company')), idCond(), ...(live ? [isNull(cols.deleted_at)] : []));
  const rowConds = rowConditions(r, auth);
  if (rowConds.length) {
    // a session limited to its rows (rowscope.ts): a statement of its own, not shared with other sessions
    const [row] = await db.select(embed ? readSelection(r).select : rowColumns(r)).from(table)
      .where(and(...scopeSql(r, shape, company), eq(cols.id, id), ...(live ? [isNull(cols.deleted_at)] : []), ...rowConds)).limit(1);
    return (row as Row | undefined) ?? null;
  }
  if (gathering(db)) {
    const query = prepared<Row[]>(db, `many:${shapeKey}`, () => db.select(embed ? readSelection(r).select : rowColumns(r)).from(table)
      .where(conds(() => idIsAnyOf(cols.id))));
    const byId = await gather(db, `one:${shapeKey}:${company}`, id, async (ids) => new Map((await query.execute({ company, ids: [...new Set(ids)] })).map((x) => [x.id as number, x])));
    const row = byId.get(id);
    // a copy: requests asking for the same record get their own (embedded arrays too)
    return row ? copyRow(row, embed ? embedsOf(r) : []) : null;
  }
  const query = prepared<Row[]>(db, `one:${shapeKey}`, () => db.select(embed ? readSelection(r).select : rowColumns(r)).from(table)
    .where(conds(() => eq(cols.id, sql.placeholder('id')))).limit(1));
  const [row] = await query.execute({ company, id });
  return row ?? null;
}
