/**
 * E-SIC: requests for information under the LAI (docs/workflows/sic.md). Numbering, deadlines (calendar days, an end
 * on a non-working day moved to the next working day: modules/materias/deadline.ts), the requester's identity, the
 * record actions declared in packages/domain (resources/sic.ts) and the public channel. Each action runs in its
 * transaction with its row already checked against the declaration, writes through the engine (audit rows
 * included), tells the staff through `notify` and the requester through `mailCitizen` in the same transaction.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { maskCpf } from '@paco/domain/br';
import { formatDate } from '@paco/domain/format';
import {
  DECISOES_RECURSO, NEGATIVA_FUNDAMENTOS, PEDIDO_COM_PRAZO, PEDIDO_DECISAO, PEDIDO_PRAZO_DIAS, PEDIDO_PRORROGACAO_DIAS, PEDIDO_SITUACOES,
  RECURSO_DECISAO_DIAS, RECURSO_PRAZO_DIAS, pedidosInformacao as def,
} from '@paco/domain/resources/sic';
import { deadlineOf, todayIso } from '@paco/domain/workflow';
import { todayInSaoPaulo } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { pedidoInformacaoSequencias, pedidosInformacao } from '../../db/schema.generated.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import type { ActionContext, ResourceHooks, Row } from '../../engine/context.ts';
import { attach, create, scopeOf, update, type WriteScope } from '../../engine/records.ts';
import { notFoundOf, serialize } from '../../engine/serialize.ts';
import { conflict, unprocessable } from '../../http/errors.ts';
import { asCitizen, followUpCode, ipOf, nextProtocol, publicCompanyProblem, publicCreatePerIp, publicShowPerIp, sha256, type Sequences } from '../cultura/ouvidoria.ts';
import { computeDeadline } from '../materias/deadline.ts';
import { mailCitizen } from '../notificacoes/citizen.ts';
import { notify } from '../notificacoes/notify.ts';

const label = (opts: readonly { value: string; label: string }[], v: unknown): string => opts.find((o) => o.value === v)?.label ?? String(v ?? '');
/** The day (São Paulo) a timestamp falls on. */
const dayOf = (v: unknown): string => todayIso(v instanceof Date ? v : new Date(String(v)));
const COM_PRAZO: readonly unknown[] = PEDIDO_COM_PRAZO;

/* ------------------------------------------------------------------ deadlines */

/** The request's deadline: 20 days from the day it was received, 30 once extended (LAI art. 11). */
const requestDeadline = (db: Db, row: Row, extended: boolean): Promise<string> =>
  computeDeadline(db, row.company_id as number, dayOf(row.created_at ?? new Date()), PEDIDO_PRAZO_DIAS + (extended ? PEDIDO_PRORROGACAO_DIAS : 0));

/** Why an appeal may no longer be filed (its 10 days from the decision ended), or null. */
export function appealClosed(row: Row, today = todayInSaoPaulo()): string | null {
  const until = row.prazoRecurso ? String(row.prazoRecurso).slice(0, 10) : null;
  return until && today > until ? `O prazo de recurso terminou em ${formatDate(until)} (${RECURSO_PRAZO_DIAS} dias da decisão, Lei 12.527/2011, art. 15).` : null;
}

/* ------------------------------------------------------------------ hooks */

const pedidoHooks: ResourceHooks = {
  async beforeWrite(values, existing, { db, auth }) {
    const pick = (k: string): unknown => (k in values ? values[k] : existing?.[k]);
    if (pick('formaRecebimento') === 'email' && !pick('requerenteEmail')) {
      throw unprocessable({ requerenteEmail: ['Informe o e-mail do requerente: a resposta vai por e-mail (ou escolha outra forma de recebimento).'] });
    }
    if (existing) return;
    const today = todayInSaoPaulo();
    Object.assign(values, await nextProtocol(db, auth.companyId, Number(today.slice(0, 4)), pedidoInformacaoSequencias as unknown as Sequences));
    values.situacao = 'recebido';
    values.prazo = await computeDeadline(db, auth.companyId, today, PEDIDO_PRAZO_DIAS);
    values.prorrogado = false;
    values.canal ??= 'presencial';
  },
  async decorate(records, { many }) {
    const today = todayInSaoPaulo();
    for (const r of records) {
      r.emAtraso = !!deadlineOf(def, r, today)?.overdue;
      // LGPD: the CPF in full only on the request's own screen (the SIC's readers); masked in lists and exports
      if (many && typeof r.requerenteCpf === 'string') r.requerenteCpf = maskCpf(r.requerenteCpf);
    }
  },
};

