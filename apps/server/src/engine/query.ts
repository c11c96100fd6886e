/** List/show queries of the engine: tenant scope, soft delete, filters, search, sort, pagination. */
import { and, eq, getTableColumns, getTableName, inArray, isNotNull, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import { filterFields, ftsQuery, linkKeys, listFields, listQueryOf, listQuerySchema, listSortable, pivotOf, sortNullable, sortableFields, tableOf, type ResourceDef, type Tenancy } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';
import * as schema from '../db/schema.generated.ts';
import type { AuthContext } from '../auth/session.ts';
import type { Db } from '../db/client.ts';
import type { Row } from './context.ts';
import { issuesToErrors, unprocessable } from '../http/errors.ts';
import { ALL_TABLES, statementName, type ChangeFeed } from '../db/changes.ts';

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
 * The links a definition embeds in its reads (`links.{name}.embed`): for each, the SQL of a correlated subquery
 * giving `[{ id, ...fields }]` (JSON, in the target's display order, live targets only), read in the same
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
    const display = cols[target.display] ?? cols.id;
    out.push({
      name,
      column: sql`(select coalesce(json_agg(json_build_object(${sql.join(pairs, sql`, `)}) order by ${col(table, display)} asc nulls last, ${col(table, cols.id)}), '[]'::json) from ${pivot.table} inner join ${table} on ${col(table, cols.id)} = ${col(pivot.table, pivot.cols[targetKey])} where ${col(pivot.table, pivot.cols[ownerKey])} = ${col(owner.table, owner.cols.id)}${target.softDelete ? sql` and ${col(table, cols.deleted_at)} is null` : sql``})`,
    });
  }
  embedsByResource.set(r.name, out);
  return out;
}

/**
 * What a read for an answer selects: the row's columns and the embedded links. For an answer trimmed to `fields`
 * (`?fields=`), long texts and embedded links outside them are not read; the key names what was left out (part of a
 * prepared statement's key). Hooks that decorate a trimmed list see those keys absent.
 */
function readSelection(r: ResourceDef, fields?: ReadonlySet<string> | null): { select: Record<string, PgColumn | SQL>; key: string } {
  const embeds = embedsOf(r).filter((e) => !fields || fields.has(e.name));
  const skipped = fields ? Object.entries(r.fields).filter(([k, fl]) => fl.kind === 'longtext' && !fields.has(k)).map(([k]) => k) : [];
  const columns = skipped.length ? Object.fromEntries(Object.entries(rowColumns(r)).filter(([k]) => !skipped.includes(k))) : rowColumns(r);
  const key = fields ? `-${[...skipped, ...embedsOf(r).filter((e) => !embeds.includes(e)).map((e) => e.name)].join('.')}` : '';
  return { select: embeds.length ? { ...columns, ...Object.fromEntries(embeds.map((e) => [e.name, e.column])) } : columns, key };
}

/**
 * The keys an answer's rows keep (`?fields=`), or null for the whole record (no `fields`, or `all`). `list` stands for
 * `listFields` (what the list screen shows); other names are kept as given (unknown ones are simply absent); id is
 * always kept, and a reference kept keeps its expanded object (`type_id` → `type`).
 */
const fieldSets = new LRUCache<string, { keys: ReadonlySet<string> | null }>({ max: 500 });
export function answerFields(r: ResourceDef, raw: unknown): ReadonlySet<string> | null {
  if (typeof raw !== 'string' || !raw.trim() || raw.trim() === 'all') return null;
  const cacheKey = `${r.name}|${raw}`;
  const hit = fieldSets.get(cacheKey);
  if (hit) return hit.keys;
  const keys = new Set<string>(['id']);
  for (const name of raw.split(',').map((x) => x.trim()).filter(Boolean)) {
    if (name === 'all') { keys.clear(); break; }
    for (const k of name === 'list' ? listFields(r) : [name]) {
      keys.add(k);
      if (r.fields[k]?.kind === 'ref' && k.endsWith('_id')) keys.add(k.slice(0, -3));
    }
  }
  const out = keys.size ? keys : null;
  fieldSets.set(cacheKey, { keys: out });
  return out;
}

