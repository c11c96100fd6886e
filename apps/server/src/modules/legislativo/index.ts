/**
 * Legislativo (parliamentarians, parties, legislatures, legislative sessions, Mesa Diretora, mandates,
 * affiliations, dependents, absences, agents): rules beyond the generic engine and the special calls.
 *
 * Hooks (keyed by table): period checks (fim after início), one party at a time, one mandate per legislature, one
 * seat per cargo in the Mesa Diretora, pt-BR refusals when a record still referenced is deleted, the current party
 * on each parliamentarian, the net pay of agents.
 * Actions (keyed by resource name): parties/all, parliamentaries/active, parliamentariesCompany/:id (public),
 * is-parliamentary, and the form update `POST parliamentaries/:id?_method=PUT` (JSON or multipart/form-data).
 */
import { and, asc, count, eq, gte, inArray, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { createSchema, listQuerySchema, ruleFor, updateSchema, type ResourceDef } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';
import { dependents as dependentsDef, parliamentaries as parliamentariesDef, parties as partiesDef } from '@paco/domain/resources/legislativo';
import {
  affiliations, authors, boards, companies, dependents, legislatures, mandates, matters, mattersAuthors, parliamentaries,
  parliamentariesUsers, parties, propositions, types, users,
} from '../../db/schema.generated.ts';
import type { Db } from '../../db/client.ts';
import type { ActionContext, ActionHandler, ResourceHooks, Row } from '../../engine/context.ts';
import { findOne, list, parseListQuery, type ListQuery } from '../../engine/query.ts';
import { attach, create, link, parseInput, remove, scopeOf, updateFromInput } from '../../engine/records.ts';
import { notFoundOf, recordAnswer, serialize } from '../../engine/serialize.ts';
import { HttpError, notFound, unprocessable } from '../../http/errors.ts';
import { todayInSaoPaulo as today } from '../../auth/session.ts';
import { authorize } from '../../engine/policy.ts';
import { accepts, safeFileName, sniff } from '../../storage/files.ts';

/** The value a write will leave in the record: the new one when sent, else the stored one. */
const after = (values: Row, existing: Row | null, k: string): any => (k in values ? values[k] : existing?.[k] ?? null);

/** Refuses an end before the start (dates as yyyy-mm-dd compare as text). */
const countWhere = (db: Db, table: PgTable, where: SQL | undefined): PromiseLike<{ n: number }[]> =>
  db.select({ n: count() }).from(table).where(where);

/** Current party (affiliation without end, or ending today or later) of each parliamentarian. */
export async function currentParties(db: Db, ids: number[]): Promise<Map<number, Row>> {
  if (!ids.length) return new Map();
  const d = today();
  const rows = await db.select({
    parliamentary_id: affiliations.parliamentary_id, inicio: affiliations.inicio,
    id: parties.id, abbreviations: parties.abbreviations, name: parties.name, number: parties.number,
  }).from(affiliations).innerJoin(parties, eq(parties.id, affiliations.party_id))
    .where(and(inArray(affiliations.parliamentary_id, ids), lte(affiliations.inicio, d), or(isNull(affiliations.fim), gte(affiliations.fim, d))))
    .orderBy(asc(affiliations.inicio));
  const map = new Map<number, Row>();
  for (const r of rows) map.set(r.parliamentary_id, { id: r.id, abbreviations: r.abbreviations, name: r.name, number: r.number });
  return map;
}

const parliamentaryHooks: ResourceHooks = {
  async decorate(records, { db, many }) {
    const party = await currentParties(db, records.map((r) => r.id));
    for (const r of records) r.party = party.get(r.id) ?? null;
    if (many || !records.length) return;
    records[0].users = await db.select({ id: users.id, name: users.name, email: users.email }).from(parliamentariesUsers)
      .innerJoin(users, eq(users.id, parliamentariesUsers.user_id))
      .where(and(eq(parliamentariesUsers.parliamentary_id, records[0].id), isNull(users.deleted_at))).orderBy(asc(users.name));
  },
};

export const hooks: Record<string, ResourceHooks> = {
  // periods in order (parties, legislatures, sessions, mandates, affiliations): the definitions' `order`
  parliamentaries: parliamentaryHooks,
  legislative_sessions: {
    async beforeWrite(values, existing, { db }) {
      const legislatureId = after(values, existing, 'legislature_id');
      const [leg] = await db.select().from(legislatures).where(eq(legislatures.id, legislatureId)).limit(1);
      const inicio = after(values, existing, 'inicio');
      const fim = after(values, existing, 'fim');
      if (leg && ((inicio && inicio < leg.inicio) || (fim && fim > leg.fim))) {
        const br = (d: string) => d.split('-').reverse().join('/');
        throw unprocessable({ inicio: [`A sessão legislativa deve estar dentro da legislatura (${br(leg.inicio)} a ${br(leg.fim)}).`] });
      }
    },
  },
  boards: {
    /** one parliamentarian per cargo, and one cargo per parliamentarian, in each legislative session */
    async beforeWrite(values, existing, { db }) {
      const session = after(values, existing, 'legislative_session_id');
      const notSelf = existing ? [ne(boards.id, existing.id)] : [];
      const [sameCargo] = await countWhere(db, boards, and(eq(boards.legislative_session_id, session), eq(boards.cargo_id, after(values, existing, 'cargo_id')), ...notSelf));
      if (sameCargo.n > 0) throw unprocessable({ cargo_id: ['Este cargo já está ocupado nesta sessão legislativa.'] });
      const [sameMember] = await countWhere(db, boards, and(eq(boards.legislative_session_id, session), eq(boards.parliamentary_id, after(values, existing, 'parliamentary_id')), ...notSelf));
      if (sameMember.n > 0) throw unprocessable({ parliamentary_id: ['Este parlamentar já ocupa um cargo da Mesa nesta sessão legislativa.'] });
    },
  },
  mandates: {
    async beforeWrite(values, existing, { db }) {
      const notSelf = existing ? [ne(mandates.id, existing.id)] : [];
      const [dup] = await countWhere(db, mandates, and(
        eq(mandates.parliamentary_id, after(values, existing, 'parliamentary_id')), eq(mandates.legislature_id, after(values, existing, 'legislature_id')), ...notSelf));
      if (dup.n > 0) throw unprocessable({ legislature_id: ['O parlamentar já tem um mandato nesta legislatura.'] });
    },
  },
  affiliations: {
    /** Lei 9.096/1995, art. 22, parágrafo único: one party at a time — periods of one parliamentarian may not overlap */
    async beforeWrite(values, existing, { db }) {
      const inicio: string = after(values, existing, 'inicio');
      const fim: string | null = after(values, existing, 'fim');
      const notSelf = existing ? [ne(affiliations.id, existing.id)] : [];
      const [overlap] = await countWhere(db, affiliations, and(
        eq(affiliations.parliamentary_id, after(values, existing, 'parliamentary_id')), ...notSelf,
        or(isNull(affiliations.fim), gte(affiliations.fim, inicio))!,
        ...(fim ? [lte(affiliations.inicio, fim)] : []),
      ));
      if (overlap.n > 0) throw unprocessable({ inicio: ['O parlamentar já tem filiação partidária neste período (encerre a filiação anterior).'] });
    },
  },
  agents: {
    async beforeWrite(values, existing) {
      const provento = after(values, existing, 'provento');
      const desconto = after(values, existing, 'desconto');
      if (!('liquido' in values) || values.liquido === null) {
        if (provento !== null && ('provento' in values || 'desconto' in values || !existing)) {
          values.liquido = Math.round((Number(provento) - Number(desconto ?? 0)) * 100) / 100;
        }
      }
    },
  },
};

/* ---------------- actions ---------------- */

const collection = async (ctx: ActionContext, r: ResourceDef, rows: Row[], hooksOf?: ResourceHooks) => ({ data: await serialize(ctx, r, rows, ctx.auth, hooksOf) });

/** Every record at once, for pickers (bounded). */
async function all(ctx: ActionContext, r: ResourceDef, extra: SQL[] = [], hooksOf?: ResourceHooks) {
  const q = listQuerySchema.parse({}) as ListQuery;
  const { rows } = await list(ctx.db, r, ctx.auth, { ...q, perPage: 1000 }, {}, extra);
  return collection(ctx, r, rows, hooksOf);
}

/** The parliamentarian of a user (through the user link), inside the session's company. */
async function parliamentaryOf(db: Db, userId: number, companyId: number): Promise<Row | null> {
  const [row] = await db.select({ p: parliamentaries }).from(parliamentariesUsers)
    .innerJoin(parliamentaries, eq(parliamentaries.id, parliamentariesUsers.parliamentary_id))
    .where(and(eq(parliamentariesUsers.user_id, userId), eq(parliamentaries.company_id, companyId)))
    .orderBy(asc(parliamentaries.id)).limit(1);
  return row ? (row.p as Row) : null;
}

/** Form fields the original client sends as text ("null", "undefined") mean "empty". */
const formValue = (v: string): string => (v === 'null' || v === 'undefined' ? '' : v);
const PHOTO_PARTS = new Set(['photo_parliamentary', 'photo', 'foto', 'file']);

interface FormPayload { fields: Row; file: { data: Buffer; name: string; mime: string } | null }

/** Reads a JSON body or a multipart/form-data body (fields and at most one photo). */
async function readForm(req: FastifyRequest): Promise<FormPayload> {
  if (!req.isMultipart()) {
    const body = req.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw unprocessable({ _: ['Envie os dados do parlamentar como um objeto.'] });
    return { fields: { ...(body as Row) }, file: null };
  }
  const fields: Row = {};
  let file: FormPayload['file'] = null;
  const maxMB = parliamentariesDef.fields.photo_parliamentary.maxMB;
  for await (const part of req.parts({ limits: { fields: 60, files: 1, fileSize: maxMB * 1024 * 1024, fieldSize: 100_000 } })) {
    if (part.type === 'file') {
      if (!PHOTO_PARTS.has(part.fieldname)) {
        await part.toBuffer().catch(() => undefined);
        throw unprocessable({ [part.fieldname]: ['Campo de arquivo desconhecido.'] });
      }
      const data = await part.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, `O arquivo excede o limite de ${maxMB} MB.`);
        throw e;
      });
      if (data.length) file = { data, name: part.filename || 'foto', mime: part.mimetype };
    } else if (!part.fieldname.includes('[')) {
      fields[part.fieldname] = formValue(String(part.value ?? ''));
    }
  }
  return { fields, file };
}

