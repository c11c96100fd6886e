/**
 * Row-level scope (issue 11): a definition's `rows` says which rows of its company a user sees and changes. The
 * conditions built here join the company scope in every read of the engine (engine/scope.ts `scopeConditions`, used
 * by list, show, sub-lists, searches and exports; findOne for update, delete, upload and actions), so one declaration
 * covers every route; `editRefusal` adds the rows a restricted user may change, and `ownValues` sets the owner of a
 * new row from the session.
 */
import { and, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { RecordCondition, ResourceDef, Scalar, SessionFact } from '@paco/domain/resource';
import { factsNeeded, meets, reasonOf, type SessionFacts } from '@paco/domain/workflow';
import { todayInSaoPaulo, type AuthContext } from '../auth/session.ts';
import type { Db } from '../db/client.ts';
import { tableFor, type Cols } from './tables.ts';
import { loadRefs } from './caches.ts';

/**
 * Whether the definition's row scope limits this session (superadmin and the `all` roles are not limited). Calls
 * without a session reach only routes whose rule is public, which publish what they read: not limited here.
 */
export function restricted(r: ResourceDef, auth: AuthContext | null): auth is AuthContext {
  if (!r.rows || !auth) return false;
  return !auth.isSuperadmin && !r.rows.all.some((role) => auth.roles.includes(role));
}

/** A responsibility in force today (the São Paulo day, not the database server's UTC one). */
const active = (): SQL => {
  const today = todayInSaoPaulo();
  return sql`rs."dataInicio" <= ${today}::date and (rs."dataFim" is null or rs."dataFim" >= ${today}::date)`;
};

/** The ids the session owns, as a subquery (read in the same statement as the rows). */
export function factSql(fact: SessionFact, auth: AuthContext): SQL {
  switch (fact) {
    case 'user': return sql`(select ${auth.userId}::int)`;
    case 'parliamentary': return sql`(select pu.parliamentary_id from parliamentaries_users pu where pu.user_id = ${auth.userId})`;
    // the sectors the user is responsible for today, and those with no responsible today (anyone of the module acts
    // for them: a municipality that has not set its sectors' responsibles yet keeps working)
    case 'sectors': return sql`(select sc.id from sectors sc where sc.company_id = ${auth.companyId} and (
      exists (select 1 from responsibles rs where rs.sector_id = sc.id and rs.user_id = ${auth.userId} and ${active()})
      or not exists (select 1 from responsibles rs where rs.sector_id = sc.id and ${active()})))`;
    case 'sectorsInCharge': return sql`(select rs.sector_id from responsibles rs where rs.user_id = ${auth.userId} and rs.company_id = ${auth.companyId} and ${active()})`;
  }
}

type RowFilter = (auth: AuthContext, cols: Cols) => SQL;
const filters = new Map<string, RowFilter>();

/** A named row filter (a definition's `rows.filter`), declared by the module that owns the resource. */
export function defineRowFilter(name: string, fn: RowFilter): void {
  if (filters.has(name)) throw new Error(`row filter ${name} is declared twice`);
  filters.set(name, fn);
}

/** A condition on values (`in`, `notIn`; null: empty) as SQL, with `meets`'s meaning. */
function valuesSql(c: RecordCondition, cols: Cols): SQL {
  const col = cols[c.field];
  const oneOf = (list: readonly Scalar[]): SQL => {
    const vals = list.filter((v) => v !== null);
    const parts = [...(vals.length ? [inArray(col, vals as never[])] : []), ...(list.includes(null) ? [isNull(col)] : [])];
    return parts.length ? or(...parts)! : sql`false`;
  };
  const parts: SQL[] = [];
  if (c.in) parts.push(oneOf(c.in));
  if (c.notIn) {
    const vals = c.notIn.filter((v) => v !== null);
    parts.push(c.notIn.includes(null) ? and(sql`${col} is not null`, ...(vals.length ? [notInArray(col, vals as never[])] : []))! : or(isNull(col), notInArray(col, vals as never[]))!);
  }
  return parts.length ? and(...parts)! : sql`true`;
}

/**
 * The conditions that limit the session to its rows: the `view` of the table for everyone; the `own` rows and named
 * filter for a restricted session; the `allWhen` conditions (or its own rows) for the others with a session; [] when
 * it is not limited.
 */
export function rowConditions(r: ResourceDef, auth: AuthContext | null): SQL[] {
  const view = r.rows?.view;
  const scoped = scopeOf(r, auth);
  return view && auth ? [rowFilter(view)(auth, tableFor(r).cols), ...scoped] : scoped;
}

function scopeOf(r: ResourceDef, auth: AuthContext | null): SQL[] {
  if (!restricted(r, auth)) {
    const when = r.rows?.allWhen;
    if (!auth || !when?.length) return [];
    const { cols } = tableFor(r);
    const shared = and(...when.map((c) => valuesSql(c, cols)))!;
    const own = r.rows!.own;
    return [own ? or(shared, inArray(cols[own.field], factSql(own.mine, auth)))! : shared];
  }
  const rows = r.rows!;
  const { cols } = tableFor(r);
  const out: SQL[] = [];
  if (rows.own) out.push(inArray(cols[rows.own.field], factSql(rows.own.mine, auth)));
  if (rows.filter) out.push(rowFilter(rows.filter)(auth, cols));
  // theirs, or admitted by the filter (a draft they were invited to sign)
  return out.length > 1 ? [or(...out)!] : out;
}

/** A named row filter (declared by its module), for a row scope or an inbox entry. */
export function rowFilter(name: string): RowFilter {
  const fn = filters.get(name);
  if (!fn) throw new Error(`row filter ${name} is not declared`);
  return fn;
}

/** The session's own ids for these facts (one small query each). */
export async function loadFacts(db: Db, auth: AuthContext | null, facts: readonly SessionFact[]): Promise<SessionFacts> {
  const out: SessionFacts = {};
  if (!auth) return out;
  for (const f of facts) {
    const res = await db.execute(sql`select x.id from ${factSql(f, auth)} as x(id)`);
    const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as { id: number }[];
    out[f] = rows.map((x) => Number(x.id));
  }
  return out;
}

/** Why this session may not change the row (the row scope's `edit` conditions), or null when it may. */
export async function editRefusal(db: Db, r: ResourceDef, auth: AuthContext | null, row: Record<string, unknown>): Promise<string | null> {
  if (!restricted(r, auth) || !r.rows?.edit?.length) return null;
  const facts = await loadFacts(db, auth, factsNeeded(r.rows.edit));
  const failed = r.rows.edit.find((c) => !meets(c, row, facts));
  return failed ? reasonOf(r, failed, await withDisplays(db, r, row, failed.reason)) : null;
}

/** Why nobody may change the row in its state now (the definition's `editable`), or null. */
export async function lockedReason(db: Db, r: ResourceDef, row: Record<string, unknown>): Promise<string | null> {
  const failed = r.editable?.find((c) => !meets(c, row));
  return failed ? reasonOf(r, failed, await withDisplays(db, r, row, failed.reason)) : null;
}

/** The row with the references its reason names expanded (`{current_sector_id}` → the sector's name). */
async function withDisplays(db: Db, r: ResourceDef, row: Record<string, unknown>, reason: string): Promise<Record<string, unknown>> {
  const out = { ...row };
  for (const [, key] of reason.matchAll(/\{(\w+)\}/g)) {
    const fl = r.fields[key];
    const id = row[key];
    const expanded = key.replace(/_id$/, '');
    if (fl?.kind !== 'ref' || typeof id !== 'number' || (out[expanded] && typeof out[expanded] === 'object')) continue;
    out[expanded] = (await loadRefs(db, fl.to, [id])).get(id) ?? null;
  }
  return out;
}

/**
 * The owner of a new row, from the session: a restricted user's row belongs to it (the body cannot say otherwise).
 * With several records of the fact (a user linked to two parliamentarians), the body may pick one of its own. On an
 * update (`existing`), an owner the body names that is not one of the session's is dropped: a row is never handed
 * to someone else.
 */
export async function ownValues(db: Db, r: ResourceDef, auth: AuthContext | null, values: Record<string, unknown>, existing?: Record<string, unknown>): Promise<string | null> {
  const own = r.rows?.own;
  if (!own || !restricted(r, auth)) return null;
  if (existing && !(own.field in values)) return null;
  const mine = (await loadFacts(db, auth, [own.mine]))[own.mine] ?? [];
  const asked = values[own.field];
  if (typeof asked === 'number' && mine.includes(asked)) return null;
  if (existing) {
    delete values[own.field];
    return null;
  }
  if (mine.length === 0) return NO_FACT[own.mine];
  values[own.field] = mine[0];
  return null;
}

const NO_FACT: Record<SessionFact, string> = {
  user: 'Sessão sem usuário.',
  parliamentary: 'Seu usuário não está vinculado a um parlamentar. Peça ao administrador que faça o vínculo.',
  sectors: 'Seu usuário não pode agir por nenhum setor. Peça ao administrador que o inclua como responsável.',
  sectorsInCharge: 'Seu usuário não é responsável por nenhum setor. Peça ao administrador que o inclua como responsável.',
};