/** Rows of an answer trimmed to `fields` (the rows themselves when null). */
export function pickFields(rows: Row[], fields: ReadonlySet<string> | null): Row[] {
  if (!fields) return rows;
  return rows.map((row) => {
    const o: Row = {};
    for (const k of fields) if (k in row) o[k] = row[k];
    return o;
  });
}

/** Rows of a trimmed list read without (some of) their embedded links: `loadEmbeds` leaves them so. */
const trimmedRows = new WeakSet<Row>();

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
      .where(sql`${cols.id} = any(${sql.placeholder('ids')})`)).execute({ ids: missing.map((row) => row.id) });
    const byId = new Map(found.map((x) => [x.id, x.v]));
    for (const row of missing) row[e.name] = byId.get(row.id as number) ?? [];
  }
}

/** The columns a read returns: all but the full-text vector (large, and only ever searched, never shown). */
const readColumns = new Map<string, Cols>();
export function rowColumns(r: ResourceDef): Cols {
  let out = readColumns.get(tableOf(r));
  if (!out) {
    out = Object.fromEntries(Object.entries(getTableColumns(tableFor(r).table)).filter(([k]) => k !== 'search_vector')) as Cols;
    readColumns.set(tableOf(r), out);
  }
  return out;
}

export interface ScopeOptions {
  /** for writes: shared reference rows (no company) are not writable except by the superadmin */
  write?: boolean;
  /** findOne for an answer: the row also carries the definition's embedded links (`embedsOf`) */
  embed?: boolean;
  /** public reads without a session: the company asked for (from the path or ?company_id=) */
  publicCompanyId?: number | null;
  /** a list for an answer trimmed to these keys (`answerFields`): long texts and embedded links outside them are not read */
  fields?: ReadonlySet<string> | null;
}

/**
 * How a query on the resource is scoped to a company, from the session: the shape (which becomes part of a
 * prepared statement's key) and the company it compares with.
 */
type ScopeShape = 'all' | 'nobody' | 'own' | 'shared' | 'global-only' | 'shared-write' | 'shared-write-super';
function scopeOf(r: ResourceDef, auth: AuthContext | null, opts: ScopeOptions): { shape: ScopeShape; company: number } {
  const company = auth?.companyId ?? opts.publicCompanyId ?? null;
  if (!r.tenant || (auth && r.tenant.superadminAll && auth.isSuperadmin)) return { shape: 'all', company: -1 };
  if (r.tenant.shared) {
    if (opts.write) return { shape: auth?.isSuperadmin ? 'shared-write-super' : 'shared-write', company: company ?? -1 };
    return company === null ? { shape: 'global-only', company: -1 } : { shape: 'shared', company };
  }
  return company === null ? { shape: 'nobody', company: -1 } : { shape: 'own', company };
}

function scopeSql(r: ResourceDef, shape: ScopeShape, company: number | SQL | Placeholder): SQL[] {
  if (shape === 'all') return [];
  if (shape === 'nobody') return [sql`false`];
  const col = tableFor(r).cols[(r.tenant as Tenancy).column];
  switch (shape) {
    case 'own': case 'shared-write': return [eq(col, company)];
    case 'shared': case 'shared-write-super': return [or(isNull(col), eq(col, company))!];
    case 'global-only': return [isNull(col)];
  }
}

/** Conditions every query on the resource carries: the company scope from the session only. */
export function scopeConditions(r: ResourceDef, auth: AuthContext | null, opts: ScopeOptions = {}): SQL[] {
  const { shape, company } = scopeOf(r, auth, opts);
  return scopeSql(r, shape, company);
}

/**
 * Statements built once per shape and then only executed with new values: drizzle does not rebuild the SQL, and on
 * PostgreSQL the statement is prepared once per connection (its name is the hash of its text, as db/changes.ts
 * names the others). Per database handle, so a transaction gets its own.
 */
