/**
 * Votings of the session's items: opened with the item's rule and presence quorum, closed with the result the domain
 * computes (the same count the panel showed live), cancelled, annulled, reopened or voted again with a reason, and
 * the impediments. Every result flows back to the matter (ciclo-legislativo.md).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  computeResult, countNominal, phaseOfKind, labelOf, OUTCOMES, PHASES, VOTING_KINDS, type Phase, type PresidentRule, type QuorumRule, type ResultOutput, type VoteChoice, type VotingKind,
} from '@paco/domain/plenary';
import { parliamentaries, plenaryMatters, secretTallies, types, vottings } from '../../db/schema.generated.ts';
import { withSession } from './session.ts';
import { applyVoteEffect, undoVoteEffect } from '../ciclo/index.ts';
import { writeScope } from '../ciclo/shared.ts';
import { type ActionContext, type ActionHandler, type Row } from '../../engine/context.ts';
import { notFoundOf, serialize } from '../../engine/serialize.ts';
import { insertRows, txWrite, updateRows } from '../../engine/rows.ts';
import { audit } from '../../engine/audit.ts';
import { conflict, unprocessable } from '../../http/errors.ts';
import { impededOf, nominalVotes, presenceOf, presentIn, publish, ruleOf, secretVoters, settingsOf, totalOf } from './state.ts';
import { checkMembers, mattersDef, presidentOf, requireRunning, vottingsDef, type Tx } from './live-common.ts';

async function plenaryMatterOr404(ctx: ActionContext): Promise<Row> {
  const [pm] = ctx.id ? await ctx.db.select().from(plenaryMatters).where(and(eq(plenaryMatters.id, ctx.id), eq(plenaryMatters.company_id, ctx.auth!.companyId))).limit(1) : [];
  if (!pm) throw notFoundOf(mattersDef);
  return pm as Row;
}

async function openVotingLabel(tx: Tx, companyId: number): Promise<string | null> {
  // an item is a matter or an ata (item-subject.ts)
  const rows = await tx.execute(sql`select coalesce(m.identificacao, 'Ata da ' || a.titulo) as identificacao from vottings v join plenary_matters pm on pm.id = v.plenary_matter_id
    left join matters m on m.id = pm.matter_id left join plenary_minutes a on a.id = pm.plenary_minute_id
    where v.company_id = ${companyId} and v.status = 'aberta' limit 1`);
  const r = (rows as unknown as { rows: { identificacao: string | null }[] }).rows[0];
  return r ? (r.identificacao ?? 'outra matéria') : null;
}

export async function serializeVoting(ctx: ActionContext, v: Row): Promise<Row> {
  const out = (await serialize(ctx, vottingsDef, [v], ctx.auth, undefined, false))[0];
  delete out.aberta_chave;
  // a secret ballot has no individual vote to show, not even the presiding officer's
  if (v.tipo === 'secreta') delete out.voto_presidente;
  return out;
}

/** The last voting of a matter whose result was proclaimed (status encerrada), locked for the caller. */
async function decidedVoting(tx: Tx, matterId: number): Promise<Row | null> {
  const [last] = await tx.select().from(vottings).where(and(eq(vottings.plenary_matter_id, matterId), eq(vottings.status, 'encerrada')))
    .orderBy(desc(vottings.id)).for('update').limit(1);
  return (last as Row) ?? null;
}

/** An item a pedido de vista, a retirada or an adiamento took off the session's pauta is not voted in it (ciclo-legislativo.md). */
async function requireOnThePauta(tx: Tx, itemId: number): Promise<void> {
  const [item] = await tx.select({ situacao: plenaryMatters.situacao, obs: plenaryMatters.situacao_obs }).from(plenaryMatters).where(eq(plenaryMatters.id, itemId)).limit(1);
  if (item?.situacao && item.situacao !== 'em_pauta') throw conflict(`Esta matéria saiu da pauta desta sessão (${item.obs ?? item.situacao}): não pode ser votada nela.`);
}

const DECIDED = (v: Row) =>
  `Esta matéria já foi votada (${labelOf(OUTCOMES, v.resultado)}). Para votá-la de novo, use “Nova votação” e informe o motivo; para desfazer o resultado, “Anular resultado”.`;

/**
 * Opens a voting of a matter (the caller holds the session's lock and checked the matter may be voted): presence in
 * the phase, one open voting per company, the matter's rule with its presence quorum, the presiding officer.
 */