/**
 * The form update of the contract: `POST parliamentaries/{id}?_method=PUT` with a form payload carrying id (JSON or
 * multipart with the photo); `_method=DELETE` deletes. Validated by the definition's update schema and written
 * through the engine (guard, hooks, references, audit); the photo, when the form carries one, is checked like an
 * upload and attached.
 */
async function updateForm(ctx: ActionContext): Promise<unknown> {
  const bodyMethod = !ctx.req.isMultipart() && ctx.body && typeof ctx.body === 'object' ? (ctx.body as Row)._method : undefined;
  const method = String((ctx.req.query as Row)?._method ?? bodyMethod ?? 'PUT').toUpperCase();
  if (!['PUT', 'PATCH', 'DELETE'].includes(method)) throw unprocessable({ _method: ['Use _method=PUT para alterar ou _method=DELETE para excluir.'] });
  const scope = scopeOf(ctx, ctx.req);
  const delRule = ruleFor(parliamentariesDef, 'delete');
  const existing = await findOne(ctx.db, parliamentariesDef, ctx.auth, ctx.id!, false, { write: true });
  if (!existing) throw notFoundOf(parliamentariesDef);
  const removeIt = async () => {
    authorize(ctx.req, delRule);
    await remove(scope, parliamentariesDef, existing);
    return undefined; // the engine answers 204 once the transaction committed
  };
  if (method === 'DELETE') return removeIt();
  const { fields, file } = await readForm(ctx.req);
  if (String(fields._method ?? '').toUpperCase() === 'DELETE') return removeIt();
  if (fields.id !== undefined && fields.id !== '' && fields.id !== null && String(fields.id) !== String(existing.id)) {
    throw unprocessable({ id: ['O id do formulário não corresponde ao parlamentar do endereço.'] });
  }
  delete fields.id;
  delete fields._method;
  const photo = file ? await checkedPhoto(file) : null;
  let row = await updateFromInput(scope, parliamentariesDef, existing, parseInput(updateSchema(parliamentariesDef), fields));
  if (photo) row = await attach(scope, parliamentariesDef, row, 'photo_parliamentary', photo);
  return recordAnswer(ctx, parliamentariesDef, row);
}

