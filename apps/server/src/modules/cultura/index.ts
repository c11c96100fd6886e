/**
 * Culture registry and ombudsman: hooks (keyed by table) and action handlers (keyed by resource name).
 * See packages/domain/src/resources/cultura.ts for the states, access rules and the design notes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { createSchema, filterFields, updateSchema, type ResourceDef } from '@paco/domain/resource';
import {
  artistGroups as groupsDef, artists as artistsDef, cultureProgress as progressDef, manifestacoes as manifDef, places as placesDef,
  MANIFESTACAO_SITUACOES, MANIFESTACAO_TIPOS, NEEDS_REASON, NEXT_STEP, PRAZO_DIAS, SITUACOES, TRANSITIONS, type Situacao,
} from '@paco/domain/resources/cultura';
import { R } from '@paco/domain/roles';
import { formatDate, formatDateTime } from '@paco/domain/format';
import { formatPhone, isValidCnpj, isValidCpf, maskCpf, normalizeCnpj } from '@paco/domain/br';
import { artistGroups, artists, companies, manifestacaoSequencias, manifestacoes, types } from '../../db/schema.generated.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../auth/session.ts';
import { licenceEnd, licenceProblem, todayInSaoPaulo } from '../../auth/session.ts';
import type { ActionContext, ActionHandler, ResourceHooks, Row } from '../../engine/context.ts';
import { audit } from '../../engine/audit.ts';
import { findOne, list, parseListQuery, tableFor } from '../../engine/query.ts';
import { create, scopeOf, update, updateFromInput } from '../../engine/records.ts';
import { iso, notFoundOf, serialize } from '../../engine/serialize.ts';
import { removeUpload, storeUpload } from '../../engine/uploads.ts';
import { conflict, issuesToErrors, notFound, unprocessable } from '../../http/errors.ts';

/* ------------------------------------------------------------------ helpers */

const label = (opts: readonly { value: string; label: string }[], v: unknown): string => opts.find((o) => o.value === v)?.label ?? String(v ?? '');

function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input && typeof input === 'object' && !Array.isArray(input) ? input : {});
  if (!parsed.success) throw unprocessable(issuesToErrors(parsed.error.issues as never));
  return parsed.data;
}

const defined = (o: Row): Row => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

const one = async (ctx: ActionContext, r: ResourceDef, row: Row): Promise<Row> =>
  (await serialize(ctx, r, [row], ctx.auth, undefined, false))[0];

/** A state change made by the server (the record's edit hooks do not apply): guard, update, audit in one transaction. */
const changeState = (ctx: ActionContext, r: ResourceDef, existing: Row, values: Row, action: string, where?: SQL): Promise<Row> =>
  update(scopeOf(ctx, ctx.req), r, existing, defined(values), { action, where, hooks: false });


const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
const ipOf = (req: FastifyRequest): string => `ip:${req.ip}`;

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/* ------------------------------------------------------------------ culture: validation shared by artists and groups */

/** Slugs of the `linguagens` types visible to the company (national + its own). */
async function linguagemLabels(db: Db, companyId: number): Promise<Map<string, string>> {
  const rows = await db.select({ slug: types.slug, label: types.label }).from(types)
    .where(and(eq(types.type, 'linguagens'), or(isNull(types.company_id), eq(types.company_id, companyId))));
  return new Map(rows.map((r) => [r.slug, r.label]));
}

