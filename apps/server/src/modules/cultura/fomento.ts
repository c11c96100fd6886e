/**
 * Culture funding calls and their applications (packages/domain/src/resources/fomento.ts; decision 0053): the
 * calls' states, the application made from the session's own registration, the qualification and scoring by the
 * culture staff, and the result ranked with the quotas (domain fomento.ts `classificar`), each applicant told.
 */
import { addDays } from '@paco/domain/holidays';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { describeReserva, classificar, convocar, motivoInelegivel, CONCORRENCIAS, RESULTADO_PUBLICO, type Autodeclaracao, type Concorrencia } from '@paco/domain/fomento';
import { CALL_SITUACOES, CLASSIFICADA, RESULTADO_PUBLICADO, cultureApplications as appsDef, cultureCalls as callsDef } from '@paco/domain/resources/fomento';
import { SITUACOES } from '@paco/domain/resources/cultura';
import { formatDate, formatMoney, labelOf } from '@paco/domain/format';
import { artistGroups, artists, cultureApplications, cultureCalls } from '../../db/schema.generated.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../auth/session.ts';
import { todayInSaoPaulo } from '../../auth/session.ts';
import { defineBehaviour, type CheckContext } from '../../engine/behaviour.ts';
import type { ActionContext, Row } from '../../engine/context.ts';
import { findOne, tableFor } from '../../engine/query.ts';
import { attach, create, scopeOf, update } from '../../engine/records.ts';
import { defineRowFilter, restricted } from '../../engine/rowscope.ts';
import { notFoundOf, recordAnswer, serialize } from '../../engine/serialize.ts';
import { conflict, forbidden, unprocessable } from '../../http/errors.ts';
import { notify, type NotifyContext } from '../notificacoes/notify.ts';

// artists and groups read a call once it is open (not the drafts)
defineRowFilter('culture_calls_published', (_auth, cols) => sql`coalesce(${cols.situacao}, 'rascunho') <> 'rascunho'`);

/* ------------------------------------------------------------------ who applies */

/** The session's own registration in the culture registry: an artist's, else a group's (one per account). */
interface Registration { kind: 'artist' | 'group'; id: number; nome: string; situacao: string | null; autodeclaracao: Autodeclaracao }

async function registrationOf(db: Db, auth: AuthContext): Promise<Registration | null> {
  const [a] = await db.select().from(artists).where(and(eq(artists.company_id, auth.companyId), eq(artists.user_id, auth.userId))).limit(1);
  if (a) {
    return { kind: 'artist', id: a.id, nome: a.nomeSocial || a.nomeCompleto, situacao: a.situacao, autodeclaracao: { racaCor: a.racaCor, comunidadeTradicional: a.comunidadeTradicional } };
  }
  const [g] = await db.select().from(artistGroups).where(and(eq(artistGroups.company_id, auth.companyId), eq(artistGroups.user_id, auth.userId))).limit(1);
  return g ? { kind: 'group', id: g.id, nome: g.nome, situacao: g.situacao, autodeclaracao: { racaCor: g.racaCorResponsavel, comunidadeTradicional: g.comunidadeTradicional } } : null;
}

/** The registration an application was made with. */
async function registrationOfApplication(db: Db, app: Row): Promise<Autodeclaracao | null> {
  if (app.artist_id) {
    const [a] = await db.select({ racaCor: artists.racaCor, comunidadeTradicional: artists.comunidadeTradicional }).from(artists).where(eq(artists.id, Number(app.artist_id)));
    return a ?? null;
  }
  if (app.artist_group_id) {
    const [g] = await db.select({ racaCor: artistGroups.racaCorResponsavel, comunidadeTradicional: artistGroups.comunidadeTradicional })
      .from(artistGroups).where(eq(artistGroups.id, Number(app.artist_group_id)));
    return g ?? null;
  }
  return null;
}

/** Why a call takes no application (or change of one) today, or null. */
export function closedReason(call: Row, today = todayInSaoPaulo()): string | null {
  if (call.situacao !== 'inscricoes_abertas') return `As inscrições deste edital não estão abertas. Situação do edital: ${labelOf(CALL_SITUACOES, call.situacao)}.`;
  if (today < String(call.inscricoesInicio)) return `As inscrições deste edital começam em ${formatDate(String(call.inscricoesInicio))}.`;
  if (today > String(call.inscricoesFim)) return `As inscrições deste edital terminaram em ${formatDate(String(call.inscricoesFim))}.`;
  return null;
}

