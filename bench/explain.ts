/** EXPLAIN ANALYZE of the statements behind each scenario (BENCH_EXPLAIN=1), the shapes the engine sends. */
import { ftsQuery, tableOf, type ResourceDef } from '@paco/domain/resource';
import { DEFAULT_PER_PAGE } from '@paco/domain/constants';
import { ident, type Query } from './sql.ts';
import { searchTerm } from './target.ts';

const order = (spec: string): string =>
  [...spec.split(',').filter(Boolean).map((p) => (p.startsWith('-') ? `${ident(p.slice(1))} desc` : `${ident(p)} asc`)), 'id asc'].join(', ');

export async function explainAll(q: Query, r: ResourceDef, companyId: number, o: { sort: string; filter: string | null; filterValue: number | null }): Promise<string> {
  const t = ident(tableOf(r));
  const base = `company_id = ${companyId}${r.softDelete ? ' and deleted_at is null' : ''}`;
  const filt = o.filter && o.filterValue !== null ? `${base} and ${ident(o.filter)} = ${o.filterValue}` : base;
  const tsq = r.list.fts?.length ? ftsQuery(searchTerm(r)) : null;
  const search = tsq ? `${base} and search_vector @@ to_tsquery('simple', '${tsq}')` : `${base} and (${r.list.search.map((k) => `f_unaccent(${ident(k)}::text) ilike f_unaccent('%${searchTerm(r)}%')`).join(' or ')})`;
  const statements: [string, string][] = [
    ['list: count (filtered)', `select count(*)::int from ${t} where ${filt}`],
    ['list: page 1 (filtered, sorted)', `select * from ${t} where ${filt} order by ${order(o.sort)} limit ${DEFAULT_PER_PAGE}`],
    ['deep: count', `select count(*)::int from ${t} where ${base}`],
    ['deep: page 1000', `select * from ${t} where ${base} order by ${order(r.list.sort)} limit ${DEFAULT_PER_PAGE} offset ${999 * DEFAULT_PER_PAGE}`],
    ['search: count', `select count(*)::int from ${t} where ${search}`],
    ['search: page 1', `select * from ${t} where ${search} order by ${order(r.list.sort)} limit ${DEFAULT_PER_PAGE}`],
    ['show', `select * from ${t} where ${base} and id = (select min(id) + 777 from ${t}) limit 1`],
  ];
  const out: string[] = [];
  for (const [label, s] of statements) {
    await q(`explain (analyze) ${s}`); // warm
    const rows = await q(`explain (analyze, buffers) ${s}`);
    out.push(`-- ${label}\n${s}\n${rows.map((x) => x['QUERY PLAN']).join('\n')}`);
  }
  return out.join('\n\n');
}
