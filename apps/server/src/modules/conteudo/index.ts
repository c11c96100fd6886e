/**
 * Public content and settings: behaviour beyond the generic engine.
 * - hooks: date order checks, publication section ⇄ type, one active theme, vehicle plates, INEP codes, post dates,
 *   computed file data, photo files removed with their event;
 * - actions: `POST {resource}/search` (query payload), the secretariat's contacts and secretários, the event photos,
 *   `files/upload`, `posts_of/:type`, and the public portal's reads (`GET public/{path}[/:id]?company_id=`), which
 *   show only published records and their public fields.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { createSchema, filterFields, type ResourceDef, type Rule } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';
import { contacts as contactsDef } from '@paco/domain/resources/admin';
import {
  events as eventsDef, eventPhotos as photosDef, files as filesDef, PUBLICATION_SECTIONS, secretarios as secretariosDef,
} from '@paco/domain/resources/conteudo';
import { sectionByKey } from '@paco/domain/portal';
import { R } from '@paco/domain/roles';
import {
  contacts, eventPhotos, files, funcaos, links, posts, secretarios, secretariasContacts, themes, types,
} from '../../db/schema.generated.ts';
import type { Db } from '../../db/client.ts';
import type { ActionContext, ActionHandler, ResourceHooks, Row } from '../../engine/context.ts';
import { authorize } from '../../engine/policy.ts';
import { findOne, list, parseListQuery, tableFor, type Cols, type ListQuery } from '../../engine/query.ts';
import { create, link, remove, scopeOf } from '../../engine/records.ts';
import { txWrite, updateRows } from '../../engine/rows.ts';
import { notFoundOf, parseId, serialize } from '../../engine/serialize.ts';
import { countUpload } from '../../engine/uploads.ts';
import { HttpError, issuesToErrors, notFound, unauthorized, unprocessable } from '../../http/errors.ts';
import { accepts, safeFileName, sniff } from '../../storage/files.ts';
import { todayInSaoPaulo as today } from '../../auth/session.ts';
import { publicConditions } from '../../portal/sections.ts';

/** Today in the product's time zone (yyyy-mm-dd). */

const def = (name: string): ResourceDef => {
  const r = resourceByName.get(name);
  if (!r) throw new Error(`resource ${name} not defined`);
  return r;
};

/* ---------------- hooks ---------------- */

const SECTIONS = new Set<string>(PUBLICATION_SECTIONS.map((s) => s.value));

/** A type visible to the company (its own or a shared one) in a category. */
async function typeOf(db: Db, companyId: number, category: string, where: SQL): Promise<Row | null> {
  const [row] = await db.select().from(types)
    .where(and(eq(types.type, category), or(isNull(types.company_id), eq(types.company_id, companyId)), where))
    .orderBy(sql`${types.company_id} is null`, asc(types.id)).limit(1);
  return (row as Row) ?? null;
}

/** Publications: the section follows the publication type when not given, and the type follows the section. */
async function publicationSection(values: Row, existing: Row | null, ctx: { db: Db; auth: { companyId: number } }): Promise<void> {
  const companyId = existing?.company_id ?? values.company_id ?? ctx.auth.companyId;
  if (values.tipo_publicacao_id && values.secao === undefined) {
    const t = await typeOf(ctx.db, companyId, 'publications', eq(types.id, values.tipo_publicacao_id));
    if (t && SECTIONS.has(t.slug)) values.secao = t.slug;
  }
  const secao = values.secao ?? existing?.secao;
  const tipo = values.tipo_publicacao_id !== undefined ? values.tipo_publicacao_id : existing?.tipo_publicacao_id;
  if (secao && !tipo) {
    const t = await typeOf(ctx.db, companyId, 'publications', eq(types.slug, secao));
    if (t) values.tipo_publicacao_id = t.id;
  }
  if (!existing) {
    values.secao ??= 'outras';
    if (values.exercicio === undefined || values.exercicio === null) values.exercicio = Number((values.inicio ?? today()).slice(0, 4));
  } else if (values.secao === null) values.secao = 'outras';
}