async function callOf(db: Db, id: unknown): Promise<Row> {
  const [call] = await db.select().from(cultureCalls).where(eq(cultureCalls.id, Number(id)));
  return call as Row;
}

const ONLY_APPLICANT = 'Só quem se inscreveu altera a inscrição ou desiste dela.';
const keyOf = (callId: unknown, userId: unknown): string => `${Number(callId)}:${Number(userId)}`;

/** Why the session may not apply to this call now, or null. */
async function whyNotApply(db: Db, auth: AuthContext, call: Row): Promise<string | null> {
  const closed = closedReason(call);
  if (closed) return closed;
  const reg = await registrationOf(db, auth);
  if (!reg) return 'Faça seu cadastro cultural (Meu Cadastro) antes de se inscrever.';
  if (reg.situacao !== 'ativo') return `Seu cadastro cultural precisa estar ativo para se inscrever (situação: ${labelOf(SITUACOES, reg.situacao ?? 'pendente')}).`;
  const [mine] = await db.select({ id: cultureApplications.id }).from(cultureApplications)
    .where(and(eq(cultureApplications.company_id, Number(call.company_id)), eq(cultureApplications.chave, keyOf(call.id, auth.userId)))).limit(1);
  return mine ? 'Você já se inscreveu neste edital.' : null;
}

/* ------------------------------------------------------------------ calls */

/** An application's call, read once for every check of one answer. */
const callOnce = (app: Row, { db, once }: CheckContext): Promise<Row> => once(`call:${Number(app.call_id)}`, () => callOf(db, app.call_id));

/** Staff may act on applications only while their call is being evaluated. */
async function evaluating(app: Row, checks: CheckContext): Promise<string | null> {
  const call = await callOnce(app, checks);
  if (call.situacao === 'em_avaliacao') return null;
  return (RESULTADO_PUBLICADO as readonly unknown[]).includes(call.situacao)
    ? 'O resultado do edital já foi publicado: a nota muda só pelo julgamento de um recurso.'
    : 'A habilitação e a avaliação começam quando as inscrições do edital são encerradas.';
}

/** Why an appeal may not be made or judged now (the call's preliminary result and its period), or null. */
async function appealPeriod(app: Row, checks: CheckContext, judging: boolean): Promise<string | null> {
  const call = await callOnce(app, checks);
  if (call.situacao !== 'resultado_preliminar') return 'Recursos só cabem contra o resultado preliminar do edital.';
  if (!judging && todayInSaoPaulo() > String(call.prazoRecurso)) return `O prazo de recurso terminou em ${formatDate(String(call.prazoRecurso))}.`;
  return null;
}

/** The applications of a call in these states (the qualified ones, or the ranked ones), in order of arrival. */
const ofCall = (db: Db, callId: number, states: readonly string[]) => db.select().from(cultureApplications)
  .where(and(eq(cultureApplications.call_id, callId), inArray(cultureApplications.situacao, [...states])))
  .orderBy(asc(cultureApplications.created_at), asc(cultureApplications.id));
const qualified = (db: Db, callId: number) => ofCall(db, callId, ['habilitada']);

/** Ranks `apps` and writes each one's result (from the states they were read in), telling each applicant. */
async function writeRanking(ctx: ActionContext, call: Row, apps: Row[], final: boolean, action: string): Promise<number> {
  const scope = scopeOf(ctx, ctx.req);
  const { lista } = rank(call, apps);
  const byId = new Map(apps.map((a) => [Number(a.id), a]));
  for (const x of lista) {
    const before = byId.get(x.id)!;
    const app = await update(scope, appsDef, before, { situacao: x.resultado, classificacao: x.classificacao, vaga: x.vaga, remanejada: x.remanejada }, {
      hooks: false, action, where: sql`${tableFor(appsDef).cols.situacao} = ${before.situacao}`,
    });
    await tellResult(ctx, call, app, final);
  }
  return lista.filter((x) => x.resultado === 'selecionada').length;
}

