/**
 * The ombudsman (Ouvidoria, Lei 13.460/2017; docs/workflows/ouvidoria.md): numbering, the requester's restricted
 * identity, the deadline, the public channel, and the record actions of a manifestação — answer, extend once,
 * forward to a sector, close. Their states and reasons are declared in packages/domain (resources/cultura.ts); each
 * handler runs in the action's transaction with its row already checked against the declaration, and writes through
 * the engine's write path (audit rows included). The citizen is told by e-mail when the manifestação is answered,
 * extended, or forwarded with a message to them (`notifyManifestacao`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { formatDate, labelOf } from '@paco/domain/format';
import { R } from '@paco/domain/roles';
import { EM_ABERTO, MANIFESTACAO_SITUACOES, MANIFESTACAO_TIPOS, PRAZO_DIAS, manifestacoes as manifDef } from '@paco/domain/resources/cultura';
import { deadlineOf, todayIso } from '@paco/domain/workflow';
import { companies, manifestacoes } from '../../db/schema.generated.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../auth/session.ts';
import { licenceEnd, licenceProblem, todayInSaoPaulo } from '../../auth/session.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import type { ActionContext, ResourceHooks, Row } from '../../engine/context.ts';
import { attach, create, scopeOf, update, type WriteScope } from '../../engine/records.ts';
import { notFoundOf, recordAnswer } from '../../engine/serialize.ts';
import { unprocessable } from '../../http/errors.ts';
import { mailCitizen } from '../notificacoes/citizen.ts';
import { notify } from '../notificacoes/notify.ts';
import type { ResourceDef } from '@paco/domain/resource';
import { computeDeadline, warmCalendar } from '../materias/deadline.ts';
import type { ReceivedFile } from '../../engine/uploads.ts';

export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
export const ipOf = (req: FastifyRequest): string => `ip:${req.ip}`;
const OPEN: readonly unknown[] = EM_ABERTO;

/**
 * A protocol as people read it, `000123/2026`: the number its `sequence` gave in the year (the manifestações' and the
 * requests for information's, engine/sequences.ts).
 */
export const protocolOf = (numero: number, ano: number): string => `${String(numero).padStart(6, '0')}/${ano}`;

/* ------------------------------------------------------------------ notifications */

/** What happened to a manifestação that someone outside the ombudsman's screen should know. */
type Event = 'respondida' | 'prorrogada' | 'encaminhada' | 'encerrada';

/**
 * The notification points of the workflow, in one place: the staff through `notify` (the bell), the citizen, who has
 * no account, by e-mail to the address given (never when anonymous), in the action's transaction (`mailCitizen`).
 */
async function notifyManifestacao(ctx: ActionContext, row: Row, event: Event, aviso?: string | null): Promise<void> {
  // notify: 'encaminhada' → the people who act for the sector (its responsibles today, else the protocol users), with
  // the dispatch and the deadline; no link: the manifestação's screen is the ombudsman's, and the identity stays there
  if (event === 'encaminhada' && row.sector_id) {
    await notify(ctx, {
      kind: 'manifestacao_encaminhada', sectorId: row.sector_id,
      title: `Manifestação ${row.protocolo} encaminhada pela Ouvidoria`,
      body: [`Assunto: ${String(row.assunto).slice(0, 200)}`, row.despacho ? `Despacho: ${String(row.despacho).slice(0, 1200)}` : '',
        row.prazo ? `Prazo de resposta ao cidadão: ${formatDate(row.prazo)}. Responda à Ouvidoria.` : ''].filter(Boolean).join('\n'),
    });
  }
  // e-mail: the answer, the extension with its justification (Lei 13.460, art. 16), a forward with a message to them
  const tell = (evento: 'respondido' | 'prorrogado' | 'encaminhado', subject: string, paragraphs: string[]) => row.anonima ? null : mailCitizen(ctx, {
    to: row.requerenteEmail, name: row.requerenteNome, event: evento, protocolo: row.protocolo, record: { manifestacao_id: row.id },
    subject: `${subject} — protocolo ${row.protocolo}`, title: subject,
    paragraphs: [`Manifestação ${row.protocolo} (${labelOf(MANIFESTACAO_TIPOS, row.tipo).toLowerCase()}): "${row.assunto}".`, ...paragraphs],
  });
  if (event === 'respondida') await tell('respondido', 'Resposta à sua manifestação', [`Resposta da Ouvidoria: ${row.resposta}`]);
  if (event === 'prorrogada') {
    await tell('prorrogado', 'Prazo da sua manifestação prorrogado', [
      `O prazo de resposta foi prorrogado por ${PRAZO_DIAS} dias, até ${formatDate(String(row.prazo))} (Lei 13.460/2017, art. 16).`,
      `Justificativa: ${row.justificativaProrrogacao}`,
    ]);
  }
  if (event === 'encaminhada' && aviso) {
    await tell('encaminhado', 'Andamento da sua manifestação', [
      'A sua manifestação foi encaminhada à área responsável. Mensagem da Ouvidoria:', aviso,
      `O prazo de resposta continua sendo ${formatDate(String(row.prazo))}.`,
    ]);
  }
}

