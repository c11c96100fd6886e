/**
 * Votings of the session's items: opened with the item's rule and presence quorum, closed with the result the domain
 * computes (the same count the panel showed live), cancelled, annulled, reopened or voted again with a reason, and
 * the impediments. Every result flows back to the matter (ciclo-legislativo.md).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  computeResult, countNominal, phaseOfKind, labelOf, OUTCOMES, PHASES, PRESENCE_QUORUMS, QUORUM_RULES, VOTING_KINDS, type Phase, type PresidentRule, type QuorumRule, type ResultOutput, type VoteChoice, type VotingKind,
} from '@paco/domain/plenary';
import { matters, parliamentaries, plenaryMatters, plenaryMinutes, secretTallies, types, vottings } from '../../db/schema.generated.ts';
import { itemAtaJoin, itemIdentificacao, itemMatterJoin } from './item-subject.ts';
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
async function openVoting(ctx: ActionContext, tx: Tx, s: Row, pm: Row, tipo: VotingKind, extra: { motivo?: string; anterior_id?: number; bloco?: Row[] } = {}): Promise<Row> {
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
  if (extra.bloco) created = await openBlock(ctx, tx, created, values, extra.bloco);
  // a secret ballot's totals: the only place its choices ever exist
  if (tipo === 'secreta') await insertRows(txWrite(ctx, tx), secretTallies, { company_id: s.company_id, votting_id: created.id, chave: created.id, sim: 0, nao: 0, abstencao: 0 });
  const block = extra.bloco ? ` em bloco dos itens ${[pm, ...extra.bloco].map((x) => `#${x.id}`).join(', ')}` : '';
  await audit(tx, ctx.req, ctx.auth, 'create', vottingsDef, created.id, {
    plenary_matter_id: pm.id, tipo, regra: rule.regra, quorum_presenca: rule.quorum_presenca, ...(extra.motivo ? { motivo: extra.motivo } : {}),
    ...(extra.bloco ? { bloco: [pm.id, ...extra.bloco.map((x) => x.id)] } : {}),
  }, tipo === 'leitura' ? `${ctx.auth!.name} registrou a leitura${block || ` da matéria #${pm.id}`}`
    : `${ctx.auth!.name} abriu ${extra.anterior_id ? 'nova votação' : 'a votação'} ${labelOf(VOTING_KINDS, tipo).toLowerCase()}${block || ` da matéria #${pm.id}`}${extra.motivo ? `: ${extra.motivo}` : ''}`.slice(0, 480));
  // a reading is a result on the agenda at once; a new voting took the annulled result off it
  await publish(tx, ctx, s.id, tipo === 'leitura' || extra.anterior_id ? ['voting', 'agenda'] : ['voting']);
  return created;
}

/* ---------------------------------------------------------------------------------------------------------------- */
/* Votação em bloco (decision 0056): one voting — the block's, on its first item — that the members vote on and whose  */
/* result is computed once; every other item of the block has its own voting row pointing at it (`bloco_id`), which   */
/* takes the same state (open, closed with the result, cancelled, annulled, reopened) in the same transaction, and    */
/* each item gets its own effect. Every act of the Mesa on any item of a block acts on the whole block.               */

/** Writes the other items' votings of a block, opened with the block's voting: the same values, their own item. */
async function openBlock(ctx: ActionContext, tx: Tx, lead: Row, values: Record<string, unknown>, others: Row[]): Promise<Row> {
  const [u] = await updateRows(txWrite(ctx, tx), vottings, eq(vottings.id, lead.id), { bloco_id: lead.id });
  await insertRows(txWrite(ctx, tx), vottings, others.map((o) => ({ ...values, plenary_matter_id: o.id, aberta_chave: null, bloco_id: lead.id })) as never);
  return u as Row;
}

