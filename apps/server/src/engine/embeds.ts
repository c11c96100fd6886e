/**
 * What a read for an answer selects: the row's columns and the links a definition embeds (read in the row's own
 * statement), trimmed to `?fields=` when asked; the embeds of rows read without them; copies of shared rows.
 */
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { linkKeys, pivotOf, tableOf, type ResourceDef } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';
import type { Db } from '../db/client.ts';
import type { Row } from './context.ts';
import { pivotTable, rowColumns, tableFor, idIsAnyOf } from './tables.ts';
import { prepared } from './statements.ts';

/**
 * The links a definition embeds in its reads (`links.{name}.embed`): for each, the SQL of a correlated subquery
 * giving `[{ id, ...fields }]` (JSON, in the target's display order or, `ordered`, the links', live targets only), read in the same
 * statement as the owner's rows. Checked once per resource; a definition error stops the server at start.
 */
export interface Embed { name: string; column: SQL }
const embedsByResource = new Map<string, Embed[]>();
export function embedsOf(r: ResourceDef): Embed[] {
  let out = embedsByResource.get(r.name);
  if (out) return out;
  out = [];
  const owner = tableFor(r);
  for (const [name, l] of Object.entries(r.links ?? {})) {
    if (!l.embed?.length) continue;
    const target = resourceByName.get(l.target);
    if (!target) throw new Error(`${r.name}.links.${name}: unknown resource ${l.target}`);
    if (tableOf(target) === tableOf(r)) throw new Error(`${r.name}.links.${name}: a link to its own table cannot be embedded`);
    const { table, cols } = tableFor(target);
    const pivot = pivotTable(pivotOf(r, name));
    const { ownerKey, targetKey } = linkKeys(r, target);
    // written out qualified: drizzle leaves a single-table select's columns unqualified, which would bind the
    // subquery's own "id" instead of the owner's
    const col = (t: PgTable, c: PgColumn): SQL => sql`${sql.identifier(getTableName(t))}.${sql.identifier(c.name)}`;
    const pairs = [sql`'id', ${col(table, cols.id)}`];
    for (const k of l.embed) {
      const fl = target.fields[k];
      if (!fl || !cols[k] || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(k) || fl.writeOnly || fl.kind === 'datetime' || fl.kind === 'file' || fl.kind === 'password') {
        throw new Error(`${r.name}.links.${name}.embed: ${k} is not a plain field of ${target.name}`);
      }
      pairs.push(sql`${sql.raw(`'${k}'`)}, ${col(table, cols[k])}`);
    }
    // the target's display order, or the order the links were made in (`ordered`: the pivot's serial)
    const order = l.ordered ? [col(pivot.table, pivot.cols.ordem)] : [col(table, cols[target.display] ?? cols.id), col(table, cols.id)];
    out.push({
      name,
      column: sql`(select coalesce(json_agg(json_build_object(${sql.join(pairs, sql`, `)}) order by ${sql.join(order.map((o) => sql`${o} asc nulls last`), sql`, `)}), '[]'::json) from ${pivot.table} inner join ${table} on ${col(table, cols.id)} = ${col(pivot.table, pivot.cols[targetKey])} where ${col(pivot.table, pivot.cols[ownerKey])} = ${col(owner.table, owner.cols.id)}${target.softDelete ? sql` and ${col(table, cols.deleted_at)} is null` : sql``})`,
    });
  }
  embedsByResource.set(r.name, out);
  return out;
}

/**
 * What a read for an answer selects: the row's columns and the embedded links. For an answer trimmed to `fields`
 * (`?fields=`), only the columns and links it keeps (and id, the company, the deletion, a kept reference's id); the
 * key names them (part of a prepared statement's key). Hooks that decorate a trimmed list see only those columns.
 */
type Selection = { select: Record<string, PgColumn | SQL>; key: string };
/** worked out once per resource and per field set (`answerFields` keeps its sets, so they are the same objects) */
const selections = new WeakMap<ResourceDef, { all?: Selection; trimmed: WeakMap<ReadonlySet<string>, Selection> }>();
export function readSelection(r: ResourceDef, fields?: ReadonlySet<string> | null): Selection {
  let byResource = selections.get(r);
  if (!byResource) selections.set(r, (byResource = { trimmed: new WeakMap() }));
  let out = fields ? byResource.trimmed.get(fields) : byResource.all;
  if (!out) {
    out = selectionOf(r, fields);
    if (fields) byResource.trimmed.set(fields, out);
    else byResource.all = out;
  }
  return out;
}
function selectionOf(r: ResourceDef, fields?: ReadonlySet<string> | null): Selection {
  const embeds = embedsOf(r).filter((e) => !fields || fields.has(e.name));
  if (!fields) return { select: embeds.length ? { ...rowColumns(r), ...Object.fromEntries(embeds.map((e) => [e.name, e.column])) } : rowColumns(r), key: '' };
  // a trimmed answer reads the columns it keeps: id, the company and the deletion, and a kept reference's id
  const kept = (k: string): boolean => k === 'id' || k === 'company_id' || k === 'deleted_at' || fields.has(k) || (k.endsWith('_id') && fields.has(k.slice(0, -3)));
  const columns = Object.fromEntries(Object.entries(rowColumns(r)).filter(([k]) => kept(k)));
  const key = `-${[...Object.keys(columns), ...embeds.map((e) => e.name)].sort().join('.')}`;
  return { select: embeds.length ? { ...columns, ...Object.fromEntries(embeds.map((e) => [e.name, e.column])) } : columns, key };
}

/** Rows of a trimmed list read without (some of) their embedded links: `loadEmbeds` leaves them so. */
export const trimmedRows = new WeakSet<Row>();

/**
 * The embedded links of rows that were not read with them (a write's returned row): one statement per link for
 * all the rows. Rows that have them are left as they are.
 */
export async function loadEmbeds(db: Db, r: ResourceDef, rows: Row[]): Promise<void> {
  for (const e of embedsOf(r)) {
    const missing = rows.filter((row) => !Array.isArray(row[e.name]) && !trimmedRows.has(row));
    if (!missing.length) continue;
    const { table, cols } = tableFor(r);
    const found = await prepared<{ id: number; v: unknown[] }[]>(db, `embed:${r.name}:${e.name}`, () => db.select({ id: cols.id, v: e.column }).from(table)
      .where(idIsAnyOf(cols.id))).execute({ ids: missing.map((row) => row.id) });
    const byId = new Map(found.map((x) => [x.id, x.v]));
    for (const row of missing) row[e.name] = byId.get(row.id as number) ?? [];
  }
}

/** A row of its own for each answer: rows read once for several requests share nothing, embedded arrays included. */
export function copyRow(row: Row, embeds: Embed[]): Row {
  const out = { ...row };
  for (const e of embeds) if (Array.isArray(out[e.name])) out[e.name] = (out[e.name] as Row[]).map((x) => (x && typeof x === 'object' ? { ...x } : x));
  return out;
}
