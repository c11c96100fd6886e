/**
 * Culture registry: hooks (keyed by table) and action handlers (keyed by resource name) of artists, groups and
 * places; the review's record actions are in review.ts, the ombudsman in ouvidoria.ts. See
 * packages/domain/src/resources/cultura.ts for the states, access rules and the design notes.
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { createSchema, filterFields, updateSchema, type ResourceDef } from '@paco/domain/resource';
import { artistGroups as groupsDef, artists as artistsDef, places as placesDef, SITUACOES } from '@paco/domain/resources/cultura';
import { formatDate, formatDateTime, labelOf } from '@paco/domain/format';
import { formatPhone, isValidCnpj, isValidCpf, maskCpf, normalizeCnpj } from '@paco/domain/br';
import { artistGroups, artists, companies, types } from '../../db/schema.generated.ts';
import type { Db } from '../../db/client.ts';
import type { ActionContext, ActionHandler, ResourceHooks, Row } from '../../engine/context.ts';
import { list, parseListQuery, tableFor } from '../../engine/query.ts';
import { create, scopeOf, updateFromInput } from '../../engine/records.ts';
import { iso, serialize } from '../../engine/serialize.ts';
import { removeUpload, storeUpload } from '../../engine/uploads.ts';
import { conflict, issuesToErrors, notFound, unprocessable } from '../../http/errors.ts';
import { recordCorrection, reopenOnCorrection } from './review.ts';
// the funding calls and their applications (registered with defineBehaviour when imported)
import './fomento.ts';
import { toCsv } from '@paco/domain/csv';
import { defineRowFilter } from '../../engine/rowscope.ts';

/** Cultural › Usuários da Cultura: the accounts holding a culture role (an artist's, a group's). */
const CULTURE_ACCOUNT_ROLES = ['pm_cultura_artista', 'pm_cultura_grupo'] as const;
defineRowFilter('culture_accounts', (_auth, cols) => sql`exists (select 1 from role_user ru join roles ro on ro.id = ru.role_id
  where ru.user_id = ${cols.id} and ro.name in (${sql.join(CULTURE_ACCOUNT_ROLES.map((n) => sql`${n}`), sql`, `)}))`);

export { protocolOf } from './ouvidoria.ts';

/* ------------------------------------------------------------------ helpers */

function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input && typeof input === 'object' && !Array.isArray(input) ? input : {});
  if (!parsed.success) throw unprocessable(issuesToErrors(parsed.error.issues as never));
  return parsed.data;
}

const one = async (ctx: ActionContext, r: ResourceDef, row: Row): Promise<Row> =>
  (await serialize(ctx, r, [row], ctx.auth, undefined, false))[0];

/* ------------------------------------------------------------------ culture: validation shared by artists and groups */

/** Slugs of the `linguagens` types visible to the company (national + its own). */
async function linguagemLabels(db: Db, companyId: number): Promise<Map<string, string>> {
  const rows = await db.select({ slug: types.slug, label: types.label }).from(types)
    .where(and(eq(types.type, 'linguagens'), or(isNull(types.company_id), eq(types.company_id, companyId))));
  return new Map(rows.map((r) => [r.slug, r.label]));
}

const registrationHooks = (kind: 'artist' | 'group'): ResourceHooks => ({
  async beforeWrite(values, existing, ctx) {
    reopenOnCorrection(values, existing, ctx);
    const errors: Record<string, string[]> = {};
    if (!existing) {
      values.situacao = 'pendente';
      if (values.declaracaoAutentico !== true) errors.declaracaoAutentico = ['É necessário declarar que as informações são verdadeiras.'];
    } else if ('declaracaoAutentico' in values && values.declaracaoAutentico !== true) {
      errors.declaracaoAutentico = ['A declaração de autenticidade não pode ser retirada.'];
    }
    const pick = (k: string): unknown => (k in values ? values[k] : existing?.[k]);
    const hasAccount = !!pick('conta');
    if (kind === 'artist') {
      // the account holder is the artist: recorded as the artist's CPF, another CPF refused
      const cpf = pick('cpf') as string | null;
      let holder = pick('cpfTitularConta') as string | null;
      if (!('cpfTitularConta' in values) && existing && holder && holder === existing.cpf) holder = cpf;
      if (hasAccount && !holder) holder = cpf;
      if (holder && holder !== cpf) errors.cpfTitularConta = ['A conta bancária deve estar em nome do próprio artista (mesmo CPF).'];
      else if ((holder ?? null) !== (existing?.cpfTitularConta ?? null)) values.cpfTitularConta = holder;
    } else {
      // the holder of a group's account is the group (CNPJ) or its responsible (CPF)
      const raw = pick('documentoTitularConta') as string | null;
      const allowed = [pick('cnpj'), pick('cpfResponsavel')].filter((x): x is string => typeof x === 'string' && !!x);
      let holder = raw ? normalizeCnpj(raw) : null;
      if (hasAccount && !holder) holder = allowed[0] ?? null;
      if (raw && !(isValidCpf(raw) || isValidCnpj(raw))) errors.documentoTitularConta = ['Informe um CPF ou CNPJ válido.'];
      else if (holder && !allowed.includes(holder)) errors.documentoTitularConta = ['A conta bancária deve estar em nome do grupo (CNPJ) ou do responsável (CPF).'];
      else if (hasAccount && !holder) errors.documentoTitularConta = ['Informe o CNPJ do grupo ou o CPF do responsável, titular da conta.'];
      else if ((holder ?? null) !== (existing?.documentoTitularConta ?? null)) values.documentoTitularConta = holder;
    }
    if (Object.keys(errors).length) throw unprocessable(errors);
  },
  async afterWrite(row, existing, ctx) {
    await recordCorrection(kind === 'artist' ? artistsDef : groupsDef, row, existing, ctx);
  },
});