/** The votings of a block, the block's own first (then the items' in the pauta's order); `[v]` for a voting of one item. */
export async function blockRows(tx: Tx, v: Row): Promise<Row[]> {
  if (!v.bloco_id) return [v];
  const rows = (await tx.select().from(vottings).where(eq(vottings.bloco_id, v.bloco_id)).orderBy(asc(vottings.id))) as Row[];
  return [...rows.filter((r) => r.id === v.bloco_id), ...rows.filter((r) => r.id !== v.bloco_id)];
}

/** The block's voting of an item's voting (itself when it is not a block's item), locked for the caller. */
async function blockVoting(tx: Tx, v: Row | undefined): Promise<Row | undefined> {
  if (!v?.bloco_id || v.bloco_id === v.id) return v;
  const [lead] = await tx.select().from(vottings).where(eq(vottings.id, v.bloco_id)).for('update').limit(1);
  return (lead as Row) ?? v;
}

/**
 * Gives the other items of a block the state the block's voting took (`lead`, already written), and answers every
 * voting of the block with its item: the caller applies or undoes each item's effect.
 */
async function spreadToBlock(ctx: ActionContext, tx: Tx, lead: Row, set: Record<string, unknown>, audited: { changes: Record<string, unknown>; what: string }): Promise<{ voting: Row; item: Row }[]> {
  const rows = await blockRows(tx, lead);
  const others = rows.slice(1);
  const updated = others.length
    ? ((await updateRows(txWrite(ctx, tx), vottings, inArray(vottings.id, others.map((o) => o.id)), { ...set, aberta_chave: null })) as Row[]).sort((a, b) => a.id - b.id)
    : [];
  for (const o of updated) {
    await audit(tx, ctx.req, ctx.auth, 'update', vottingsDef, o.id, { ...audited.changes, bloco_id: lead.id }, `${ctx.auth!.name} ${audited.what} (votação em bloco #${lead.id}) da matéria #${o.plenary_matter_id}`.slice(0, 480));
  }
  const all = [lead, ...updated];
  const items = await tx.select().from(plenaryMatters).where(inArray(plenaryMatters.id, all.map((x) => x.plenary_matter_id)));
  const byId = new Map(items.map((i) => [i.id, i as Row]));
  return all.map((voting) => ({ voting, item: byId.get(voting.plenary_matter_id)! }));
}