const registrationHooks = (kind: 'artist' | 'group'): ResourceHooks => ({
  async beforeWrite(values, existing) {
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
});

/* ------------------------------------------------------------------ ombudsman */

/** Next protocol number of the company's year: an atomic upsert on the yearly counter (never repeats; a refused insert leaves a gap). */
export async function nextProtocol(db: Db, companyId: number, year: number): Promise<{ ano: number; numero: number; protocolo: string }> {
  const [row] = await db.insert(manifestacaoSequencias).values({ company_id: companyId, ano: year, ultimo: 1 })
    .onConflictDoUpdate({ target: [manifestacaoSequencias.company_id, manifestacaoSequencias.ano], set: { ultimo: sql`${manifestacaoSequencias.ultimo} + 1`, updated_at: sql`now()` } })
    .returning({ ultimo: manifestacaoSequencias.ultimo });
  return { ano: year, numero: row.ultimo, protocolo: `${String(row.ultimo).padStart(6, '0')}/${year}` };
}

const IDENTITY = ['requerenteNome', 'requerenteCpf', 'requerenteEmail', 'requerenteTelefone'] as const;
const OMBUDSMAN: readonly string[] = R.ouvidoriaMenu;
const mayReadIdentity = (auth: AuthContext | null): boolean => !!auth && (auth.isSuperadmin || auth.roles.some((r) => OMBUDSMAN.includes(r)));
const OPEN = new Set(['recebida', 'em_analise']);

const manifestacaoHooks: ResourceHooks = {
  async beforeWrite(values, existing, { db, auth }) {
    if (values.anonima === true) for (const k of IDENTITY) values[k] = null;
    if (!existing) {
      const today = todayInSaoPaulo();
      Object.assign(values, await nextProtocol(db, auth.companyId, Number(today.slice(0, 4))));
      values.situacao = 'recebida';
      values.prazo = addDays(today, PRAZO_DIAS);
      values.prorrogada = false;
      values.canal ??= 'presencial';
      return;
    }
    if (existing.situacao === 'encerrada') throw conflict('Manifestação encerrada não pode ser alterada.');
    if (existing.situacao === 'recebida') values.situacao = 'em_analise';
  },
  async decorate(records, { db, auth, many }) {
    const today = todayInSaoPaulo();
    for (const r of records) r.emAtraso = OPEN.has(String(r.situacao)) && !!r.prazo && String(r.prazo) < today;
    // the requester's identity only in the single-record view, only for the ombudsman roles
    if (many || !records.length || !mayReadIdentity(auth)) return;
    const rows = await db.select({ id: manifestacoes.id, requerenteNome: manifestacoes.requerenteNome, requerenteCpf: manifestacoes.requerenteCpf,
      requerenteEmail: manifestacoes.requerenteEmail, requerenteTelefone: manifestacoes.requerenteTelefone })
      .from(manifestacoes).where(inArray(manifestacoes.id, records.map((r) => r.id as number)));
    for (const r of records) Object.assign(r, rows.find((x) => x.id === r.id) ?? {});
  },
};

/* ------------------------------------------------------------------ hooks */

export const hooks: Record<string, ResourceHooks> = {
  artists: registrationHooks('artist'),
  artist_groups: registrationHooks('group'),
  manifestacoes: manifestacaoHooks,
};

/* ------------------------------------------------------------------ registration actions (artists and groups) */

async function ownRecord(ctx: ActionContext, r: ResourceDef): Promise<Row | null> {
  const { table, cols } = tableFor(r);
  const [row] = await ctx.db.select().from(table).where(and(eq(cols.company_id, ctx.auth!.companyId), eq(cols.user_id, ctx.auth!.userId))).limit(1);
  return (row as Row) ?? null;
}

/** "Meu Cadastro" upload: the engine's own upload, on the user's own record. */
const receiveOwnFile = (ctx: ActionContext, r: ResourceDef, existing: Row): Promise<Row> => storeUpload(ctx, r, ctx.req, existing);

function registrationActions(r: ResourceDef, fk: 'artist_id' | 'artist_group_id', noun: string): Record<string, ActionHandler> {
  const createOwn = createSchema(r, ['user_id']);
  const updateOwn = updateSchema(r, ['user_id']);
  const mineUpdate: ActionHandler = async (ctx) => {
    const existing = await ownRecord(ctx, r);
    if (!existing) throw notFound(`Seu cadastro de ${noun}`);
    return { data: await one(ctx, r, await updateFromInput(scopeOf(ctx, ctx.req), r, existing, parse(updateOwn, ctx.body))) };
  };
  return {
    async add_progress(ctx) {
      const existing = await findOne(ctx.db, r, ctx.auth, ctx.id!, false, { write: true });
      if (!existing) throw notFoundOf(r);
      const body = ctx.body as { situacao?: Situacao; motivo?: string };
      const from = (existing.situacao ?? 'pendente') as Situacao;
      const to = body.situacao ?? NEXT_STEP[from];
      if (!to) throw unprocessable({ situacao: ['Informe a nova situação.'] });
      if (!TRANSITIONS[from].includes(to)) {
        throw unprocessable({ situacao: [`Não é possível passar de "${label(SITUACOES, from)}" para "${label(SITUACOES, to)}".`] });
      }
      const motivo = body.motivo?.trim() || null;
      if (NEEDS_REASON.has(to) && !motivo) throw unprocessable({ motivo: [`Informe o motivo para "${label(SITUACOES, to)}".`] });
      const { cols } = tableFor(r);
      const row = await ctx.db.transaction(async (tx) => {
        const txCtx = { ...ctx, db: tx as unknown as Db };
        const updated = await changeState(txCtx, r, existing, { situacao: to, motivoSituacao: motivo }, 'add_progress',
          sql`${cols.situacao} is not distinct from ${existing.situacao}`);
        await create(scopeOf(txCtx, ctx.req), progressDef, { [fk]: existing.id, de: existing.situacao ?? null, para: to, motivo, user_id: ctx.auth!.userId });
        return updated;
      });
      return { data: await one(ctx, r, row) };
    },
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
/** CSV cell for Excel pt-BR (';'), neutralising formulas (=, +, -, @ at the start). */
const csvCell = (s: unknown): string => {
  let v = String(s ?? '');
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[";\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
};

/** The list filters a query applies, as "label: value" (the list screen's filters, printed in the heading). */
function filterSummary(r: ResourceDef, q: Row): string[] {
  return filterFields(r).flatMap(([k, fl]) => {
    const v = q[k];
    if (v === undefined || v === null || v === '') return [];
    const shown = fl.kind === 'select' ? label(fl.options, v) : fl.kind === 'bool' ? (String(v) === 'true' || String(v) === '1' ? 'sim' : 'não') : String(v);
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
    label(SITUACOES, a.situacao),
    formatDate(iso(a.created_at)),
  ]);
  const issued = formatDateTime(new Date());
  ctx.reply.header('cache-control', 'no-store');
  if (String(query.format ?? '').toLowerCase() === 'csv') {
    ctx.reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="artistas.csv"');
    return `\uFEFF${[head, ...lines].map((l) => l.map(csvCell).join(';')).join('\r\n')}\r\n`;
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

/* ------------------------------------------------------------------ ombudsman actions */

const publicCreatePerIp = { max: 10, ms: 10 * 60_000 };
const publicShowPerIp = { max: 30, ms: 10 * 60_000 };

async function openManifestacao(ctx: ActionContext): Promise<Row> {
  const row = await findOne(ctx.db, manifDef, ctx.auth, ctx.id!, false, { write: true });
  if (!row) throw notFoundOf(manifDef);
  return row;
}

/** A short code for the citizen to follow the manifestation (no 0/O/1/I). */
function followUpCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
}

const manifestacaoActions: Record<string, ActionHandler> = {
  async responder(ctx) {
    const m = await openManifestacao(ctx);
    if (m.situacao === 'encerrada') throw conflict('Manifestação encerrada não pode ser respondida.');
    const { resposta } = ctx.body as { resposta: string };
    const row = await changeState(ctx, manifDef, m, { resposta, dataResposta: new Date().toISOString(), situacao: 'respondida' }, 'responder');
    return { data: await one(ctx, manifDef, row) };
  },
  async prorrogar(ctx) {
    const m = await openManifestacao(ctx);
    if (!OPEN.has(m.situacao)) throw conflict('Só é possível prorrogar o prazo de manifestações em aberto.');
    if (m.prorrogada) throw conflict('O prazo já foi prorrogado uma vez (Lei 13.460/2017, art. 16).');
    const { justificativa } = ctx.body as { justificativa: string };
    const row = await changeState(ctx, manifDef, m, {
      prazo: addDays(String(m.prazo ?? todayInSaoPaulo()), PRAZO_DIAS), prorrogada: true, justificativaProrrogacao: justificativa,
    }, 'prorrogar', sql`${manifestacoes.prorrogada} = false`);
    return { data: await one(ctx, manifDef, row) };
  },
  async encerrar(ctx) {
    const m = await openManifestacao(ctx);
    if (m.situacao === 'encerrada') throw conflict('A manifestação já está encerrada.');
    const { motivo } = (ctx.body ?? {}) as { motivo?: string };
    const row = await changeState(ctx, manifDef, m, { situacao: 'encerrada' }, 'encerrar');
    if (motivo) await audit(ctx.db, ctx.req, ctx.auth, 'encerrar', manifDef, m.id, { motivo });
    return { data: await one(ctx, manifDef, row) };
  },
  async public_create(ctx) {
    await ctx.limits.consume(`manifestacao:create:${ipOf(ctx.req)}`, publicCreatePerIp);
    const body = ctx.body as Row;
    const errors: Record<string, string[]> = {};
    const [company] = await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.id, body.company_id));
    if (!company) errors.company_id = ['Entidade não encontrada.'];
    else if (licenceProblem(await licenceEnd(ctx.db, company.id))) errors.company_id = ['Esta entidade não está recebendo manifestações pela internet no momento.'];
    if (body.anonima !== true) {
      if (!body.requerenteNome) errors.requerenteNome = ['Informe seu nome ou marque a manifestação como anônima.'];
      if (!body.requerenteEmail && !body.requerenteTelefone) errors.requerenteEmail = ['Informe um e-mail ou telefone para receber a resposta.'];
    }
    if (Object.keys(errors).length) throw unprocessable(errors);
    const code = followUpCode();
    // the citizen has no session: the record is written in the company asked for, audited as the public channel
    const citizen: AuthContext = {
      tokenId: 0, userId: null as unknown as number, homeCompanyId: company.id, companyId: company.id, roles: [], permissions: [],
      isSuperadmin: false, name: 'Cidadão (canal público)', email: '', licence: null,
    };
    const req = Object.create(ctx.req, { auth: { value: citizen } }) as FastifyRequest;
    const { company_id: _c, ...input } = body;
    const row = await ctx.db.transaction(async (tx) => {
      const txCtx = { ...ctx, db: tx as unknown as Db };
      const created = await create(scopeOf(txCtx, req), manifDef, { ...input, canal: 'internet' });
      await tx.update(manifestacoes).set({ codigoAcesso: sha256(code) }).where(eq(manifestacoes.id, created.id));
      return created;
    });
    ctx.reply.status(201);
    return {
      message: `Manifestação registrada sob o protocolo ${row.protocolo}. Guarde o protocolo e o código de acompanhamento.`,
      data: { protocolo: row.protocolo, codigo: code, tipo: row.tipo, situacao: row.situacao, prazo: row.prazo, created_at: row.created_at },
    };
  },
  async public_show(ctx) {
    await ctx.limits.consume(`manifestacao:show:${ipOf(ctx.req)}`, publicShowPerIp);
    const q = (ctx.body ?? {}) as Row;
    const companyId = typeof q.company_id === 'string' && /^[1-9]\d{0,8}$/.test(q.company_id) ? Number(q.company_id) : null;
    const protocolo = typeof q.protocolo === 'string' ? q.protocolo.trim().slice(0, 30) : '';
    const codigo = typeof q.codigo === 'string' ? q.codigo.trim().toUpperCase().slice(0, 40) : '';
    if (!companyId || !protocolo || !codigo) throw unprocessable({ protocolo: ['Informe a entidade, o protocolo e o código de acompanhamento.'] });
    const [m] = await ctx.db.select().from(manifestacoes).where(and(eq(manifestacoes.company_id, companyId), eq(manifestacoes.protocolo, protocolo),
      eq(manifestacoes.codigoAcesso, sha256(codigo)))).limit(1);
    if (!m) throw notFoundOf(manifDef);
    return {
      data: {
        protocolo: m.protocolo, tipo: m.tipo, tipoLabel: label(MANIFESTACAO_TIPOS, m.tipo), assunto: m.assunto,
        situacao: m.situacao, situacaoLabel: label(MANIFESTACAO_SITUACOES, m.situacao), prazo: m.prazo, prorrogada: m.prorrogada,
        justificativaProrrogacao: m.justificativaProrrogacao, resposta: m.resposta, dataResposta: m.dataResposta, created_at: m.created_at,
      },
    };
  },
};

/* ------------------------------------------------------------------ actions */

export const actions: Record<string, Record<string, ActionHandler>> = {
  artists: {
    ...registrationActions(artistsDef, 'artist_id', 'artista'),
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
  artist_groups: registrationActions(groupsDef, 'artist_group_id', 'grupo cultural'),
  places: { places_of: placesOf, search: searchPlaces },
  manifestacoes: manifestacaoActions,
};