interface Prepared { execute(values: Record<string, unknown>): Promise<unknown> }
/** statement shapes kept per handle, the least recently used dropped first (rebuilt, same name, if asked again) */
const PREPARED_MAX = 1000;
const preparedByDb = new WeakMap<object, LRUCache<string, Prepared>>();
export function prepared<T>(db: Db, key: string, build: () => { toSQL(): { sql: string }; prepare(name: string): Prepared }): { execute(values: Record<string, unknown>): Promise<T> } {
  let byKey = preparedByDb.get(db);
  if (!byKey) preparedByDb.set(db, (byKey = new LRUCache({ max: PREPARED_MAX })));
  let p = byKey.get(key);
  if (!p) {
    const query = build();
    p = query.prepare(statementName(query.toSQL().sql));
    byKey.set(key, p);
  }
  return p as { execute(values: Record<string, unknown>): Promise<T> };
}

/**
 * Reads gathered per turn of the event loop, on the app's own handle (not in transactions): the reads of one
 * statement shape that arrive together are sent as one statement once they have all arrived, so every answer still
 * reflects the database as it was after its request came in. Finds by id of one shape go as one `id = any(…)`;
 * identical list pages are read once. Under load this turns many round trips to PostgreSQL (each one waking a
 * backend) into a few; a request alone waits only for the end of the current turn.
 */
const gatheringDbs = new WeakSet<object>();
export function gatherReads(db: Db): void {
  gatheringDbs.add(db);
}
const GATHER_MAX = 100;
interface Gathering { items: unknown[]; done: Promise<unknown> }
const gatherings = new WeakMap<object, Map<string, Gathering>>();
/**
 * Adds `item` to the reads of `key` gathered on `owner` (a database handle) in this turn; the first one schedules
 * `run` with every item gathered by the end of the turn (at most GATHER_MAX), and all get its result.
 */
export function gather<K, R>(owner: object, key: string, item: K, run: (items: K[]) => Promise<R>): Promise<R> {
  let byKey = gatherings.get(owner);
  if (!byKey) gatherings.set(owner, (byKey = new Map()));
  const map = byKey;
  let g = map.get(key);
  if (!g) {
    const items: K[] = [];
    const started: Gathering = {
      items,
      done: new Promise<R>((resolve, reject) => setImmediate(() => {
        if (map.get(key) === started) map.delete(key);
        // a throw inside run becomes a rejection of every waiter, never an uncaught exception
        Promise.resolve().then(() => run(items)).then(resolve, reject);
      })),
    };
    map.set(key, started);
    g = started;
  }
  g.items.push(item);
  if (g.items.length >= GATHER_MAX) map.delete(key);
  return g.done as Promise<R>;
}

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function parseFilter(kind: string, raw: string): unknown | undefined {
  if (raw === 'null') return null;
  if (kind === 'bool') return raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : undefined;
  if (kind === 'int' || kind === 'ref') return /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
  return raw.slice(0, 200);
}

export interface ListQuery {
  page: number;
  perPage: number;
  sort?: string;
  q?: string;
  search?: string;
  trashed?: 'with' | 'only';
  [filter: string]: unknown;
}

/**
 * The list query of a call that reads it itself (a sub-list, an action's list, a search with its query in the body),
 * by the rules of the main list route: a page or perPage that is not a usable number falls back to its default; a
 * sort, q, search or filter that is not one text of at most 200 characters, or an unknown `trashed`, is a 422 with
 * pt-BR messages (never a 500). Objects are merged in order (a JSON body after the query string); numbers and booleans
 * of a body count as their text, null as absent. With a resource, its filter fields are kept; other keys are dropped.
 */
export function parseListQuery(sources: readonly unknown[], r?: ResourceDef): ListQuery {
  const raw: Record<string, unknown> = {};
  for (const src of sources) {
    if (!src || typeof src !== 'object' || Array.isArray(src)) continue;
    for (const [k, v] of Object.entries(src)) {
      if (v === undefined || v === null) continue;
      raw[k] = typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
    }
  }
  const parsed = (r ? listQueryOf(r) : listQuerySchema).safeParse(raw);
  if (!parsed.success) throw unprocessable(issuesToErrors(parsed.error.issues as never));
  return parsed.data as ListQuery;
}