const BLOCK_FIELD = 'plenary_matter_ids';
const andList = (xs: string[]): string => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} e ${xs[xs.length - 1]}`);

/**
 * Checks and opens a block voting of a session (the caller holds its lock): two or more items of this session, of the
 * same phase, on the pauta, not voted, with the same voting kind (simbólica, nominal, or leitura) and the same quorum
 * rule with its presence quorum. A refusal names the items.
 */
async function openBlockVoting(ctx: ActionContext, tx: Tx, s: Row, ids: number[]): Promise<Row> {
  requireRunning(s);
  const rows = await tx.select({ pm: plenaryMatters, identificacao: itemIdentificacao }).from(plenaryMatters)
    .leftJoin(matters, itemMatterJoin).leftJoin(plenaryMinutes, itemAtaJoin)
    .where(and(inArray(plenaryMatters.id, ids), eq(plenaryMatters.plenary_session_id, s.id), eq(plenaryMatters.company_id, s.company_id)))
    .orderBy(sql`case when ${plenaryMatters.kind} = 'expediente' then 0 else 1 end`, sql`${plenaryMatters.numOrdem} nulls last`, asc(plenaryMatters.id));
  // another session's or company's item, or an unknown id: not on this pauta (never saying which exists elsewhere)
  if (rows.length !== ids.length) throw unprocessable({ [BLOCK_FIELD]: ['Há itens que não estão na pauta desta sessão.'] }, 'Há itens que não estão na pauta desta sessão: recarregue a pauta.');
  const items = rows.map((r): Row => ({ ...r.pm, identificacao: r.identificacao ?? `Matéria nº ${r.pm.matter_id}` }));
  const names = (xs: Row[]) => andList(xs.map((x) => x.identificacao));
  if (new Set(items.map((i) => i.kind)).size > 1) {
    throw unprocessable({ [BLOCK_FIELD]: ['Um bloco reúne itens de uma só fase: expediente ou ordem do dia.'] }, 'Um bloco reúne itens de uma só fase: expediente ou ordem do dia.');
  }
  const off = items.filter((i) => i.situacao && i.situacao !== 'em_pauta');
  const one = (xs: unknown[], singular: string, plural: string) => (xs.length === 1 ? singular : plural);
  if (off.length) {
    throw conflict(`${one(off, 'Este item saiu da pauta desta sessão e não pode ser votado nela', 'Estes itens saíram da pauta desta sessão e não podem ser votados nela')}: ${andList(off.map((i) => `${i.identificacao} (${i.situacao_obs ?? i.situacao})`))}. ${one(off, 'Tire-o', 'Tire-os')} do bloco.`);
  }
  const decided: string[] = [];
  for (const i of items) {
    const d = await decidedVoting(tx, i.id);
    if (d) decided.push(`${i.identificacao} (${labelOf(OUTCOMES, d.resultado)})`);
  }
  if (decided.length) {
    throw conflict(`${one(decided, 'Este item já foi votado', 'Estes itens já foram votados')}: ${andList(decided)}. ${one(decided, 'Tire-o do bloco; para votá-lo', 'Tire-os do bloco; para votá-los')} de novo, use “Nova votação” no item.`);
  }
  const kinds = new Map<VotingKind, Row[]>();
  for (const i of items) {
    const k = await tipoOf(tx, i);
    kinds.set(k, [...(kinds.get(k) ?? []), i]);
  }
  if (kinds.size > 1) {
    const parts = [...kinds].map(([k, xs]) => `${labelOf(VOTING_KINDS, k).toLowerCase()}: ${names(xs)}`);
    throw unprocessable({ [BLOCK_FIELD]: ['Os itens de um bloco têm o mesmo tipo de votação.'] }, `Os itens de um bloco têm o mesmo tipo de votação; estes diferem (${parts.join('; ')}).`);
  }
  const [tipo] = [...kinds.keys()];
  if (tipo === 'secreta') throw unprocessable({ [BLOCK_FIELD]: ['A votação secreta não é feita em bloco: vote cada item.'] }, 'A votação secreta não é feita em bloco: vote cada item.');
  if (tipo !== 'leitura') {
    const rules = new Map<string, Row[]>();
    for (const i of items) {
      const r = await ruleOf(tx, s.company_id, i.tipo_meteria_id ?? null, i.turno_id ?? null);
      const key = `${labelOf(QUORUM_RULES, r.regra).toLowerCase()}, presença de ${labelOf(PRESENCE_QUORUMS, r.quorum_presenca).toLowerCase()}`;
      rules.set(key, [...(rules.get(key) ?? []), i]);
    }
    if (rules.size > 1) {
      const parts = [...rules].map(([k, xs]) => `${k}: ${names(xs)}`);
      throw unprocessable({ [BLOCK_FIELD]: ['Os itens de um bloco têm a mesma regra de quórum.'] }, `Os itens de um bloco têm a mesma regra de quórum; estes diferem (${parts.join('; ')}).`);
    }
  }
  return openVoting(ctx, tx, s, items[0], tipo, { bloco: items.slice(1) });
}

/** `POST plenary_sessions/:id/add_votting_bloco` (merged into the session's actions). */
export const blockActions: Record<string, ActionHandler> = {
  async add_votting_bloco(ctx) {
    const ids = (ctx.body as { plenary_matter_ids: number[] }).plenary_matter_ids;
    if (new Set(ids).size !== ids.length) throw unprocessable({ [BLOCK_FIELD]: ['Um item aparece mais de uma vez no bloco.'] });
    const v = await withSession(ctx, ctx.id, (tx, s) => openBlockVoting(ctx, tx, s, ids));
    ctx.reply.status(201);
    return { data: await serializeVoting(ctx, v) };
  },
};

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
      if (previous.bloco_id) {
        throw conflict('Esta matéria foi votada em bloco: o resultado vale para todos os itens do bloco. Para votá-la de novo, anule o resultado do bloco (“Anular resultado”) e abra a votação dos itens de novo.');
      }
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
      const [mine] = await tx.select().from(vottings).where(and(eq(vottings.plenary_matter_id, pm.id), eq(vottings.status, 'aberta'))).for('update').limit(1);
      // an item of a block closes the block: its voting is where the votes are
      const open = await blockVoting(tx, mine as Row | undefined);
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
      const closed = {
        status: 'encerrada', aberta_chave: null, presentes, sim: result.counted.sim, nao: result.counted.nao, abstencao: result.counted.abstencao,
        voto_presidente: tipo === 'secreta' ? null : presidentVote, presidente_computado: tipo !== 'secreta' && result.presidentCounted,
        exigidos: result.exigidos, resultado: result.resultado, explicacao: result.explicacao.slice(0, 500),
        encerradaEm: sql`now()`, encerrada_por: ctx.auth!.userId,
      };
      const [u] = await updateRows(txWrite(ctx, tx), vottings, eq(vottings.id, open.id), closed);
      const changes = { status: { de: 'aberta', para: 'encerrada' }, resultado: result.resultado, ...result.counted };
      await audit(tx, ctx.req, ctx.auth, 'update', vottingsDef, open.id, changes, `${ctx.auth!.name} encerrou a votação${open.bloco_id ? ' em bloco' : ''} #${open.id}: ${result.explicacao}`.slice(0, 480));
      // the result flows back to each matter of the block, as if voted alone: the step it implies, in this transaction (ciclo-legislativo.md)
      for (const x of await spreadToBlock(ctx, tx, u as Row, { ...closed, impedidos: impededOf(open) }, { changes, what: `encerrou a votação: ${result.explicacao}` })) {
        await applyVoteEffect(writeScope(ctx, tx), s, x.item, x.voting);
      }
      await publish(tx, ctx, s.id, ['voting', 'agenda']);
      return u as Row;
    });
  },

  /** Cancels the OPEN voting (a proclaimed result is annulled only by annul_result, issue 16 item 4). */
  cancel_votting(ctx) {
    const { motivo } = ctx.body as { motivo: string };
    return onItemVoting(ctx, async (tx, s, pm) => {
      const [mine] = await tx.select().from(vottings).where(and(eq(vottings.plenary_matter_id, pm.id), eq(vottings.status, 'aberta'))).for('update').limit(1);
      const open = await blockVoting(tx, mine as Row | undefined);
      if (!open) {
        const decided = await decidedVoting(tx, pm.id);
        throw conflict(decided
          ? `Não há votação aberta desta matéria. O resultado já proclamado (${labelOf(OUTCOMES, decided.resultado)}) só pode ser desfeito por “Anular resultado”, com o motivo.`
          : 'Não há votação aberta desta matéria para cancelar.');
      }
      if (s.finalizada) throw conflict('A sessão plenária está finalizada.');
      const [u] = await updateRows(txWrite(ctx, tx), vottings, eq(vottings.id, open.id), { status: 'cancelada', aberta_chave: null, motivo });
      const changes = { status: { de: 'aberta', para: 'cancelada' }, motivo };
      await audit(tx, ctx.req, ctx.auth, 'update', vottingsDef, open.id, changes, `${ctx.auth!.name} cancelou a votação${open.bloco_id ? ' em bloco' : ''} #${open.id}: ${motivo}`.slice(0, 480));
      await spreadToBlock(ctx, tx, u as Row, { status: 'cancelada', motivo }, { changes, what: `cancelou a votação: ${motivo}` });
      await publish(tx, ctx, s.id, ['voting', 'agenda']);
      return u as Row;
    });
  },

  /** Annuls a proclaimed result, with the reason: recorded, audited and shown on every screen. */
  annul_result(ctx) {
    const { motivo } = ctx.body as { motivo: string };
    return onItemVoting(ctx, async (tx, s, pm) => {
      if (s.finalizada) throw conflict('A sessão plenária está finalizada.');
      const mine = await decidedVoting(tx, pm.id);
      // a block's result is annulled for every item together
      const last = await blockVoting(tx, mine ?? undefined);
      if (!last) throw conflict('Esta matéria não tem resultado proclamado para anular.');
      if (last.status !== 'encerrada') throw conflict('O resultado desta votação em bloco já foi anulado.');
      const [u] = await updateRows(txWrite(ctx, tx), vottings, eq(vottings.id, last.id), { status: 'cancelada', aberta_chave: null, motivo });
      const changes = { status: { de: 'encerrada', para: 'cancelada' }, resultado: last.resultado, motivo };
      await audit(tx, ctx.req, ctx.auth, 'update', vottingsDef, last.id, changes,
        `${ctx.auth!.name} anulou o resultado da votação${last.bloco_id ? ' em bloco' : ''} #${last.id} (${labelOf(OUTCOMES, last.resultado)}): ${motivo}`.slice(0, 480));
      for (const x of await spreadToBlock(ctx, tx, u as Row, { status: 'cancelada', motivo }, { changes, what: `anulou o resultado: ${motivo}` })) {
        await undoVoteEffect(writeScope(ctx, tx), x.voting.id, `Resultado anulado: ${motivo}`);
      }
      await publish(tx, ctx, s.id, ['voting', 'agenda']);
      return u as Row;
    });
  },

  impedimento(ctx) {
    const b = ctx.body as { parliamentary_id: number; impedido: boolean };
    return onItemVoting(ctx, async (tx, s, pm) => {
      const [mine] = await tx.select().from(vottings).where(and(eq(vottings.plenary_matter_id, pm.id), eq(vottings.status, 'aberta'))).for('update').limit(1);
      const open = await blockVoting(tx, mine as Row | undefined);
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
      const last = await blockVoting(tx, (await decidedVoting(tx, pm.id)) ?? undefined);
      if (!last || last.status !== 'encerrada') throw conflict('Não há votação encerrada desta matéria para reabrir.');
      if (last.tipo === 'leitura') throw conflict('A leitura não tem votação para reabrir.');
      if (last.tipo === 'secreta') {
        throw conflict('Uma votação secreta encerrada não pode ser reaberta: a diferença entre a contagem proclamada e a nova revelaria votos. Use “Nova votação”, com o motivo.');
      }
      const open = await openVotingLabel(tx, s.company_id);
      if (open) throw conflict(`Já há uma votação aberta: ${open}. Encerre-a antes de reabrir outra.`);
      const reopened = {
        status: 'aberta', resultado: null, explicacao: null, exigidos: null, encerradaEm: null, encerrada_por: null, motivo,
        voto_presidente: null, presidente_computado: false,
        ...(last.tipo === 'nominal' ? { sim: 0, nao: 0, abstencao: 0 } : {}),
      };
      const [u] = await updateRows(txWrite(ctx, tx), vottings, eq(vottings.id, last.id), { ...reopened, aberta_chave: 1 });
      const changes = { status: { de: 'encerrada', para: 'aberta' }, resultado: last.resultado, motivo };
      await audit(tx, ctx.req, ctx.auth, 'update', vottingsDef, last.id, changes, `${ctx.auth!.name} reabriu a votação${last.bloco_id ? ' em bloco' : ''} #${last.id}: ${motivo}`.slice(0, 480));
      for (const x of await spreadToBlock(ctx, tx, u as Row, reopened, { changes, what: `reabriu a votação: ${motivo}` })) {
        await undoVoteEffect(writeScope(ctx, tx), x.voting.id, `Votação reaberta: ${motivo}`);
      }
      await publish(tx, ctx, s.id, ['voting', 'agenda']);
      return u as Row;
    });
  },
};
