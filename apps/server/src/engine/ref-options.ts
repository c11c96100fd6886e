/**
 * The options of a reference field, for who writes the record that holds it (decision 0051): `GET
 * /api/{path}/options/{field}?q=&page=&perPage=&ids=` answers the rows the field may point at, each as its id and
 * display, to who may create or update `{path}` (through routes that exist), whether or not they may read the
 * target's own list (the session operator picks the legislature of a session; the tenders' staff the secretaria of a
 * tender). The target's company scope and row scope still apply (engine/list.ts with the session), so nothing is
 * offered that the session could not point at, and nothing of a row but its display leaves. Fields the writer does
 * not choose (hidden, read-only, the owner field of a session limited to its rows) have no options.
 */
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { refFields, ruleFor, type ResourceDef, type Rule } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';
import type { RefField } from '@paco/domain/fields';
import { notFound } from '../http/errors.ts';
import type { Services } from './context.ts';
import { authorize } from './policy.ts';
import { restricted } from './rowscope.ts';
import { answerFields, list, parseListQuery, pickFields } from './query.ts';
import { serialize } from './serialize.ts';
import { tableFor } from './tables.ts';

/** Any of the rules: a signed-in user when one is open to everyone, else the roles of all of them. */
export function anyRule(rules: readonly Rule[]): Rule {
  if (rules.some((x) => x === 'public' || x === 'authenticated')) return 'authenticated';
  const roles = [...new Set(rules.flatMap((x) => (Array.isArray(x) ? x : [])))];
  return roles.length ? roles : 'nobody';
}

/** The reference fields a record's form offers (a types category is read by every signed-in user). */
export function optionFields(r: ResourceDef): [string, RefField, ResourceDef][] {
  return refFields(r).flatMap(([k, fl]) => {
    const target = resourceByName.get(fl.to);
    return !fl.hidden && !fl.readOnly && !fl.typeOf && target ? [[k, fl, target] as [string, RefField, ResourceDef]] : [];
  });
}

/** Who writes the records through the routes that exist: create, update; null when nobody does. */
function writersOf(r: ResourceDef): Rule | null {
  const routes = { create: true, update: true, ...r.routes };
  const rules = [...(routes.create ? [ruleFor(r, 'create')] : []), ...(routes.update ? [ruleFor(r, 'update')] : [])];
  const rule = rules.length ? anyRule(rules) : 'nobody';
  return rule === 'nobody' ? null : rule;
}

const query = z.object({
  q: z.string().max(200).optional(),
  page: z.string().max(6).optional(),
  perPage: z.string().max(3).optional(),
  ids: z.string().max(600).regex(/^\d{1,10}(,\d{1,10}){0,49}$/, 'Informe até 50 ids separados por vírgula.').optional(),
});
const params = z.object({ field: z.string().max(60) });

export function registerRefOptions(app: FastifyInstance, s: Services, r: ResourceDef, tags: string[]): void {
  const fields = new Map(optionFields(r).map(([k, fl, target]) => [k, { fl, target }]));
  const rule = writersOf(r);
  if (!fields.size || !rule) return;
  app.get(`/api/${r.path}/options/:field`, {
    config: { permission: r.permission, rule },
    schema: { tags, summary: 'Opções de um campo de referência (id e nome), para quem cria ou altera os registros', params, querystring: query },
  }, async (req) => {
    const auth = authorize(req, rule);
    const field = (req.params as { field: string }).field;
    const hit = fields.get(field);
    // the owner field of a session limited to its own rows is the server's to set (an artist's account): not a choice
    if (!hit || (field === r.rows?.own?.field && restricted(r, auth))) throw notFound('Campo');
    const { fl, target } = hit;
    const raw = req.query as z.infer<typeof query>;
    const display = fl.display ?? target.display;
    const perPage = Math.min(Number(raw.perPage) || 20, 50);
    const q = parseListQuery([{ q: raw.q, page: raw.page, perPage: String(perPage), sort: display in target.fields ? display : undefined }], target);
    const ids = raw.ids ? raw.ids.split(',').map(Number) : null;
    const extra = ids ? [inArray(tableFor(target).cols.id, ids)] : [];
    const keep = answerFields(target, `id,${display}`);
    const { rows, total } = await list(s.db, target, auth, q, { fields: keep }, extra);
    const data = pickFields(await serialize(s, target, rows, auth, null, true, keep), keep);
    return { data, meta: { page: q.page, perPage: q.perPage, total } };
  });
}