async function openVoting(ctx: ActionContext, tx: Tx, s: Row, pm: Row, tipo: VotingKind, extra: { motivo?: string; anterior_id?: number } = {}): Promise<Row> {
  const fase = phaseOfKind(pm.kind);
  const settings = await settingsOf(tx, s.company_id);
  const presentes = await presentIn(tx, s.id, s.company_id, fase);
  if (tipo !== 'leitura' && !presentes.length) throw conflict(`Não há presenças registradas na fase ${labelOf(PHASES, fase)}. Abra a lista de presença antes da votação.`);
  const open = await openVotingLabel(tx, s.company_id);
  if (open && tipo !== 'leitura') throw conflict(`Já há uma votação aberta: ${open}. Encerre-a antes de abrir outra.`);
  const total = await totalOf(tx, ctx.storage, s, settings);
  const rule = await ruleOf(tx, s.company_id, pm.tipo_meteria_id ?? null, pm.turno_id ?? null);
  const presidente_id = s.presidente_id ?? (await presidentOf(tx, s));
  const base = {
    company_id: s.company_id, plenary_session_id: s.id, plenary_matter_id: pm.id, tipo, fase, regra: rule.regra, quorum_presenca: rule.quorum_presenca,
    presidente_regra: settings.presidente_regra, presidente_id, total, presentes: presentes.length, sim: 0, nao: 0, abstencao: 0,
    abertaEm: sql`now()`, aberta_por: ctx.auth!.userId, motivo: extra.motivo ?? null, anterior_id: extra.anterior_id ?? null,
  };
  const values = tipo === 'leitura'
    ? { ...base, status: 'encerrada', aberta_chave: null, resultado: 'lida', explicacao: 'Matéria lida em plenário (sem votação).', encerradaEm: sql`now()`, encerrada_por: ctx.auth!.userId }
    : { ...base, status: 'aberta', aberta_chave: 1 };
  let created: Row;
  try {
    [created] = (await insertRows(txWrite(ctx, tx), vottings, values as never)) as Row[];
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw conflict('Já há uma votação aberta. Encerre-a antes de abrir outra.');
    throw e;
  }
  // a secret ballot's totals: the only place its choices ever exist
  if (tipo === 'secreta') await insertRows(txWrite(ctx, tx), secretTallies, { company_id: s.company_id, votting_id: created.id, chave: created.id, sim: 0, nao: 0, abstencao: 0 });
  await audit(tx, ctx.req, ctx.auth, 'create', vottingsDef, created.id, { plenary_matter_id: pm.id, tipo, regra: rule.regra, quorum_presenca: rule.quorum_presenca, ...(extra.motivo ? { motivo: extra.motivo } : {}) },
    tipo === 'leitura' ? `${ctx.auth!.name} registrou a leitura da matéria #${pm.id}`
      : `${ctx.auth!.name} abriu ${extra.anterior_id ? 'nova votação' : 'a votação'} ${labelOf(VOTING_KINDS, tipo).toLowerCase()} da matéria #${pm.id}${extra.motivo ? `: ${extra.motivo}` : ''}`.slice(0, 480));
  // a reading is a result on the agenda at once; a new voting took the annulled result off it
  await publish(tx, ctx, s.id, tipo === 'leitura' || extra.anterior_id ? ['voting', 'agenda'] : ['voting']);
  return created;
}

const tipoOf = async (tx: Tx, pm: Row, asked?: VotingKind): Promise<VotingKind> => {
  if (asked) return asked;
  const [votation] = await tx.select({ slug: types.slug }).from(types).where(eq(types.id, pm.tipo_votacao_id)).limit(1);
  const tipo = (votation?.slug as VotingKind | undefined) ?? 'simbolica';
  if (!VOTING_KINDS.some((k) => k.value === tipo)) throw unprocessable({ tipo: ['Tipo de votação inválido.'] });
  return tipo;
};

/** An act of the Mesa on an item's voting: the item (404 in another company), its session locked, the voting answered. */
async function onItemVoting(ctx: ActionContext, fn: (tx: Tx, s: Row, pm: Row) => Promise<Row>, status?: 201) {
  const pm = await plenaryMatterOr404(ctx);
  const v = await withSession(ctx, pm.plenary_session_id, (tx, s) => fn(tx, s, pm));
  if (status) ctx.reply.status(status);
  return { data: await serializeVoting(ctx, v) };
}

const SECRET_NO_COUNTS = 'Na votação secreta os votos vêm dos aparelhos dos vereadores: a Mesa não informa contagem nem voto do presidente.';

