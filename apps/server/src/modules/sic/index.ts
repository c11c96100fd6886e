/**
 * E-SIC: requests for information under the LAI (docs/workflows/sic.md). Numbering, deadlines (calendar days, an end
 * on a non-working day moved to the next working day: modules/materias/deadline.ts), the requester's identity, the
 * record actions declared in packages/domain (resources/sic.ts) and the public channel. Each action runs in its
 * transaction with its row already checked against the declaration, writes through the engine (audit rows
 * included), tells the staff through `notify` and the requester through `mailCitizen` in the same transaction.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { formatDate, labelOf } from '@paco/domain/format';
import {
  DECISOES_RECURSO, NEGATIVA_FUNDAMENTOS, PEDIDO_COM_PRAZO, PEDIDO_PRAZO_DIAS, PEDIDO_PRORROGACAO_DIAS, PEDIDO_SITUACOES,
  RECURSO_DECISAO_DIAS, RECURSO_PRAZO_DIAS, pedidosInformacao as def,
} from '@paco/domain/resources/sic';
import type { AuthContext } from '../../auth/session.ts';
import { sicInstancias, users } from '../../db/schema.generated.ts';
import { statistics } from './estatisticas.ts';
import { deadlineOf, todayIso } from '@paco/domain/workflow';
import { todayInSaoPaulo } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { pedidosInformacao } from '../../db/schema.generated.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import type { ActionContext, ResourceHooks, Row } from '../../engine/context.ts';
import { attach, create, scopeOf, update, type WriteScope } from '../../engine/records.ts';
import { asc } from 'drizzle-orm';
import { notFoundOf, recordAnswer } from '../../engine/serialize.ts';
import { conflict, unprocessable } from '../../http/errors.ts';
import {
  asCitizen, attachAll, filesOf, followUpCode, honeypot, ipOf, protocolOf, publicCompanyProblem, publicCreatePerIp, publicShowPerIp, sha256,
} from '../cultura/ouvidoria.ts';
import { computeDeadline, warmCalendar } from '../materias/deadline.ts';
import { mailCitizen } from '../notificacoes/citizen.ts';
import { notify } from '../notificacoes/notify.ts';

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

/* ------------------------------------------------------------------ appeal instances */

/** The instance an appeal goes to now: the 1st from a decision, the 2nd from a denied 1st-instance appeal. */
const nextInstance = (row: Row): 1 | 2 => (row.situacao === 'recurso_decidido' ? 2 : 1);
/** The instance deciding the appeal the request is in. */
const currentInstance = (row: Row): 1 | 2 => (row.situacao === 'em_recurso_2' ? 2 : 1);

/** The authorities configured for an instance of the company (E-SIC › Instâncias de recurso). */
async function instanceMembers(db: Db, companyId: number, instancia: 1 | 2): Promise<{ user_id: number; name: string; cargo: string }[]> {
  return db.select({ user_id: sicInstancias.user_id, name: users.name, cargo: sicInstancias.cargo }).from(sicInstancias)
    .innerJoin(users, eq(users.id, sicInstancias.user_id))
    .where(and(eq(sicInstancias.company_id, companyId), eq(sicInstancias.instancia, String(instancia)))).orderBy(asc(users.name)) as never;
}

/** Why an appeal may not be filed now (window ended; after the 1st instance: granted, or no 2nd instance), or null. */
async function appealRefusal(db: Db, row: Row, today = todayInSaoPaulo()): Promise<string | null> {
  if (row.situacao === 'recurso_decidido') {
    if (row.decisaoRecurso !== 'desprovido') return 'O recurso foi provido: o pedido está concluído.';
    if (row.recurso2) return 'O recurso de 2ª instância já foi apresentado.';
    if (!(await instanceMembers(db, row.company_id as number, 2)).length) {
      return 'Esta entidade não tem 2ª instância de recurso configurada: a decisão da 1ª instância é final.';
    }
  } else if (row.situacao !== 'respondido' && row.situacao !== 'negado') {
    return `Só cabe recurso de pedido respondido ou negado (situação: ${labelOf(PEDIDO_SITUACOES, row.situacao)}).`;
  }
  return appealClosed(row, today);
}