/** The ranking of a call's qualified applications (the result, or its preview). */
function rank(call: Row, apps: Row[]) {
  return classificar(
    { vagas: Number(call.vagas), cotaNegros: Number(call.cotaNegros), cotaIndigenas: Number(call.cotaIndigenas), notaMinima: Number(call.notaMinima) },
    apps.map((a, i) => ({ id: Number(a.id), nota: a.nota === null || a.nota === undefined ? null : Number(a.nota), concorrencia: a.concorrencia as Concorrencia, ordem: i })),
  );
}

/**
 * notify: a result (preliminary, with the appeal period; or final) → each applicant, with their place; `phase` names
 * another moment (a substitute called after the final result)
 */
async function tellResult(tell: NotifyContext, call: Row, app: Row, final: boolean, phase = final ? 'Resultado final' : 'Resultado preliminar'): Promise<void> {
  if (!app.user_id) return;
  const where = app.classificacao ? ` (${app.classificacao}º lugar na classificação geral)` : '';
  const text: Record<string, [string, string]> = {
    selecionada: ['Projeto selecionado', `Seu projeto “${app.projeto}” foi selecionado${where}, em vaga de ${labelOf(CONCORRENCIAS, app.vaga).toLowerCase()}${app.remanejada ? ' (vaga remanejada)' : ''}.`],
    suplente: ['Projeto na lista de suplentes', `Seu projeto “${app.projeto}” ficou na lista de suplentes${where}: pode ser chamado se uma vaga se abrir.`],
    nao_classificada: ['Projeto não classificado', `Seu projeto “${app.projeto}” não alcançou a nota mínima do edital (${String(call.notaMinima).replace('.', ',')}).`],
  };
  const [title, body] = text[String(app.situacao)] ?? ['Resultado publicado', ''];
  const appeal = final ? '' : `\nVocê pode recorrer até ${formatDate(String(call.prazoRecurso))}, na sua inscrição ("Recorrer do resultado").`;
  await notify(tell, {
    kind: 'edital_inscricao', userIds: [Number(app.user_id)], title: `${phase}: ${title.toLowerCase()} (edital ${call.numero})`.slice(0, 200),
    body: `${call.titulo}\n${body}${appeal}`, link: `${appsDef.screen}/${app.id}`,
  });
}

/** Columns of the result shown to everyone who reads the call; the competition and place only to the staff and on one's own. */
const PUBLIC_RESULT = ['id', ...RESULTADO_PUBLICO] as const;
const OWN_RESULT = ['concorrencia', 'vaga', 'remanejada'] as const;

