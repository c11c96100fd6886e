/**
 * Sub-lists of a record, declared in its definition: `children` (one-to-many through a foreign key on the child,
 * e.g. a parliamentarian's dependents) and `links` (many-to-many through a generated pivot, e.g. a process's
 * people). Each becomes list/add/remove calls under `{path}/:id/...`, with the parent's visibility, the child's
 * rules, the company scope and the audit of the engine.
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bothRules, createSchema, linkKeys, listQuerySchema, pivotOf, ruleFor, type ResourceDef, type Rule } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';
import { conflict, forbidden, issuesToErrors, unprocessable } from '../http/errors.ts';
import type { Db } from '../db/client.ts';
import type { Row, Services } from './context.ts';
import { findOne, list, parseListQuery, pivotTable, tableFor } from './query.ts';
import { create, link, remove, scopeOf, unlink } from './records.ts';
import { editRefusal, lockedReason } from './rowscope.ts';
import { notFoundOf, parseId, serialize } from './serialize.ts';

type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
/** `creates`: the route creates one record through writeRecord (its Idempotency-Key is kept in that transaction) */
export interface RouteOptions { body?: z.ZodType; querystring?: z.ZodType; creates?: boolean }
export type Register = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, rule: Rule, summary: string, handler: Handler, opts?: RouteOptions) => void;

async function parentOr404(s: Services, r: ResourceDef, req: FastifyRequest, write = false): Promise<Row> {
  const id = parseId((req.params as { id: string }).id);
  const row = id ? await findOne(s.db, r, req.auth, id, false, { write }) : null;
  if (!row) throw notFoundOf(r);
  return row;
}

/**
 * The records linked to a record (a process's people), by the target's display order (or the link's own order: `ordered`), at most 1000: what its
 * `GET {path}/:id/{link}` answers (linked records are part of the owner: the owner's readers see them).
 */
export async function linkedRows(db: Db, r: ResourceDef, name: string, ownerId: number): Promise<Row[]> {
  const l = r.links?.[name];
  const target = l && resourceByName.get(l.target);
  if (!target) throw new Error(`${r.name}: no link ${name}`);
  const pivot = pivotTable(pivotOf(r, name));
  const { ownerKey, targetKey } = linkKeys(r, target);
  const { table, cols } = tableFor(target);
  const rows = await db.select({ t: table }).from(pivot.table).innerJoin(table, eq(cols.id, pivot.cols[targetKey]))
    .where(eq(pivot.cols[ownerKey], ownerId)).orderBy(...(l.ordered ? [pivot.cols.ordem] : [cols[target.display] ?? cols.id])).limit(1000);
  return rows.map((x) => (x as { t: Row }).t);
}

/** A sub-list changed only with its parent (`editWithParent`): the parent's state (409) and the row scope's edit (403). */
async function parentChangeable(s: Services, r: ResourceDef, req: FastifyRequest, parent: Row): Promise<void> {
  const locked = await lockedReason(s.db, r, parent);
  if (locked) throw conflict(locked);
  const why = await editRefusal(s.db, r, req.auth, parent);
  if (why) throw forbidden(why);
}