/**
 * Who may decide the appeal: an authority configured for its instance (without any for the 1st: the entity's
 * administrators), never whoever decided the request or the appeal before (LAI art. 15, parágrafo único).
 */
async function deciderRefusal(db: Db, row: Row, auth: AuthContext): Promise<string | null> {
  const inst = currentInstance(row);
  if (row.responsavel_id === auth.userId || (inst === 2 && row.recursoDecididoPor_id === auth.userId)) {
    return 'Quem decidiu o pedido ou o recurso anterior não pode decidir este recurso: cabe à autoridade da instância seguinte (Lei 12.527/2011, art. 15, parágrafo único).';
  }
  const members = await instanceMembers(db, row.company_id as number, inst);
  if (!members.length) {
    return auth.isSuperadmin || auth.roles.includes('admin') ? null : 'Sem instância configurada, o recurso é decidido pelos administradores da entidade.';
  }
  if (members.some((m) => m.user_id === auth.userId)) return null;
  return `Este recurso é decidido pela ${inst}ª instância: ${members.map((m) => `${m.name} (${m.cargo})`).join(', ')} (E-SIC › Instâncias de recurso).`;
}

/* ------------------------------------------------------------------ hooks */

const IDENTITY = ['requerenteNome', 'requerenteEmail', 'requerenteCpf'] as const;
/** Who may see a restricted identity: the SIC role only (not the administrators, not the authorities). */
const isSic = (auth: AuthContext | null): boolean => !!auth?.roles.includes('sic');