/** Vehicle plates: Mercosul (ABC1D23) or the former pattern (ABC-1234), stored upper-case without the hyphen. */
const PLATE = /^[A-Z]{3}-?\d[A-Z0-9]\d{2}$/;

export const hooks: Record<string, ResourceHooks> = {
  // secretarias, secretários, ordenadores, banners, events, publicações: dates in order by their definitions' `order`
  events: {
    async decorate(records, { db, many }) {
      if (many || !records.length) return;
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(eventPhotos).where(eq(eventPhotos.event_id, records[0].id));
      records[0].photos_count = n;
    },
  },
  publicacaos: { beforeWrite: publicationSection },
  posts: {
    async beforeWrite(values, existing) {
      if (!existing && !values.published_at) values.published_at = today();
    },
  },
  themes: {
    async beforeWrite(values, existing, ctx) {
      if (values.active !== true) return;
      const company = existing?.company_id ?? values.company_id;
      const others = existing ? sql`${themes.id} <> ${existing.id}` : sql`true`;
      await updateRows(ctx, themes, and(eq(themes.company_id, company), eq(themes.active, true), others), { active: false });
    },
  },
  vehicles: {
    async beforeWrite(values) {
      if (typeof values.board !== 'string') return;
      const plate = values.board.toUpperCase().replace(/\s+/g, '');
      if (!PLATE.test(plate)) throw unprocessable({ board: ['Placa inválida (use ABC1D23 ou ABC-1234).'] });
      values.board = plate.replace('-', '');
      if (typeof values.renavam === 'string' && !/^\d{9,11}$/.test(values.renavam)) throw unprocessable({ renavam: ['Renavam inválido (9 a 11 dígitos).'] });
    },
  },
  schools: {
    async beforeWrite(values) {
      if (typeof values.inep === 'string' && !/^\d{8}$/.test(values.inep)) throw unprocessable({ inep: ['Código INEP inválido (8 dígitos).'] });
    },
  },
  files: {
    async decorate(records) {
      for (const rec of records) {
        const file = rec.file as { url: string; name: string; mime: string } | null;
        rec.url = file?.url ?? null;
        if (file) {
          rec.originalName ??= file.name;
          rec.type ??= file.mime;
          rec.extension ??= extensionOf(file.name, file.mime);
        }
      }
    },
  },
};