defineBehaviour(callsDef, {
  hooks: {
    async beforeWrite(values, existing) {
      if (!existing) values.situacao = 'rascunho';
      const pick = (k: string): unknown => (k in values ? values[k] : existing?.[k]);
      const negros = Number(pick('cotaNegros'));
      const indigenas = Number(pick('cotaIndigenas'));
      if (negros + indigenas > 100) throw unprocessable({ cotaIndigenas: ['As vagas reservadas às cotas somam mais de 100%.'] });
      values.reservaResumo = describeReserva({ vagas: Number(pick('vagas')), cotaNegros: negros, cotaIndigenas: indigenas });
      // the appeal period is never empty (the field's default when not given)
      if (pick('diasRecurso') === null || pick('diasRecurso') === undefined) values.diasRecurso = callsDef.fields.diasRecurso.default;
    },
    async beforeDelete(existing) {
      if (existing.situacao !== 'rascunho') throw conflict(`Só editais em rascunho podem ser excluídos. Situação deste: ${labelOf(CALL_SITUACOES, existing.situacao)}.`);
    },
  },
  available: {
    async abrir(row) {
      return String(row.inscricoesFim) < todayInSaoPaulo() ? `O fim das inscrições (${formatDate(String(row.inscricoesFim))}) já passou: altere as datas antes de abrir.` : null;
    },
    async publicar_preliminar(row, { db }) {
      const [c] = await db.select({
        analise: sql<number>`count(*) filter (where ${cultureApplications.situacao} = 'em_analise')`,
        semNota: sql<number>`count(*) filter (where ${cultureApplications.situacao} = 'habilitada' and ${cultureApplications.nota} is null)`,
      }).from(cultureApplications).where(eq(cultureApplications.call_id, Number(row.id)));
      const analise = Number(c?.analise ?? 0);
      const semNota = Number(c?.semNota ?? 0);
      if (analise) return analise === 1 ? 'Uma inscrição aguarda a habilitação.' : `${analise} inscrições aguardam a habilitação.`;
      if (semNota) return semNota === 1 ? 'Uma inscrição habilitada ainda não tem nota.' : `${semNota} inscrições habilitadas ainda não têm nota.`;
      return null;
    },
    async publicar_resultado(row, { db }) {
      if (todayInSaoPaulo() <= String(row.prazoRecurso)) return `Os proponentes podem recorrer até ${formatDate(String(row.prazoRecurso))}: o resultado final sai depois.`;
      const [c] = await db.select({ n: sql<number>`count(*)` }).from(cultureApplications)
        .where(and(eq(cultureApplications.call_id, Number(row.id)), eq(cultureApplications.recursoSituacao, 'pendente')));
      const n = Number(c?.n ?? 0);
      return n ? (n === 1 ? 'Um recurso aguarda julgamento.' : `${n} recursos aguardam julgamento.`) : null;
    },
    async inscrever(row, { db, auth }) {
      return whyNotApply(db, auth, row);
    },
  },
  prepare: {
    async inscrever(row, { db, auth }) {
      const reg = await registrationOf(db, auth);
      const choices = CONCORRENCIAS.filter((c) => !reg || !motivoInelegivel(c.value, reg.autodeclaracao)).map((c) => ({ value: c.value, label: c.label }));
      return { values: { valorSolicitado: row.valorPorProjeto, concorrencia: 'ampla' }, choices: { concorrencia: choices } };
    },
  },
  actions: {
    async abrir(ctx) {
      const call = ctx.record!;
      const row = await update(scopeOf(ctx, ctx.req), callsDef, call, { situacao: 'inscricoes_abertas' }, {
        hooks: false, action: 'abrir', where: sql`${tableFor(callsDef).cols.situacao} = 'rascunho'`,
      });
      // notify: a call opened → the artists and groups of the company (by e-mail too: they are outside the staff)
      await notify(ctx, {
        kind: 'edital_inscricao', roles: ['pm_cultura_artista', 'pm_cultura_grupo'], title: `Edital aberto: ${call.titulo}`.slice(0, 200),
        body: `Edital ${call.numero}. Inscrições de ${formatDate(String(call.inscricoesInicio))} a ${formatDate(String(call.inscricoesFim))}. ${row.reservaResumo ?? ''}`.trim(),
        link: `${callsDef.screen}/${call.id}`,
      });
      return recordAnswer(ctx, callsDef, row);
    },
    async encerrar_inscricoes(ctx) {
      const scope = scopeOf(ctx, ctx.req);
      const row = await update(scope, callsDef, ctx.record!, { situacao: 'em_avaliacao' }, {
        hooks: false, action: 'encerrar_inscricoes', where: sql`${tableFor(callsDef).cols.situacao} = 'inscricoes_abertas'`,
      });
      const open = await ctx.db.select().from(cultureApplications)
        .where(and(eq(cultureApplications.call_id, Number(row.id)), eq(cultureApplications.situacao, 'inscrita')));
      for (const app of open) await update(scope, appsDef, app as Row, { situacao: 'em_analise' }, { hooks: false, action: 'encerrar_inscricoes' });
      return { ...(await recordAnswer(ctx, callsDef, row)), message: `Inscrições encerradas: ${open.length} ${open.length === 1 ? 'inscrição passa' : 'inscrições passam'} à análise.` };
    },
    async publicar_preliminar(ctx) {
      const call = ctx.record!;
      const prazoRecurso = addDays(todayInSaoPaulo(), Number(call.diasRecurso));
      // the call first: the notifications say until when one may appeal
      const row = await update(scopeOf(ctx, ctx.req), callsDef, call, { situacao: 'resultado_preliminar', preliminarEm: new Date(), prazoRecurso }, {
        hooks: false, action: 'publicar_preliminar', where: sql`${tableFor(callsDef).cols.situacao} = 'em_avaliacao'`,
      });
      const chosen = await writeRanking(ctx, row, (await qualified(ctx.db, Number(call.id))) as Row[], false, 'publicar_preliminar');
      return { ...(await recordAnswer(ctx, callsDef, row)), message: `Resultado preliminar publicado: ${chosen} ${chosen === 1 ? 'projeto selecionado' : 'projetos selecionados'}. Recursos até ${formatDate(prazoRecurso)}.` };
    },
    async publicar_resultado(ctx) {
      const call = ctx.record!;
      const row = await update(scopeOf(ctx, ctx.req), callsDef, call, { situacao: 'resultado_publicado', resultadoEm: new Date() }, {
        hooks: false, action: 'publicar_resultado', where: sql`${tableFor(callsDef).cols.situacao} = 'resultado_preliminar'`,
      });
      // ranked again with the scores the appeals changed
      const chosen = await writeRanking(ctx, row, (await ofCall(ctx.db, Number(call.id), CLASSIFICADA)) as Row[], true, 'publicar_resultado');
      return { ...(await recordAnswer(ctx, callsDef, row)), message: `Resultado final publicado: ${chosen} ${chosen === 1 ? 'projeto selecionado' : 'projetos selecionados'}.` };
    },
    async inscrever(ctx) {
      const call = ctx.record!;
      const auth = ctx.auth!;
      const reg = await registrationOf(ctx.db, auth);
      if (!reg) throw conflict('Faça seu cadastro cultural (Meu Cadastro) antes de se inscrever.');
      const b = ctx.body as { projeto: string; resumo: string; valorSolicitado: number; concorrencia: Concorrencia; declaracao?: boolean };
      if (b.declaracao !== true) throw unprocessable({ declaracao: ['É necessário declarar que as informações são verdadeiras e que leu o edital.'] });
      const scope = scopeOf(ctx, ctx.req);
      const created = await create(scope, appsDef, { projeto: b.projeto, resumo: b.resumo, valorSolicitado: b.valorSolicitado, concorrencia: b.concorrencia }, {
        set: {
          call_id: call.id, user_id: auth.userId, [reg.kind === 'artist' ? 'artist_id' : 'artist_group_id']: reg.id,
          proponente: reg.nome.slice(0, 200), situacao: 'inscrita', chave: keyOf(call.id, auth.userId),
        },
        action: 'inscrever',
      });
      const file = ctx.files?.arquivo;
      if (file) await attach(scope, appsDef, created, 'arquivo', file);
      return {
        ...(await recordAnswer(ctx, callsDef, call)),
        message: `Inscrição realizada: “${created.projeto}”. Você pode alterá-la até ${formatDate(String(call.inscricoesFim))}.`,
        application: { id: created.id },
      };
    },
    async resultado(ctx) {
      const call = await findOne(ctx.db, callsDef, ctx.auth, ctx.id!);
      if (!call) throw notFoundOf(callsDef);
      const staff = !restricted(callsDef, ctx.auth);
      const published = (RESULTADO_PUBLICADO as readonly unknown[]).includes(call.situacao);
      if (!published && !staff) return { data: [], meta: { total: 0, notice: 'O resultado será publicado depois da avaliação das inscrições.' } };
      let rows: Row[];
      if (published) {
        rows = (await ctx.db.select().from(cultureApplications)
          .where(and(eq(cultureApplications.call_id, Number(call.id)), inArray(cultureApplications.situacao, [...CLASSIFICADA])))
          .orderBy(sql`${cultureApplications.classificacao} asc nulls last`, asc(cultureApplications.id))) as Row[];
      } else {
        // the staff's preview: the ranking of the current scores, not yet written
        const apps = (await qualified(ctx.db, Number(call.id))) as Row[];
        const byId = new Map(apps.map((a) => [Number(a.id), a]));
        rows = rank(call, apps).lista.map((x) => ({ ...byId.get(x.id)!, situacao: x.resultado, classificacao: x.classificacao, vaga: x.vaga, remanejada: x.remanejada }));
      }
      const out = await serialize(ctx, appsDef, rows, ctx.auth, undefined, true);
      const data = staff ? out : out.map((row, i) => {
        const mine = rows[i].user_id === ctx.auth?.userId;
        return Object.fromEntries([...PUBLIC_RESULT, ...(mine ? OWN_RESULT : [])].map((k) => [k, row[k]]));
      });
      const notice = !published
        ? 'Prévia: o resultado ainda não foi publicado. A classificação segue as notas dadas até agora e as vagas reservadas às cotas.'
        : call.situacao === 'resultado_preliminar'
          ? `Resultado preliminar: os proponentes podem recorrer até ${formatDate(String(call.prazoRecurso))}. O resultado final sai depois do julgamento dos recursos.`
          : undefined;
      return { data, meta: { total: data.length, ...(notice ? { notice } : {}) } };
    },
  },
}, 'cultura-fomento');