/* ------------------------------------------------------------------ hooks */

export const hooks: Record<string, ResourceHooks> = {
  artists: registrationHooks('artist'),
  artist_groups: registrationHooks('group'),
};

/* ------------------------------------------------------------------ registration actions (artists and groups) */

async function ownRecord(ctx: ActionContext, r: ResourceDef): Promise<Row | null> {
  const { table, cols } = tableFor(r);
  const [row] = await ctx.db.select().from(table).where(and(eq(cols.company_id, ctx.auth!.companyId), eq(cols.user_id, ctx.auth!.userId))).limit(1);
  return (row as Row) ?? null;
}

/** "Meu Cadastro" upload: the engine's own upload, on the user's own record. */
const receiveOwnFile = (ctx: ActionContext, r: ResourceDef, existing: Row): Promise<Row> => storeUpload(ctx, r, ctx.req, existing);

function registrationActions(r: ResourceDef, noun: string): Record<string, ActionHandler> {
  const createOwn = createSchema(r, ['user_id']);
  const updateOwn = updateSchema(r, ['user_id']);
  const mineUpdate: ActionHandler = async (ctx) => {
    const existing = await ownRecord(ctx, r);
    if (!existing) throw notFound(`Seu cadastro de ${noun}`);
    return { data: await one(ctx, r, await updateFromInput(scopeOf(ctx, ctx.req), r, existing, parse(updateOwn, ctx.body))) };
  };
  return {
    async mine(ctx) {
      const row = await ownRecord(ctx, r);
      return { data: row ? await one(ctx, r, row) : null };
    },
    async mine_create(ctx) {
      // form payloads may send `POST .../mine?_method=PUT`
      if (String((ctx.req.query as Row)?._method ?? '').toUpperCase() === 'PUT') return mineUpdate(ctx);
      if (await ownRecord(ctx, r)) throw conflict(`Você já possui cadastro de ${noun}. Altere-o em Meu Cadastro.`);
      const input = parse(createOwn, ctx.body) as Row;
      const row = await create(scopeOf(ctx, ctx.req), r, { ...input, user_id: ctx.auth!.userId });
      ctx.reply.status(201);
      return { data: await one(ctx, r, row) };
    },
    mine_update: mineUpdate,
    async mine_upload(ctx) {
      const existing = await ownRecord(ctx, r);
      if (!existing) throw notFound(`Seu cadastro de ${noun}`);
      return { data: await one(ctx, r, await receiveOwnFile(ctx, r, existing)) };
    },
    async mine_remove_file(ctx) {
      const existing = await ownRecord(ctx, r);
      if (!existing) throw notFound(`Seu cadastro de ${noun}`);
      return { data: await one(ctx, r, await removeUpload(ctx, r, ctx.req, existing)) };
    },
  };
}

/* ------------------------------------------------------------------ print */