/**
 * The WHERE of a list, as a shape and its values: the shape (which filters are set, null or invalid, the kind of
 * text search, trashed, the scope) keys a statement prepared once; the values go in as parameters. The conditions
 * themselves are only built when a statement is (`conds`).
 */
interface ListWhere {
  conds: () => SQL[];
  key: string;
  values: Record<string, unknown>;
  fts: boolean;
  /** the filters compared with a value (`?type_id=5`), in definition order */
  equal: string[];
  /** anything beyond the scope and the soft delete: a filter or a search */
  narrowed: boolean;
  /** narrowed by something else than `equal`: a search, a filter on null or an invalid filter */
  mixed: boolean;
}
function listWhere(r: ResourceDef, auth: AuthContext | null, q: ListQuery, scope: ScopeOptions, inline = false): ListWhere {
  const { cols } = tableFor(r);
  const values: Record<string, unknown> = {};
  const param = (v: unknown): Placeholder | SQL => {
    if (inline) return sql`${v}`;
    const name = `p${Object.keys(values).length}`;
    values[name] = v;
    return sql.placeholder(name);
  };
  const { shape, company } = scopeOf(r, auth, scope);
  const companyParam = param(company);
  const conds: (() => SQL | SQL[])[] = [() => scopeSql(r, shape, companyParam)];
  const key: string[] = [shape];
  if (r.softDelete) {
    if (q.trashed === 'only') conds.push(() => isNotNull(cols.deleted_at));
    else if (q.trashed !== 'with') conds.push(() => isNull(cols.deleted_at));
    key.push(`t:${q.trashed ?? ''}`);
  }
  const equal: string[] = [];
  let narrowed = false;
  let mixed = false;
  for (const [k, fl] of filterFields(r)) {
    const raw = q[k];
    if (typeof raw !== 'string' || raw === '') continue;
    narrowed = true;
    const v = parseFilter(fl.kind, raw);
    if (v === undefined || v === null) mixed = true;
    if (v === undefined) { conds.push(() => sql`false`); key.push(`${k}!`); } else if (v === null) { conds.push(() => isNull(cols[k])); key.push(`${k}0`); } else {
      const p = param(v);
      conds.push(() => eq(cols[k], p));
      key.push(k);
      equal.push(k);
    }
  }
  const text = (q.q ?? q.search ?? '').replace(/\0/g, '').trim();
  const tsq = r.list.fts?.length && text ? ftsQuery(text) : null;
  if (tsq) {
    narrowed = mixed = true;
    const p = param(tsq);
    conds.push(() => sql`${cols.search_vector} @@ to_tsquery('simple', ${p})`);
    key.push('fts');
  } else if (text && r.list.search.length) {
    narrowed = mixed = true;
    const like = param(`%${escapeLike(text)}%`);
    conds.push(() => or(...r.list.search.map((k) => sql`f_unaccent(${cols[k]}::text) ilike f_unaccent(${like})`))!);
    key.push('like');
  }
  return { conds: () => conds.flatMap((c) => c()), key: key.join(','), values, fts: !!tsq, equal, narrowed, mixed };
}

/**
 * ORDER BY of a list: allowed fields only, id as tie-breaker in the first key's direction; the key names the shape.
 * Spelled as the generated indexes are (db/codegen.ts), so the page is an index walk: a field that may be empty keeps
 * its empty rows last both ways (`desc nulls last`, served by its own descending index); a field that is never empty,
 * and id, are plain `asc`/`desc` (one ascending index walked either way). `NULLS LAST` on a column that is never
 * empty would not change the order, but no index would match it: PostgreSQL sorted every row of the company.
 */