/* ------------------------------------------------------------------ hooks */

const IDENTITY = ['requerenteNome', 'requerenteCpf', 'requerenteEmail', 'requerenteTelefone'] as const;
const OMBUDSMAN: readonly string[] = R.ouvidoriaMenu;
const mayReadIdentity = (auth: AuthContext | null): boolean => !!auth && (auth.isSuperadmin || auth.roles.some((r) => OMBUDSMAN.includes(r)));

const manifestacaoHooks: ResourceHooks = {
  // a new manifestation's deadline: the calendar read before the transaction (decision 0041)
  prepare: (_values, existing, { db, companyId }) => (existing ? Promise.resolve() : warmCalendar(db, companyId)),
  async beforeWrite(values, existing, { db, auth }) {
    if (values.anonima === true) for (const k of IDENTITY) values[k] = null;
    if (!existing) {
      const today = todayInSaoPaulo();
      values.protocolo = protocolOf(values.numero as number, values.ano as number);
      values.situacao = 'recebida';
      // Lei 13.460, art. 16: 30 days, counted like every other deadline (an end on a non-working day moves on)
      values.prazo = await computeDeadline(db, auth.companyId, today, PRAZO_DIAS);
      values.prorrogada = false;
      values.canal ??= 'presencial';
      return;
    }
    if (existing.situacao === 'recebida') values.situacao = 'em_analise';
  },
  async decorate(records, { db, auth, many }) {
    const today = todayInSaoPaulo();
    for (const r of records) r.emAtraso = !!deadlineOf(manifDef, r, today)?.overdue;
    // the requester's identity only in the single-record view, only for the ombudsman roles
    if (many || !records.length || !mayReadIdentity(auth)) return;
    const rows = await db.select({ id: manifestacoes.id, requerenteNome: manifestacoes.requerenteNome, requerenteCpf: manifestacoes.requerenteCpf,
      requerenteEmail: manifestacoes.requerenteEmail, requerenteTelefone: manifestacoes.requerenteTelefone })
      .from(manifestacoes).where(inArray(manifestacoes.id, records.map((r) => r.id as number)));
    for (const r of records) Object.assign(r, rows.find((x) => x.id === r.id) ?? {});
  },
};

/* ------------------------------------------------------------------ record actions */

const one = async (ctx: ActionContext, row: Row) => recordAnswer(ctx, manifDef, row);

/** A state change made by the server, from the state the row was read in (409 if someone changed it meanwhile). */
async function change(ctx: ActionContext, values: Row, action: string, event: Event, opts: { where?: SQL; auditExtra?: Row; aviso?: string | null } = {}): Promise<Row> {
  const m = ctx.record!;
  const scope = scopeOf(ctx, ctx.req);
  const row = await update(scope, manifDef, m, values, {
    hooks: false, action, auditExtra: opts.auditExtra,
    where: and(sql`${manifestacoes.situacao} is not distinct from ${m.situacao ?? null}`, ...(opts.where ? [opts.where] : [])),
  });
  await notifyManifestacao(ctx, row, event, opts.aviso);
  return row;
}