/* ------------------------------------------------------------------ what people are told */

/** The staff: the sector a request is forwarded to (its people today), without the requester's identity. */
async function tellSector(ctx: ActionContext, row: Row): Promise<void> {
  await notify(ctx, {
    kind: 'pedido_informacao_encaminhado', sectorId: row.sector_id as number,
    title: `Pedido de informação ${row.protocolo} encaminhado pelo SIC`,
    body: [`Assunto: ${String(row.assunto).slice(0, 200)}`, row.despacho ? `Despacho: ${String(row.despacho).slice(0, 1200)}` : '',
      `Prazo de resposta ao requerente: ${formatDate(String(row.prazo))}. Responda ao SIC.`].filter(Boolean).join('\n'),
  });
}

/** The authority (the entity's administrators): an appeal to decide, with its 5-day deadline. */
async function tellAuthority(ctx: ActionContext, row: Row, companyId: number): Promise<void> {
  await notify(ctx, {
    kind: 'recurso_informacao', roles: ['admin'], companyId,
    title: `Recurso no pedido de informação ${row.protocolo}`,
    body: `Assunto: ${String(row.assunto).slice(0, 200)}\nDecidir até ${formatDate(String(row.prazo))} (Lei 12.527/2011, art. 15, parágrafo único).`,
    link: `${def.screen}/${row.id}`,
  });
}

/** The requester, by e-mail. */
const tellRequester = (ctx: ActionContext, row: Row, event: Parameters<typeof mailCitizen>[1]['event'], subject: string, paragraphs: string[]) =>
  mailCitizen(ctx, {
    to: row.requerenteEmail, name: row.requerenteNome, event, protocolo: row.protocolo, record: { pedido_informacao_id: row.id },
    subject: `${subject} — protocolo ${row.protocolo}`, title: subject,
    paragraphs: [`Pedido de acesso à informação ${row.protocolo}: "${row.assunto}".`, ...paragraphs],
  });

const appealLine = (row: Row): string =>
  `Se não concordar, você pode apresentar recurso até ${formatDate(String(row.prazoRecurso))}, dirigido à autoridade superior (Lei 12.527/2011, art. 15).`;

/* ------------------------------------------------------------------ record actions */

const one = async (ctx: ActionContext, row: Row) => ({ data: (await serialize(ctx, def, [row], ctx.auth, undefined, false))[0] });

/** A state change made by the server, from the state the row was read in (409 if someone changed it meanwhile). */
function change(scope: WriteScope, m: Row, values: Row, action: string, opts: { where?: SQL; auditExtra?: Row } = {}): Promise<Row> {
  return update(scope, def, m, values, {
    hooks: false, action, auditExtra: opts.auditExtra,
    where: and(sql`${pedidosInformacao.situacao} is not distinct from ${m.situacao ?? null}`, ...(opts.where ? [opts.where] : [])),
  });
}

/** The decision (answer or denial): who and when, and the 10 days for an appeal. */
async function decision(ctx: ActionContext): Promise<Row> {
  const today = todayInSaoPaulo();
  return {
    dataResposta: new Date().toISOString(), responsavel_id: ctx.auth!.userId,
    prazoRecurso: await computeDeadline(ctx.db, ctx.auth!.companyId, today, RECURSO_PRAZO_DIAS),
  };
}

/** The appeal: by the SIC on the screen, or by the requester on the public channel; the authority decides in 5 days. */
async function registerAppeal(ctx: ActionContext, scope: WriteScope, m: Row, recurso: string): Promise<Row> {
  const prazo = await computeDeadline(ctx.db, m.company_id as number, todayInSaoPaulo(), RECURSO_DECISAO_DIAS);
  const row = await change(scope, m, { recurso, recursoEm: new Date().toISOString(), situacao: 'em_recurso', prazo }, 'registrar_recurso');
  await tellAuthority(ctx, row, m.company_id as number);
  return row;
}