const pedidoHooks: ResourceHooks = {
  // a new request's deadline: the calendar read before the transaction (decision 0041)
  prepare: (_values, existing, { db, companyId }) => (existing ? Promise.resolve() : warmCalendar(db, companyId)),
  async beforeWrite(values, existing, { db, auth }) {
    // a restricted identity is the SIC's: nobody else changes (or blanks) it
    if (existing?.identidadeRestrita && !isSic(auth)) for (const k of IDENTITY) delete values[k];
    const pick = (k: string): unknown => (k in values ? values[k] : existing?.[k]);
    if (pick('formaRecebimento') === 'email' && !pick('requerenteEmail')) {
      throw unprocessable({ requerenteEmail: ['Informe o e-mail do requerente: a resposta vai por e-mail (ou escolha outra forma de recebimento).'] });
    }
    if (existing) return;
    const today = todayInSaoPaulo();
    values.protocolo = protocolOf(values.numero as number, values.ano as number);
    values.situacao = 'recebido';
    values.prazo = await computeDeadline(db, auth.companyId, today, PEDIDO_PRAZO_DIAS);
    values.prorrogado = false;
    values.canal ??= 'presencial';
  },
  async decorate(records, { many, auth }) {
    const today = todayInSaoPaulo();
    for (const r of records) {
      r.emAtraso = !!deadlineOf(def, r, today)?.overdue;
      // a restricted identity (LAI art. 31): only on the request's own screen, only for the SIC role
      if (r.identidadeRestrita && (many || !isSic(auth))) for (const k of IDENTITY) if (k in r) r[k] = null;
      // LGPD: the CPF in full only on the request's own screen (the SIC's readers); lists mask it (engine/serialize.ts)
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

/** The authority of the instance (configured, or the entity's administrators): an appeal to decide, in 5 days. */
async function tellAuthority(ctx: ActionContext, row: Row, companyId: number): Promise<void> {
  const inst = currentInstance(row);
  const members = (await instanceMembers(ctx.db, companyId, inst)).filter((m) => m.user_id !== row.responsavel_id && m.user_id !== row.recursoDecididoPor_id);
  await notify(ctx, {
    kind: 'recurso_informacao', companyId, ...(members.length ? { userIds: members.map((m) => m.user_id) } : { roles: ['admin'] }),
    title: `Recurso${inst === 2 ? ' (2ª instância)' : ''} no pedido de informação ${row.protocolo}`,
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

const one = async (ctx: ActionContext, row: Row) => recordAnswer(ctx, def, row);

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
    dataResposta: new Date().toISOString(), responsavel_id: ctx.auth!.userId, noPrazo: !ctx.record!.prazo || today <= String(ctx.record!.prazo).slice(0, 10),
    prazoRecurso: await computeDeadline(ctx.db, ctx.auth!.companyId, today, RECURSO_PRAZO_DIAS),
  };
}

/** The appeal: by the SIC on the screen, or by the requester on the public channel; the authority decides in 5 days. */
async function registerAppeal(ctx: ActionContext, scope: WriteScope, m: Row, recurso: string): Promise<Row> {
  const prazo = await computeDeadline(ctx.db, m.company_id as number, todayInSaoPaulo(), RECURSO_DECISAO_DIAS);
  const now = new Date().toISOString();
  const values = nextInstance(m) === 2 ? { recurso2: recurso, recurso2Em: now, situacao: 'em_recurso_2', prazo } : { recurso, recursoEm: now, situacao: 'em_recurso', prazo };
  const row = await change(scope, m, values, 'registrar_recurso');
  await tellAuthority(ctx, row, m.company_id as number);
  return row;
}

defineBehaviour(def, {
  hooks: pedidoHooks,
  // "Decidir recurso" concerns the appeal authorities only: a configured instance's, or the administrators
  offered: {
    async decidir_recurso(row, { db, auth }) {
      if (auth.isSuperadmin || auth.roles.includes('admin')) return null;
      const mine = await db.select({ id: sicInstancias.id }).from(sicInstancias)
        .where(and(eq(sicInstancias.company_id, row.company_id as number), eq(sicInstancias.user_id, auth.userId))).limit(1);
      return mine.length ? null : 'Só as autoridades das instâncias de recurso decidem recursos (E-SIC › Instâncias de recurso).';
    },
  },
  available: {
    // an extension is given before the deadline ends: afterwards it would only hide a missed deadline
    async prorrogar(row) {
      const d = deadlineOf(def, row, todayInSaoPaulo());
      return d?.overdue ? `O prazo venceu em ${formatDate(d.date)}: não pode mais ser prorrogado.` : null;
    },
    async registrar_recurso(row, { db }) {
      return appealRefusal(db, row);
    },
    // the configured instance's authority, never who decided before (LAI art. 15, parágrafo único)
    async decidir_recurso(row, { db, auth }) {
      return deciderRefusal(db, row, auth);
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
        `Fundamento legal: ${labelOf(NEGATIVA_FUNDAMENTOS, fundamento)}.`,
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
      const m = ctx.record!;
      const inst = currentInstance(m);
      const now = new Date().toISOString();
      // a denied 1st-instance appeal opens 10 days for the 2nd instance, when the company has one
      const second = inst === 1 && decisao === 'desprovido' && (await instanceMembers(ctx.db, m.company_id as number, 2)).length > 0;
      const values: Row = inst === 2
        ? { decisaoRecurso2: decisao, fundamentacaoRecurso2: fundamentacao, recurso2DecididoEm: now, recurso2DecididoPor_id: ctx.auth!.userId, situacao: 'recurso_2_decidido' }
        : {
          decisaoRecurso: decisao, fundamentacaoRecurso: fundamentacao, recursoDecididoEm: now, recursoDecididoPor_id: ctx.auth!.userId, situacao: 'recurso_decidido',
          prazoRecurso: second ? await computeDeadline(ctx.db, m.company_id as number, todayInSaoPaulo(), RECURSO_PRAZO_DIAS) : null,
        };
      const row = await change(scopeOf(ctx, ctx.req), m, values, 'decidir_recurso');
      await tellRequester(ctx, row, 'recurso_decidido', 'Decisão do recurso do seu pedido de informação', [
        `O recurso foi decidido pela ${inst}ª instância: ${labelOf(DECISOES_RECURSO, decisao)}.`,
        `Fundamentação: ${fundamentacao}`,
        ...(second ? [`Se não concordar, você pode recorrer à 2ª instância até ${formatDate(String(row.prazoRecurso))}.`] : []),
      ]);
      return one(ctx, row);
    },
    async public_estatisticas(ctx) {
      await ctx.limits.consume(`sic:estatisticas:${ipOf(ctx.req)}`, publicShowPerIp);
      const q = ctx.body as { company_id: number; ano?: number; formato?: 'json' | 'csv' };
      const problem = await publicCompanyProblem(ctx.db, q.company_id, 'pedidos de informação');
      if (problem === 'Entidade não encontrada.') throw unprocessable({ company_id: [problem] });
      const stats = await statistics(ctx.db, q.company_id, q.ano ?? Number(todayInSaoPaulo().slice(0, 4)));
      if (q.formato === 'csv') {
        ctx.reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="estatisticas-sic-${stats.ano}.csv"`);
        return stats.csv;
      }
      return { data: stats.data };
    },

    /* ---------------------------------------------------------------- the public channel */

    async public_create(ctx) {
      await ctx.limits.consume(`pedido_informacao:create:${ipOf(ctx.req)}`, publicCreatePerIp);
      const pretended = honeypot(ctx, ctx.body as Row, 'Pedido');
      if (pretended) return pretended;
      const { company_id: companyId, website: _w, ...input } = ctx.body as Row;
      const problem = await publicCompanyProblem(ctx.db, companyId, 'pedidos de informação');
      if (problem) throw unprocessable({ company_id: [problem] });
      const code = followUpCode();
      const scope = scopeOf(ctx, asCitizen(ctx.req, companyId));
      const created = await attachAll(scope, def, await create(scope, def, { ...input, canal: 'internet' }, { set: { codigoAcesso: sha256(code) } }), ctx.fileLists?.anexos);
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
          situacao: m.situacao, situacaoLabel: labelOf(PEDIDO_SITUACOES, m.situacao), prazo: m.prazo,
          emAtraso: COM_PRAZO.includes(m.situacao) && !!m.prazo && String(m.prazo) < todayInSaoPaulo(),
          prorrogado: m.prorrogado, justificativaProrrogacao: m.justificativaProrrogacao,
          resposta: m.resposta, anexo: file ? { name: file.name, url: ctx.storage.url(file as never) } : null,
          fundamentoNegativa: m.fundamentoNegativa, fundamentoNegativaLabel: m.fundamentoNegativa ? labelOf(NEGATIVA_FUNDAMENTOS, m.fundamentoNegativa) : null,
          justificativaNegativa: m.justificativaNegativa, dataResposta: m.dataResposta, prazoRecurso: m.prazoRecurso,
          podeRecorrer: !(await appealRefusal(ctx.db, m)), instanciaRecurso: nextInstance(m),
          anexos: filesOf(m.anexos).map((x) => ({ name: x.name, size: x.size })), identidadeRestrita: !!m.identidadeRestrita, tema: m.tema,
          recurso: m.recurso, recursoEm: m.recursoEm, decisaoRecurso: m.decisaoRecurso,
          decisaoRecursoLabel: m.decisaoRecurso ? labelOf(DECISOES_RECURSO, m.decisaoRecurso) : null,
          fundamentacaoRecurso: m.fundamentacaoRecurso, recursoDecididoEm: m.recursoDecididoEm,
          recurso2: m.recurso2, recurso2Em: m.recurso2Em, decisaoRecurso2: m.decisaoRecurso2,
          decisaoRecurso2Label: m.decisaoRecurso2 ? labelOf(DECISOES_RECURSO, m.decisaoRecurso2) : null,
          fundamentacaoRecurso2: m.fundamentacaoRecurso2, recurso2DecididoEm: m.recurso2DecididoEm,
        },
      };
    },
    async public_recurso(ctx) {
      await ctx.limits.consume(`pedido_informacao:recurso:${ipOf(ctx.req)}`, publicCreatePerIp);
      const m = await followed(ctx);
      const refused = await appealRefusal(ctx.db, m);
      if (refused) throw conflict(refused);
      const row = await registerAppeal(ctx, scopeOf(ctx, asCitizen(ctx.req, m.company_id as number)), m, (ctx.body as { recurso: string }).recurso);
      return {
        message: `Recurso registrado (${currentInstance(row)}ª instância). A autoridade decide até ${formatDate(String(row.prazo))}.`,
        data: { protocolo: row.protocolo, situacao: row.situacao, situacaoLabel: labelOf(PEDIDO_SITUACOES, row.situacao), prazo: row.prazo },
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