/**
 * The request as the public channel's: the citizen has no session, so what it writes is written in the company asked
 * for and audited as "Cidadão (canal público)".
 */
export function asCitizen(req: FastifyRequest, companyId: number): FastifyRequest {
  const citizen: AuthContext = {
    tokenId: 0, userId: null as unknown as number, homeCompanyId: companyId, companyId, roles: [], permissions: [],
    isSuperadmin: false, name: 'Cidadão (canal público)', email: '', licence: null,
  };
  return Object.create(req, { auth: { value: citizen } }) as FastifyRequest;
}

/** Whether the company may receive from the public channel now: null, or the reason (unknown, licence ended). */
export async function publicCompanyProblem(db: Db, companyId: number, what: string): Promise<string | null> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) return 'Entidade não encontrada.';
  if (licenceProblem(await licenceEnd(db, company.id))) return `Esta entidade não está recebendo ${what} pela internet no momento.`;
  return null;
}

/** The stored files of a list field (names and sizes only are shown to the public). */
export const filesOf = (v: unknown): { name: string; size: number }[] => (Array.isArray(v) ? v : v ? [v] : []) as { name: string; size: number }[];

export const publicCreatePerIp = { max: 10, ms: 10 * 60_000 };
export const publicShowPerIp = { max: 30, ms: 10 * 60_000 };

/**
 * The honeypot (a field hidden from people on the portal's forms, `website`): filled, the filing is pretended — an
 * answer shaped like the real one (201, a protocol and a code) — and nothing is stored, so a robot learns nothing.
 * The rate limit was already counted. Returns the pretended answer, or null for a person.
 */
export function honeypot(ctx: ActionContext, body: Row, what: 'Pedido' | 'Manifestação'): Row | null {
  if (typeof body.website !== 'string' || !body.website.trim()) return null;
  ctx.req.log.info({ honeypot: what }, 'public filing with the honeypot filled: not stored');
  const year = Number(todayInSaoPaulo().slice(0, 4));
  const protocolo = `${String(1 + (randomBytes(3).readUIntBE(0, 3) % 999_999)).padStart(6, '0')}/${year}`;
  ctx.reply.status(201);
  return {
    message: `${what === 'Pedido' ? 'Pedido registrado' : 'Manifestação registrada'} sob o protocolo ${protocolo}. Guarde o protocolo e o código de acompanhamento.`,
    data: { protocolo, codigo: followUpCode(), situacao: 'recebido', prazo: null, created_at: new Date().toISOString() },
  };
}

/** The citizen's attachments, sent with the filing (checked already: size, type by content), set on the new record. */
export async function attachAll(scope: WriteScope, r: ResourceDef, row: Row, files: ReceivedFile[] | undefined): Promise<Row> {
  let m = row;
  for (const file of files ?? []) m = await attach(scope, r, m, 'anexos', file);
  return m;
}

/** A short code for the citizen to follow the manifestation (no 0/O/1/I). */
export function followUpCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
}