/** The photo of a form, checked like an upload: an image by its content, within the field's size. */
async function checkedPhoto(file: { data: Buffer; name: string; mime: string }): Promise<{ data: Buffer; name: string; mime: string }> {
  const def = parliamentariesDef.fields.photo_parliamentary;
  const mime = sniff(file.data);
  if (!mime || !accepts(def.accept, mime)) throw unprocessable({ photo_parliamentary: ['Tipo de arquivo não permitido.'] });
  return { data: file.data, name: safeFileName(file.name), mime };
}

/* ---- matters and propositions of a parliamentarian: through their author record (materias.ts `authors`) ---- */

const resource = (name: string): ResourceDef => {
  const r = resourceByName.get(name);
  if (!r) throw new HttpError(404, 'Rota não encontrada.');
  return r;
};

async function parliamentaryOr404(ctx: ActionContext, write = false): Promise<Row> {
  const row = await findOne(ctx.db, parliamentariesDef, ctx.auth, ctx.id!, false, { write });
  if (!row) throw notFoundOf(parliamentariesDef);
  return row;
}

/** Ids of the author records of a parliamentarian (usually one). */
async function authorIds(ctx: ActionContext, parliamentaryId: number): Promise<number[]> {
  const rows = await ctx.db.select({ id: authors.id }).from(authors)
    .where(and(eq(authors.parliamentary_id, parliamentaryId), eq(authors.company_id, ctx.auth!.companyId)));
  return rows.map((r) => r.id);
}