interface Order {
  sql: (source?: Record<string, unknown>) => SQL[];
  key: string;
  fields: string[];
}
function order(r: ResourceDef, sort: string | undefined): Order {
  const { cols } = tableFor(r);
  const allowed = new Set(sortableFields(r));
  const parts = (sort || r.list.sort).split(',').map((s) => s.trim()).filter(Boolean);
  const out: ((c: Record<string, unknown>) => SQL)[] = [];
  const key: string[] = [];
  const fields: string[] = [];
  let firstDesc: boolean | null = null;
  for (const p of parts.slice(0, 4)) {
    const d = p.startsWith('-');
    const k = d ? p.slice(1) : p;
    if (!allowed.has(k) || !cols[k] || k === 'id' || fields.includes(k)) continue;
    firstDesc ??= d;
    const nullsLast = d && sortNullable(r, k);
    out.push((c) => (d ? (nullsLast ? sql`${c[k]} desc nulls last` : sql`${c[k]} desc`) : sql`${c[k]} asc`));
    key.push(p);
    fields.push(k);
  }
  const idDesc = firstDesc ?? parts[0] === '-id';
  out.push((c) => (idDesc ? sql`${c.id} desc` : sql`${c.id} asc`));
  key.push(idDesc ? '-id' : 'id');
  // by default the table's columns; a subquery's fields of the same names otherwise
  return { sql: (source = cols) => out.map((f) => f(source)), key: key.join(','), fields };
}

/**
 * Does an index walk give this list's page in this order, without reading rows that the filters then drop? With no
 * filter or search: yes for the screen's sorts (`listSortable`: an index each) and id. With one filter compared with
 * a value: in the default order (the filter's own index carries it), or in a screen sort when the definition asks for
 * (company, filter, sort, id) indexes (`list.sortedFilters`). Otherwise the engine counts first and picks the plan.
 */
function walkable(r: ResourceDef, w: ListWhere, o: Order): boolean {
  if (!w.narrowed) return true;
  if (w.mixed || w.equal.length !== 1) return false;
  const f = w.equal[0];
  const fl = r.fields[f];
  if (!fl || !(fl.kind === 'ref' || fl.kind === 'select' || fl.filter) || !(r.tenant && r.tenant.column === 'company_id' && !r.tenant.shared)) return false;
  const d = defaultOrders(r);
  if (o.key === d.forward || o.key === d.backward) return true;
  return (r.list.sortedFilters ?? []).includes(f) && (o.fields.length === 0 || (o.fields.length === 1 && listSortable(r).includes(o.fields[0])));
}

/** The default order's key, and its reverse's when the filter indexes also serve it (walked backwards: no field of it may be empty). */
const defaultOrderKeys = new WeakMap<ResourceDef, { forward: string; backward: string | null }>();
function defaultOrders(r: ResourceDef): { forward: string; backward: string | null } {
  let d = defaultOrderKeys.get(r);
  if (!d) {
    const parts = r.list.sort.split(',').map((x) => x.trim()).filter(Boolean);
    const reverse = parts.map((p) => (p.startsWith('-') ? p.slice(1) : `-${p}`)).join(',');
    const forward = order(r, r.list.sort);
    const allSet = forward.fields.every((k) => !sortNullable(r, k));
    defaultOrderKeys.set(r, (d = { forward: forward.key, backward: allSet ? order(r, reverse).key : null }));
  }
  return d;
}

/**
 * Totals of large lists are cached (counting 100k rows, or 25k text matches, on every page is the costliest part
 * of a list). An engine write to the table in this process makes the next list count again; otherwise a total
 * older than COUNT_TTL_MS is still answered while one recount runs in the background, so writes from another
 * process show in the total within a few seconds and a recount never holds up the requests that arrive during
 * it. Concurrent counts of the same list share one statement. Small totals are always exact.
 */
const COUNT_TTL_MS = 3000;
const COUNT_CACHE_MIN = 1000;
interface CountEntry { total: number; at: number; gen: number; refreshing?: Promise<number> }
/** the totals kept, the least recently asked dropped first */
const countCache = new LRUCache<string, CountEntry>({ max: 5000 });
const countsInFlight = new Map<string, Promise<number>>();
const tableGen = new Map<string, number>();
export function touchTable(r: ResourceDef): void {
  const t = tableOf(r);
  tableGen.set(t, (tableGen.get(t) ?? 0) + 1);
}