const extensionOf = (name: string, mime: string): string => {
  const m = /\.([a-z0-9]{1,8})$/i.exec(name);
  if (m) return m[1].toLowerCase();
  return ({ 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' } as Record<string, string>)[mime] ?? '';
};

/* ---------------- shared action helpers ---------------- */

const one = async (ctx: ActionContext, r: ResourceDef, row: Row): Promise<Row> =>
  (await serialize(ctx, r, [row], ctx.auth, undefined, false))[0];

async function mustFind(ctx: ActionContext, r: ResourceDef, id: number | null, write = false): Promise<Row> {
  const row = id ? await findOne(ctx.db, r, ctx.auth, id, false, { write }) : null;
  if (!row) throw notFoundOf(r);
  return row;
}

/** `POST {resource}/search`: the list call with its query in the body (page also from ?page=). */
function searchHandler(name: string): ActionHandler {
  return async (ctx) => {
    const r = def(name);
    const body = (ctx.body ?? {}) as Row;
    const query = (ctx.req.query ?? {}) as Row;
    const q = parseListQuery([{ page: query.page, perPage: query.perPage }, { page: body.page, perPage: body.perPage, sort: body.sort, q: body.q, search: body.search }]);
    for (const [k] of filterFields(r)) {
      const v = body[k] !== undefined ? body[k] : query[k];
      if (v === undefined || v === '') continue;
      q[k] = v === null ? 'null' : String(v);
    }
    const { rows, total } = await list(ctx.db, r, ctx.auth, q);
    return { data: await serialize(ctx, r, rows, ctx.auth, undefined), meta: { page: q.page, perPage: q.perPage, total } };
  };
}

/** One multipart file part, checked by its first bytes against the accepted types and the size limit. */
async function receivePart(ctx: ActionContext, field: string, accept: readonly string[], maxMB: number) {
  const req = ctx.req;
  if (!req.isMultipart()) throw new HttpError(415, 'Envie o arquivo como multipart/form-data.');
  await countUpload(ctx, req);
  const part = await req.file({ limits: { fileSize: maxMB * 1024 * 1024, files: 1, fields: 10, fieldSize: 10_000 } });
  if (!part) throw unprocessable({ [field]: ['Nenhum arquivo enviado.'] });
  const data = await part.toBuffer().catch((e: { code?: string }) => {
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, `O arquivo excede o limite de ${maxMB} MB.`);
    throw e;
  });
  if (!data.length) throw unprocessable({ [field]: ['O arquivo está vazio.'] });
  const mime = sniff(data);
  if (!mime || !accepts(accept, mime)) throw unprocessable({ [field]: ['Tipo de arquivo não permitido.'] });
  const fields: Row = {};
  for (const [k, v] of Object.entries(part.fields ?? {})) {
    const value = (Array.isArray(v) ? v[0] : v) as { type?: string; value?: unknown } | undefined;
    if (value?.type === 'field') fields[k] = value.value;
  }
  return { data, mime, name: safeFileName(part.filename), fields };
}

const descriptionOf = (fields: Row, label: string, max = 255): string | null => {
  const v = fields.description;
  if (v === undefined || v === null || v === '') return null;
  const s = String(v).trim();
  if (s.length > max) throw unprocessable({ description: [`O campo ${label} deve ter no máximo ${max} caracteres.`] });
  return s || null;
};

/* ---------------- public portal reads ---------------- */

interface PublicView {
  /** fields shown to the public */
  fields: readonly string[];
  /** only published records */
  where?: (cols: Cols) => SQL[];
  /** related lists added to records (show; lists when `inList`) */
  include?: (ctx: ActionContext, records: Row[], companyId: number) => Promise<void>;
  inList?: boolean;
}

const all = (name: string, omit: readonly string[] = []): string[] => Object.keys(def(name).fields).filter((k) => !omit.includes(k));

async function publicRows(ctx: ActionContext, r: ResourceDef, rows: Row[], view: PublicView, companyId: number, many: boolean): Promise<Row[]> {
  const out = await serialize(ctx, r, rows, null, undefined, many);
  const keep = new Set(['id', 'created_at', 'updated_at', ...view.fields, ...view.fields.filter((k) => k.endsWith('_id')).map((k) => k.replace(/_id$/, ''))]);
  const shaped = out.map((o) => Object.fromEntries(Object.entries(o).filter(([k]) => keep.has(k))));
  if (view.include && (!many || view.inList)) await view.include(ctx, shaped, companyId);
  return shaped;
}

/** What makes a record public: the portal section's declaration (@paco/domain/portal), one rule for the portal and this API. */
const sectionConditions = (key: string, cols: Cols): SQL[] => publicConditions(sectionByKey.get(key)!, cols, today());

const SERVE_PUBLIC: Record<string, () => PublicView> = {
  categories: () => ({ fields: all('categories') }),
  themes: () => ({ fields: all('themes'), where: (c) => [eq(c.active, true)] }),
  menus: () => ({
    fields: all('menus'), inList: true,
    include: async (ctx, records, companyId) => {
      const ids = records.map((r) => r.id as number);
      const rows = ids.length ? await ctx.db.select().from(links).where(and(inArray(links.menu_id, ids), eq(links.company_id, companyId))).orderBy(asc(links.order), asc(links.id)) : [];
      for (const rec of records) {
        rec.links = rows.filter((l) => l.menu_id === rec.id).map((l) => ({ id: l.id, description: l.description, url: l.url, order: l.order, links_id: l.links_id }));
      }
    },
  }),
  secretarias: () => ({
    fields: all('secretarias'), where: (c) => sectionConditions('secretarias', c),
    include: async (ctx, [rec], companyId) => {
      const secretariosRows = await ctx.db.select().from(secretarios).where(and(eq(secretarios.secretaria_id, rec.id), eq(secretarios.company_id, companyId))).orderBy(asc(secretarios.nome));
      rec.secretarios = (await serialize(ctx, secretariosDef, secretariosRows as Row[], null)).map(({ id, nome, cargo, email, telefone, inicio, fim, biografia, foto }) => ({ id, nome, cargo, email, telefone, inicio, fim, biografia, foto }));
      rec.funcoes = await ctx.db.select({ id: funcaos.id, nome: funcaos.nome, descricao: funcaos.descricao }).from(funcaos)
        .where(and(eq(funcaos.secretaria_id, rec.id), eq(funcaos.company_id, companyId))).orderBy(asc(funcaos.nome));
      const contactRows = await ctx.db.select({ c: contacts }).from(secretariasContacts).innerJoin(contacts, eq(contacts.id, secretariasContacts.contact_id))
        .where(and(eq(secretariasContacts.secretaria_id, rec.id), eq(contacts.company_id, companyId))).orderBy(asc(contacts.id));
      rec.contacts = (await serialize(ctx, contactsDef, contactRows.map((x) => x.c as Row), null)).map((c) => {
        const { user_id: _u, user: _user, company_id: _c, ...rest } = c;
        return rest;
      });
    },
  }),
  portarias: () => ({ fields: all('portarias') }),
  publicacaos: () => ({ fields: all('publicacaos') }),
  banners: () => ({
    fields: all('banners', ['active']),
    where: (c) => [eq(c.active, true), or(isNull(c.inicio), lte(c.inicio, today()))!, or(isNull(c.fim), gte(c.fim, today()))!],
  }),
  posts: () => ({
    fields: all('posts', ['published']),
    where: (c) => sectionConditions('noticias', c),
  }),
  services: () => ({ fields: all('services', ['active']), where: (c) => sectionConditions('servicos', c) }),
  events: () => ({
    fields: all('events'),
    include: async (ctx, [rec], companyId) => {
      const rows = await ctx.db.select().from(eventPhotos).where(and(eq(eventPhotos.event_id, rec.id), eq(eventPhotos.company_id, companyId))).orderBy(asc(eventPhotos.id));
      rec.photos = (await serialize(ctx, photosDef, rows as Row[], null)).map(({ id, description, photo }) => ({ id, description, photo }));
    },
  }),
  faqs: () => ({ fields: all('faqs') }),
  schools: () => ({ fields: all('schools') }),
};

function publicHandlers(name: string): Record<string, ActionHandler> {
  let cached: PublicView | null = null;
  const view = () => (cached ??= SERVE_PUBLIC[name]());
  return {
    async public_list(ctx) {
      const r = def(name);
      const q = ctx.body as ListQuery & { company_id: number };
      const { rows, total } = await list(ctx.db, r, null, q, { publicCompanyId: q.company_id }, view().where?.(tableFor(r).cols) ?? []);
      return { data: await publicRows(ctx, r, rows, view(), q.company_id, true), meta: { page: q.page, perPage: q.perPage, total } };
    },
    async public_show(ctx) {
      const r = def(name);
      const { company_id: companyId } = ctx.body as { company_id: number };
      const { cols } = tableFor(r);
      const { rows } = await list(ctx.db, r, null, { page: 1, perPage: 1 }, { publicCompanyId: companyId }, [eq(cols.id, ctx.id!), ...(view().where?.(cols) ?? [])]);
      if (!rows.length) throw notFoundOf(r);
      return { data: (await publicRows(ctx, r, rows, view(), companyId, false))[0] };
    },
  };
}

/**
 * Calls readable by the back-office (session, checked against `rule`) and by the portal without a session
 * (company from ?company_id=). Without both: 401, as for any protected call.
 */
function reader(ctx: ActionContext, rule: Rule): { companyId: number; isPublic: boolean } {
  if (ctx.req.auth) {
    const auth = authorize(ctx.req, rule)!;
    return { companyId: auth.companyId, isPublic: false };
  }
  const companyId = (ctx.body as { company_id?: number }).company_id;
  if (!companyId) throw unauthorized(ctx.req.authInvalid ? undefined : 'Autenticação necessária. Faça login.');
  return { companyId, isPublic: true };
}

/* ---------------- actions ---------------- */

const publicNames = Object.keys(SERVE_PUBLIC);
const withPublic = (name: string, more: Record<string, ActionHandler> = {}): Record<string, ActionHandler> => ({ ...publicHandlers(name), ...more });

export const actions: Record<string, Record<string, ActionHandler>> = {
  ...Object.fromEntries(publicNames.map((n) => [n, withPublic(n)])),

  secretarias: withPublic('secretarias', {
    search: searchHandler('secretarias'),
    async add_contact(ctx) {
      const sec = await mustFind(ctx, def('secretarias'), ctx.id, true);
      const body = (ctx.body ?? {}) as Row;
      const onlyLink = body.contact_id !== undefined && Object.keys(body).every((k) => k === 'contact_id');
      let contact: Row;
      if (onlyLink) {
        const id = parseId(String(body.contact_id));
        const found = id ? await findOne(ctx.db, contactsDef, ctx.auth, id) : null;
        if (!found) throw unprocessable({ contact_id: ['Contato não encontrado.'] });
        contact = found;
      } else {
        const parsed = createSchema(contactsDef, ['user_id']).safeParse(body);
        if (!parsed.success) throw unprocessable(issuesToErrors(parsed.error.issues as never));
        const values = parsed.data as Row;
        if (!Object.values(values).some((v) => v !== undefined && v !== null)) throw unprocessable({ description: ['Informe ao menos um dado do contato.'] });
        contact = await create(scopeOf(ctx, ctx.req), contactsDef, values);
      }
      await link(scopeOf(ctx, ctx.req), def('secretarias'), 'contacts', sec, [contact.id]);
      ctx.reply.status(201);
      return { data: await one(ctx, contactsDef, contact) };
    },
    async add_secretario_post(ctx) {
      const sec = await mustFind(ctx, def('secretarias'), ctx.id);
      const parsed = createSchema(secretariosDef, ['secretaria_id']).safeParse(ctx.body ?? {});
      if (!parsed.success) throw unprocessable(issuesToErrors(parsed.error.issues as never));
      const row = await create(scopeOf(ctx, ctx.req), secretariosDef, { ...(parsed.data as Row), secretaria_id: sec.id });
      ctx.reply.status(201);
      return { data: await one(ctx, secretariosDef, row) };
    },
  }),

  portarias: withPublic('portarias', { search: searchHandler('portarias') }),
  publicacaos: withPublic('publicacaos', { search: searchHandler('publicacaos') }),
  banners: withPublic('banners', { search: searchHandler('banners') }),
  services: withPublic('services', { search: searchHandler('services') }),

  posts: withPublic('posts', {
    search: searchHandler('posts'),
    async posts_of(ctx) {
      const { companyId, isPublic } = reader(ctx, R.siteExecutivo);
      const raw = String((ctx.req.params as { type?: string }).type ?? '');
      if (!/^[a-z0-9_-]{1,80}$/i.test(raw)) throw unprocessable({ type: ['Tipo inválido.'] });
      const type = await typeOf(ctx.db, companyId, 'posts', /^\d+$/.test(raw) && raw.length < 10 ? eq(types.id, Number(raw)) : eq(types.slug, raw));
      if (!type) return { data: [] };
      const q = ctx.body as { page: number; perPage: number };
      const conds = [eq(posts.company_id, companyId), eq(posts.type_id, type.id)];
      if (isPublic) conds.push(...SERVE_PUBLIC.posts().where!(tableFor(def('posts')).cols));
      const rows = await ctx.db.select().from(posts).where(and(...conds))
        .orderBy(desc(posts.published_at), desc(posts.id)).limit(q.perPage).offset((q.page - 1) * q.perPage);
      const r = def('posts');
      return { data: isPublic ? await publicRows(ctx, r, rows as Row[], SERVE_PUBLIC.posts(), companyId, true) : await serialize(ctx, r, rows as Row[], ctx.auth) };
    },
  }),

  events: withPublic('events', {
    async add_photo(ctx) {
      const event = await mustFind(ctx, eventsDef, ctx.id, true);
      const file = await receivePart(ctx, 'photo', photosDef.fields.photo.accept, photosDef.fields.photo.maxMB);
      const description = descriptionOf(file.fields, 'Legenda');
      // the file was received whole and checked; record, file and audit now go in together (a failure removes the file)
      const updated = await ctx.db.transaction(async (tx) => {
        const txCtx = { ...ctx, db: tx as unknown as Db };
        const row = await create(scopeOf(txCtx, ctx.req), photosDef, { event_id: event.id, description });
        const stored = await ctx.storage.save([event.company_id, 'event_photos', row.id, 'photo'], file.data, file.name, file.mime, true);
        return (await updateRows(txWrite(ctx, tx), eventPhotos, eq(eventPhotos.id, row.id), { photo: stored }))[0];
      });
      ctx.reply.status(201);
      return { data: await one(ctx, photosDef, updated as Row) };
    },
    async get_photos(ctx) {
      const event = await mustFind(ctx, eventsDef, ctx.id);
      const rows = await ctx.db.select().from(eventPhotos).where(and(eq(eventPhotos.event_id, event.id), eq(eventPhotos.company_id, event.company_id))).orderBy(asc(eventPhotos.id));
      return { data: await serialize(ctx, photosDef, rows as Row[], ctx.auth) };
    },
    async photo(ctx) {
      const photo = await photoOf(ctx);
      return { data: await one(ctx, photosDef, photo) };
    },
    async delete_photo(ctx) {
      const photo = await photoOf(ctx, true);
      // the row, its audit, and the stored photo once committed
      await remove(scopeOf(ctx, ctx.req), photosDef, photo);
      return undefined;
    },
  }),

  files: {
    async upload_new(ctx) {
      const spec = filesDef.fields.file;
      const file = await receivePart(ctx, 'file', spec.accept, spec.maxMB);
      const description = descriptionOf(file.fields, 'Descrição');
      const updated = await ctx.db.transaction(async (tx) => {
        const txCtx = { ...ctx, db: tx as unknown as Db };
        const row = await create(scopeOf(txCtx, ctx.req), filesDef, { description });
        const stored = await ctx.storage.save([row.company_id, 'files', row.id, 'file'], file.data, file.name, file.mime, true);
        return (await updateRows(txWrite(ctx, tx), files, eq(files.id, row.id), {
          file: stored, originalName: file.name, extension: extensionOf(file.name, file.mime), type: file.mime, url: ctx.storage.url(stored),
        }))[0];
      });
      ctx.reply.status(201);
      return { data: await one(ctx, filesDef, updated as Row) };
    },
  },
};

/** The photo `:id` of the event `:event` (both in the session's company). */
async function photoOf(ctx: ActionContext, write = false): Promise<Row> {
  const event = await mustFind(ctx, eventsDef, parseId((ctx.req.params as { event?: string }).event), write);
  const photo = ctx.id ? await findOne(ctx.db, photosDef, ctx.auth, ctx.id, false, { write }) : null;
  if (!photo || photo.event_id !== event.id) throw notFound('Foto', 'f');
  return photo;
}
