/**
 * Bulk load with set-based SQL: one `INSERT … SELECT … FROM generate_series` per table, the column expressions
 * derived from the real resource definition (so the harness follows the definitions as they change), with
 * per-name rules for realistic values: ementas from pt-BR word lists, people's names, numbers unique per
 * type and year, dates inside the year. Whatever a loaded row references (types, authors, …) is ensured first.
 */
import type { Field, RefField } from '@paco/domain/fields';
import { pivotOf, tableOf, type ResourceDef } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';
import { abbreviation } from '../apps/server/src/modules/materias/index.ts';
import { arr, ident, lit, type Query } from './sql.ts';
import { EMENTA_OBJECT, EMENTA_PREFIX, EMENTA_TAIL, EMENTA_THEME, FIRST_NAMES, GENERIC_WORDS, SURNAMES } from './words.ts';

export const YEARS = 22;
export const LAST_YEAR = 2026;

export interface LoadContext {
  q: Query;
  companyId: number;
  userId: number;
  /** resource name → rows to load in bulk (the others get a few rows when something references them) */
  plan: Map<string, number>;
  /** a precomputed password hash for password fields */
  passwordHash: string;
  log: (line: string) => void;
}

interface Loaded { ids: number[] }

/** SQL picking one of `ids` from an integer expression (contiguous ranges become arithmetic, others an array). */
export function pickId(ids: number[], idx: string): string {
  if (!ids.length) return 'null';
  const min = Math.min(...ids);
  const max = Math.max(...ids);
  if (max - min + 1 === ids.length) return `(${min} + ((${idx}) % ${ids.length}))`;
  return `(ARRAY[${ids.join(',')}]::int[])[1 + ((${idx}) % ${ids.length})]`;
}

const wordAt = (list: readonly string[], idx: string): string => `(${arr(list)})[1 + ((${idx}) % ${list.length})]`;

/** An ementa: prefix + object + theme + tail, each chosen by a different multiplier so combinations spread. */
export const ementaSql = (g = 'g'): string =>
  `${wordAt(EMENTA_PREFIX, `${g} * 7`)} || ' ' || ${wordAt(EMENTA_OBJECT, `${g} * 13 + ${g} / 97`)} || ' ' || ${wordAt(EMENTA_THEME, `${g} * 31 + ${g} / 11`)} || ' ' || ${wordAt(EMENTA_TAIL, `${g} * 17 + ${g} / 5`)} || '.'`;
export const personSql = (g = 'g'): string =>
  `${wordAt(FIRST_NAMES, `${g} * 7`)} || ' ' || ${wordAt(SURNAMES, `${g} * 11 + ${g} / 37`)} || ' ' || ${wordAt(SURNAMES, `${g} * 13 + ${g} / 7`)}`;
const phraseSql = (g = 'g'): string => `${wordAt(GENERIC_WORDS, `${g} * 7`)} || ' ' || ${wordAt(GENERIC_WORDS, `${g} * 11 + 3`)}`;

const LONG_TEXT = /ementa|assunto|descri|texto|resumo|objeto|observ|conte[uú]do|justific|indexa|sum[aá]rio|finalidade|motivo|despacho|historic/i;
const NAME_TEXT = /^(nome|name|razao|razao_social|nome_completo|full_?name|pai|mae)$/i;
const YEAR_FIELD = /^(ano|year|exercicio)$/i;
const OTHER_YEAR = /^ano_?|^year_/i;
const NUMBER_FIELD = /^(numero|number|num|nr|numero_norma|numero_materia)$/i;

/** The "type" reference whose values are spread evenly with the year, so (type, year, number) stays unique. */
function primaryTypeRef(r: ResourceDef): string | null {
  const refs = Object.entries(r.fields).filter(([, fl]) => fl.kind === 'ref' && (fl as RefField).typeOf);
  const own = refs.find(([, fl]) => (fl as RefField).typeOf === tableOf(r) || (fl as RefField).typeOf === r.name);
  return (own ?? refs.find(([k]) => /^(type|tipo)/i.test(k)) ?? refs[0])?.[0] ?? null;
}

/** The date of a row: inside its year (year-indexed resources), never in the future. */
const dateInYear = (): string => `least(make_date(${LAST_YEAR} - yi, 1, 1) + ((g * 37) % 365), current_date - ((g * 7) % 30))`;