async function cachedCount(key: string, r: ResourceDef, count: () => Promise<number>): Promise<number> {
  const gen = tableGen.get(tableOf(r)) ?? 0;
  const hit = countCache.get(key);
  const run = (): Promise<number> => {
    const flight = `${key}#${gen}`;
    let p = countsInFlight.get(flight);
    if (!p) {
      p = count().then((total) => {
        if (total >= COUNT_CACHE_MIN) {
          countCache.set(key, { total, at: Date.now(), gen });
        } else countCache.delete(key);
        return total;
      }).finally(() => countsInFlight.delete(flight));
      countsInFlight.set(flight, p);
    }
    return p;
  };
  if (hit && hit.gen === gen) {
    if (Date.now() - hit.at >= COUNT_TTL_MS && !hit.refreshing) {
      hit.refreshing = run();
      hit.refreshing.catch(() => { hit.refreshing = undefined; });
    }
    return hit.total;
  }
  return run();
}

/** pages whose OFFSET is written into the list statement */
const INLINE_PAGES = 10;

/**
 * How a narrowed list (filters, search) that no index walks exactly is read, picked from its count: walk the sort
 * index and test each row, until the page is full (cheap when matches are many and spread: about
 * (offset + size) × all ÷ matches rows), or read the matches from the filter's or the text's index and sort them
 * (about `matches` rows). Under COUNT_CACHE_MIN matches always the latter: a walk for a rare value or term can read
 * the whole company (the planner cannot know; a prefix's frequency is a guess, and a filter's matches may sit at one
 * end of the sort, as a matter's type does in the identification order).
 */
type Plan = 'walk' | 'sorted';
function planOf(offset: number, size: number, matches: number, all: number | null): Plan {
  if (matches < COUNT_CACHE_MIN || all === null) return 'sorted';
  return (offset + size) * (all / Math.max(1, matches)) <= matches ? 'walk' : 'sorted';
}

/** A row of its own for each answer: rows read once for several requests share nothing, embedded arrays included. */
function copyRow(row: Row, embeds: Embed[]): Row {
  const out = { ...row };
  for (const e of embeds) if (Array.isArray(out[e.name])) out[e.name] = (out[e.name] as Row[]).map((x) => (x && typeof x === 'object' ? { ...x } : x));
  return out;
}

