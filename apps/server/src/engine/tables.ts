/** The generated tables behind the definitions, and the columns a read returns. */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { sortKeyColumns, tableOf, type ResourceDef } from '@paco/domain/resource';
import * as schema from '../db/schema.generated.ts';

export type Cols = Record<string, PgColumn>;

export function tableFor(r: ResourceDef): { table: PgTable; cols: Cols } {
  const table = (schema.resourceTables as Record<string, PgTable>)[tableOf(r)];
  if (!table) throw new Error(`table for ${r.name} not generated; run npm run db:generate`);
  return { table, cols: table as unknown as Cols };
}

const camel = (name: string): string => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The generated pivot table of a link (`links` of a definition). */
export function pivotTable(name: string): { table: PgTable; cols: Cols } {
  const table = (schema as unknown as Record<string, PgTable>)[camel(name)];
  if (!table) throw new Error(`pivot ${name} not generated; run npm run db:generate`);
  return { table, cols: table as unknown as Cols };
}

/**
 * The columns a read returns: all but the full-text vector (large, and only ever searched, never shown) and the
 * identification sort keys (`sortAs`: only ever sorted by).
 */
const readColumns = new Map<string, Cols>();
export function rowColumns(r: ResourceDef): Cols {
  let out = readColumns.get(tableOf(r));
  if (!out) {
    const unread = new Set(['search_vector', ...sortKeyColumns(r).map(([c]) => c)]);
    out = Object.fromEntries(Object.entries(getTableColumns(tableFor(r).table)).filter(([k]) => !unread.has(k))) as Cols;
    readColumns.set(tableOf(r), out);
  }
  return out;
}

/** `column = any($name)`: a list of values as one parameter, so one statement text whatever their number. */
export const anyOf = (column: PgColumn, name: string): SQL => sql`${column} = any(${sql.placeholder(name)})`;
/** `id = any($ids)`: the rows of a list of ids, as one prepared statement whatever their number (execute with { ids }). */
export const idIsAnyOf = (id: PgColumn): SQL => anyOf(id, 'ids');