/* ------------------------------------------------------------------ applications */

defineBehaviour(appsDef, {
  hooks: {
    /**
     * an application is its applicant's text: only they change it (and its file), and only while the call takes
     * applications; the staff acts through the record actions (server changes)
     */
    async guard(existing, ctx) {
      if (ctx.serverChange) return;
      if (existing.user_id !== ctx.auth.userId) throw forbidden(ONLY_APPLICANT);
      const why = closedReason(await callOf(ctx.db, existing.call_id));
      if (why) throw conflict(`${why} A inscrição não pode mais ser alterada.`);
    },
    async beforeWrite(values, existing, ctx) {
      const call = await callOf(ctx.db, values.call_id ?? existing?.call_id);
      const valor = 'valorSolicitado' in values ? Number(values.valorSolicitado) : null;
      if (valor !== null && valor > Number(call.valorPorProjeto)) {
        throw unprocessable({ valorSolicitado: [`O valor solicitado não pode passar do valor por projeto do edital (${formatMoney(Number(call.valorPorProjeto))}).`] });
      }
      if ('concorrencia' in values) {
        const decl = await registrationOfApplication(ctx.db, { ...existing, ...values });
        const why = motivoInelegivel(values.concorrencia as Concorrencia, decl ?? {});
        if (why) throw unprocessable({ concorrencia: [why] });
      }
    },
  },
  // withdrawing is the applicant's own decision: nobody else is offered it (the superadmin included)
  offered: {
    desistir: async (row, { auth }) => (row.user_id === auth.userId ? null : ONLY_APPLICANT),
    recorrer: async (row, { auth }) => (row.user_id === auth.userId ? null : ONLY_APPLICANT),
  },
  available: {
    recorrer: (row, checks) => appealPeriod(row, checks, false),
    julgar_recurso: (row, checks) => appealPeriod(row, checks, true),
    habilitar: evaluating,
    inabilitar: evaluating,
    avaliar: evaluating,
  },
  actions: {
    async habilitar(ctx) {
      const row = await update(scopeOf(ctx, ctx.req), appsDef, ctx.record!, { situacao: 'habilitada', motivoSituacao: null }, {
        hooks: false, action: 'habilitar', where: sql`${tableFor(appsDef).cols.situacao} = ${ctx.record!.situacao}`,
      });
      return recordAnswer(ctx, appsDef, row);
    },
    async inabilitar(ctx) {
      const motivo = String((ctx.body as { motivo: string }).motivo).trim();
      const app = ctx.record!;
      const row = await update(scopeOf(ctx, ctx.req), appsDef, app, { situacao: 'inabilitada', motivoSituacao: motivo }, {
        hooks: false, action: 'inabilitar', where: sql`${tableFor(appsDef).cols.situacao} = ${app.situacao}`,
      });
      // notify: an application refused → its applicant, with the reason (they may appeal)
      if (app.user_id) {
        await notify(ctx, {
          kind: 'edital_inscricao', userIds: [Number(app.user_id)], title: `Inscrição inabilitada: ${app.projeto}`.slice(0, 200),
          body: `Motivo: ${motivo}`, link: `${appsDef.screen}/${app.id}`,
        });
      }
      return recordAnswer(ctx, appsDef, row);
    },
    async avaliar(ctx) {
      const b = ctx.body as { nota: number; parecer: string };
      const row = await update(scopeOf(ctx, ctx.req), appsDef, ctx.record!, { nota: b.nota, parecer: b.parecer.trim(), avaliador_id: ctx.auth!.userId }, {
        hooks: false, action: 'avaliar', where: sql`${tableFor(appsDef).cols.situacao} = 'habilitada'`,
      });
      return recordAnswer(ctx, appsDef, row);
    },
    async recorrer(ctx) {
      const recurso = String((ctx.body as { recurso: string }).recurso).trim();
      const row = await update(scopeOf(ctx, ctx.req), appsDef, ctx.record!, { recurso, recursoEm: new Date(), recursoSituacao: 'pendente' }, {
        hooks: false, action: 'recorrer', where: sql`${tableFor(appsDef).cols.recursoSituacao} is null`,
      });
      return { ...(await recordAnswer(ctx, appsDef, row)), message: 'Recurso apresentado. Você será avisado do julgamento.' };
    },
    async julgar_recurso(ctx) {
      const b = ctx.body as { decisao: 'deferido' | 'indeferido'; resposta: string; nota?: number | null };
      const app = ctx.record!;
      const changes: Row = { recursoSituacao: b.decisao, respostaRecurso: b.resposta.trim() };
      // an appeal granted may change the score; a refused one never does
      if (b.decisao === 'deferido' && b.nota !== undefined && b.nota !== null) changes.nota = b.nota;
      const row = await update(scopeOf(ctx, ctx.req), appsDef, app, changes, {
        hooks: false, action: 'julgar_recurso', where: sql`${tableFor(appsDef).cols.recursoSituacao} = 'pendente'`,
      });
      // notify: the appeal judged → its applicant, with the answer
      if (app.user_id) {
        await notify(ctx, {
          kind: 'edital_inscricao', userIds: [Number(app.user_id)], title: `Recurso ${b.decisao}: ${app.projeto}`.slice(0, 200),
          body: `${b.resposta.trim()}${changes.nota !== undefined ? `\nNova nota: ${String(changes.nota).replace('.', ',')}.` : ''}`, link: `${appsDef.screen}/${app.id}`,
        });
      }
      return recordAnswer(ctx, appsDef, row);
    },
    async desistir(ctx) {
      const app = ctx.record!;
      const scope = scopeOf(ctx, ctx.req);
      const row = await update(scope, appsDef, app, { situacao: 'desistente' }, {
        hooks: false, action: 'desistir', where: sql`${tableFor(appsDef).cols.situacao} = ${app.situacao}`,
      });
      // a place left after the final result goes to the next substitute (before it, the final ranking fills it)
      const call = await callOf(ctx.db, app.call_id);
      if (app.situacao !== 'selecionada' || call.situacao !== 'resultado_publicado' || !app.vaga) return recordAnswer(ctx, appsDef, row);
      const waiting = (await ofCall(ctx.db, Number(call.id), ['suplente'])) as Row[];
      const next = convocar(
        { vaga: app.vaga as Concorrencia, remanejada: !!app.remanejada },
        waiting.map((w) => ({ id: Number(w.id), classificacao: Number(w.classificacao), concorrencia: w.concorrencia as Concorrencia })),
      );
      const called = next && waiting.find((w) => Number(w.id) === next.id);
      if (next && called) {
        const up = await update(scope, appsDef, called, { situacao: 'selecionada', vaga: next.vaga, remanejada: next.remanejada }, {
          hooks: false, action: 'convocar', where: sql`${tableFor(appsDef).cols.situacao} = 'suplente'`,
        });
        await tellResult(ctx, call, up, true, 'Convocado da lista de suplentes');
      }
      // notify: a selected project withdrew → the culture staff, with who was called in its place
      await notify(ctx, {
        kind: 'edital_inscricao', roles: ['pm_cultura_admin'], title: `Desistência no edital ${call.numero}: ${app.projeto}`.slice(0, 200),
        body: called ? `Convocado da lista de suplentes: ${called.proponente} (“${called.projeto}”).` : 'Não há suplentes: a vaga fica sem projeto.',
        link: `${appsDef.screen}/${app.id}`,
      });
      return recordAnswer(ctx, appsDef, row);
    },
  },
}, 'cultura-fomento');