export async function list(db: Db, r: ResourceDef, auth: AuthContext | null, q: ListQuery, scope: ScopeOptions = {}, extra: SQL[] = []): Promise<{ rows: Row[]; total: number }> {
  const { table, cols } = tableFor(r);
  const offset = (q.page - 1) * q.perPage;
  const w = listWhere(r, auth, q, scope, extra.length > 0);
  const o = order(r, q.sort);
  const read = readSelection(r, scope.fields);
  let rows: Row[];
  let total: number;
  if (extra.length) {
    // conditions of the caller's own: built for this call
    const where = and(...w.conds(), ...extra);
    const orderSql = o.sql();
    const page = db.select({ id: cols.id }).from(table).where(where).orderBy(...orderSql).limit(q.perPage).offset(offset);
    const countQuery = db.select({ total: sql<number>`count(*)::int` }).from(table).where(where);
    const { sql: text, params } = countQuery.toSQL();
    [rows, total] = await Promise.all([
      db.select(read.select).from(table).where(inArray(cols.id, page)).orderBy(...orderSql) as Promise<Row[]>,
      cachedCount(`${text}|${JSON.stringify(params)}`, r, async () => (await countQuery)[0].total),
    ]);
  } else {
    // the page's ids first (an index-only walk), then their rows: deep pages stay cheap
    // the page size written into the statement (a handful of values), and page 1 without OFFSET: with both as
    // parameters PostgreSQL's generic plan guesses 10% of the rows, looks dearer than a custom one, and every
    // execution is planned again
    // the same for the OFFSET of the first pages (where people are): a parameter OFFSET made PostgreSQL plan every
    // execution again (0.48 ms of its CPU for page 3 against 0.27 ms for page 1); further pages take it as a
    // parameter, so the statements prepared per connection stay few
    const size = Math.max(1, Math.floor(Number(q.perPage)) || 1);
    const fixed = offset <= size * (INLINE_PAGES - 1);
    const counted = (where: ListWhere): Promise<number> => {
      const countQuery = prepared<{ total: number }[]>(db, `count:${r.name}:${where.key}`, () => db.select({ total: sql<number>`count(*)::int` }).from(table).where(and(...where.conds())));
      return cachedCount(`${r.name}:${where.key}|${JSON.stringify(where.values)}`, r, async () => (await countQuery.execute(where.values))[0].total);
    };
    // A narrowed list that no index walks exactly (a search, a filter in another order) counts first, and the count
    // picks the page's plan (`planOf`); a frequent term's or filter's total is kept, a rare one's is a quick index read.
    let plan: Plan = 'walk';
    let first: number | null = null;
    if (!walkable(r, w, o)) {
      first = await counted(w);
      // the company's whole list, for the share of it the matches are (kept: it is large whenever it matters)
      const all = first >= COUNT_CACHE_MIN ? await counted(listWhere(r, auth, { page: 1, perPage: size, trashed: q.trashed }, scope)) : null;
      plan = planOf(offset, size, first, all);
    }
    const sorted = plan === 'sorted';
    const pageQuery = prepared<Row[]>(db, `list:${r.name}:${w.key}:${o.key}:${size}:${fixed ? offset : 'n'}:${plan}${read.key}`, () => {
      const orderSql = o.sql();
      const limit = sql.raw(String(size)) as unknown as number;
      const skip = fixed ? sql.raw(String(offset)) as unknown as number : sql.placeholder('offset');
      let ids;
      if (sorted) {
        // the matches apart (OFFSET 0 keeps PostgreSQL from folding them into the sorted walk), then sorted
        const matches = db.select({ id: cols.id, ...Object.fromEntries(o.fields.map((k) => [k, cols[k]])) }).from(table)
          .where(and(...w.conds())).offset(sql.raw('0') as unknown as number).as('matches');
        const inOrder = db.select({ id: matches.id }).from(matches).orderBy(...o.sql(matches as unknown as Record<string, unknown>)).limit(limit);
        ids = offset === 0 ? inOrder : inOrder.offset(skip);
      } else {
        const limited = db.select({ id: cols.id }).from(table).where(and(...w.conds())).orderBy(...orderSql).limit(limit);
        ids = offset === 0 ? limited : limited.offset(skip);
      }
      return db.select(read.select).from(table).where(inArray(cols.id, ids)).orderBy(...orderSql);
    });
    const values = { ...w.values, offset };
    const embeds = embedsOf(r);
    // a small total is exact (never kept): past it there is nothing to read
    const page = first !== null && first < COUNT_CACHE_MIN && offset >= first
      ? Promise.resolve([])
      : gatheringDbs.has(db)
        ? gather(db, `${r.name}:${w.key}:${o.key}:${size}:${plan}${read.key}|${JSON.stringify(values)}`, null, () => pageQuery.execute(values))
          .then((shared) => shared.map((row) => copyRow(row, embeds)))
        : pageQuery.execute(values);
    [rows, total] = await Promise.all([page, first ?? counted(w)]);
  }
  if (scope.fields) for (const row of rows) trimmedRows.add(row);
  return { rows, total: rows.length < q.perPage && (rows.length > 0 || offset === 0) ? offset + rows.length : total };
}