defineBehaviour(def, {
  hooks: pedidoHooks,
  available: {
    // an extension is given before the deadline ends: afterwards it would only hide a missed deadline
    async prorrogar(row) {
      const d = deadlineOf(def, row, todayInSaoPaulo());
      return d?.overdue ? `O prazo venceu em ${formatDate(d.date)}: não pode mais ser prorrogado.` : null;
    },
    async registrar_recurso(row) {
      return appealClosed(row);
    },
    // the authority above the one who decided (LAI art. 15, parágrafo único)
    async decidir_recurso(row, { auth }) {
      return row.responsavel_id === auth.userId
        ? 'Quem decidiu o pedido não pode decidir o recurso: cabe à autoridade hierarquicamente superior (Lei 12.527/2011, art. 15, parágrafo único).'
        : null;
    },
  },
  actions: {
    async iniciar_analise(ctx) {
      return one(ctx, await change(scopeOf(ctx, ctx.req), ctx.record!, { situacao: 'em_analise' }, 'iniciar_analise'));
    },
    async responder(ctx) {
      const scope = scopeOf(ctx, ctx.req);
      const { resposta } = ctx.body as { resposta: string };
      const file = ctx.files?.anexo;
      // the attachment first (its own audit row), then the answer, in the action's transaction
      const m = file ? await attach(scope, def, ctx.record!, 'anexoResposta', file) : ctx.record!;
      const row = await change(scope, m, { resposta, situacao: 'respondido', ...(await decision(ctx)) }, 'responder');
      await tellRequester(ctx, row, 'respondido', 'Resposta ao seu pedido de informação', [
        `Resposta: ${resposta}`,
        ...(file ? [`A resposta tem um anexo (${file.name}), disponível na consulta do pedido.`] : []),
        appealLine(row),
      ]);
      return one(ctx, row);
    },
    async negar(ctx) {
      const { fundamento, justificativa } = ctx.body as { fundamento: string; justificativa: string };
      const row = await change(scopeOf(ctx, ctx.req), ctx.record!, {
        fundamentoNegativa: fundamento, justificativaNegativa: justificativa, situacao: 'negado', ...(await decision(ctx)),
      }, 'negar');
      await tellRequester(ctx, row, 'negado', 'Decisão sobre o seu pedido de informação', [
        'O acesso à informação pedida foi negado.',
        `Fundamento legal: ${label(NEGATIVA_FUNDAMENTOS, fundamento)}.`,
        `Razões da negativa: ${justificativa}`,
        appealLine(row),
      ]);
      return one(ctx, row);
    },
    async prorrogar(ctx) {
      const m = ctx.record!;
      const { justificativa } = ctx.body as { justificativa: string };
      const row = await change(scopeOf(ctx, ctx.req), m, {
        prazo: await requestDeadline(ctx.db, m, true), prorrogado: true, justificativaProrrogacao: justificativa,
        ...(m.situacao === 'recebido' ? { situacao: 'em_analise' } : {}),
      }, 'prorrogar', { where: eq(pedidosInformacao.prorrogado, false) });
      await tellRequester(ctx, row, 'prorrogado', 'Prazo do seu pedido de informação prorrogado', [
        `O prazo de resposta foi prorrogado por ${PEDIDO_PRORROGACAO_DIAS} dias, até ${formatDate(String(row.prazo))} (Lei 12.527/2011, art. 11, § 2º).`,
        `Justificativa: ${justificativa}`,
      ]);
      return one(ctx, row);
    },
    async encaminhar(ctx) {
      const { sector_id, despacho, aviso } = ctx.body as { sector_id: number; despacho?: string | null; aviso?: string | null };
      const row = await change(scopeOf(ctx, ctx.req), ctx.record!, {
        sector_id, despacho: despacho ?? null, encaminhadoEm: new Date().toISOString(), situacao: 'encaminhado',
      }, 'encaminhar', { auditExtra: aviso ? { aviso } : undefined });
      await tellSector(ctx, row);
      if (aviso) {
        await tellRequester(ctx, row, 'encaminhado', 'Andamento do seu pedido de informação', [
          'O seu pedido foi encaminhado à área responsável pela informação. Mensagem do Serviço de Informação ao Cidadão:',
          aviso,
          `O prazo de resposta continua sendo ${formatDate(String(row.prazo))}.`,
        ]);
      }
      return one(ctx, row);
    },
    async registrar_recurso(ctx) {
      const { recurso } = ctx.body as { recurso: string };
      return one(ctx, await registerAppeal(ctx, scopeOf(ctx, ctx.req), ctx.record!, recurso));
    },
    async decidir_recurso(ctx) {
      const { decisao, fundamentacao } = ctx.body as { decisao: string; fundamentacao: string };
      const row = await change(scopeOf(ctx, ctx.req), ctx.record!, {
        decisaoRecurso: decisao, fundamentacaoRecurso: fundamentacao, recursoDecididoEm: new Date().toISOString(), situacao: 'recurso_decidido',
      }, 'decidir_recurso');
      await tellRequester(ctx, row, 'recurso_decidido', 'Decisão do recurso do seu pedido de informação', [
        `O recurso foi decidido pela autoridade superior: ${label(DECISOES_RECURSO, decisao)}.`,
        `Fundamentação: ${fundamentacao}`,
      ]);
      return one(ctx, row);
    },

    /* ---------------------------------------------------------------- the public channel */

    async public_create(ctx) {
      await ctx.limits.consume(`pedido_informacao:create:${ipOf(ctx.req)}`, publicCreatePerIp);
      const { company_id: companyId, ...input } = ctx.body as Row;
      const problem = await publicCompanyProblem(ctx.db, companyId, 'pedidos de informação');
      if (problem) throw unprocessable({ company_id: [problem] });
      const code = followUpCode();
      const created = await create(scopeOf(ctx, asCitizen(ctx.req, companyId)), def, { ...input, canal: 'internet' });
      await ctx.db.update(pedidosInformacao).set({ codigoAcesso: sha256(code) }).where(eq(pedidosInformacao.id, created.id));
      ctx.reply.status(201);
      return {
        message: `Pedido registrado sob o protocolo ${created.protocolo}. Guarde o protocolo e o código de acompanhamento.`,
        data: { protocolo: created.protocolo, codigo: code, situacao: created.situacao, prazo: created.prazo, created_at: created.created_at },
      };
    },
    async public_show(ctx) {
      await ctx.limits.consume(`pedido_informacao:show:${ipOf(ctx.req)}`, publicShowPerIp);
      const m = await followed(ctx);
      const file = m.anexoResposta as { name: string } | null;
      return {
        data: {
          protocolo: m.protocolo, assunto: m.assunto, texto: m.texto, created_at: m.created_at,
          situacao: m.situacao, situacaoLabel: label(PEDIDO_SITUACOES, m.situacao), prazo: m.prazo,
          emAtraso: COM_PRAZO.includes(m.situacao) && !!m.prazo && String(m.prazo) < todayInSaoPaulo(),
          prorrogado: m.prorrogado, justificativaProrrogacao: m.justificativaProrrogacao,
          resposta: m.resposta, anexo: file ? { name: file.name, url: ctx.storage.url(file as never) } : null,
          fundamentoNegativa: m.fundamentoNegativa, fundamentoNegativaLabel: m.fundamentoNegativa ? label(NEGATIVA_FUNDAMENTOS, m.fundamentoNegativa) : null,
          justificativaNegativa: m.justificativaNegativa, dataResposta: m.dataResposta, prazoRecurso: m.prazoRecurso,
          podeRecorrer: (PEDIDO_DECISAO as readonly unknown[]).includes(m.situacao) && !appealClosed(m),
          recurso: m.recurso, recursoEm: m.recursoEm, decisaoRecurso: m.decisaoRecurso,
          decisaoRecursoLabel: m.decisaoRecurso ? label(DECISOES_RECURSO, m.decisaoRecurso) : null,
          fundamentacaoRecurso: m.fundamentacaoRecurso, recursoDecididoEm: m.recursoDecididoEm,
        },
      };
    },
    async public_recurso(ctx) {
      await ctx.limits.consume(`pedido_informacao:recurso:${ipOf(ctx.req)}`, publicCreatePerIp);
      const m = await followed(ctx);
      if (!(PEDIDO_DECISAO as readonly unknown[]).includes(m.situacao)) {
        throw conflict(`Só cabe recurso de pedido respondido ou negado (situação: ${label(PEDIDO_SITUACOES, m.situacao)}).`);
      }
      const closed = appealClosed(m);
      if (closed) throw conflict(closed);
      const row = await registerAppeal(ctx, scopeOf(ctx, asCitizen(ctx.req, m.company_id as number)), m, (ctx.body as { recurso: string }).recurso);
      return {
        message: `Recurso registrado. A autoridade superior decide até ${formatDate(String(row.prazo))}.`,
        data: { protocolo: row.protocolo, situacao: row.situacao, situacaoLabel: label(PEDIDO_SITUACOES, row.situacao), prazo: row.prazo },
      };
    },
  },
}, 'sic');

/** The request the public channel names by company, protocol and follow-up code (404 otherwise, whichever is wrong). */
async function followed(ctx: ActionContext): Promise<Row> {
  const q = ctx.body as { company_id: number; protocolo: string; codigo: string };
  const [m] = await ctx.db.select().from(pedidosInformacao).where(and(eq(pedidosInformacao.company_id, q.company_id),
    eq(pedidosInformacao.protocolo, q.protocolo), eq(pedidosInformacao.codigoAcesso, sha256(q.codigo.toUpperCase())))).limit(1);
  if (!m) throw notFoundOf(def);
  return m as Row;
}
