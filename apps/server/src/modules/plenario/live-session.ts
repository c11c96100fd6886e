/**
 * The live session itself (docs/plenary.md): start and finish (the ata's draft written in the same transaction),
 * the media link, the Mesa, what the electronic panel shows, and the live state and streams for staff and public.
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { labelOf, PANEL_LAYOUTS, type PanelLayout } from '@paco/domain/plenary';
import { boards, legislativeSessions, plenaryPanels, plenarySessions, types, vottings } from '../../db/schema.generated.ts';
import { readSession, withSession } from './session.ts';
import { writeAta } from './ata.ts';
import { type ActionHandler, type Row } from '../../engine/context.ts';
import { notFoundOf, recordAnswer } from '../../engine/serialize.ts';
import { create, scopeOf } from '../../engine/records.ts';
import { txWrite, updateRows, upsertRow } from '../../engine/rows.ts';
import { conflict, HttpError, unprocessable } from '../../http/errors.ts';
import { streamChannel } from '../../realtime/sse.ts';
import { buildState, channelOf, companyChannel, companyState, publish } from './state.ts';
import { boardsDef, def, checkMembers, logAction, many, presidentOf, sessionsDef } from './live-common.ts';
import { stopSpeakers } from './falas.ts';

export const sessionActions: Record<string, ActionHandler> = {
  async iniciar(ctx) {
    const row = await withSession(ctx, ctx.id, async (tx, s) => {
      if (s.finalizada) throw conflict('A sessão plenária está finalizada.');
      if (s.iniciada) throw conflict('A sessão plenária já foi iniciada.');
      const [other] = await tx.select({ titulo: plenarySessions.titulo }).from(plenarySessions)
        .where(and(eq(plenarySessions.company_id, s.company_id), eq(plenarySessions.iniciada, true), eq(plenarySessions.finalizada, false), ne(plenarySessions.id, s.id))).limit(1);
      if (other) throw conflict(`Já há uma sessão plenária em andamento: ${other.titulo}. Finalize-a antes de iniciar outra.`);
      const presidente_id = await presidentOf(tx, s);
      const [u] = await updateRows(txWrite(ctx, tx), plenarySessions, eq(plenarySessions.id, s.id), { iniciada: true, iniciadaEm: sql`now()`, presidente_id });
      await logAction(ctx, tx, sessionsDef, s.id, { iniciada: { de: false, para: true } }, `iniciou a sessão plenária ${s.titulo}`);
      await publish(tx, ctx, s.id, ['session', 'members'], { company: true });
      return u as Row;
    });
    return recordAnswer(ctx, sessionsDef, row);
  },

  async finalizar(ctx) {
    const row = await withSession(ctx, ctx.id, async (tx, s) => {
      if (!s.iniciada) throw conflict('A sessão plenária não foi iniciada.');
      if (s.finalizada) throw conflict('A sessão plenária já está finalizada.');
      const [open] = await tx.select({ id: vottings.id }).from(vottings).where(and(eq(vottings.plenary_session_id, s.id), eq(vottings.status, 'aberta'))).limit(1);
      if (open) throw conflict('Encerre a votação em andamento antes de finalizar a sessão.');
      await stopSpeakers(txWrite(ctx, tx), s.id, 'concluido');
      const close = (v: string | null) => (v === 'aberta' ? 'encerrada' : v);
      const [u] = await updateRows(txWrite(ctx, tx), plenarySessions, eq(plenarySessions.id, s.id), {
        finalizada: true, finalizadaEm: sql`now()`, encerramento: sql`coalesce(${plenarySessions.encerramento}, (now() at time zone 'America/Sao_Paulo')::date)`,
        horarioFim: sql`coalesce(${plenarySessions.horarioFim}, date_trunc('minute', now() at time zone 'America/Sao_Paulo')::time)`,
        lista_abertura: close(s.lista_abertura), lista_ordem_dia: close(s.lista_ordem_dia),
      });
      await logAction(ctx, tx, sessionsDef, s.id, { finalizada: { de: false, para: true } }, `finalizou a sessão plenária ${s.titulo}`);
      // the ata's draft, written from what was recorded (ata.ts), in the same transaction
      await writeAta({ ...ctx, db: tx }, u as Row);
      await publish(tx, ctx, s.id, ['session', 'presence', 'speakers'], { company: true });
      return u as Row;
    });
    return recordAnswer(ctx, sessionsDef, row);
  },

  async active(ctx) {
    const [s] = await ctx.db.select().from(plenarySessions)
      .where(and(eq(plenarySessions.company_id, ctx.auth!.companyId), eq(plenarySessions.iniciada, true), eq(plenarySessions.finalizada, false)))
      .orderBy(desc(plenarySessions.iniciadaEm)).limit(1);
    return s ? recordAnswer(ctx, sessionsDef, s as Row) : { data: null };
  },

  async closed_last(ctx) {
    const [s] = await ctx.db.select().from(plenarySessions)
      .where(and(eq(plenarySessions.company_id, ctx.auth!.companyId), eq(plenarySessions.finalizada, true)))
      .orderBy(sql`${plenarySessions.finalizadaEm} desc nulls last`, desc(plenarySessions.abertura), desc(plenarySessions.id)).limit(1);
    return s ? recordAnswer(ctx, sessionsDef, s as Row) : { data: null };
  },

  async save_link_midia(ctx) {
    const row = await withSession(ctx, ctx.id, async (tx, s) => {
      const linkMidia = (ctx.body as { linkMidia: string | null }).linkMidia ?? null;
      const [u] = await updateRows(txWrite(ctx, tx), plenarySessions, eq(plenarySessions.id, s.id), { linkMidia });
      await logAction(ctx, tx, sessionsDef, s.id, { linkMidia: { de: s.linkMidia, para: linkMidia } }, `salvou o link de mídia da sessão ${s.titulo}`);
      await publish(tx, ctx, s.id, ['session']);
      return u as Row;
    });
    return recordAnswer(ctx, sessionsDef, row);
  },

  async boards_of(ctx) {
    const s = await readSession(ctx, ctx.id);
    if (!s.legislative_session_id) return { data: [] };
    const rows = await ctx.db.select().from(boards).where(eq(boards.legislative_session_id, s.legislative_session_id)).orderBy(asc(boards.id));
    return many(ctx, boardsDef, rows as Row[]);
  },

  async add_board(ctx) {
    const s = await readSession(ctx, ctx.id);
    if (!s.legislative_session_id) throw conflict('Informe a sessão legislativa da sessão plenária antes de compor a Mesa.');
    const b = ctx.body as { parliamentary_id: number; cargo_id: number; obs?: string | null };
    await checkMembers(ctx.db, s.company_id, [b.parliamentary_id], 'parliamentary_id');
    const [cargo] = await ctx.db.select({ id: types.id }).from(types).where(and(eq(types.id, b.cargo_id), eq(types.type, 'cargos_mesa'))).limit(1);
    if (!cargo) throw unprocessable({ cargo_id: ['Cargo da Mesa não encontrado.'] });
    const [ls] = await ctx.db.select({ id: legislativeSessions.id }).from(legislativeSessions).where(eq(legislativeSessions.id, s.legislative_session_id)).limit(1);
    if (!ls) throw notFoundOf(def('legislative_sessions'));
    // through the engine: the Mesa's own rules (one holder per cargo, one cargo per member) hold here too
    const row = await create(scopeOf(ctx, ctx.req), boardsDef, { legislative_session_id: ls.id, parliamentary_id: b.parliamentary_id, cargo_id: b.cargo_id, obs: b.obs ?? null });
    ctx.reply.status(201);
    return recordAnswer(ctx, boardsDef, row);
  },

  /** What the electronic panel shows (issue 16 item 9): complete, members, voting, or a message. */
  async panel(ctx) {
    const b = ctx.body as { layout: PanelLayout; mensagem?: string | null };
    const data = await withSession(ctx, ctx.id, async (tx, s) => {
      const [before] = await tx.select().from(plenaryPanels).where(eq(plenaryPanels.plenary_session_id, s.id)).limit(1);
      const mensagem = b.mensagem === undefined ? (before?.mensagem ?? null) : (b.mensagem?.trim() || null);
      if (b.layout === 'mensagem' && !mensagem) throw unprocessable({ mensagem: ['Escreva a mensagem a mostrar no painel.'] });
      const row = await upsertRow(txWrite(ctx, tx), plenaryPanels, { company_id: s.company_id, plenary_session_id: s.id, chave: s.id, layout: b.layout, mensagem }, { target: [plenaryPanels.company_id, plenaryPanels.chave], set: { layout: b.layout, mensagem } });
      await logAction(ctx, tx, sessionsDef, s.id, { painel: { de: before?.layout ?? 'completo', para: b.layout }, ...(mensagem !== (before?.mensagem ?? null) ? { mensagem } : {}) },
        `mudou o painel da sessão ${s.titulo} para “${labelOf(PANEL_LAYOUTS, b.layout)}”`);
      await publish(tx, ctx, s.id, ['painel']);
      return { layout: row.layout, mensagem: row.mensagem ?? null };
    });
    return { data };
  },

  async live(ctx) {
    await readSession(ctx, ctx.id);
    return { data: await buildState(ctx.db, ctx.storage, ctx.id!, 'staff') };
  },
  async stream(ctx) {
    await readSession(ctx, ctx.id);
    await streamChannel(ctx.realtime, channelOf('staff', ctx.id!), ctx.req, ctx.reply);
  },
  async public_live(ctx) {
    const state = ctx.id ? await buildState(ctx.db, ctx.storage, ctx.id, 'public') : null;
    if (!state) throw notFoundOf(sessionsDef);
    return { data: state };
  },
  async public_stream(ctx) {
    const [s] = ctx.id ? await ctx.db.select({ id: plenarySessions.id }).from(plenarySessions).where(eq(plenarySessions.id, ctx.id)).limit(1) : [];
    if (!s) throw notFoundOf(sessionsDef);
    await streamChannel(ctx.realtime, channelOf('public', s.id), ctx.req, ctx.reply);
  },
  async public_company(ctx) {
    const state = ctx.id ? await companyState(ctx.db, ctx.storage, ctx.id) : null;
    if (!state) throw new HttpError(404, 'Entidade não encontrada.');
    return { data: state };
  },
  async public_company_stream(ctx) {
    const state = ctx.id ? await companyState(ctx.db, ctx.storage, ctx.id) : null;
    if (!state) throw new HttpError(404, 'Entidade não encontrada.');
    await streamChannel(ctx.realtime, companyChannel(ctx.id!), ctx.req, ctx.reply);
  },
};
