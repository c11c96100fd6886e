/**
 * Lists: the query (filters, search, sort, page), its WHERE and ORDER BY spelled as the generated indexes, the plan
 * picked from the count when no index walks the list exactly, and the fields an answer keeps (`?fields=`).
 */
import { and, inArray, isNotNull, isNull, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { filterFields, ftsNeedsTokens, ftsQuery, FTS_TOKENS_TEXT_MAX, listFields, listQueryOf, listQuerySchema, listSortable, rangeBound, rangeFilterFields, sortColumn, sortNullable, sortableFields, type ResourceDef } from '@paco/domain/resource';
import type { AuthContext } from '../auth/session.ts';
import type { Db } from '../db/client.ts';
import type { Row } from './context.ts';
import { issuesToErrors, unprocessable } from '../http/errors.ts';
import { tableFor } from './tables.ts';
import { scopeOf, scopeSql, type ScopeOptions } from './scope.ts';
import { rowConditions } from './rowscope.ts';
import { together } from './concurrency.ts';
import { gather, gathering, prepared } from './statements.ts';
import { copyRow, embedsOf, readSelection, trimmedRows } from './embeds.ts';
import { COUNT_CACHE_MIN, cachedCount } from './caches.ts';

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
  /** the scope and the soft delete, then the filters and the search (`conds` is both) */
  base: () => SQL[];
  narrowing: () => SQL[];
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
  const baseCount = conds.length;
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
  for (const [k, fl] of rangeFilterFields(r)) {
    for (const [suffix, op] of [['_gte', '>='], ['_lte', '<=']] as const) {
      const raw = q[`${k}${suffix}`];
      if (typeof raw !== 'string' || raw === '') continue;
      const b = rangeBound(fl, raw);
      if ('error' in b) continue; // the query's schema refused it already (422)
      narrowed = mixed = true;
      const p = param(b.value);
      const col = cols[k];
      // a date on a date-and-time field is the whole day in São Paulo: from its first instant, until before the next day's
      if (fl.kind === 'datetime' && /^\d{4}-\d{2}-\d{2}$/.test(String(b.value))) {
        conds.push(() => (op === '>=' ? sql`${col} >= (${p}::date)::timestamp at time zone 'America/Sao_Paulo'`
          : sql`${col} < ((${p}::date) + 1)::timestamp at time zone 'America/Sao_Paulo'`));
      } else if (fl.kind === 'datetime') conds.push(() => (op === '>=' ? sql`${col} >= ${p}::timestamptz` : sql`${col} <= ${p}::timestamptz`));
      else if (fl.kind === 'date') conds.push(() => (op === '>=' ? sql`${col} >= ${p}::date` : sql`${col} <= ${p}::date`));
      else conds.push(() => (op === '>=' ? sql`${col} >= ${p}::numeric` : sql`${col} <= ${p}::numeric`));
      key.push(`${k}${suffix}`);
    }
  }
  const text = (q.q ?? q.search ?? '').replace(/\0/g, '').trim();
  const tsq = r.list.fts?.length && text ? ftsQuery(text) : null;
  if (tsq) {
    narrowed = mixed = true;
    const p = param(tsq);
    if (ftsNeedsTokens(text)) {
      // or the words as the text search parser cuts them ("7/2026", "1.234/2019" stay whole in the stored vector): a
      // matter or a norm is found by its identification as written ("PL 7/2026")
      const whole = param(text.slice(0, FTS_TOKENS_TEXT_MAX));
      conds.push(() => sql`${cols.search_vector} @@ (to_tsquery('simple', ${p}) || plainto_tsquery('simple', f_unaccent(${whole})))`);
      key.push('fts+tokens');
    } else {
      conds.push(() => sql`${cols.search_vector} @@ to_tsquery('simple', ${p})`);
      key.push('fts');
    }
  } else if (text && r.list.search.length) {
    narrowed = mixed = true;
    const like = param(`%${escapeLike(text)}%`);
    conds.push(() => or(...r.list.search.map((k) => sql`f_unaccent(${cols[k]}::text) ilike f_unaccent(${like})`))!);
    key.push('like');
  }
  return {
    conds: () => conds.flatMap((c) => c()), base: () => conds.slice(0, baseCount).flatMap((c) => c()), narrowing: () => conds.slice(baseCount).flatMap((c) => c()),
    key: key.join(','), values, fts: !!tsq, equal, narrowed, mixed,
  };
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
  /** the columns those fields are sorted by (a field's own, or its identification key: `sortColumn`) */
  columns: string[];
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
    const by = sortColumn(r, k);
    out.push((c) => (d ? (nullsLast ? sql`${c[by]} desc nulls last` : sql`${c[by]} desc`) : sql`${c[by]} asc`));
    key.push(p);
    fields.push(k);
  }
  const idDesc = firstDesc ?? parts[0] === '-id';
  out.push((c) => (idDesc ? sql`${c.id} desc` : sql`${c.id} asc`));
  key.push(idDesc ? '-id' : 'id');
  // by default the table's columns; a subquery's fields of the same names otherwise
  return { sql: (source = cols) => out.map((f) => f(source)), key: key.join(','), fields, columns: fields.map((k) => sortColumn(r, k)) };
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
function planOf(offset: number, size: number, matches: number, all: number | null): { plan: Plan; budget: number } {
  if (matches < COUNT_CACHE_MIN || all === null) return { plan: 'sorted', budget: 0 };
  const walk = (offset + size) * (all / Math.max(1, matches));
  // the budget: twice the estimate, and at least half the matches (a walk that reads as many rows costs less than
  // reading every match and sorting them, and survives a block of non-matching rows at the head of the order, such
  // as the newest records when they do not carry the word)
  return walk <= matches ? { plan: 'walk', budget: walkBudget(Math.max(walk, matches / 4)) } : { plan: 'sorted', budget: 0 };
}

