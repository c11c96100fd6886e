/**
 * A voting as the members and the public see it, and the members' votes: nominal (one row per member, with an
 * append-only history) and secret (a mark that the member voted and the totals, nothing linking them).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { labelOf, VOTING_KINDS, type Phase, type VoteChoice } from '@paco/domain/plenary';
import { W_LIVE } from '@paco/domain/resources/plenario';
import {
  ballotMarks, logs, parliamentaries, parliamentariesUsers, plenarySessions, secretTallies, users, voteHistory, votes, vottings,
} from '../../db/schema.generated.ts';
import { readSession } from './session.ts';
import { type ActionContext, type ActionHandler, type Row } from '../../engine/context.ts';
import { notFoundOf } from '../../engine/serialize.ts';
import { insertRows, updateRows, upsertRow } from '../../engine/rows.ts';
import { conflict } from '../../http/errors.ts';
import { impededOf, presentIn, publish, settingsOf, votingSection } from './state.ts';
import { memberOf, vottingsDef, type Tx } from './live-common.ts';
import { serializeVoting } from './votacao.ts';

const W_LIVE_SET: ReadonlySet<string> = new Set(W_LIVE);

/**
 * The open voting `id` of the user's company, locked in share mode: votes write side by side; closing, cancelling and
 * impediments wait. An item's voting of a block stands for the block's voting (decision 0056): the vote is the block's,
 * counted once, and only the block's row is locked (the Mesa's acts lock it before the items' rows).
 */
async function openVotingForVote(tx: Tx, id: number | null, companyId: number): Promise<Row> {
  const target = sql`(select coalesce(${vottings.bloco_id}, ${vottings.id}) from ${vottings} where ${vottings.id} = ${id} and ${vottings.company_id} = ${companyId})`;
  const [v] = id ? await tx.select().from(vottings).where(and(eq(vottings.id, target), eq(vottings.company_id, companyId))).for('share').limit(1) : [];
  if (!v) throw notFoundOf(vottingsDef);
  if (v.status !== 'aberta') throw conflict(v.status === 'cancelada' ? 'A votação foi anulada.' : 'A votação está encerrada.');
  if (v.tipo !== 'nominal' && v.tipo !== 'secreta') throw conflict(`Esta votação não é nominal (${labelOf(VOTING_KINDS, v.tipo).toLowerCase()}): os votos são registrados pela Mesa.`);
  return v as Row;
}