/** The parliamentarian's author record, created (type "Parlamentar") when missing. */
async function authorOf(ctx: ActionContext, p: Row): Promise<number> {
  const [existing] = await authorIds(ctx, p.id);
  if (existing) return existing;
  const [type] = await ctx.db.select({ id: types.id }).from(types)
    .where(and(eq(types.type, 'authors'), eq(types.slug, 'parlamentar'), or(isNull(types.company_id), eq(types.company_id, ctx.auth!.companyId)))).limit(1);
  const created = await create(scopeOf(ctx, ctx.req), resource('authors'), { name: p.nome, cargo: 'Vereador(a)', type_id: type?.id ?? null, parliamentary_id: p.id });
  return created.id as number;
}

const pageOf = (ctx: ActionContext): ListQuery => parseListQuery([ctx.req.query]);

const plainBody = (b: unknown): Row => (b && typeof b === 'object' && !Array.isArray(b) ? { ...(b as Row) } : {});

async function getMatters(ctx: ActionContext) {
  const p = await parliamentaryOr404(ctx);
  const def = resource('matters');
  const ids = await authorIds(ctx, p.id);
  const q = pageOf(ctx);
  if (!ids.length) return { data: [], meta: { page: q.page, perPage: q.perPage, total: 0 } };
  const linked = ctx.db.select({ id: mattersAuthors.matter_id }).from(mattersAuthors).where(inArray(mattersAuthors.author_id, ids));
  const { rows, total } = await list(ctx.db, def, ctx.auth, q, {}, [inArray(matters.id, linked)]);
  return { data: await serialize(ctx, def, rows, ctx.auth), meta: { page: q.page, perPage: q.perPage, total } };
}