export function registerRelations(_app: FastifyInstance, s: Services, r: ResourceDef, route: Register): void {
  const base = `/api/${r.path}`;

  for (const [name, c] of Object.entries(r.children ?? {})) {
    const child = resourceByName.get(c.resource);
    if (!child) throw new Error(`${r.name}.children.${name}: unknown resource ${c.resource}`);
    if (c.fk && !child.fields[c.fk]) throw new Error(`${r.name}.children.${name}: ${c.resource} has no field ${c.fk}`);
    for (const k of c.columns ?? []) if (!child.fields[k] && k !== 'created_at' && k !== 'updated_at') throw new Error(`${r.name}.children.${name}: column ${k} is not a field of ${c.resource}`);
    // served by the resource's own actions (an event's photos): nothing to generate
    if (c.calls) continue;
    const fk = c.fk;
    if (!fk) throw new Error(`${r.name}.children.${name}: no fk`);
    const { cols } = tableFor(child);

    // a sub-list is part of its parent: its parent's readers AND the child's (or the declared sub-list readers)
    const parentRead = ruleFor(r, 'read');
    route('GET', `${base}/:id/${c.list ?? name}`, bothRules(parentRead, c.read ?? ruleFor(child, 'read')), `${child.label.many} de ${r.label.one.toLowerCase()}`, async (req) => {
      const parent = await parentOr404(s, r, req);
      const q = parseListQuery([req.query]);
      const { rows, total } = await list(s.db, child, req.auth, { ...q, perPage: Math.max(q.perPage, 100) }, {}, [eq(cols[fk], parent.id)]);
      return { data: await serialize(s, child, rows, req.auth), meta: { page: q.page, perPage: Math.max(q.perPage, 100), total } };
    }, { querystring: listQuerySchema });

    if (c.add) {
      const body = createSchema(child, [fk]);
      route('POST', `${base}/:id/${c.add}`, bothRules(parentRead, ruleFor(child, 'create')), `Adiciona ${child.label.one.toLowerCase()} a ${r.label.one.toLowerCase()}`, async (req, reply) => {
        const parent = await parentOr404(s, r, req, !!c.editWithParent);
        if (c.editWithParent) await parentChangeable(s, r, req, parent);
        const parsed = body.safeParse(req.body ?? {});
        if (!parsed.success) throw unprocessable(issuesToErrors(parsed.error.issues as never));
        const row = await create(scopeOf(s, req), child, { ...(parsed.data as Row), [fk]: parent.id });
        reply.status(201);
        return { data: (await serialize(s, child, [row], req.auth, undefined, false))[0] };
      }, { body, creates: true });
    }

    if (c.remove) {
      route(c.removeMethod ?? 'DELETE', `${base}/:id/${c.remove}/:childId`, bothRules(parentRead, ruleFor(child, 'delete')), `Remove ${child.label.one.toLowerCase()} de ${r.label.one.toLowerCase()}`, async (req, reply) => {
        const parent = await parentOr404(s, r, req, !!c.editWithParent);
        if (c.editWithParent) await parentChangeable(s, r, req, parent);
        const childId = parseId((req.params as { childId: string }).childId);
        const row = childId ? await findOne(s.db, child, req.auth, childId, false, { write: true }) : null;
        if (!row || row[fk] !== parent.id) throw notFoundOf(child);
        await remove(scopeOf(s, req), child, row);
        return reply.status(204).send();
      });
    }
  }

  for (const [name, l] of Object.entries(r.links ?? {})) {
    const target = resourceByName.get(l.target);
    if (!target) throw new Error(`${r.name}.links.${name}: unknown resource ${l.target}`);
    const { targetKey } = linkKeys(r, target);
    const { cols: tCols } = tableFor(target);
    const badId = `Informe ${target.label.one.toLowerCase()} pelo id (um número inteiro positivo).`;
    const idSchema = z.coerce.number({ error: badId }).int(badId).positive(badId).max(2_147_483_647, badId);
    const idsBody = z.object({
      [targetKey]: idSchema.optional(),
      [`${targetKey}s`]: z.array(idSchema, { error: `Informe uma lista de ids de ${target.label.many.toLowerCase()}.` }).max(500, 'Informe no máximo 500 de uma vez.').optional(),
    });
    const idsOf = (b: Row): number[] => [...new Set([...(b[`${targetKey}s`] ?? []), ...(b[targetKey] ? [b[targetKey]] : [])])];
    const linked = async (req: FastifyRequest, parent: Row) => {
      const records = await linkedRows(s.db, r, name, parent.id);
      return { data: await serialize(s, target, records, req.auth), meta: { page: 1, perPage: records.length, total: records.length } };
    };

    // linked records are shown as part of the owner (a person's contacts): the owner's readers see them
    route('GET', `${base}/:id/${l.list ?? name}`, ruleFor(r, 'read'), `${target.label.many} vinculados a ${r.label.one.toLowerCase()}`, async (req) => linked(req, await parentOr404(s, r, req)));

    if (l.add) {
      route('POST', `${base}/:id/${l.add}`, ruleFor(r, 'update'), `Vincula ${target.label.many.toLowerCase()} a ${r.label.one.toLowerCase()}`, async (req) => {
        const parent = await parentOr404(s, r, req, true);
        const ids = idsOf(req.body as Row);
        if (!ids.length) throw unprocessable({ [targetKey]: [`Informe ${target.label.one.toLowerCase()}.`] });
        const visible = await list(s.db, target, req.auth, { page: 1, perPage: 500 }, {}, [inArray(tCols.id, ids)]);
        if (visible.rows.length !== ids.length) throw unprocessable({ [targetKey]: [`${target.label.one} não encontrad${target.label.gender === 'f' ? 'a' : 'o'}.`] });
        await link(scopeOf(s, req), r, name, parent, ids);
        return linked(req, parent);
      }, { body: idsBody });
    }

    if (l.remove) {
      const url = l.removeById ? `${base}/:id/${l.remove}/:targetId` : `${base}/:id/${l.remove}`;
      route(l.removeMethod ?? 'DELETE', url, ruleFor(r, 'update'), `Desvincula ${target.label.many.toLowerCase()} de ${r.label.one.toLowerCase()}`, async (req) => {
        const parent = await parentOr404(s, r, req, true);
        const byPath = l.removeById ? parseId((req.params as { targetId: string }).targetId) : null;
        let ids = byPath ? [byPath] : [];
        if (!byPath) {
          // the ids may come in the query string too (DELETE without a body): checked like a body
          const given = idsBody.safeParse({ ...(req.query as Row), ...(req.body && typeof req.body === 'object' ? req.body as Row : {}) });
          if (!given.success) throw unprocessable(issuesToErrors(given.error.issues as never));
          ids = idsOf(given.data);
        }
        if (!ids.length) throw unprocessable({ [targetKey]: [`Informe ${target.label.one.toLowerCase()}.`] });
        await unlink(scopeOf(s, req), r, name, parent, ids);
        return linked(req, parent);
      }, { body: l.removeById ? undefined : idsBody });
    }
  }
}
