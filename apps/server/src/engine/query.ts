/** List/show queries of the engine: tenant scope, soft delete, filters, search, sort, pagination. */
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { filterFields, ftsQuery, sortableFields, tableOf, type ResourceDef } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';
import { resourceTables } from '../db/schema.generated.ts';
import type { AuthContext } from '../auth/session.ts';
import type { Db } from '../db/client.ts';
import type { Row } from './context.ts';

export type Cols = Record<string, PgColumn>;

export function tableFor(r: ResourceDef): { table: PgTable; cols: Cols } {
  const table = (resourceTables as Record<string, PgTable>)[tableOf(r)];
  if (!table) throw new Error(`table for ${r.name} not generated; run npm run db:generate`);
  return { table, cols: table as unknown as Cols };
}

export interface ScopeOptions {
  /** for writes: shared reference rows (no company) are not writable except by the superadmin */
  write?: boolean;
  /** public reads without a session: the company asked for (from the path or ?company_id=) */
  publicCompanyId?: number | null;
}

/** Conditions every query on the resource carries: the company scope from the session only. */
export function scopeConditions(r: ResourceDef, auth: AuthContext | null, opts: ScopeOptions = {}): SQL[] {
  const { cols } = tableFor(r);
  const conds: SQL[] = [];
  if (!r.tenant) return conds;
  const col = cols[r.tenant.column];
  const company = auth?.companyId ?? opts.publicCompanyId ?? null;
  if (auth && r.tenant.superadminAll && auth.isSuperadmin) return conds;
  if (r.tenant.shared) {
    if (opts.write) conds.push(auth?.isSuperadmin ? or(isNull(col), eq(col, company ?? -1))! : eq(col, company ?? -1));
    else conds.push(company === null ? isNull(col) : or(isNull(col), eq(col, company))!);
    return conds;
  }
  conds.push(company === null ? sql`false` : eq(col, company));
  return conds;
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

export function listConditions(r: ResourceDef, auth: AuthContext | null, q: ListQuery, scope: ScopeOptions = {}): SQL[] {
  const { cols } = tableFor(r);
  const conds = scopeConditions(r, auth, scope);
  if (r.softDelete) {
    if (q.trashed === 'only') conds.push(isNotNull(cols.deleted_at));
    else if (q.trashed !== 'with') conds.push(isNull(cols.deleted_at));
  }
  for (const [k, fl] of filterFields(r)) {
    const raw = q[k];
    if (typeof raw !== 'string' || raw === '') continue;
    const v = parseFilter(fl.kind, raw);
    if (v === undefined) conds.push(sql`false`);
    else conds.push(v === null ? isNull(cols[k]) : eq(cols[k], v));
  }
  const text = (q.q ?? q.search ?? '').replace(/\0/g, '').trim();
  const tsq = r.list.fts?.length && text ? ftsQuery(text) : null;
  if (tsq) {
    conds.push(sql`${cols.search_vector} @@ to_tsquery('simple', ${tsq})`);
  } else if (text && r.list.search.length) {
    const like = `%${escapeLike(text)}%`;
    conds.push(or(...r.list.search.map((k) => sql`f_unaccent(${cols[k]}::text) ilike f_unaccent(${like})`))!);
  }
  return conds;
}

/** ORDER BY of a list: allowed fields only, NULLS LAST both ways, id as tie-breaker in the first key's direction
 * (the shape of the generated sort index, so the page is an index walk). */
export function orderBy(r: ResourceDef, sort: string | undefined): SQL[] {
  const { cols } = tableFor(r);
  const allowed = new Set(sortableFields(r));
  const parts = (sort || r.list.sort).split(',').map((s) => s.trim()).filter(Boolean);
  const out: SQL[] = [];
  let firstDesc: boolean | null = null;
  for (const p of parts.slice(0, 4)) {
    const d = p.startsWith('-');
    const k = d ? p.slice(1) : p;
    if (!allowed.has(k) || !cols[k] || k === 'id') continue;
    firstDesc ??= d;
    out.push(d ? sql`${cols[k]} desc nulls last` : sql`${cols[k]} asc nulls last`);
  }
  const idDesc = firstDesc ?? parts[0] === '-id';
  out.push(idDesc ? desc(cols.id) : asc(cols.id));
  return out;
}

/**
 * Totals of large lists are cached for a moment (counting 100k rows on every page is the costliest part of a
 * list); any engine write to the table drops its entries, so only writes from another process can leave a total
 * stale, for at most COUNT_TTL_MS. Small totals are always exact.
 */
const COUNT_TTL_MS = 3000;
const COUNT_CACHE_MIN = 1000;
const countCache = new Map<string, { total: number; at: number; gen: number }>();
const tableGen = new Map<string, number>();
export function touchTable(r: ResourceDef): void {
  const t = tableOf(r);
  tableGen.set(t, (tableGen.get(t) ?? 0) + 1);
}

async function countRows(db: Db, r: ResourceDef, table: PgTable, where: SQL | undefined): Promise<number> {
  const query = db.select({ total: sql<number>`count(*)::int` }).from(table).where(where);
  const { sql: text, params } = query.toSQL();
  const key = `${text}|${JSON.stringify(params)}`;
  const gen = tableGen.get(tableOf(r)) ?? 0;
  const hit = countCache.get(key);
  if (hit && hit.gen === gen && Date.now() - hit.at < COUNT_TTL_MS) return hit.total;
  const [{ total }] = await query;
  if (total >= COUNT_CACHE_MIN) {
    if (countCache.size > 5000) countCache.clear();
    countCache.set(key, { total, at: Date.now(), gen });
  }
  return total;
}

export async function list(db: Db, r: ResourceDef, auth: AuthContext | null, q: ListQuery, scope: ScopeOptions = {}, extra: SQL[] = []): Promise<{ rows: Row[]; total: number }> {
  const { table, cols } = tableFor(r);
  const where = and(...listConditions(r, auth, q, scope), ...extra);
  const offset = (q.page - 1) * q.perPage;
  const order = orderBy(r, q.sort);
  // the page's ids first (an index-only walk), then their rows: deep pages stay cheap
  const page = db.select({ id: cols.id }).from(table).where(where).orderBy(...order).limit(q.perPage).offset(offset);
  const [rows, total] = await Promise.all([
    db.select().from(table).where(inArray(cols.id, page)).orderBy(...order),
    countRows(db, r, table, where),
  ]);
  return { rows: rows as Row[], total: rows.length < q.perPage && (rows.length > 0 || offset === 0) ? offset + rows.length : total };
}

export async function findOne(db: Db, r: ResourceDef, auth: AuthContext | null, id: number, withTrashed = false, scope: ScopeOptions = {}): Promise<Row | null> {
  const { table, cols } = tableFor(r);
  const conds = [...scopeConditions(r, auth, scope), eq(cols.id, id)];
  if (r.softDelete && !withTrashed) conds.push(isNull(cols.deleted_at));
  const [row] = await db.select().from(table).where(and(...conds)).limit(1);
  return (row as Row) ?? null;
}

/** Loads { id → display } for referenced ids, one query per target. */
/** The field shown for a reference: the field's own `display`, else the target's. */
export function displayKey(targetName: string, display?: string): string {
  const target = resourceByName.get(targetName);
  if (!target) return 'id';
  return display && (target.fields[display] || display === 'id') ? display : target.display;
}

/** Loads { id → { id, <display fields> } } for referenced ids, one query for the target. */
export async function loadRefs(db: Db, targetName: string, ids: number[], displays: (string | undefined)[] = []): Promise<Map<number, Row>> {
  const target = resourceByName.get(targetName);
  if (!target || !ids.length) return new Map();
  const { table, cols } = tableFor(target);
  const keys = [...new Set((displays.length ? displays : [undefined]).map((d) => displayKey(targetName, d)))];
  const rows = await db.select({ id: cols.id, ...Object.fromEntries(keys.map((k) => [k, cols[k]])) }).from(table).where(inArray(cols.id, [...new Set(ids)]));
  return new Map(rows.map((x) => [x.id as number, x as Row]));
}
