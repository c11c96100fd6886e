/**
 * The options of a reference field, for who cannot read the target's own list: `GET
 * /api/{path}/options/{field}?q=&page=&perPage=&ids=&in=` answers rows of the target, each as its id and display.
 * - Without `in` (decision 0051), for who writes the record (creates or updates `{path}` through routes that exist):
 *   the rows the field may point at (the tenders' staff picks the secretaria of a tender, the session operator the
 *   legislature of a session). Fields the writer does not choose (hidden, read-only) have none.
 * - With `in=rows` (decision 0052), for who reads the list of `{path}` (a list filter): only the rows that the records
 *   of `{path}` the session reads point at, as the list itself shows them (a vereador filters the matters by their
 *   current unit). The records are scoped as the list scopes them (`listedRows`), and the targets are matched with a
 *   semi-join: nothing of the records is read into memory.
 * Either way the target's company scope and row scope apply (engine/list.ts with the session), nothing of a row but
 * its display leaves, and the owner field of a session limited to its own rows (an artist's account) has none.
 */
import { and, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { filterFields, refFields, ruleFor, type ResourceDef, type Rule } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';
import type { RefField } from '@paco/domain/fields';
import type { AuthContext } from '../auth/session.ts';
import { notFound } from '../http/errors.ts';
import type { Services } from './context.ts';
import { authorize } from './policy.ts';
import { restricted } from './rowscope.ts';
import { answerFields, list, listedRows, parseListQuery, pickFields } from './query.ts';
import { serialize } from './serialize.ts';
import { tableFor } from './tables.ts';

/** Any of the rules: a signed-in user when one is open to everyone, else the roles of all of them. */
export function anyRule(rules: readonly Rule[]): Rule {
  if (rules.some((x) => x === 'public' || x === 'authenticated')) return 'authenticated';
  const roles = [...new Set(rules.flatMap((x) => (Array.isArray(x) ? x : [])))];
  return roles.length ? roles : 'nobody';
}

type OptionField = [string, RefField, ResourceDef];

/** The reference fields that may have options: shown, and not a types category (every signed-in user reads types). */
function refTargets(r: ResourceDef): OptionField[] {
  return refFields(r).flatMap(([k, fl]) => {
    const target = resourceByName.get(fl.to);
    return !fl.hidden && !fl.typeOf && target ? [[k, fl, target] as OptionField] : [];
  });
}

/** The reference fields a record's form offers: those of `refTargets` the writer chooses (not read-only). */
export function optionFields(r: ResourceDef): OptionField[] {
  return refTargets(r).filter(([, fl]) => !fl.readOnly);
}

/** The reference fields a list is filtered by (`filterFields`): those of `refTargets` a client reads. */
export function filterOptionFields(r: ResourceDef): OptionField[] {
  const filters = new Set(filterFields(r).map(([k]) => k));
  return refTargets(r).filter(([k]) => filters.has(k));
}

/** Who writes the records through the routes that exist: create, update; null when nobody does. */
function writersOf(r: ResourceDef): Rule | null {
  const routes = { create: true, update: true, ...r.routes };
  const rules = [...(routes.create ? [ruleFor(r, 'create')] : []), ...(routes.update ? [ruleFor(r, 'update')] : [])];
  const rule = rules.length ? anyRule(rules) : 'nobody';
  return rule === 'nobody' ? null : rule;
}

/** Who reads the records' list (its route exists): the list's own rule; null when nobody does. */
function readersOf(r: ResourceDef): Rule | null {
  const rule = { list: true, ...r.routes }.list ? ruleFor(r, 'read') : 'nobody';
  return rule === 'nobody' ? null : rule;
}

/**
 * The two sets of options: who may ask for each, its fields, and the condition on the target's rows (none: every
 * row of the target the session's scopes allow; `rows`: those the records the session reads point at).
 */
interface Mode { rule: Rule; fields: Map<string, OptionField>; where: (auth: AuthContext | null, k: string, target: ResourceDef) => SQL[] }

const query = z.object({
  q: z.string().max(200).optional(),
  page: z.string().max(6).optional(),
  perPage: z.string().max(3).optional(),
  ids: z.string().max(600).regex(/^\d{1,10}(,\d{1,10}){0,49}$/, 'Informe até 50 ids separados por vírgula.').optional(),
  in: z.enum(['rows'], { error: 'Use in=rows (as opções usadas pelos registros que você lê) ou omita o parâmetro.' }).optional(),
});
const params = z.object({ field: z.string().max(60) });

export function registerRefOptions(app: FastifyInstance, s: Services, r: ResourceDef, tags: string[]): void {
  const byKey = (fields: OptionField[]): Map<string, OptionField> => new Map(fields.map((x) => [x[0], x]));
  const writers = writersOf(r);
  const readers = readersOf(r);
  const modes: Record<'all' | 'rows', Mode | null> = {
    all: writers ? { rule: writers, fields: byKey(optionFields(r)), where: () => [] } : null,
    // the targets' ids among the values of the column in the rows the session's list reads (a semi-join)
    rows: readers ? {
      rule: readers, fields: byKey(filterOptionFields(r)),
      where: (auth, k, target) => {
        const { table, cols } = tableFor(r);
        return [inArray(tableFor(target).cols.id, s.db.select({ id: cols[k] }).from(table).where(and(isNotNull(cols[k]), ...listedRows(r, auth))))];
      },
    } : null,
  };
  const open = Object.values(modes).filter((m): m is Mode => !!m && m.fields.size > 0);
  if (!open.length) return;
  const rule = anyRule(open.map((m) => m.rule));
  app.get(`/api/${r.path}/options/:field`, {
    config: { permission: r.permission, rule },
    schema: {
      tags, params, querystring: query,
      summary: 'Opções de um campo de referência (id e nome): para quem cria ou altera os registros; com in=rows, as que os registros que a sessão lê usam (filtros da lista)',
    },
  }, async (req) => {
    const raw = req.query as z.infer<typeof query>;
    const mode = modes[raw.in ?? 'all'];
    // a mode nobody may use is refused like a rule that refuses (403), before anything is said of the field
    const auth = authorize(req, mode?.rule ?? 'nobody');
    const field = (req.params as { field: string }).field;
    const hit = mode?.fields.get(field);
    // the owner field of a session limited to its own rows is the server's to set (an artist's account), and every
    // row it reads is its own: no options, neither to choose nor to filter by
    if (!mode || !hit || (field === r.rows?.own?.field && restricted(r, auth))) throw notFound('Campo');
    const [, fl, target] = hit;
    const display = fl.display ?? target.display;
    const perPage = Math.min(Number(raw.perPage) || 20, 50);
    const q = parseListQuery([{ q: raw.q, page: raw.page, perPage: String(perPage), sort: display in target.fields ? display : undefined }], target);
    const ids = raw.ids ? raw.ids.split(',').map(Number) : null;
    const extra = [...(ids ? [inArray(tableFor(target).cols.id, ids)] : []), ...mode.where(auth, field, target)];
    const keep = answerFields(target, `id,${display}`);
    const { rows, total } = await list(s.db, target, auth, q, { fields: keep }, extra);
    const data = pickFields(await serialize(s, target, rows, auth, null, true, keep), keep);
    return { data, meta: { page: q.page, perPage: q.perPage, total } };
  });
}
