/**
 * Bare routes: the same statements as the engine runs for each scenario (the page's ids first, totals of 1,000 or
 * more kept 15 s, one query per referenced table, lookup rows kept by id, a matter's authors read in its row's
 * statement, prepared per connection on PostgreSQL, reads that arrive together gathered into one statement),
 * hand-written with the raw driver, without the engine (no zod, no definition walk, no serializer, no reference
 * checks, no hooks). They resolve the bearer token with the
 * app's session cache as /api (so engine ÷ bare isolates the engine, not the session lookup, which the
 * "auth floor" scenario measures on its own).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RefField } from '@paco/domain/fields';
import { ftsQuery, listFields, listSortable, refFields, sortColumn, sortNullable, tableOf, type ResourceDef } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';
import { DEFAULT_PER_PAGE } from '@paco/domain/constants';
import type { Database } from '../apps/server/src/db/client.ts';
import type { AuthContext } from '../apps/server/src/auth/session.ts';
import { gather } from '../apps/server/src/engine/query.ts';
import { COUNT_TTL_MS } from '../apps/server/src/engine/caches.ts';
import { ident, rawQuery, rawTransaction, type Query, type Rows } from './sql.ts';

export interface BareOptions {
  /** "list page 1 sorted and filtered": sort spec and filter column */
  sort: string;
  filter: string | null;
  /** precomputed password hash (the engine hashes on create; the bare route does not) */
  passwordHash: string;
}

/**
 * ORDER BY as the generated indexes are spelled: NULLS LAST only for a descending field that may be empty; id plain;
 * an identification by its key column (`sortColumn`).
 */
function orderSql(r: ResourceDef, spec: string): string {
  const fields = spec.split(',').map((s) => s.trim()).filter(Boolean).filter((p) => p.replace(/^-/, '') !== 'id');
  const by = (k: string): string => ident(sortColumn(r, k));
  const parts = fields.map((p) => (p.startsWith('-') ? `${by(p.slice(1))} desc${sortNullable(r, p.slice(1)) ? ' nulls last' : ''}` : `${by(p)} asc`));
  return [...parts, spec.trim().startsWith('-') ? 'id desc' : 'id asc'].join(', ');
}

/** As the engine picks it (engine/query.ts planOf): walk the sort index, or sort the matches. */
function planOf(offset: number, size: number, matches: number, all: number | null): 'walk' | 'sorted' {
  if (matches < 1000 || all === null) return 'sorted';
  return (offset + size) * (all / Math.max(1, matches)) <= matches ? 'walk' : 'sorted';
}