defineBehaviour(manifDef, {
  hooks: manifestacaoHooks,
  available: {
    // an extension is asked for before the deadline ends: afterwards it would only hide a missed deadline
    async prorrogar(row) {
      const d = deadlineOf(manifDef, row, todayInSaoPaulo());
      return d?.overdue ? `O prazo venceu em ${formatDate(d.date)}: não pode mais ser prorrogado.` : null;
    },
  },
  actions: {
    async responder(ctx) {
      const { resposta } = ctx.body as { resposta: string };
      return one(ctx, await change(ctx, { resposta, dataResposta: new Date().toISOString(), situacao: 'respondida' }, 'responder', 'respondida'));
    },
    async prorrogar(ctx) {
      const m = ctx.record!;
      const { justificativa } = ctx.body as { justificativa: string };
      return one(ctx, await change(ctx, {
        // once more by 30 (Lei 13.460, art. 16): 60 days from the day it was received, by the same rules
        prazo: await computeDeadline(ctx.db, m.company_id as number, todayIso(m.created_at instanceof Date ? m.created_at : new Date(String(m.created_at ?? new Date()))), 2 * PRAZO_DIAS),
        prorrogada: true, justificativaProrrogacao: justificativa,
        ...(m.situacao === 'recebida' ? { situacao: 'em_analise' } : {}),
      }, 'prorrogar', 'prorrogada', { where: eq(manifestacoes.prorrogada, false) }));
    },
    async encaminhar(ctx) {
      const { sector_id, despacho, aviso } = ctx.body as { sector_id: number; despacho?: string | null; aviso?: string | null };
      return one(ctx, await change(ctx, { sector_id, despacho: despacho ?? null, encaminhadaEm: new Date().toISOString(), situacao: 'encaminhada' }, 'encaminhar', 'encaminhada',
        { aviso, auditExtra: aviso ? { aviso } : undefined }));
    },
    async encerrar(ctx) {
      const m = ctx.record!;
      const motivo = (ctx.body as { motivo?: string | null }).motivo?.trim() || null;
      if (m.situacao !== 'respondida' && !motivo) throw unprocessable({ motivo: ['Informe o motivo para encerrar uma manifestação sem resposta.'] });
      return one(ctx, await change(ctx, { situacao: 'encerrada' }, 'encerrar', 'encerrada', { auditExtra: motivo ? { motivo } : undefined }));
    },
    async public_create(ctx) {
      await ctx.limits.consume(`manifestacao:create:${ipOf(ctx.req)}`, publicCreatePerIp);
      const body = ctx.body as Row;
      const pretended = honeypot(ctx, body, 'Manifestação');
      if (pretended) return pretended;
      const errors: Record<string, string[]> = {};
      const companyProblem = await publicCompanyProblem(ctx.db, body.company_id, 'manifestações');
      if (companyProblem) errors.company_id = [companyProblem];
      if (body.anonima !== true) {
        if (!body.requerenteNome) errors.requerenteNome = ['Informe seu nome ou marque a manifestação como anônima.'];
        if (!body.requerenteEmail && !body.requerenteTelefone) errors.requerenteEmail = ['Informe um e-mail ou telefone para receber a resposta.'];
      }
      if (Object.keys(errors).length) throw unprocessable(errors);
      const code = followUpCode();
      const req = asCitizen(ctx.req, body.company_id);
      const { company_id: _c, website: _w, ...input } = body;
      // a writing action runs in its transaction (ctx.db): the record, its files and its code commit together
      const scope = scopeOf(ctx, req);
      const created = await attachAll(scope, manifDef, await create(scope, manifDef, { ...input, canal: 'internet' }, { set: { codigoAcesso: sha256(code) } }), ctx.fileLists?.anexos);
      ctx.reply.status(201);
      return {
        message: `Manifestação registrada sob o protocolo ${created.protocolo}. Guarde o protocolo e o código de acompanhamento.`,
        data: { protocolo: created.protocolo, codigo: code, tipo: created.tipo, situacao: created.situacao, prazo: created.prazo, created_at: created.created_at },
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
          protocolo: m.protocolo, tipo: m.tipo, tipoLabel: labelOf(MANIFESTACAO_TIPOS, m.tipo), assunto: m.assunto,
          situacao: m.situacao, situacaoLabel: labelOf(MANIFESTACAO_SITUACOES, m.situacao), prazo: m.prazo, prorrogada: m.prorrogada,
          emAtraso: OPEN.includes(m.situacao) && !!m.prazo && m.prazo < todayInSaoPaulo(),
          justificativaProrrogacao: m.justificativaProrrogacao, resposta: m.resposta, dataResposta: m.dataResposta, created_at: m.created_at,
          anonima: !!m.anonima, anexos: filesOf(m.anexos).map((x) => ({ name: x.name, size: x.size })),
        },
      };
    },
  },
}, 'ouvidoria');
