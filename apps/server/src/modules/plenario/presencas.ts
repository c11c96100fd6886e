/**
 * Presence lists per phase (abertura, ordem do dia): opened and closed by the Mesa, the member's own check-in, the
 * operator's marks, and the rule that keeps a member who cast a secret ballot present until it closes.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { PHASES, type Phase } from '@paco/domain/plenary';
import { plenarySessions, presences, types, vottings } from '../../db/schema.generated.ts';
import { readSession, withSession } from './session.ts';
import { type ActionHandler, type ResourceHooks, type Row } from '../../engine/context.ts';
import { recordAnswer } from '../../engine/serialize.ts';
import { deleteRows, insertRows, txWrite, updateRows } from '../../engine/rows.ts';
import { audit } from '../../engine/audit.ts';
import { conflict, unprocessable } from '../../http/errors.ts';
import { presentIn, publish, secretVoters, typeIdOf } from './state.ts';
import { checkMembers, def, listColumn, logAction, many, memberOf, PHASE_LABEL, requireRunning, sessionsDef, type Tx } from './live-common.ts';

export const presenceActions: Record<string, ActionHandler> = {
  async presence_list_status(ctx) {
    const s = await readSession(ctx, ctx.id);
    const out: Record<string, unknown> = {};
    for (const { value: p } of PHASES) out[p] = { status: s[listColumn(p)] ?? 'fechada', presentes: (await presentIn(ctx.db, s.id, s.company_id, p)).length };
    return { data: out };
  },

  async change_presence_list_status(ctx) {
    const b = ctx.body as { type: Phase; status?: 'aberta' | 'encerrada' };
    const data = await withSession(ctx, ctx.id, async (tx, s) => {
      const col = listColumn(b.type);
      const current = s[col] ?? 'fechada';
      const next = b.status ?? (current === 'aberta' ? 'encerrada' : 'aberta');
      if (next === 'aberta') requireRunning(s);
      if (next === current) return { [b.type]: { status: current } };
      const set: Record<string, unknown> = { [col]: next };
      // one list open at a time: opening one closes the other
      const other = listColumn(b.type === 'abertura' ? 'ordem_dia' : 'abertura');
      if (next === 'aberta' && s[other] === 'aberta') set[other] = 'encerrada';
      await updateRows(txWrite(ctx, tx), plenarySessions, eq(plenarySessions.id, s.id), set);
      await logAction(ctx, tx, sessionsDef, s.id, { [col]: { de: current, para: next } },
        `${next === 'aberta' ? 'abriu' : 'encerrou'} a lista de presença ${PHASE_LABEL(b.type)} da sessão ${s.titulo}`);
      await publish(tx, ctx, s.id, ['presence']);
      return { [b.type]: { status: next } };
    });
    return { data };
  },

  async add_checkin(ctx) {
    const member = await memberOf(ctx.db, ctx.auth!, 'registrar presença');
    const b = ctx.body as { type?: Phase };
    const result = await withSession(ctx, ctx.id, async (tx, s) => {
      requireRunning(s);
      const phase = b.type ?? PHASES.map((p) => p.value).find((p) => s[listColumn(p)] === 'aberta');
      if (!phase || s[listColumn(phase)] !== 'aberta') throw conflict('A lista de presença desta fase não está aberta.');
      const typeId = await typeIdOf(tx, 'presences', phase, s.company_id);
      if (!typeId) throw conflict('A fase de presença não está cadastrada nos tipos.');
      const chave = `${s.id}:${typeId}:${member}`;
      const inserted = await insertRows(txWrite(ctx, tx), presences, { company_id: s.company_id, plenary_session_id: s.id, type_id: typeId, parliamentary_id: member, chave, obs: 'Registro pelo próprio vereador' }, { onConflict: 'nothing' });
      if (inserted.length) {
        await audit(tx, ctx.req, ctx.auth, 'create', def('presences'), inserted[0].id, { parliamentary_id: member, fase: phase }, `${ctx.auth!.name} registrou presença ${PHASE_LABEL(phase)} na sessão ${s.titulo}`);
        await publish(tx, ctx, s.id, ['presence', 'voting']);
      }
      return { phase, created: inserted.length > 0 };
    });
    ctx.reply.status(result.created ? 201 : 200);
    return { data: { type: result.phase, parliamentary_id: member, presente: true }, message: result.created ? 'Presença registrada.' : 'Sua presença já estava registrada.' };
  },

  /** The operator marks members present in a phase (replaces the record-keeping version: locked, checked, pushed). */
  async add_presences(ctx) {
    const b = ctx.body as { type?: Phase; type_id?: number; parliamentary_id?: number; parliamentary_ids?: number[]; obs?: string | null };
    const ids = [...new Set([...(b.parliamentary_ids ?? []), ...(b.parliamentary_id ? [b.parliamentary_id] : [])])];
    if (!ids.length) throw unprocessable({ parliamentary_id: ['Informe o parlamentar.'] });
    const rows = await withSession(ctx, ctx.id, async (tx, s) => {
      if (s.finalizada) throw conflict('A sessão plenária está finalizada.');
      let typeId = b.type_id ?? null;
      if (typeId) {
        const [t] = await tx.select({ type: types.type }).from(types).where(eq(types.id, typeId)).limit(1);
        if (t?.type !== 'presences') throw unprocessable({ type_id: ['Fase: registro não encontrado.'] });
      } else if (b.type) typeId = await typeIdOf(tx, 'presences', b.type, s.company_id);
      if (!typeId) throw unprocessable({ type: ['Informe a fase (abertura ou ordem_dia).'] });
      await checkMembers(tx, s.company_id, ids);
      const created = await insertRows(txWrite(ctx, tx), presences, ids.map((pid) => ({
        company_id: s.company_id, plenary_session_id: s.id, type_id: typeId, parliamentary_id: pid, chave: `${s.id}:${typeId}:${pid}`, obs: b.obs ?? 'Registro pela Mesa',
      })), { onConflict: 'nothing' });
      for (const c of created) await audit(tx, ctx.req, ctx.auth, 'create', def('presences'), c.id, { parliamentary_id: c.parliamentary_id });
      if (created.length) await publish(tx, ctx, s.id, ['presence', 'voting']);
      return tx.select().from(presences).where(and(eq(presences.plenary_session_id, s.id), eq(presences.type_id, typeId), inArray(presences.parliamentary_id, ids))).orderBy(asc(presences.id));
    });
    ctx.reply.status(201);
    if (b.parliamentary_ids === undefined && ids.length === 1) return recordAnswer(ctx, def('presences'), rows[0] as Row);
    return many(ctx, def('presences'), rows as Row[]);
  },

  async remove_presences(ctx) {
    const b = ctx.body as { type: Phase; parliamentary_ids: number[] };
    await withSession(ctx, ctx.id, async (tx, s) => {
      if (s.finalizada) throw conflict('A sessão plenária está finalizada.');
      const typeId = await typeIdOf(tx, 'presences', b.type, s.company_id);
      if (!typeId) return;
      await keepSecretVoters(tx, s.id, b.type, b.parliamentary_ids);
      const gone = await deleteRows(txWrite(ctx, tx), presences, and(eq(presences.plenary_session_id, s.id), eq(presences.type_id, typeId), inArray(presences.parliamentary_id, b.parliamentary_ids)));
      for (const g of gone) await audit(tx, ctx.req, ctx.auth, 'delete', def('presences'), g.id, null);
      if (gone.length) await publish(tx, ctx, s.id, ['presence', 'voting']);
    });
    return { data: { type: b.type, removed: b.parliamentary_ids } };
  },
};