export async function findOne(db: Db, r: ResourceDef, auth: AuthContext | null, id: number, withTrashed = false, scope: ScopeOptions = {}): Promise<Row | null> {
  const { table, cols } = tableFor(r);
  const { shape, company } = scopeOf(r, auth, scope);
  const live = r.softDelete && !withTrashed;
  const embed = !!scope.embed && embedsOf(r).length > 0;
  const shapeKey = `${r.name}:${shape}:${live}:${embed}`;
  const conds = (idCond: () => SQL) => and(...scopeSql(r, shape, sql.placeholder('company')), idCond(), ...(live ? [isNull(cols.deleted_at)] : []));
  if (gatheringDbs.has(db)) {
    const query = prepared<Row[]>(db, `many:${shapeKey}`, () => db.select(embed ? readSelection(r).select : rowColumns(r)).from(table)
      .where(conds(() => sql`${cols.id} = any(${sql.placeholder('ids')})`)));
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

/** The field shown for a reference: the field's own `display`, else the target's. */
export function displayKey(targetName: string, display?: string): string {
  const target = resourceByName.get(targetName);
  if (!target) return 'id';
  return display && (target.fields[display] || display === 'id') ? display : target.display;
}

/**
 * Lookup tables whose rows each process copies by id (a matter alone references `types` five times): a copy is
 * dropped when the table changes, in this process or another (migration 0004's trigger, db/changes.ts).
 */
const CACHED_LOOKUPS = new Set(['types']);
const LOOKUP_CACHE_MAX = 20_000;
interface LookupCache { rows: LRUCache<number, Row>; generation: number }
const lookupCaches = new WeakMap<object, Map<string, LookupCache>>();

/** Keeps copies of the lookup tables' rows for queries through `db` (the app's handle, not transactions). */
export function cacheLookups(db: Db, changes: ChangeFeed): void {
  const caches = new Map<string, LookupCache>();
  for (const name of CACHED_LOOKUPS) caches.set(name, { rows: new LRUCache({ max: LOOKUP_CACHE_MAX }), generation: 0 });
  lookupCaches.set(db, caches);
  changes.on((table) => {
    for (const [name, c] of caches) {
      if (table !== ALL_TABLES && table !== tableOf(resourceByName.get(name)!)) continue;
      c.rows.clear();
      c.generation++;
    }
  });
}

/** Loads { id → { id, <display fields> } } for referenced ids, one query for the target (none for cached lookups). */
export async function loadRefs(db: Db, targetName: string, ids: number[], displays: (string | undefined)[] = []): Promise<Map<number, Row>> {
  const target = resourceByName.get(targetName);
  if (!target || !ids.length) return new Map();
  const { table, cols } = tableFor(target);
  const keys = [...new Set((displays.length ? displays : [undefined]).map((d) => displayKey(targetName, d)))];
  const unique = [...new Set(ids)];
  const cache = lookupCaches.get(db)?.get(targetName);
  if (cache) {
    const found = new Map<number, Row>();
    const missing: number[] = [];
    for (const id of unique) {
      const row = cache.rows.get(id);
      if (row) found.set(id, row);
      else missing.push(id);
    }
    if (missing.length) {
      const generation = cache.generation;
      const rows = await prepared<Row[]>(db, `lookup:${targetName}`, () => db.select(rowColumns(target)).from(table).where(sql`${cols.id} = any(${sql.placeholder('ids')})`)).execute({ ids: missing });
      // a change while the rows were read: use them for this answer, but do not keep them
      const keep = generation === cache.generation;
      for (const row of rows) {
        found.set(row.id as number, row);
        if (keep) cache.rows.set(row.id as number, row);
      }
    }
    const out = new Map<number, Row>();
    for (const id of unique) {
      const row = found.get(id);
      if (row) out.set(id, Object.fromEntries([['id', row.id], ...keys.map((k) => [k, row[k]])]));
    }
    return out;
  }
  const query = prepared<Row[]>(db, `refs:${targetName}:${keys.join(',')}`, () => db.select({ id: cols.id, ...Object.fromEntries(keys.map((k) => [k, cols[k]])) })
    .from(table).where(sql`${cols.id} = any(${sql.placeholder('ids')})`));
  const rows = await query.execute({ ids: unique });
  return new Map(rows.map((x) => [x.id as number, x]));
}