/**
 * The rows a walk chosen from the count may read: twice the estimate or more, a power of two (a handful of
 * statement shapes), at least WALK_BUDGET_MIN. The estimate assumes the matches are spread over the sort; when they
 * are not (a search whose words belong to one type, walked in the identification's order), the walk stops there
 * and the page is read from the sorted matches instead: a bounded detour, never a walk through the whole company.
 */
const WALK_BUDGET_MIN = 1024;
const walkBudget = (estimate: number): number => 2 ** Math.ceil(Math.log2(Math.max(WALK_BUDGET_MIN, 2 * estimate)));

/**
 * Walks that ran out of their budget, by list, values, order and page size: the first offset where one did. A page
 * at that offset or deeper is read from the sorted matches at once for WALK_MISS_TTL_MS, instead of walking first
 * and paying both (new records without the searched word at the head of the order, as in `-emTramitacao`). Only the
 * plan changes, never the rows answered.
 */
const WALK_MISS_TTL_MS = 60_000;
const walkMisses = new LRUCache<string, number>({ max: 5000, ttl: WALK_MISS_TTL_MS });

/**
 * The rows of `r` the session's list reads before any filter or search, as conditions: the company scope, the live
 * rows (soft delete) and the row scope, as `list` applies them (a reference's options for a filter, ref-options.ts).
 */
export function listedRows(r: ResourceDef, auth: AuthContext | null): SQL[] {
  return [...listWhere(r, auth, { page: 1, perPage: 1 }, {}, true).base(), ...rowConditions(r, auth)];
}