const escapeHtml = (s: unknown): string =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The list filters a query applies, as "label: value" (the list screen's filters, printed in the heading). */
function filterSummary(r: ResourceDef, q: Row): string[] {
  return filterFields(r).flatMap(([k, fl]) => {
    const v = q[k];
    if (v === undefined || v === null || v === '') return [];
    const shown = fl.kind === 'select' ? labelOf(fl.options, v) : fl.kind === 'bool' ? (String(v) === 'true' || String(v) === '1' ? 'sim' : 'não') : String(v);
    return [`${fl.label.toLowerCase()}: ${shown}`];
  });
}

async function printArtists(ctx: ActionContext): Promise<unknown> {
  const auth = ctx.auth!;
  const query = (ctx.body ?? {}) as Row;
  const q = parseListQuery([query, { page: '1' }], artistsDef);
  const { rows, total } = await list(ctx.db, artistsDef, auth, { ...q, page: 1, perPage: 5000, sort: 'nomeCompleto' });
  const langs = await linguagemLabels(ctx.db, auth.companyId);
  const [company] = await ctx.db.select({ name: companies.name }).from(companies).where(eq(companies.id, auth.companyId));
  const head = ['Nome completo', 'Nome artístico', 'CPF', 'Linguagens', 'Bairro', 'Celular', 'E-mail', 'Situação', 'Cadastrado em'];
  const lines = rows.map((a) => [
    a.nomeSocial ? `${a.nomeCompleto} (${a.nomeSocial})` : a.nomeCompleto,
    a.nomeArtistico ?? '',
    a.cpf ? maskCpf(a.cpf) : '',
    Array.isArray(a.liguagemSelect) ? a.liguagemSelect.map((s: string) => langs.get(s) ?? s).join(', ') : '',
    a.bairro ?? '',
    a.celular ? formatPhone(a.celular) : '',
    a.email ?? '',
    labelOf(SITUACOES, a.situacao),
    formatDate(iso(a.created_at)),
  ]);
  const issued = formatDateTime(new Date());
  ctx.reply.header('cache-control', 'no-store');
  if (String(query.format ?? '').toLowerCase() === 'csv') {
    ctx.reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="artistas.csv"');
    return toCsv(head, lines);
  }
  const title = `Cadastro cultural — relação de artistas`;
  const filters = [...filterSummary(artistsDef, q), ...(q.q ? [`busca: ${q.q}`] : [])].join('; ');
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body{font:12px/1.4 system-ui,sans-serif;margin:16px;color:#111}h1{font-size:16px;margin:0}h2{font-size:13px;font-weight:normal;margin:2px 0 12px}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:3px 5px;text-align:left;vertical-align:top}th{background:#eee}
tfoot td{border:0;padding-top:8px}@media print{@page{size:A4 landscape;margin:12mm}body{margin:0}}
</style></head><body>
<h1>${escapeHtml(company?.name ?? '')}</h1>
<h2>${escapeHtml(title)}${filters ? ` (${escapeHtml(filters)})` : ''} — emitida em ${escapeHtml(issued)}</h2>
<table><thead><tr>${head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead>
<tbody>${lines.map((l) => `<tr>${l.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('\n')}</tbody>
<tfoot><tr><td colspan="${head.length}">Total: ${total} artista${total === 1 ? '' : 's'}${total > rows.length ? ` (mostrados ${rows.length})` : ''}. CPF mascarado (LGPD).</td></tr></tfoot>
</table></body></html>`;
  ctx.reply.type('text/html; charset=utf-8').header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
  return html;
}

/* ------------------------------------------------------------------ places */

async function placesOf(ctx: ActionContext): Promise<unknown> {
  const place = String((ctx.req.params as { place?: string }).place ?? '');
  if (!/^[a-z0-9_-]{1,60}$/i.test(place)) throw notFound('Tipo de local');
  const companyId = ctx.auth!.companyId;
  const kinds = await ctx.db.select({ id: types.id }).from(types)
    .where(and(eq(types.type, 'places'), eq(types.slug, place), or(isNull(types.company_id), eq(types.company_id, companyId))));
  if (!kinds.length) throw notFound('Tipo de local');
  const raw = (ctx.body ?? {}) as Row;
  const q = parseListQuery([raw], placesDef);
  // ?page= pages (culture_place); without it the whole kind comes at once (selectors)
  const paged = raw.page !== undefined;
  const query = paged ? q : { ...q, page: 1, perPage: 1000 };
  const { cols } = tableFor(placesDef);
  const { rows, total } = await list(ctx.db, placesDef, ctx.auth, query, {}, [inArray(cols.type_id, kinds.map((k) => k.id))]);
  return { data: await serialize(ctx, placesDef, rows, ctx.auth), meta: { page: query.page, perPage: query.perPage, total } };
}

async function searchPlaces(ctx: ActionContext): Promise<unknown> {
  const q = parseListQuery([ctx.req.query, ctx.body], placesDef);
  const { rows, total } = await list(ctx.db, placesDef, ctx.auth, q);
  return { data: await serialize(ctx, placesDef, rows, ctx.auth), meta: { page: q.page, perPage: q.perPage, total } };
}

/* ------------------------------------------------------------------ actions */

export const actions: Record<string, Record<string, ActionHandler>> = {
  artists: {
    ...registrationActions(artistsDef, 'artista'),
    print: printArtists,
    async is_artist(ctx) {
      const auth = ctx.auth!;
      const [a] = await ctx.db.select({ id: artists.id, nomeCompleto: artists.nomeCompleto, nomeArtistico: artists.nomeArtistico, situacao: artists.situacao })
        .from(artists).where(and(eq(artists.company_id, auth.companyId), eq(artists.user_id, auth.userId))).limit(1);
      const [g] = await ctx.db.select({ id: artistGroups.id, nome: artistGroups.nome, situacao: artistGroups.situacao })
        .from(artistGroups).where(and(eq(artistGroups.company_id, auth.companyId), eq(artistGroups.user_id, auth.userId))).limit(1);
      return { data: { isArtist: !!a, isGroup: !!g, artist: a ?? null, artist_group: g ?? null } };
    },
  },
  artist_groups: registrationActions(groupsDef, 'grupo cultural'),
  places: { places_of: placesOf, search: searchPlaces },
};