export const matterActions: Record<string, ActionHandler> = {
  add_votting(ctx) {
    const b = ctx.body as { tipo?: VotingKind };
    return onItemVoting(ctx, async (tx, s, pm) => {
      requireRunning(s);
      await requireOnThePauta(tx, pm.id);
      const tipo = await tipoOf(tx, pm, b.tipo);
      // a decided matter is voted again only through "Nova votação", with a reason (issue 16 item 4)
      const decided = await decidedVoting(tx, pm.id);
      if (decided) throw conflict(DECIDED(decided));
      return openVoting(ctx, tx, s, pm, tipo);
    }, 201);
  },

  new_voting(ctx) {
    const b = ctx.body as { motivo: string; tipo?: VotingKind };
    return onItemVoting(ctx, async (tx, s, pm) => {
      requireRunning(s);
      await requireOnThePauta(tx, pm.id);
      const previous = await decidedVoting(tx, pm.id);
      if (!previous) throw conflict('Esta matéria ainda não tem resultado proclamado: use “Abrir votação”.');
      if (previous.tipo === 'leitura' && !b.tipo) throw conflict('A matéria foi lida, não votada: informe o tipo da nova votação.');
      const tipo = b.tipo ?? (previous.tipo as VotingKind);
      const open = await openVotingLabel(tx, s.company_id);
      if (open) throw conflict(`Já há uma votação aberta: ${open}. Encerre-a antes de abrir outra.`);
      // the previous result is annulled, with the reason, in the same transaction as the new voting
      await updateRows(txWrite(ctx, tx), vottings, eq(vottings.id, previous.id), { status: 'cancelada', aberta_chave: null, motivo: `Nova votação: ${b.motivo}`.slice(0, 500) });
      await audit(tx, ctx.req, ctx.auth, 'update', vottingsDef, previous.id, { status: { de: 'encerrada', para: 'cancelada' }, resultado: previous.resultado, motivo: b.motivo },
        `${ctx.auth!.name} anulou o resultado da votação #${previous.id} (${labelOf(OUTCOMES, previous.resultado)}) para nova votação: ${b.motivo}`.slice(0, 480));
      // the step its result added to the matter's tramitação goes with it (ciclo-legislativo.md)
      await undoVoteEffect(writeScope(ctx, tx), previous.id, `Nova votação: ${b.motivo}`);
      return openVoting(ctx, tx, s, pm, tipo, { motivo: b.motivo, anterior_id: previous.id });
    }, 201);
  },

  close_votting(ctx) {
    const b = ctx.body as { sim?: number; nao?: number; abstencao?: number; voto_presidente?: VoteChoice | null };
    return onItemVoting(ctx, async (tx, s, pm) => {
      // waits for the votes being written (they hold the voting's row in share mode) and keeps new ones out
      const [open] = await tx.select().from(vottings).where(and(eq(vottings.plenary_matter_id, pm.id), eq(vottings.status, 'aberta'))).for('update').limit(1);
      if (!open) throw conflict('Não há votação aberta para esta matéria.');
      const presentIds = await presentIn(tx, s.id, s.company_id, open.fase as Phase);
      const presentes = presentIds.length;
      const tipo = open.tipo as VotingKind;
      const rule = { rule: open.regra as QuorumRule, presence: presenceOf(open), total: open.total ?? presentes, presidentRule: open.presidente_regra as PresidentRule };
      const given = (['sim', 'nao', 'abstencao', 'voto_presidente'] as const).filter((k) => b[k] !== undefined && b[k] !== null);
      let result: ResultOutput;
      let presidentVote: VoteChoice | null = null;
      if (tipo === 'nominal') {
        if (given.length) throw unprocessable(Object.fromEntries(given.map((k) => [k, ['Na votação nominal cada vereador vota pelo próprio aparelho; a Mesa não informa contagem.']])), 'Na votação nominal a contagem vem dos votos registrados.');
        // the same count the panel showed live (issue 16 item 1)
        const c = countNominal({ ...rule, present: presentIds, impeded: impededOf(open), votes: await nominalVotes(tx, open, presentIds), presidentId: open.presidente_id ?? null });
        result = c.result;
        presidentVote = c.president?.voto ?? null;
      } else if (tipo === 'secreta') {
        if (given.length) throw unprocessable(Object.fromEntries(given.map((k) => [k, [SECRET_NO_COUNTS]])), SECRET_NO_COUNTS);
        const [t] = await tx.select().from(secretTallies).where(eq(secretTallies.votting_id, open.id)).limit(1);
        // the presiding officer votes in the urn like every member: a vote of their own would be revealed by the outcome
        result = computeResult({ ...rule, presentes, votes: { sim: t?.sim ?? 0, nao: t?.nao ?? 0, abstencao: t?.abstencao ?? 0 }, presidentVote: null, presidentRule: 'sempre' });
      } else {
        const missing: Record<string, string[]> = {};
        for (const k of ['sim', 'nao', 'abstencao'] as const) if (b[k] === undefined) missing[k] = [`Informe a contagem de ${k === 'sim' ? 'Sim' : k === 'nao' ? 'Não' : 'Abstenção'}.`];
        if (Object.keys(missing).length) throw unprocessable(missing, 'Informe a contagem da votação.');
        presidentVote = b.voto_presidente ?? null;
        const tally = { sim: b.sim!, nao: b.nao!, abstencao: b.abstencao! };
        const counted = tally.sim + tally.nao + tally.abstencao + (presidentVote ? 1 : 0) + impededOf(open).length;
        if (counted > presentes) throw unprocessable({ sim: [`A soma dos votos${impededOf(open).length ? ' e impedidos' : ''} (${counted}) passa do número de presentes (${presentes}).`] }, 'A contagem passa do número de presentes.');
        result = computeResult({ ...rule, presentes, votes: tally, presidentVote });
      }
      const impeded = impededOf(open).length;
      if (impeded) result.explicacao += `; ${impeded} ${impeded === 1 ? 'vereador impedido' : 'vereadores impedidos'}`;
      const [u] = await updateRows(txWrite(ctx, tx), vottings, eq(vottings.id, open.id), {
        status: 'encerrada', aberta_chave: null, presentes, sim: result.counted.sim, nao: result.counted.nao, abstencao: result.counted.abstencao,
        voto_presidente: tipo === 'secreta' ? null : presidentVote, presidente_computado: tipo !== 'secreta' && result.presidentCounted,
        exigidos: result.exigidos, resultado: result.resultado, explicacao: result.explicacao.slice(0, 500),
        encerradaEm: sql`now()`, encerrada_por: ctx.auth!.userId,
      });
      await audit(tx, ctx.req, ctx.auth, 'update', vottingsDef, open.id, { status: { de: 'aberta', para: 'encerrada' }, resultado: result.resultado, ...result.counted },
        `${ctx.auth!.name} encerrou a votação #${open.id}: ${result.explicacao}`.slice(0, 480));
      // the result flows back to the matter: the step it implies, in this transaction (ciclo-legislativo.md)
      await applyVoteEffect(writeScope(ctx, tx), s, pm, u as Row);
      await publish(tx, ctx, s.id, ['voting', 'agenda']);
      return u as Row;
    });
  },

  /** Cancels the OPEN voting (a proclaimed result is annulled only by annul_result, issue 16 item 4). */
  cancel_votting(ctx) {
    const { motivo } = ctx.body as { motivo: string };
    return onItemVoting(ctx, async (tx, s, pm) => {
      const [open] = await tx.select().from(vottings).where(and(eq(vottings.plenary_matter_id, pm.id), eq(vottings.status, 'aberta'))).for('update').limit(1);
      if (!open) {
        const decided = await decidedVoting(tx, pm.id);
        throw conflict(decided
          ? `Não há votação aberta desta matéria. O resultado já proclamado (${labelOf(OUTCOMES, decided.resultado)}) só pode ser desfeito por “Anular resultado”, com o motivo.`
          : 'Não há votação aberta desta matéria para cancelar.');
      }
      if (s.finalizada) throw conflict('A sessão plenária está finalizada.');
      const [u] = await updateRows(txWrite(ctx, tx), vottings, eq(vottings.id, open.id), { status: 'cancelada', aberta_chave: null, motivo });
      await audit(tx, ctx.req, ctx.auth, 'update', vottingsDef, open.id, { status: { de: 'aberta', para: 'cancelada' }, motivo }, `${ctx.auth!.name} cancelou a votação #${open.id}: ${motivo}`.slice(0, 480));
      await publish(tx, ctx, s.id, ['voting', 'agenda']);
      return u as Row;
    });
  },

  /** Annuls a proclaimed result, with the reason: recorded, audited and shown on every screen. */
  annul_result(ctx) {
    const { motivo } = ctx.body as { motivo: string };
    return onItemVoting(ctx, async (tx, s, pm) => {
      if (s.finalizada) throw conflict('A sessão plenária está finalizada.');
      const last = await decidedVoting(tx, pm.id);
      if (!last) throw conflict('Esta matéria não tem resultado proclamado para anular.');
      const [u] = await updateRows(txWrite(ctx, tx), vottings, eq(vottings.id, last.id), { status: 'cancelada', aberta_chave: null, motivo });
      await audit(tx, ctx.req, ctx.auth, 'update', vottingsDef, last.id, { status: { de: 'encerrada', para: 'cancelada' }, resultado: last.resultado, motivo },
        `${ctx.auth!.name} anulou o resultado da votação #${last.id} (${labelOf(OUTCOMES, last.resultado)}): ${motivo}`.slice(0, 480));
      await undoVoteEffect(writeScope(ctx, tx), last.id, `Resultado anulado: ${motivo}`);
      await publish(tx, ctx, s.id, ['voting', 'agenda']);
      return u as Row;
    });
  },

  impedimento(ctx) {
    const b = ctx.body as { parliamentary_id: number; impedido: boolean };
    return onItemVoting(ctx, async (tx, s, pm) => {
      const [open] = await tx.select().from(vottings).where(and(eq(vottings.plenary_matter_id, pm.id), eq(vottings.status, 'aberta'))).for('update').limit(1);
      if (!open) throw conflict('Não há votação aberta para esta matéria.');
      await checkMembers(tx, s.company_id, [b.parliamentary_id], 'parliamentary_id');
      if (open.tipo === 'secreta' && b.impedido && (await secretVoters(tx, open.id)).includes(b.parliamentary_id)) {
        throw conflict('Este vereador já votou nesta votação secreta: o voto secreto não pode ser separado da contagem. Anule a votação se o impedimento a invalida.');
      }
      const before = impededOf(open);
      const after = b.impedido ? [...new Set([...before, b.parliamentary_id])] : before.filter((x) => x !== b.parliamentary_id);
      if (after.length === before.length && after.every((x) => before.includes(x))) return open as Row;
      const [u] = await updateRows(txWrite(ctx, tx), vottings, eq(vottings.id, open.id), { impedidos: after });
      const [p] = await tx.select({ nome: parliamentaries.nome }).from(parliamentaries).where(eq(parliamentaries.id, b.parliamentary_id)).limit(1);
      await audit(tx, ctx.req, ctx.auth, 'update', vottingsDef, open.id, { impedido: { parliamentary_id: b.parliamentary_id, de: !b.impedido, para: b.impedido } },
        `${ctx.auth!.name} ${b.impedido ? 'declarou' : 'retirou'} o impedimento de ${p?.nome ?? `#${b.parliamentary_id}`} na votação #${open.id}`);
      await publish(tx, ctx, s.id, ['voting']);
      return u as Row;
    });
  },

  reopen_votting(ctx) {
    const { motivo } = ctx.body as { motivo: string };
    return onItemVoting(ctx, async (tx, s, pm) => {
      requireRunning(s);
      const last = await decidedVoting(tx, pm.id);
      if (!last) throw conflict('Não há votação encerrada desta matéria para reabrir.');
      if (last.tipo === 'leitura') throw conflict('A leitura não tem votação para reabrir.');
      if (last.tipo === 'secreta') {
        throw conflict('Uma votação secreta encerrada não pode ser reaberta: a diferença entre a contagem proclamada e a nova revelaria votos. Use “Nova votação”, com o motivo.');
      }
      const open = await openVotingLabel(tx, s.company_id);
      if (open) throw conflict(`Já há uma votação aberta: ${open}. Encerre-a antes de reabrir outra.`);
      const [u] = await updateRows(txWrite(ctx, tx), vottings, eq(vottings.id, last.id), {
        status: 'aberta', aberta_chave: 1, resultado: null, explicacao: null, exigidos: null, encerradaEm: null, encerrada_por: null, motivo,
        voto_presidente: null, presidente_computado: false,
        ...(last.tipo === 'nominal' ? { sim: 0, nao: 0, abstencao: 0 } : {}),
      });
      await audit(tx, ctx.req, ctx.auth, 'update', vottingsDef, last.id, { status: { de: 'encerrada', para: 'aberta' }, resultado: last.resultado, motivo }, `${ctx.auth!.name} reabriu a votação #${last.id}: ${motivo}`.slice(0, 480));
      await undoVoteEffect(writeScope(ctx, tx), last.id, `Votação reaberta: ${motivo}`);
      await publish(tx, ctx, s.id, ['voting', 'agenda']);
      return u as Row;
    });
  },
};
