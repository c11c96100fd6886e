/**
 * Bare routes: the same SQL as the engine runs for each scenario, hand-written, without the engine (no zod,
 * no definition walk, no serializer, no reference checks, no hooks). They resolve the bearer token with the
 * app's session cache as /api (so engine ÷ bare isolates the engine, not the session lookup, which the
 * "auth floor" scenario measures on its own).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RefField } from '@paco/domain/fields';
import { ftsQuery, refFields, tableOf, type ResourceDef } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';
import { DEFAULT_PER_PAGE } from '@paco/domain/constants';
import type { Database } from '../apps/server/src/db/client.ts';
import type { AuthContext } from '../apps/server/src/auth/session.ts';
import { ident, rawQuery, rawTransaction, type Query, type Rows } from './sql.ts';

export interface BareOptions {
  /** "list page 1 sorted and filtered": sort spec and filter column */
  sort: string;
  filter: string | null;
  /** precomputed password hash (the engine hashes on create; the bare route does not) */
  passwordHash: string;
}

function orderSql(r: ResourceDef, spec: string): string {
  const parts = spec.split(',').map((s) => s.trim()).filter(Boolean).map((p) => (p.startsWith('-') ? `${ident(p.slice(1))} desc` : `${ident(p)} asc`));
  return [...parts, 'id asc'].join(', ');
}

export function registerBare(app: FastifyInstance, d: Database, r: ResourceDef, o: BareOptions): void {
  const q: Query = rawQuery(d);
  const t = ident(tableOf(r));
  const base = `company_id = $1${r.softDelete ? ' and deleted_at is null' : ''}`;
  const perPage = DEFAULT_PER_PAGE;
  const refs = refFields(r).map(([k, fl]) => {
    const target = resourceByName.get((fl as RefField).to);
    const display = target ? (fl.display && target.fields[fl.display] ? fl.display : target.display) : null;
    return target && display && k.endsWith('_id') ? { k, key: k.slice(0, -3), sql: `select id, ${ident(display)} as label from ${ident(tableOf(target))} where id = any($1::int[])`, display } : null;
  }).filter((x): x is NonNullable<typeof x> => !!x);

  async function withRefs(rows: Rows): Promise<Rows> {
    for (const ref of refs) {
      const ids = [...new Set(rows.map((x) => x[ref.k]).filter((v) => typeof v === 'number'))];
      const map = new Map(ids.length ? (await q(ref.sql, [ids])).map((x) => [x.id, { id: x.id, [ref.display]: x.label }]) : []);
      for (const row of rows) row[ref.key] = map.get(row[ref.k]) ?? null;
    }
    for (const row of rows) delete row.search_vector;
    if (r.name === 'matters' && rows.length) {
      // what the matters hook adds (decorate): the type and the authors
      const typeIds = [...new Set(rows.map((x) => x.type_id))];
      const ts = await q('select id, slug, label from types where id = any($1::int[])', [typeIds]);
      const as = await q(`select ma.matter_id, a.id, a.name, a.cargo, a.parliamentary_id from matters_authors ma join authors a on a.id = ma.author_id
        where ma.matter_id = any($1::int[]) order by a.name`, [rows.map((x) => x.id)]);
      for (const row of rows) {
        row.matter_type = ts.find((x) => x.id === row.type_id) ?? null;
        row.authors = as.filter((a) => a.matter_id === row.id);
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

  async function page(companyId: number, where: string, params: unknown[], order: string, pageNo: number) {
    const [{ total }] = await q(`select count(*)::int as total from ${t} where ${where}`, [companyId, ...params]);
    const rows = total === 0 ? [] : await q(`select * from ${t} where ${where} order by ${order} limit ${perPage} offset ${(pageNo - 1) * perPage}`, [companyId, ...params]);
    return { data: await withRefs(rows), meta: { page: pageNo, perPage, total } };
  }

  const listOrder = orderSql(r, o.sort);
  const defaultOrder = orderSql(r, r.list.sort);

  app.get('/bench/bare/list', async (req, reply) => {
    const auth = await session(req, reply);
    if (!auth) return reply;
    const v = (req.query as Record<string, string>).filter;
    return o.filter && v ? page(auth.companyId, `${base} and ${ident(o.filter)} = $2`, [Number(v)], listOrder, 1) : page(auth.companyId, base, [], listOrder, 1);
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

  app.get('/bench/bare/show/:id', async (req, reply) => {
    const auth = await session(req, reply);
    if (!auth) return reply;
    const rows = await q(`select * from ${t} where ${base} and id = $2 limit 1`, [auth.companyId, Number((req.params as { id: string }).id)]);
    if (!rows.length) return reply.status(404).send({ message: 'Não encontrado.' });
    return { data: (await withRefs(rows))[0] };
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
        const [n] = await tx(`insert into matter_numbers (company_id, chave, ultimo)
          values ($1, $2, (select coalesce(max(numero), 0) + 1 from matters where company_id = $1 and type_id = $3 and ano = $4))
          on conflict (company_id, chave) do update set ultimo = greatest(matter_numbers.ultimo + 1, excluded.ultimo), updated_at = now() returning ultimo`,
        [auth.companyId, `${body.type_id}:${ano}`, body.type_id, ano]);
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