export function registerBare(app: FastifyInstance, d: Database, r: ResourceDef, o: BareOptions): void {
  const q: Query = rawQuery(d);
  const t = ident(tableOf(r));
  const base = `company_id = $1${r.softDelete ? ' and deleted_at is null' : ''}`;
  const perPage = DEFAULT_PER_PAGE;
  // one query per referenced table (a matter's five type references: one), as the engine does; the rows read are
  // every column but the full-text vector; lookup rows (types) kept by id for the run, as the engine keeps them
  const cols = Object.keys(r.fields).filter((k) => !r.fields[k].writeOnly && r.fields[k].kind !== 'file').map(ident);
  // a matter's authors (the link's `embed`) in the same statement, as the engine reads them
  const embedded = r.name === 'matters'
    ? [`(select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name, 'cargo', a.cargo, 'parliamentary_id', a.parliamentary_id) order by a.name asc nulls last, a.id), '[]'::json)
        from matters_authors ma join authors a on a.id = ma.author_id where ma.matter_id = ${t}.id) as authors`]
    : [];
  const rowCols = ['id', ...(r.tenant ? ['company_id'] : []), ...cols, 'created_at', 'updated_at', ...(r.softDelete ? ['deleted_at'] : []), ...embedded].join(', ');
  // what a list screen reads (?fields=list): its columns and the display field, no embedded links
  const shown = listFields(r);
  const listCols = [...new Set(['id', ...(r.tenant ? ['company_id'] : []), ...shown.filter((k) => r.fields[k] && r.fields[k].kind !== 'file').map(ident), ...(r.softDelete ? ['deleted_at'] : [])])].join(', ');
  const byTarget = new Map<string, { k: string; key: string; display: string }[]>();
  for (const [k, fl] of refFields(r)) {
    const target = resourceByName.get((fl as RefField).to);
    const display = target ? (fl.display && target.fields[fl.display] ? fl.display : target.display) : null;
    if (target && display && k.endsWith('_id')) byTarget.set(target.name, [...(byTarget.get(target.name) ?? []), { k, key: k.slice(0, -3), display }]);
  }
  const lookups = new Map<number, Record<string, any>>();

  async function targetRows(target: string, ids: number[]): Promise<Map<number, Record<string, any>>> {
    const def = resourceByName.get(target)!;
    if (target === 'types') {
      const missing = ids.filter((id) => !lookups.has(id));
      if (missing.length) for (const x of await q('select id, slug, label, description, type from types where id = any($1::int[])', [missing])) lookups.set(x.id, x);
      return lookups;
    }
    const fields = [...new Set((byTarget.get(target) ?? []).map((f) => f.display))];
    return new Map((await q(`select id, ${fields.map(ident).join(', ')} from ${ident(tableOf(def))} where id = any($1::int[])`, [ids])).map((x) => [x.id, x]));
  }

  async function withRefs(rows: Rows, only?: readonly string[]): Promise<Rows> {
    await Promise.all([...byTarget].map(async ([target, all]) => {
      const fields = only ? all.filter((f) => only.includes(f.k)) : all;
      if (!fields.length) return;
      const ids = [...new Set(fields.flatMap((f) => rows.map((x) => x[f.k])).filter((v) => typeof v === 'number'))];
      const map = ids.length ? await targetRows(target, ids) : new Map();
      for (const f of fields) for (const row of rows) {
        const hit = map.get(row[f.k]);
        row[f.key] = hit ? { id: hit.id, [f.display]: hit[f.display] } : null;
      }
    }));
    if (r.name === 'matters' && rows.length && !only) {
      // what the matters hook adds (decorate): the type
      const ts = await targetRows('types', [...new Set(rows.map((x) => x.type_id as number))]);
      for (const row of rows) {
        const t = ts.get(row.type_id);
        row.matter_type = t ? { id: t.id, slug: t.slug, label: t.label } : null;
      }
    }
    return rows;
  }

  async function session(req: FastifyRequest, reply: FastifyReply): Promise<AuthContext | null> {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const auth = m ? await app.sessions.resolve(m[1]) : null;
    if (!auth) reply.status(401).send({ message: 'Autenticação necessária.' });
    return auth;
  }

  // totals of 1,000 or more kept COUNT_TTL_MS (15 s), as the engine keeps them
  const totals = new Map<string, { total: number; at: number }>();
  async function count(where: string, params: unknown[]): Promise<number> {
    const key = `${where}|${JSON.stringify(params)}`;
    const hit = totals.get(key);
    if (hit && Date.now() - hit.at < COUNT_TTL_MS) return hit.total;
    const [{ total }] = await q(`select count(*)::int as total from ${t} where ${where}`, params);
    if (total >= 1000) totals.set(key, { total, at: Date.now() });
    return total;
  }

  async function page(companyId: number, where: string, params: unknown[], order: string, pageNo: number, o: { plan?: 'walk' | 'sorted'; counted?: number; sortCols?: string[]; list?: boolean } = {}) {
    const all = [companyId, ...params];
    const offset = (pageNo - 1) * perPage;
    // the page's ids first (an index-only walk), then their rows; or the matches apart, then sorted
    const ids = o.plan === 'sorted'
      ? `select id from (select id${(o.sortCols ?? []).map((c) => `, ${ident(c)}`).join('')} from ${t} where ${where} offset 0) m order by ${order} limit ${perPage} offset ${offset}`
      : `select id from ${t} where ${where} order by ${order} limit ${perPage} offset ${offset}`;
    const text = `select ${o.list ? listCols : rowCols} from ${t} where id in (${ids}) order by ${order}`;
    const [rows, total] = await Promise.all([
      o.counted !== undefined && o.counted < 1000 && offset >= o.counted
        ? Promise.resolve([] as Rows)
        // identical pages asked in the same turn read once (copies: withRefs writes into the rows)
        : gather(d, `${text}|${JSON.stringify(all)}`, null, () => q(text, all)).then((shared) => shared.map((x) => ({ ...x }))),
      o.counted ?? count(where, all),
    ]);
    return { data: await withRefs(rows, o.list ? shown : undefined), meta: { page: pageNo, perPage, total: rows.length < perPage && (rows.length || pageNo === 1) ? offset + rows.length : total } };
  }

  const listOrder = orderSql(r, o.sort);
  const defaultOrder = orderSql(r, r.list.sort);

  app.get('/bench/bare/list', async (req, reply) => {
    const auth = await session(req, reply);
    if (!auth) return reply;
    const { filter: v, page: p } = req.query as Record<string, string>;
    const pageNo = Math.max(1, Number(p) || 1);
    return o.filter && v ? page(auth.companyId, `${base} and ${ident(o.filter)} = $2`, [Number(v)], listOrder, pageNo) : page(auth.companyId, base, [], listOrder, pageNo);
  });

  app.get('/bench/bare/deep', async (req, reply) => {
    const auth = await session(req, reply);
    if (!auth) return reply;
    return page(auth.companyId, base, [], defaultOrder, Number((req.query as Record<string, string>).page ?? 1));
  });

  app.get('/bench/bare/search', async (req, reply) => {
    const auth = await session(req, reply);
    if (!auth) return reply;
    const text = String((req.query as Record<string, string>).q ?? '');
    const tsq = r.list.fts?.length ? ftsQuery(text) : null;
    if (tsq) return page(auth.companyId, `${base} and search_vector @@ to_tsquery('simple', $2)`, [tsq], defaultOrder, 1);
    const like = r.list.search.map((k) => `f_unaccent(${ident(k)}::text) ilike f_unaccent($2)`).join(' or ');
    return page(auth.companyId, `${base} and (${like})`, [`%${text}%`], defaultOrder, 1);
  });

  // any order a screen offers, with a filter or a search, as the engine reads it: exact index walks go straight to
  // the page; others count first and the count picks walk or sorted matches
  const screenSorts = new Set(listSortable(r));
  const sortedFilters = new Set<string>(r.list.sortedFilters ?? []);
  app.get('/bench/bare/sorted', async (req, reply) => {
    const auth = await session(req, reply);
    if (!auth) return reply;
    const { sort: rawSort, filter: v, page: p, q: text, fields } = req.query as Record<string, string | undefined>;
    const sort = rawSort && (screenSorts.has(rawSort.replace(/^-/, '')) || rawSort === 'id' || rawSort === '-id') ? rawSort : r.list.sort;
    const field = sort.replace(/^-/, '');
    const pageNo = Math.max(1, Number(p) || 1);
    const order = orderSql(r, sort);
    const conds = [base];
    const params: unknown[] = [];
    if (o.filter && v) { params.push(Number(v)); conds.push(`${ident(o.filter)} = $${params.length + 1}`); }
    const tsq = text && r.list.fts?.length ? ftsQuery(text) : null;
    if (tsq) { params.push(tsq); conds.push(`search_vector @@ to_tsquery('simple', $${params.length + 1})`); }
    const where = conds.join(' and ');
    const isDefault = sort === r.list.sort || (!r.list.sort.includes(',') && sort === (r.list.sort.startsWith('-') ? r.list.sort.slice(1) : `-${r.list.sort}`) && !sortNullable(r, field));
    const exact = !tsq && (!v || (o.filter !== null && (isDefault || sortedFilters.has(o.filter))));
    const list = fields === 'list';
    if (exact) return page(auth.companyId, where, params, order, pageNo, { list });
    const matches = await count(where, [auth.companyId, ...params]);
    const all = matches >= 1000 ? await count(base, [auth.companyId]) : null;
    const plan = planOf((pageNo - 1) * perPage, perPage, matches, all);
    return page(auth.companyId, where, params, order, pageNo, { plan, counted: matches, sortCols: field === 'id' ? [] : [sortColumn(r, field)], list });
  });

  app.get('/bench/bare/show/:id', async (req, reply) => {
    const auth = await session(req, reply);
    if (!auth) return reply;
    const id = Number((req.params as { id: string }).id);
    // the finds of the same turn as one statement
    const found = await gather(d, `show:${auth.companyId}`, id, async (ids) => new Map((await q(`select ${rowCols} from ${t} where ${base} and id = any($2::int[])`, [auth.companyId, [...new Set(ids)]])).map((x) => [x.id as number, x])));
    const row = found.get(id);
    if (!row) return reply.status(404).send({ message: 'Não encontrado.' });
    return { data: (await withRefs([{ ...row }]))[0] };
  });

  const writable = Object.entries(r.fields).filter(([, fl]) => !fl.readOnly && fl.kind !== 'file').map(([k]) => k);
  // deadline (fimPrazo from diasPrazo, working days) is computed by the matters hook; the bare route skips it
  app.post('/bench/bare/create', async (req, reply) => {
    const auth = await session(req, reply);
    if (!auth) return reply;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const cols = writable.filter((k) => body[k] !== undefined);
    const values = cols.map((k) => (r.fields[k].kind === 'password' ? o.passwordHash : r.fields[k].kind === 'json' ? JSON.stringify(body[k]) : body[k]));
    const row = await rawTransaction(d, async (tx) => {
      if (r.name === 'matters') {
        // what the matters hook does on create: year, number allocated per (type, year), identification
        const ano = Number(body.ano ?? String(body.dataApresentacao).slice(0, 4));
        const [type] = await tx('select label from types where id = $1', [body.type_id]);
        const [n] = await tx(`insert into sequences (company_id, chave, ultimo)
          values ($1, $2, (select coalesce(max(numero), 0) + 1 from matters where company_id = $1 and type_id = $3 and ano = $4))
          on conflict (company_id, chave) do update set ultimo = greatest(sequences.ultimo + 1, excluded.ultimo), updated_at = now() returning ultimo`,
        [auth.companyId, `matters.numero:type_id=${body.type_id},ano=${ano}`, body.type_id, ano]);
        const sigla = /\(([^)]{1,20})\)\s*$/.exec(String(type?.label ?? ''))?.[1] ?? String(type?.label ?? 'Matéria');
        for (const [k, v] of [['ano', ano], ['numero', n.ultimo], ['numeracao', `${body.type_id}/${n.ultimo}/${ano}`], ['identificacao', `${sigla} ${n.ultimo}/${ano}`]] as const) {
          const i = cols.indexOf(k);
          if (i >= 0) values[i] = v;
          else { cols.push(k); values.push(v); }
        }
      }
      const [created] = await tx(
        `insert into ${t} (company_id, ${cols.map(ident).join(', ')}) values ($1, ${cols.map((_, i) => `$${i + 2}`).join(', ')}) returning *`,
        [auth.companyId, ...values],
      );
      await tx(
        `insert into logs (company_id, user_id, action, resource, record_id, ip, changes, "actionDescription") values ($1, $2, 'create', $3, $4, $5, $6, $7)`,
        [auth.companyId, auth.userId, r.name, created.id, req.ip, JSON.stringify(body), `${auth.name} criou ${r.label.one.toLowerCase()} #${created.id}`],
      );
      return created;
    });
    reply.status(201);
    return { data: (await withRefs([row]))[0] };
  });
}
