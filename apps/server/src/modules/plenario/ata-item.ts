/**
 * The ata approved by the plenary (issue 13 §2; docs/legislativo.md): the ata (rascunho) of an earlier session goes on
 * a later session's pauta as an item (`plenary_matters.plenary_minute_id` instead of a matter) and is voted like the
 * others, under the default rule (maioria simples: it has no matter type).
 *
 * - Put on the pauta by "Incluir ata para aprovação" (the session's action) or "Incluir na pauta de uma sessão" (the
 *   ata's): same company, a session after the ata's and not finalized, the ata in rascunho and on no other open pauta.
 *   It goes first in the phase chosen (normally the expediente).
 * - Its voting closed "aprovado" (`applyAtaVote`, from the close's transaction through ciclo/efeitos.ts): the ata is
 *   aprovada in that session, on the session's date, by the operator; "rejeitado": it stays rascunho with a note.
 *   Annulled, renewed or reopened (`undoAtaVote`): the approval goes back, unless the ata was published (409).
 * - While its voting is open the ata's text is not edited nor generated again (409 "A ata está em votação").
 */
import { and, asc, desc, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { formatDate } from '@paco/domain/format';
import { labelOf, VOTING_KINDS } from '@paco/domain/plenary';
import { plenaryMatters as itemsDef, plenarySessions as sessionsDomainDef } from '@paco/domain/resources/materias';
import { plenaryMinutes as minutesDef } from '@paco/domain/resources/pauta-ata';
import type { Db } from '../../db/client.ts';
import { plenaryMatters, plenaryMinutes, plenarySessions, vottings } from '../../db/schema.generated.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import type { ActionContext, Row } from '../../engine/context.ts';
import { create, update, type WriteScope } from '../../engine/records.ts';
import { txWrite, updateRows } from '../../engine/rows.ts';
import { notFoundOf, recordAnswer } from '../../engine/serialize.ts';
import { conflict } from '../../http/errors.ts';
import { typeBySlug, writeScope } from '../ciclo/shared.ts';
import { withSession } from './session.ts';

type Kind = 'expediente' | 'ordem_dia';
const MAX_CHOICES = 50;

/** `a` comes after `b` (a later date, or the same date and registered after). */
const after = (a: { abertura: unknown; id: number }, b: { abertura: unknown; id: number }) =>
  String(a.abertura) > String(b.abertura) || (String(a.abertura) === String(b.abertura) && a.id > b.id);

/** The open session (not finalized) whose pauta holds the ata, other than `except`, or null. */
async function openPautaOf(db: Db, ataId: number, except?: number): Promise<{ id: number; titulo: string | null } | null> {
  const [row] = await db.select({ id: plenarySessions.id, titulo: plenarySessions.titulo }).from(plenaryMatters)
    .innerJoin(plenarySessions, eq(plenarySessions.id, plenaryMatters.plenary_session_id))
    .where(and(eq(plenaryMatters.plenary_minute_id, ataId), eq(plenarySessions.finalizada, false), or(eq(plenaryMatters.situacao, 'em_pauta'), sql`${plenaryMatters.situacao} is null`),
      ...(except ? [ne(plenarySessions.id, except)] : [])))
    .limit(1);
  return row ?? null;
}

/** Why the ata may not go on the session's pauta, or null (both of the same company). */
async function refusal(db: Db, ata: Row, session: Row): Promise<string | null> {
  if (session.finalizada) return 'A sessão já foi finalizada: a pauta dela não muda mais.';
  if (ata.situacao !== 'rascunho') return `A ata já foi ${ata.situacao === 'publicada' ? 'publicada' : 'aprovada'}: só uma ata em rascunho vai à pauta para aprovação.`;
  const [own] = await db.select({ id: plenarySessions.id, abertura: plenarySessions.abertura }).from(plenarySessions).where(eq(plenarySessions.id, ata.plenary_session_id)).limit(1);
  if (!own || !after(session as { abertura: unknown; id: number }, own)) {
    return `A ata é aprovada numa sessão posterior à sua (${formatDate(String(ata.data ?? own?.abertura))}).`;
  }
  const [here] = await db.select({ id: plenaryMatters.id }).from(plenaryMatters)
    .where(and(eq(plenaryMatters.plenary_session_id, session.id), eq(plenaryMatters.plenary_minute_id, ata.id))).limit(1);
  if (here) return 'A ata já está na pauta desta sessão.';
  const other = await openPautaOf(db, ata.id);
  if (other) return `A ata já está na pauta da ${other.titulo ?? `sessão nº ${other.id}`}.`;
  return null;
}

/** Sessions the ata may go on: after its own, not finalized, of its company, the nearest first. */
async function sessionsFor(db: Db, ata: Row): Promise<{ id: number; titulo: string | null }[]> {
  const [own] = await db.select().from(plenarySessions).where(eq(plenarySessions.id, ata.plenary_session_id)).limit(1);
  if (!own) return [];
  return db.select({ id: plenarySessions.id, titulo: plenarySessions.titulo }).from(plenarySessions)
    .where(and(eq(plenarySessions.company_id, ata.company_id), eq(plenarySessions.finalizada, false),
      or(gt(plenarySessions.abertura, own.abertura), and(eq(plenarySessions.abertura, own.abertura), gt(plenarySessions.id, own.id)))))
    .orderBy(asc(plenarySessions.abertura), asc(plenarySessions.id)).limit(MAX_CHOICES);
}

/** Atas the session may approve: rascunho, of earlier sessions of its company, on no open pauta, the most recent first. */
async function atasFor(db: Db, session: Row): Promise<{ id: number; titulo: string | null }[]> {
  const rows = await db.select({ id: plenaryMinutes.id, titulo: plenaryMinutes.titulo }).from(plenaryMinutes)
    .innerJoin(plenarySessions, eq(plenarySessions.id, plenaryMinutes.plenary_session_id))
    .where(and(eq(plenaryMinutes.company_id, session.company_id), eq(plenaryMinutes.situacao, 'rascunho'),
      or(lt(plenarySessions.abertura, session.abertura), and(eq(plenarySessions.abertura, session.abertura), lt(plenarySessions.id, session.id))),
      sql`not exists (select 1 from ${plenaryMatters} pm join ${plenarySessions} ps on ps.id = pm.plenary_session_id
        where pm.plenary_minute_id = ${plenaryMinutes.id} and ps.finalizada = false and coalesce(pm.situacao, 'em_pauta') = 'em_pauta')`))
    .orderBy(desc(plenarySessions.abertura), desc(plenarySessions.id)).limit(MAX_CHOICES);
  return rows.map((r) => ({ id: r.id, titulo: `Ata da ${r.titulo ?? `sessão nº ${r.id}`}` }));
}

/**
 * Puts the ata on the session's pauta, first in the phase: the session's row lock (the pauta's order), then the ata's
 * (two sessions taking the same ata at once). 404 for another company's session or ata; 409 with the reason.
 */
async function addAtaItem(ctx: ActionContext, sessionId: number | null, ataId: number, kind: Kind): Promise<Row> {
  return withSession(ctx, sessionId, async (tx, session) => {
    const [ata] = await tx.select().from(plenaryMinutes)
      .where(and(eq(plenaryMinutes.id, ataId), eq(plenaryMinutes.company_id, session.company_id))).for('update').limit(1);
    if (!ata) throw notFoundOf(minutesDef);
    const why = await refusal(tx, ata as Row, session);
    if (why) throw conflict(why);
    const votation = await typeBySlug(tx, 'votation', 'simbolica', session.company_id);
    if (!votation) throw conflict('O tipo de votação “simbólica” não está cadastrado nos tipos.');
    await updateRows(txWrite(ctx, tx), plenaryMatters, and(eq(plenaryMatters.plenary_session_id, session.id), eq(plenaryMatters.kind, kind)), { numOrdem: sql`${plenaryMatters.numOrdem} + 1` });
    return create(writeScope(ctx, tx), itemsDef, { plenary_session_id: session.id, kind, numOrdem: 1, tipo_votacao_id: votation.id },
      { set: { plenary_minute_id: ata.id }, action: 'inclui_ata', auditExtra: { ata: ata.titulo } });
  });
}

const itemAnswer = async (ctx: ActionContext, item: Row, titulo: string) => ({
  ...(await recordAnswer(ctx, itemsDef, item)), message: `Ata incluída na pauta da ${titulo} para aprovação.`,
});
const kindOf = (v: unknown): Kind => (v === 'ordem_dia' ? 'ordem_dia' : 'expediente');

defineBehaviour(sessionsDomainDef, {
  actions: {
    async incluir_ata(ctx) {
      const b = ctx.body as { plenary_minute_id: number; kind?: Kind };
      const item = await addAtaItem(ctx, ctx.id, b.plenary_minute_id, kindOf(b.kind));
      ctx.reply.status(201);
      return itemAnswer(ctx, item, String(ctx.record?.titulo ?? 'sessão'));
    },
  },
  available: {
    async incluir_ata(row, { db }) {
      return (await atasFor(db, row)).length ? null : 'Não há ata em rascunho de sessão anterior a esta fora de outra pauta em aberto.';
    },
  },
  prepare: {
    async incluir_ata(row, { db }) {
      const list = await atasFor(db, row);
      return {
        values: { kind: 'expediente', ...(list[0] ? { plenary_minute_id: list[0].id, plenary_minute: list[0] } : {}) },
        choices: { plenary_minute_id: list.map((a) => ({ value: a.id, label: a.titulo ?? '' })) },
      };
    },
  },
}, 'plenario-ata');

defineBehaviour(minutesDef, {
  actions: {
    async incluir_pauta(ctx) {
      const b = ctx.body as { plenary_session_id: number; kind?: Kind };
      const item = await addAtaItem(ctx, b.plenary_session_id, ctx.record!.id, kindOf(b.kind));
      const [s] = await ctx.db.select({ titulo: plenarySessions.titulo }).from(plenarySessions).where(eq(plenarySessions.id, b.plenary_session_id)).limit(1);
      ctx.reply.status(201);
      return itemAnswer(ctx, item, s?.titulo ?? 'sessão');
    },
  },
  available: {
    async incluir_pauta(row, { db }) {
      const other = await openPautaOf(db, row.id);
      if (other) return `A ata já está na pauta da ${other.titulo ?? `sessão nº ${other.id}`}.`;
      return (await sessionsFor(db, row)).length ? null : 'Não há sessão posterior à da ata ainda não finalizada: cadastre a próxima sessão.';
    },
  },
  prepare: {
    async incluir_pauta(row, { db }) {
      const list = await sessionsFor(db, row);
      return {
        values: { kind: 'expediente', ...(list[0] ? { plenary_session_id: list[0].id, plenary_session: list[0] } : {}) },
        choices: { plenary_session_id: list.map((s) => ({ value: s.id, label: s.titulo ?? `Sessão nº ${s.id}` })) },
      };
    },
  },
  hooks: {
    async beforeWrite(_values, existing, ctx) {
      if (existing) await refuseWhileVoting(ctx.db, existing.id);
    },
    async beforeDelete(existing, ctx) {
      const [item] = await ctx.db.select({ id: plenaryMatters.id }).from(plenaryMatters).where(eq(plenaryMatters.plenary_minute_id, existing.id)).limit(1);
      if (item) throw conflict('A ata está na pauta de uma sessão: retire-a da pauta antes de excluí-la.');
    },
  },
}, 'plenario-ata');

/** 409 while a voting of the ata is open: the text voted is the text approved. */
export async function refuseWhileVoting(db: Db, ataId: number): Promise<void> {
  const [open] = await db.select({ id: vottings.id }).from(vottings).innerJoin(plenaryMatters, eq(plenaryMatters.id, vottings.plenary_matter_id))
    .where(and(eq(plenaryMatters.plenary_minute_id, ataId), eq(vottings.status, 'aberta'))).limit(1);
  if (open) throw conflict('A ata está em votação: o texto não pode ser alterado enquanto a votação estiver aberta.');
}

/** Why "Registrar aprovação (sem votação)" is refused: the ata is on an open pauta (the vote approves it), or null. */
export async function onOpenPauta(db: Db, ataId: number): Promise<string | null> {
  const other = await openPautaOf(db, ataId);
  return other ? `A ata está na pauta da ${other.titulo ?? `sessão nº ${other.id}`}: é aprovada pela votação dela.` : null;
}

/** The ata of the item, locked, or null for a matter's item. */
async function ataOfItem(db: Db, item: Row): Promise<Row | null> {
  if (!item.plenary_minute_id) return null;
  const [ata] = await db.select().from(plenaryMinutes).where(eq(plenaryMinutes.id, item.plenary_minute_id)).for('update').limit(1);
  return (ata as Row) ?? null;
}

/**
 * A voting of an ata closed (in the close's transaction): aprovado → the ata is approved in the session, and its note
 * says so ("Aprovada na <sessão> (votação simbólica): <explicação>"); rejeitado → it stays a draft, with the note.
 */
export async function applyAtaVote(scope: WriteScope, session: Row, item: Row, voting: Row): Promise<void> {
  const ata = await ataOfItem(scope.db, item);
  if (!ata) return;
  if (voting.resultado === 'aprovado') {
    if (ata.situacao !== 'rascunho') throw conflict(`A ata já foi ${ata.situacao === 'publicada' ? 'publicada' : 'aprovada'}: não pode ser aprovada de novo.`);
    await update(scope, minutesDef, ata, {
      situacao: 'aprovada', sessao_aprovacao_id: session.id, aprovadaEm: String(session.abertura), aprovada_por_id: scope.auth.userId,
      aprovacao_obs: `Aprovada na ${session.titulo} (votação ${labelOf(VOTING_KINDS, voting.tipo).toLowerCase()}): ${voting.explicacao ?? ''}`.slice(0, 500),
    }, { hooks: false, action: 'aprova', where: eq(plenaryMinutes.situacao, 'rascunho'), auditExtra: { sessao: session.titulo, votting_id: voting.id } });
  } else if (voting.resultado === 'rejeitado' && ata.situacao === 'rascunho') {
    const note = `Rejeitada na ${session.titulo} (${formatDate(String(session.abertura))}): ${voting.explicacao ?? ''}`.slice(0, 500);
    await update(scope, minutesDef, ata, { aprovacao_obs: note }, { hooks: false, action: 'rejeita', auditExtra: { sessao: session.titulo, votting_id: voting.id } });
  }
}

/** A result of an ata's voting annulled (or renewed, or reopened): its approval goes back; a published ata's cannot (409). */
export async function undoAtaVote(scope: WriteScope, votingId: number, why: string): Promise<void> {
  const [v] = await scope.db.select({ session: vottings.plenary_session_id, item: vottings.plenary_matter_id, resultado: vottings.resultado }).from(vottings)
    .where(eq(vottings.id, votingId)).limit(1);
  if (!v) return;
  const [item] = await scope.db.select().from(plenaryMatters).where(eq(plenaryMatters.id, v.item)).limit(1);
  const ata = item ? await ataOfItem(scope.db, item as Row) : null;
  if (!ata) return;
  const [s] = await scope.db.select({ titulo: plenarySessions.titulo }).from(plenarySessions).where(eq(plenarySessions.id, v.session)).limit(1);
  const approvedHere = ata.sessao_aprovacao_id === v.session;
  if (ata.situacao === 'publicada' && approvedHere) {
    throw conflict('A ata aprovada nesta votação já foi publicada: a aprovação de uma ata publicada não pode ser anulada.');
  }
  if (ata.situacao === 'aprovada' && approvedHere) {
    await update(scope, minutesDef, ata, {
      situacao: 'rascunho', sessao_aprovacao_id: null, aprovadaEm: null, aprovada_por_id: null, aprovacao_obs: `Aprovação anulada na ${s?.titulo ?? 'sessão'}: ${why}`.slice(0, 500),
    }, { hooks: false, action: 'anula_aprovacao', where: eq(plenaryMinutes.situacao, 'aprovada'), auditExtra: { votting_id: votingId, motivo: why } });
  } else if (ata.situacao === 'rascunho' && v.resultado === 'rejeitado') {
    await update(scope, minutesDef, ata, { aprovacao_obs: null }, { hooks: false, action: 'anula_rejeicao', auditExtra: { votting_id: votingId, motivo: why } });
  }
}