async function typeIds(ctx: LoadContext, category: string): Promise<number[]> {
  const sel = async () => (await ctx.q(`select id from types where type = $1 and (company_id is null or company_id = $2) order by id`, [category, ctx.companyId])).map((x) => Number(x.id));
  let ids = await sel();
  if (!ids.length) {
    await ctx.q(`insert into types (company_id, type, slug, label) select $1, $2, 'bench_' || g, 'Tipo ' || g from generate_series(1, 5) g`, [ctx.companyId, category]);
    ids = await sel();
  }
  return ids;
}

function scopeWhere(r: ResourceDef, companyId: number): string {
  const w: string[] = [];
  if (r.tenant) {
    if (r.tenant.column === 'id') w.push(`id = ${companyId}`);
    else if (r.tenant.shared) w.push(`(company_id is null or company_id = ${companyId})`);
    else w.push(`company_id = ${companyId}`);
  }
  if (r.softDelete) w.push('deleted_at is null');
  return w.length ? `where ${w.join(' and ')}` : '';
}

const loading = new Set<string>();
const done = new Map<string, Loaded>();

/** Ids of the rows of `target` the company may reference; loads/creates them first when there are none. */
async function refIds(ctx: LoadContext, target: ResourceDef, depth: number): Promise<number[]> {
  if (done.has(target.name)) return done.get(target.name)!.ids;
  const planned = ctx.plan.get(target.name);
  if (planned && !loading.has(target.name)) return (await loadResource(ctx, target, planned, depth)).ids;
  const existing = (await ctx.q(`select id from ${ident(tableOf(target))} ${scopeWhere(target, ctx.companyId)} order by id limit 5000`)).map((x) => Number(x.id));
  if (existing.length || loading.has(target.name) || depth > 3) return existing;
  return (await loadResource(ctx, target, 30, depth)).ids;
}

/** Loads `n` rows of `r` in one statement; returns the new ids. */
export async function loadResource(ctx: LoadContext, r: ResourceDef, n: number, depth = 0): Promise<Loaded> {
  if (done.has(r.name)) return done.get(r.name)!;
  loading.add(r.name);
  const table = tableOf(r);
  const typeKey = primaryTypeRef(r);
  const cols: string[] = [];
  const exprs: string[] = [];
  let nT = 1;
  let typeIdList: number[] = [];
  let typeLabels: string[] = [];
  if (typeKey) {
    typeIdList = await typeIds(ctx, (r.fields[typeKey] as RefField).typeOf!);
    const labels = new Map((await ctx.q(`select id, label from types where id = any($1::int[])`, [typeIdList])).map((x) => [Number(x.id), String(x.label)]));
    typeLabels = typeIdList.map((id) => labels.get(id) ?? 'Matéria');
    nT = typeIdList.length;
  }
  const hasYear = Object.keys(r.fields).some((k) => YEAR_FIELD.test(k)) || !!typeKey;
  if (r.tenant && r.tenant.column === 'company_id' && !r.fields.company_id) {
    cols.push('company_id');
    exprs.push(String(ctx.companyId));
  }
  let salt = 3;
  for (const [k, fl] of Object.entries(r.fields)) {
    salt += 2;
    const e = await fieldSql(ctx, r, k, fl, { typeKey, typeIdList, typeLabels, hasYear, salt, depth });
    if (e === null) continue;
    cols.push(ident(k));
    exprs.push(e);
  }
  cols.push('created_at', 'updated_at');
  const createdAt = hasYear ? `(${dateInYear()})::timestamptz + make_interval(mins => (g * 13) % 600)` : `now() - make_interval(mins => (${n} - g) * 30)`;
  exprs.push(createdAt, createdAt);
  const t0 = performance.now();
  // big loads: secondary indexes (GIN of the search vector, sorts, foreign keys) are built once afterwards, not row by row
  const deferred = n >= 10_000
    ? await ctx.q(`select i.indexname, i.indexdef from pg_indexes i join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
        where i.schemaname = 'public' and i.tablename = $1 and not x.indisunique and not x.indisprimary`, [table])
    : [];
  for (const ix of deferred) await ctx.q(`drop index ${ident(ix.indexname)}`);
  const rows = await ctx.q(
    `insert into ${ident(table)} (${cols.join(', ')})
     select ${exprs.join(',\n       ')}
     from (select g, (g - 1) % ${nT} as ti, ((g - 1) / ${nT}) % ${YEARS} as yi, (g - 1) / (${nT} * ${YEARS}) + 1 as seq
           from generate_series(1, ${n}) g) s
     returning id`,
  );
  const ids = rows.map((x) => Number(x.id));
  const t1 = performance.now();
  for (const ix of deferred) await ctx.q(ix.indexdef);
  ctx.log(`  ${table}: ${ids.length.toLocaleString('pt-BR')} linhas em ${((performance.now() - t0) / 1000).toFixed(1)} s${deferred.length ? ` (dos quais ${((performance.now() - t1) / 1000).toFixed(1)} s recriando ${deferred.length} índices)` : ''}`);
  const loaded = { ids };
  done.set(r.name, loaded);
  loading.delete(r.name);
  await AFTER_LOAD[r.name]?.(ctx);
  await loadLinks(ctx, r, ids, depth);
  return loaded;
}