export const vottingActions: Record<string, ActionHandler> = {
  async show(ctx) {
    const [v] = ctx.id ? await ctx.db.select().from(vottings).where(and(eq(vottings.id, ctx.id), eq(vottings.company_id, ctx.auth!.companyId))).limit(1) : [];
    if (!v) throw notFoundOf(vottingsDef);
    const out = await serializeVoting(ctx, v as Row);
    const [session] = await ctx.db.select().from(plenarySessions).where(eq(plenarySessions.id, v.plenary_session_id)).limit(1);
    const settings = await settingsOf(ctx.db, v.company_id);
    const staff = ctx.auth!.isSuperadmin || ctx.auth!.roles.some((r) => W_LIVE_SET.has(r));
    out.live = await votingSection(ctx.db, ctx.storage, session as Row, settings, staff ? 'staff' : 'public', v as Row);
    if (staff && v.tipo === 'nominal') {
      out.votes = await ctx.db.select({ parliamentary_id: votes.parliamentary_id, nome: parliamentaries.nome, voto: votes.voto, updated_at: votes.updated_at, ip: votes.ip })
        .from(votes).innerJoin(parliamentaries, eq(parliamentaries.id, votes.parliamentary_id)).where(eq(votes.votting_id, v.id)).orderBy(asc(parliamentaries.nome));
    }
    const [member] = await ctx.db.select({ id: parliamentariesUsers.parliamentary_id }).from(parliamentariesUsers).where(eq(parliamentariesUsers.user_id, ctx.auth!.userId)).limit(1);
    if (member && v.tipo === 'nominal') {
      const [mine] = await ctx.db.select({ voto: votes.voto, em: votes.updated_at }).from(votes).where(and(eq(votes.votting_id, v.id), eq(votes.parliamentary_id, member.id))).limit(1);
      out.meu_voto = mine?.voto ?? null;
      out.meu_voto_em = mine ? new Date(mine.em).toISOString() : null;
    }
    if (member && v.tipo === 'secreta') {
      // that the member voted, and when; what they chose is nowhere to be read
      const [mark] = await ctx.db.select({ em: ballotMarks.created_at }).from(ballotMarks).where(and(eq(ballotMarks.votting_id, v.id), eq(ballotMarks.parliamentary_id, member.id))).limit(1);
      out.votou = !!mark;
      out.meu_voto_em = mark ? new Date(mark.em).toISOString() : null;
    }
    return { data: out };
  },

  /**
   * A member's vote. Nominal: one row per member (upsert; may change until closing) and one history row per cast.
   * Secret: a mark that the member voted (once) and the totals incremented, in the same transaction; the answer
   * does not repeat the choice (it would be kept with the request's idempotency key).
   *
   * No session lock (issue 16 item 8): the voting's row is held in share mode, so the votes of a voting commit side
   * by side while closing, cancelling and impediments (which take it for update) wait for them and keep later ones
   * out; the unique indexes keep one vote (or mark) per member. Only the publication is serialised (`publish`).
   */
  async vote(ctx) {
    const member = await memberOf(ctx.db, ctx.auth!, 'votar');
    const { voto } = ctx.body as { voto: VoteChoice };
    const v = await openVotingForVote(ctx.db, ctx.id, ctx.auth!.companyId);
    const [s] = await ctx.db.select({ id: plenarySessions.id, finalizada: plenarySessions.finalizada }).from(plenarySessions).where(eq(plenarySessions.id, v.plenary_session_id)).limit(1);
    if (!s || s.finalizada) throw conflict('A sessão plenária está finalizada.');
    const present = await presentIn(ctx.db, v.plenary_session_id, v.company_id, v.fase as Phase);
    if (!present.includes(member)) throw conflict('Vereador não está presente nesta fase.');
    if (impededOf(v).includes(member)) throw conflict('Vereador declarado impedido nesta votação.');
    const ip = ctx.req.ip;
    if (v.tipo === 'secreta') {
      const [mark] = await insertRows(ctx, ballotMarks, { company_id: v.company_id, votting_id: v.id, parliamentary_id: member, chave: `${v.id}:${member}`, user_id: ctx.auth!.userId, ip }, { onConflict: 'nothing' });
      if (!mark) throw conflict('Você já votou nesta votação secreta: o voto secreto é dado uma vez só.');
      const col = secretTallies[voto];
      await updateRows(ctx, secretTallies, eq(secretTallies.votting_id, v.id), { [voto]: sql`${col} + 1` });
      await publish(ctx.db, ctx, v.plenary_session_id, ['voting']);
      return { data: { votting_id: v.id, parliamentary_id: member, votou: true, registrado_em: new Date(mark.created_at).toISOString() }, message: 'Voto secreto registrado.' };
    }
    const row = await upsertRow(ctx, votes, { company_id: v.company_id, votting_id: v.id, parliamentary_id: member, chave: `${v.id}:${member}`, voto, user_id: ctx.auth!.userId, ip }, { target: [votes.company_id, votes.chave], set: { voto, user_id: ctx.auth!.userId, ip } });
    // every cast and change, append-only (issue 16 item 5); clock_timestamp: the moment of this cast within the transaction
    await insertRows(ctx, voteHistory, { company_id: v.company_id, votting_id: v.id, parliamentary_id: member, voto, user_id: ctx.auth!.userId, ip, created_at: sql`clock_timestamp()`, updated_at: sql`clock_timestamp()` });
    await publish(ctx.db, ctx, v.plenary_session_id, ['voting']);
    return { data: { votting_id: row.votting_id, parliamentary_id: row.parliamentary_id, voto: row.voto, registrado_em: new Date(row.updated_at).toISOString() }, message: 'Voto registrado.' };
  },

  /** Every cast and change of a nominal vote, and the Mesa's acts on the voting (issue 16 item 5). Never for a secret ballot. */
  async history(ctx) {
    const [v] = ctx.id ? await ctx.db.select().from(vottings).where(and(eq(vottings.id, ctx.id), eq(vottings.company_id, ctx.auth!.companyId))).limit(1) : [];
    if (!v) throw notFoundOf(vottingsDef);
    if (v.tipo === 'secreta') throw conflict('Votação secreta: não há votos individuais, só a contagem e o registro de quem votou.');
    const rows = await ctx.db.select({
      id: voteHistory.id, parliamentary_id: voteHistory.parliamentary_id, nome: parliamentaries.nome, voto: voteHistory.voto, em: voteHistory.created_at,
      ip: voteHistory.ip, user_id: voteHistory.user_id, usuario: users.name,
    }).from(voteHistory)
      .leftJoin(parliamentaries, eq(parliamentaries.id, voteHistory.parliamentary_id))
      .leftJoin(users, eq(users.id, voteHistory.user_id))
      .where(and(eq(voteHistory.votting_id, v.id), eq(voteHistory.company_id, v.company_id))).orderBy(asc(voteHistory.id));
    const last = new Map<number, string>();
    const votos = rows.map((r) => {
      const anterior = last.get(r.parliamentary_id) ?? null;
      last.set(r.parliamentary_id, r.voto);
      return { ...r, em: new Date(r.em).toISOString(), anterior };
    });
    const atos = await ctx.db.select({ em: logs.created_at, descricao: logs.actionDescription, ip: logs.ip }).from(logs)
      .where(and(eq(logs.company_id, v.company_id), eq(logs.resource, 'vottings'), eq(logs.record_id, v.id))).orderBy(asc(logs.id));
    return { data: { votting_id: v.id, tipo: v.tipo, votos, atos: atos.map((a) => ({ ...a, em: new Date(a.em).toISOString() })) } };
  },

  async last(ctx) {
    const [v] = await ctx.db.select().from(vottings).where(and(eq(vottings.company_id, ctx.auth!.companyId), eq(vottings.status, 'encerrada')))
      .orderBy(sql`${vottings.encerradaEm} desc nulls last`, desc(vottings.id)).limit(1);
    return { data: v ? await withLive(ctx, v as Row) : null };
  },
  async last_of(ctx) {
    const s = await readSession(ctx, ctx.id);
    const [v] = await ctx.db.select().from(vottings).where(and(eq(vottings.plenary_session_id, s.id), eq(vottings.status, 'encerrada')))
      .orderBy(sql`${vottings.encerradaEm} desc nulls last`, desc(vottings.id)).limit(1);
    return { data: v ? await withLive(ctx, v as Row) : null };
  },
};

async function withLive(ctx: ActionContext, v: Row): Promise<Row> {
  const out = await serializeVoting(ctx, v);
  const [session] = await ctx.db.select().from(plenarySessions).where(eq(plenarySessions.id, v.plenary_session_id)).limit(1);
  out.live = await votingSection(ctx.db, ctx.storage, session as Row, await settingsOf(ctx.db, v.company_id), 'public', v);
  return out;
}