/**
 * A member who cast a secret ballot stays present in its phase until it closes: their ballot is in the totals and
 * can't be taken out (nothing links it to them), so unmarking them would leave more votes than members present.
 */
export async function keepSecretVoters(tx: Tx, sessionId: number, phase: Phase, ids: number[]): Promise<void> {
  const [open] = await tx.select({ id: vottings.id }).from(vottings)
    .where(and(eq(vottings.plenary_session_id, sessionId), eq(vottings.status, 'aberta'), eq(vottings.tipo, 'secreta'), eq(vottings.fase, phase))).limit(1);
  if (!open) return;
  const voted = new Set(await secretVoters(tx, open.id));
  if (ids.some((id) => voted.has(id))) {
    throw conflict('Este vereador já votou na votação secreta em curso: a presença dele não pode ser retirada até o encerramento (o voto secreto não pode ser separado da contagem).');
  }
}

/** The generic removal of a presence (the session's presence tab) keeps secret voters too. */
export const secretPresenceGuard: ResourceHooks = {
  async beforeDelete(existing, ctx) {
    const [t] = await ctx.db.select({ slug: types.slug }).from(types).where(eq(types.id, existing.type_id)).limit(1);
    if (t?.slug === 'abertura' || t?.slug === 'ordem_dia') await keepSecretVoters(ctx.db, existing.plenary_session_id, t.slug, [existing.parliamentary_id]);
  },
};