async function addMatter(ctx: ActionContext) {
  const p = await parliamentaryOr404(ctx);
  const def = resource('matters');
  const body = plainBody(ctx.body);
  let matter: Row | null;
  if (body.matter_id !== undefined && body.matter_id !== null && body.matter_id !== '') {
    const id = Number(body.matter_id);
    matter = Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? await findOne(ctx.db, def, ctx.auth, id, false, { write: true }) : null;
    if (!matter) throw unprocessable({ matter_id: ['Matéria não encontrada.'] });
  } else {
    // a new matter, checked and numbered like the engine's POST (its hooks), in this action's transaction
    matter = await create(scopeOf(ctx, ctx.req), def, parseInput(createSchema(def), body));
  }
  const authorId = await authorOf(ctx, p);
  await link(scopeOf(ctx, ctx.req), def, 'authors', matter, [authorId]);
  const row = await findOne(ctx.db, def, ctx.auth, matter.id);
  ctx.reply.status(201);
  return recordAnswer(ctx, def, row!);
}

async function getPropositions(ctx: ActionContext) {
  const p = await parliamentaryOr404(ctx);
  const def = resource('propositions');
  const ids = await authorIds(ctx, p.id);
  const q = pageOf(ctx);
  if (!ids.length) return { data: [], meta: { page: q.page, perPage: q.perPage, total: 0 } };
  const { rows, total } = await list(ctx.db, def, ctx.auth, q, {}, [inArray(propositions.author_id, ids)]);
  return { data: await serialize(ctx, def, rows, ctx.auth), meta: { page: q.page, perPage: q.perPage, total } };
}

async function addProposition(ctx: ActionContext) {
  const p = await parliamentaryOr404(ctx);
  const body = plainBody(ctx.body);
  // validate the proposition before creating an author record for it
  const def = resource('propositions');
  const input = parseInput(createSchema(def, ['author_id']), body);
  const row = await create(scopeOf(ctx, ctx.req), def, { ...input, author_id: await authorOf(ctx, p) });
  ctx.reply.status(201);
  return recordAnswer(ctx, def, row);
}

export const actions: Record<string, Record<string, ActionHandler>> = {
  parties: {
    all: (ctx) => all(ctx, partiesDef),
  },
  parliamentaries: {
    active: (ctx) => all(ctx, parliamentariesDef, [eq(parliamentaries.ativo, true)], parliamentaryHooks),

    /** Public: the active parliamentarians of a company, only public fields (nome, party, photo). */
    async company(ctx) {
      const companyId = ctx.id!;
      const [company] = await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
      if (!company) throw notFound('Entidade', 'f');
      const rows = await ctx.db.select().from(parliamentaries)
        .where(and(eq(parliamentaries.company_id, companyId), eq(parliamentaries.ativo, true))).orderBy(asc(parliamentaries.nome), asc(parliamentaries.id)).limit(500);
      const party = await currentParties(ctx.db, rows.map((r) => r.id));
      const full = await serialize(ctx, parliamentariesDef, rows as Row[], null);
      return {
        data: full.map((p) => ({
          id: p.id, nome: p.nome, nomeCompleto: p.nomeCompleto,
          party: party.get(p.id as number) ?? null,
          photo: (p.photo_parliamentary as Row | null)?.url ?? null,
          photo_parliamentary: p.photo_parliamentary,
        })),
      };
    },

    /** { data: { isParliamentary, parliamentary } } from the user's link to a parliamentarian of the session's company. */
    async is_parliamentary(ctx) {
      const auth = ctx.auth!;
      const row = await parliamentaryOf(ctx.db, auth.userId, auth.companyId);
      if (!row) return { data: { isParliamentary: false, parliamentary: null } };
      const [parliamentary] = await serialize(ctx, parliamentariesDef, [row], auth, parliamentaryHooks, false);
      const deps = await ctx.db.select().from(dependents).where(eq(dependents.parliamentary_id, row.id)).orderBy(asc(dependents.name));
      parliamentary.dependents = await serialize(ctx, dependentsDef, deps as Row[], auth);
      return { data: { isParliamentary: true, parliamentary } };
    },

    get_matters: getMatters,
    add_matter: addMatter,
    propositions: getPropositions,
    add_proposition: addProposition,
    update_form: updateForm,
  },
};