/** Many-to-many links of a loaded resource (e.g. a matter's authors): one or two per row. */
async function loadLinks(ctx: LoadContext, r: ResourceDef, ids: number[], depth: number): Promise<void> {
  if (!ids.length) return;
  for (const [name, l] of Object.entries(r.links ?? {})) {
    const target = resourceByName.get(l.target);
    if (!target) continue;
    const targets = await refIds(ctx, target, depth + 1);
    if (!targets.length) continue;
    // the pivot's two columns, owner first (as generated), read from the catalogue
    const pcols = (await ctx.q(`select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`, [pivotOf(r, name)])).map((x) => String(x.column_name));
    if (pcols.length < 2) continue;
    const [a, b] = pcols;
    const min = Math.min(...ids);
    const t0 = performance.now();
    await ctx.q(
      `insert into ${ident(pivotOf(r, name))} (${ident(a)}, ${ident(b)})
       select distinct id, pick from (
         select id, ${pickId(targets, '(id - ' + min + ') * 7')} as pick from unnest($1::int[]) id
         union all
         select id, ${pickId(targets, '(id - ' + min + ') * 13 + 5')} from unnest($1::int[]) id where id % 3 = 0
       ) x on conflict do nothing`,
      [ids],
    );
    ctx.log(`  ${pivotOf(r, name)}: vínculos em ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
}

interface FieldCtx { typeKey: string | null; typeIdList: number[]; typeLabels: string[]; hasYear: boolean; salt: number; depth: number }

/** Columns the server computes in hooks, filled the way the hooks would (matters: "PL 12/2026" and the unique key). */
const OVERRIDES: Record<string, Record<string, (f: FieldCtx) => string>> = {
  matters: {
    identificacao: (f) => `(${arr(f.typeLabels.map(abbreviation))})[1 + ti] || ' ' || seq || '/' || (${LAST_YEAR} - yi)`,
    numeracao: (f) => `${pickId(f.typeIdList, 'ti')} || '/' || seq || '/' || (${LAST_YEAR} - yi)`,
  },
};

/** After a bulk load: state the server keeps beside the rows (matters: the last number per type and year). */
const AFTER_LOAD: Record<string, (ctx: LoadContext) => Promise<void>> = {
  matters: async (ctx) => {
    await ctx.q(`insert into sequences (company_id, chave, ultimo)
      select company_id, 'matters.numero:type_id=' || type_id || ',ano=' || ano, max(numero) from matters where company_id = $1 group by company_id, type_id, ano
      on conflict (company_id, chave) do update set ultimo = greatest(sequences.ultimo, excluded.ultimo)`, [ctx.companyId]);
  },
};

async function fieldSql(ctx: LoadContext, r: ResourceDef, k: string, fl: Field, f: FieldCtx): Promise<string | null> {
  const ov = OVERRIDES[r.name]?.[k];
  if (ov) return ov(f);
  const e = await baseFieldSql(ctx, r, k, fl, f);
  if (e === null || fl.required || fl.unique || k === f.typeKey || YEAR_FIELD.test(k) || NUMBER_FIELD.test(k) || fl.kind === 'bool' || fl.kind === 'password') return e;
  // optional values: present in half the rows (long texts in a quarter), as in real data
  return `case when (g + ${f.salt}) % ${LONG_TEXT.test(k) ? 4 : 2} = 0 then ${e} end`;
}

async function baseFieldSql(ctx: LoadContext, r: ResourceDef, k: string, fl: Field, f: FieldCtx): Promise<string | null> {
  const uniq = !!fl.unique;
  const max = 'max' in fl && typeof fl.max === 'number' ? fl.max : 255;
  const cut = (e: string): string => (fl.kind === 'longtext' ? e : `left(${e}, ${max})`);
  if (k === 'company_id' && r.tenant) return String(ctx.companyId);
  switch (fl.kind) {
    case 'file': case 'json': return null;
    case 'ref': {
      if (k === f.typeKey) return pickId(f.typeIdList, 'ti');
      const rf = fl as RefField;
      let ids: number[];
      if (rf.typeOf) ids = await typeIds(ctx, rf.typeOf);
      else if (rf.to === 'companies') ids = [ctx.companyId];
      else if (rf.to === 'users') ids = [ctx.userId];
      else {
        const target = resourceByName.get(rf.to);
        if (!target || (!fl.required && f.depth > 2)) return fl.required ? 'null' : null;
        ids = await refIds(ctx, target, f.depth + 1);
      }
      if (!ids.length) return fl.required ? 'null' : null;
      return uniq ? (fl.required ? pickId(ids, 'g - 1') : null) : pickId(ids, `g * ${f.salt} + g / 101`);
    }
    case 'int': {
      if (YEAR_FIELD.test(k)) return `${LAST_YEAR} - yi`;
      if (OTHER_YEAR.test(k)) return `${LAST_YEAR} - ((g * 7) % 30)`;
      if (NUMBER_FIELD.test(k) || uniq) return f.hasYear && !uniq ? 'seq' : 'g';
      const lo = 'min' in fl && typeof fl.min === 'number' ? fl.min : 0;
      const hi = 'max' in fl && typeof fl.max === 'number' ? fl.max : lo + 1000;
      return `${lo} + ((g * ${f.salt}) % ${Math.max(1, hi - lo + 1)})`;
    }
    case 'decimal': case 'money': return `round(((g * 7919) % 1000000) / 100.0, 2)`;
    case 'bool': return `(g % ${f.salt % 5 + 2} = 0)`;
    case 'date':
      if (/nasc|birth/i.test(k)) return `date '1950-01-01' + ((g * 37) % 20000)`;
      return f.hasYear ? dateInYear() : `current_date - ((g * 37) % 3650)`;
    case 'datetime': return `(${f.hasYear ? dateInYear() : `current_date - ((g * 37) % 3650)`})::timestamptz + make_interval(mins => (g * 13) % 600)`;
    case 'time': return `'14:00'`;
    case 'select': {
      const opts = (fl as Extract<Field, { kind: 'select' }>).options.map((o) => o.value);
      return opts.length ? wordAt(opts, `g * ${f.salt}`) : null;
    }
    case 'email': return `'pessoa' || g || '.${r.name}@exemplo.com.br'`;
    case 'password': return lit(ctx.passwordHash);
    case 'url': return `'https://www.vilaserena.mg.gov.br/${r.name}/' || g`;
    case 'color': return `'#1565c0'`;
    case 'cpf': return `lpad((10000000000 + g * 7919)::text, 11, '0')`;
    case 'cnpj': return `lpad((10000000000000 + g * 7919)::text, 14, '0')`;
    case 'cep': return `lpad((35000000 + (g * 37) % 999999)::text, 8, '0')`;
    case 'phone': return `'3199' || lpad(((g * 7919) % 10000000)::text, 7, '0')`;
    default: {
      if (YEAR_FIELD.test(k)) return `(${LAST_YEAR} - yi)::text`;
      if (NUMBER_FIELD.test(k)) return f.hasYear && !uniq ? `seq::text` : `g::text`;
      let e: string;
      if (k === 'ementa' || fl.kind !== 'longtext') e = LONG_TEXT.test(k) ? ementaSql() : phraseSql();
      else e = `${ementaSql('(g + 7)')} || ' ' || ${ementaSql('(g + 11)')}`;
      if (NAME_TEXT.test(k) && /people|person|pessoa|users|author|parlamentar|parliament|artist/i.test(r.name)) e = personSql();
      if (uniq) e = `${e} || ' ' || g`;
      return cut(e);
    }
  }
}

/** Resets memo between databases (the harness runs PGlite then PostgreSQL in separate processes anyway). */
export function resetLoader(): void {
  loading.clear();
  done.clear();
}