export async function list(db: Db, r: ResourceDef, auth: AuthContext | null, q: ListQuery, scope: ScopeOptions = {}, extra: SQL[] = []): Promise<{ rows: Row[]; total: number }> {
  const { table, cols } = tableFor(r);
  const offset = (q.page - 1) * q.perPage;
  // the row scope (rowscope.ts) narrows the list like the caller's own conditions: built for this call
  const rowConds = rowConditions(r, auth);
  if (rowConds.length) extra = [...extra, ...rowConds];
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
    const [found, counted] = await together<Row[] | number>(db, [
      () => db.select(read.select).from(table).where(inArray(cols.id, page)).orderBy(...orderSql) as Promise<Row[]>,
      () => cachedCount(`${text}|${JSON.stringify(params)}`, r, async () => (await countQuery)[0].total),
    ]);
    rows = found as Row[];
    total = counted as number;
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
    let budget = 0;
    let first: number | null = null;
    if (!walkable(r, w, o)) {
      first = await counted(w);
      // the company's whole list, for the share of it the matches are (kept: it is large whenever it matters)
      const all = first >= COUNT_CACHE_MIN ? await counted(listWhere(r, auth, { page: 1, perPage: size, trashed: q.trashed }, scope)) : null;
      ({ plan, budget } = planOf(offset, size, first, all));
    }
    const pageOf = (how: Plan, rowsBudget: number) => {
      const shape = `${how}${rowsBudget ? `<${rowsBudget}` : ''}`;
      const query = prepared<Row[]>(db, `list:${r.name}:${w.key}:${o.key}:${size}:${fixed ? offset : 'n'}:${shape}${read.key}`, () => {
        const orderSql = o.sql();
        const limit = sql.raw(String(size)) as unknown as number;
        const skip = fixed ? sql.raw(String(offset)) as unknown as number : sql.placeholder('offset');
        const sortCols = Object.fromEntries(o.columns.map((k) => [k, cols[k]]));
        let ids;
        if (how === 'sorted') {
          // the matches apart (OFFSET 0 keeps PostgreSQL from folding them into the sorted walk), then sorted
          const matches = db.select({ id: cols.id, ...sortCols }).from(table)
            .where(and(...w.conds())).offset(sql.raw('0') as unknown as number).as('matches');
          const inOrder = db.select({ id: matches.id }).from(matches).orderBy(...o.sql(matches as unknown as Record<string, unknown>)).limit(limit);
          ids = offset === 0 ? inOrder : inOrder.offset(skip);
        } else if (rowsBudget) {
          // the walk with a budget: at most `rowsBudget` rows of the company in order, each marked by the filters
          const walked = db.select({ id: cols.id, ...sortCols, hit: sql<boolean>`(${and(...w.narrowing())})`.as('hit') }).from(table)
            .where(and(...w.base())).orderBy(...orderSql).limit(sql.raw(String(rowsBudget)) as unknown as number).as('walked');
          const inOrder = db.select({ id: walked.id }).from(walked).where(sql`${walked.hit}`)
            .orderBy(...o.sql(walked as unknown as Record<string, unknown>)).limit(limit);
          ids = offset === 0 ? inOrder : inOrder.offset(skip);
        } else {
          const limited = db.select({ id: cols.id }).from(table).where(and(...w.conds())).orderBy(...orderSql).limit(limit);
          ids = offset === 0 ? limited : limited.offset(skip);
        }
        return db.select(read.select).from(table).where(inArray(cols.id, ids)).orderBy(...orderSql);
      });
      const values = { ...w.values, offset };
      return gathering(db)
        ? gather(db, `${r.name}:${w.key}:${o.key}:${size}:${shape}${read.key}|${JSON.stringify(values)}`, null, () => query.execute(values))
          .then((shared) => shared.map((row) => copyRow(row, embeds)))
        : query.execute(values);
    };
    const embeds = embedsOf(r);
    const readPage = async (): Promise<Row[]> => {
      // a small total is exact (never kept): past it there is nothing to read
      if (first !== null && first < COUNT_CACHE_MIN && offset >= first) return [];
      // only a walk with a budget can run out (the key is built for those alone: lists are a hot path)
      const missKey = budget ? `${r.name}:${w.key}|${JSON.stringify(w.values)}:${o.key}:${size}` : '';
      const missedAt = budget ? walkMisses.get(missKey) : undefined;
      if (missedAt !== undefined && offset >= missedAt) return pageOf('sorted', 0);
      const found = await pageOf(plan, budget);
      // the budget ran out before the page was full: the matches were not where the count said; read them sorted
      if (budget && first !== null && found.length < Math.min(size, first - offset)) {
        walkMisses.set(missKey, offset);
        return pageOf('sorted', 0);
      }
      return found;
    };
    const [found, n] = await together<Row[] | number>(db, [readPage, () => (first !== null ? Promise.resolve(first) : counted(w))]);
    rows = found as Row[];
    total = n as number;
  }
  if (scope.fields) for (const row of rows) trimmedRows.add(row);
  return { rows, total: rows.length < q.perPage && (rows.length > 0 || offset === 0) ? offset + rows.length : total };
}

/**
 * Every row the session may read under `extra` (company and row scope applied, as in `list`), in the order of `sort`
 * (id, or a required field then id), read `size` at a time by keyset: for a document that streams a long list
 * (a process's movements) without holding it whole.
 */
export async function* listInBatches(db: Db, r: ResourceDef, auth: AuthContext | null, extra: SQL[], sort = 'id', size = 200): AsyncGenerator<Row[]> {
  const { cols } = tableFor(r);
  // a keyset over an empty value would skip rows: only required fields (or id)
  if (sort !== 'id' && (!sortableFields(r).includes(sort) || !r.fields[sort]?.required || sortColumn(r, sort) !== sort)) throw new Error(`${r.name}: ${sort} is not a required sortable field`);
  let last: Row | undefined;
  for (;;) {
    const after = !last ? [] : sort === 'id' ? [sql`${cols.id} > ${last.id}`] : [sql`(${cols[sort]}, ${cols.id}) > (${last[sort]}, ${last.id})`];
    const { rows } = await list(db, r, auth, { page: 1, perPage: size, sort }, {}, [...extra, ...after]);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    last = rows[rows.length - 1];
  }
}
