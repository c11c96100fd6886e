/**
 * The live plenary (issue 4; contract in docs/plenary.md): starting and finishing a session, presence lists per
 * phase with the council members' check-in, speakers with the server-kept timer, votings with the result computed
 * from the quorum rule and the presiding officer's rule, and the push of every change to the panel, the tablets and
 * the control room.
 *
 * Every live change runs in one transaction that first locks the plenary session's row (`for update`): changes of
 * one session are serialised, so a vote can never slip in after the voting was closed and counted, and each pushed
 * event carries the state as of its commit.
 */
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  computeResult, countNominal, elapsedMs, phaseOfKind, labelOf, OUTCOMES, PANEL_LAYOUTS, PHASES, SPEAKER_LISTS, VOTING_KINDS,
  type LiveSection, type PanelLayout, type Phase, type PresidentRule, type QuorumRule, type ResultOutput, type SpeakerList, type VoteChoice, type VotingKind,
} from '@paco/domain/plenary';
import { resourceByName } from '@paco/domain/resources';
import { W_LIVE } from '@paco/domain/resources/plenario';
import type { ResourceDef } from '@paco/domain/resource';
import type { Db } from '../../db/client.ts';
import {
  ballotMarks, boards, legislativeSessions, logs, parliamentaries, parliamentariesUsers, plenaryMatters, plenaryPanels, plenarySessions, plenarySettings, presences,
  secretTallies, speakers, types, users, voteHistory, votes, vottings,
} from '../../db/schema.generated.ts';
import { afterFinish, afterStart, interventionActions } from './oradores.ts';
import { plenaryMatterHooks, presenceHooks, sessionHooks } from './records.ts';
import { readSession, withSession } from './session.ts';
import { writeAta } from './ata.ts';
import { applyVoteEffect, undoVoteEffect } from '../ciclo/index.ts';
import { writeScope } from '../ciclo/shared.ts';
import { chainHooks, type ActionContext, type ActionHandler, type HookContext, type ResourceHooks, type Row, type Services } from '../../engine/context.ts';
import type { AuthContext } from '../../auth/session.ts';
import { notFoundOf, serialize } from '../../engine/serialize.ts';
import { create, scopeOf } from '../../engine/records.ts';
import { touchTable } from '../../engine/query.ts';
import { audit } from '../../engine/audit.ts';
import { conflict, forbidden, HttpError, unprocessable } from '../../http/errors.ts';
import { streamChannel } from '../../realtime/sse.ts';
import {
  allottedOf, buildState, channelOf, companyChannel, companyState, DEFAULT_SETTINGS, impededOf, nominalVotes, presenceOf, presentIn, provideSnapshots,
  publish, ruleOf, secretVoters, settingsOf, totalOf, typeIdOf, votingSection,
} from './state.ts';

const def = (name: string): ResourceDef => resourceByName.get(name)!;
const sessionsDef = def('plenary_sessions');
const mattersDef = def('plenary_matters');
const speakersDef = def('speakers');
const vottingsDef = def('vottings');
const settingsDef = def('plenary_settings');
const boardsDef = def('boards');

const PHASE_LABEL = (p: Phase) => (p === 'abertura' ? 'da abertura' : 'da ordem do dia');
const listColumn = (p: Phase) => (p === 'abertura' ? 'lista_abertura' : 'lista_ordem_dia') as 'lista_abertura' | 'lista_ordem_dia';

type Tx = Db;

function requireRunning(session: Row): void {
  if (session.finalizada) throw conflict('A sessão plenária está finalizada.');
  if (!session.iniciada) throw conflict('A sessão plenária não foi iniciada.');
}

/** The parliamentarian linked to the signed-in user, or 403. */
async function memberOf(db: Db, auth: AuthContext, what: string): Promise<number> {
  const [row] = await db.select({ id: parliamentaries.id }).from(parliamentariesUsers)
    .innerJoin(parliamentaries, eq(parliamentaries.id, parliamentariesUsers.parliamentary_id))
    .where(and(eq(parliamentariesUsers.user_id, auth.userId), eq(parliamentaries.company_id, auth.companyId)))
    .orderBy(asc(parliamentaries.id)).limit(1);
  if (!row) throw forbidden(`Somente vereadores vinculados a um parlamentar podem ${what}.`);
  return row.id;
}

const one = async (ctx: ActionContext, r: ResourceDef, row: Row) => ({ data: (await serialize(ctx, r, [row], ctx.auth, undefined, false))[0] });
const many = async (ctx: ActionContext, r: ResourceDef, rows: Row[]) => ({ data: await serialize(ctx, r, rows, ctx.auth) });

const logAction = (ctx: ActionContext, tx: Tx, r: ResourceDef, id: number, changes: Record<string, unknown> | null, description: string) =>
  audit(tx, ctx.req, ctx.auth, 'update', r, id, changes, `${ctx.auth!.name} ${description}`);

/** Ids of parliamentarians of the company among `ids` (forged or foreign ids → 422). */
async function checkMembers(db: Db, companyId: number, ids: number[], field = 'parliamentary_ids'): Promise<void> {
  if (!ids.length) return;
  const found = await db.select({ id: parliamentaries.id }).from(parliamentaries).where(and(inArray(parliamentaries.id, ids), eq(parliamentaries.company_id, companyId)));
  if (found.length !== new Set(ids).size) throw unprocessable({ [field]: ['Parlamentar não encontrado nesta entidade.'] });
}

/* ---------------------------------------------------------------------------------------------------------------- */
/* Session                                                                                                          */

async function presidentOf(db: Db, session: Row): Promise<number | null> {
  if (session.presidente_id) return session.presidente_id;
  if (!session.legislative_session_id) return null;
  const cargo = await typeIdOf(db, 'cargos_mesa', 'presidente', session.company_id);
  if (!cargo) return null;
  const [b] = await db.select({ pid: boards.parliamentary_id }).from(boards)
    .where(and(eq(boards.legislative_session_id, session.legislative_session_id), eq(boards.cargo_id, cargo))).limit(1);
  return b?.pid ?? null;
}

const sessionActions: Record<string, ActionHandler> = {
  async iniciar(ctx) {
    const row = await withSession(ctx, ctx.id, async (tx, s) => {
      if (s.finalizada) throw conflict('A sessão plenária está finalizada.');
      if (s.iniciada) throw conflict('A sessão plenária já foi iniciada.');
      const [other] = await tx.select({ titulo: plenarySessions.titulo }).from(plenarySessions)
        .where(and(eq(plenarySessions.company_id, s.company_id), eq(plenarySessions.iniciada, true), eq(plenarySessions.finalizada, false), ne(plenarySessions.id, s.id))).limit(1);
      if (other) throw conflict(`Já há uma sessão plenária em andamento: ${other.titulo}. Finalize-a antes de iniciar outra.`);
      const presidente_id = await presidentOf(tx, s);
      const [u] = await tx.update(plenarySessions).set({ iniciada: true, iniciadaEm: sql`now()`, presidente_id, updated_at: sql`now()` }).where(eq(plenarySessions.id, s.id)).returning();
      await logAction(ctx, tx, sessionsDef, s.id, { iniciada: { de: false, para: true } }, `iniciou a sessão plenária ${s.titulo}`);
      touchTable(sessionsDef);
      await publish(tx, ctx, s.id, ['session', 'members'], { company: true });
      return u as Row;
    });
    return one(ctx, sessionsDef, row);
  },

  async finalizar(ctx) {
    const row = await withSession(ctx, ctx.id, async (tx, s) => {
      if (!s.iniciada) throw conflict('A sessão plenária não foi iniciada.');
      if (s.finalizada) throw conflict('A sessão plenária já está finalizada.');
      const [open] = await tx.select({ id: vottings.id }).from(vottings).where(and(eq(vottings.plenary_session_id, s.id), eq(vottings.status, 'aberta'))).limit(1);
      if (open) throw conflict('Encerre a votação em andamento antes de finalizar a sessão.');
      await stopSpeakers(tx, s.id, 'concluido');
      const close = (v: string | null) => (v === 'aberta' ? 'encerrada' : v);
      const [u] = await tx.update(plenarySessions).set({
        finalizada: true, finalizadaEm: sql`now()`, encerramento: sql`coalesce(${plenarySessions.encerramento}, (now() at time zone 'America/Sao_Paulo')::date)`,
        horarioFim: sql`coalesce(${plenarySessions.horarioFim}, date_trunc('minute', now() at time zone 'America/Sao_Paulo')::time)`,
        lista_abertura: close(s.lista_abertura), lista_ordem_dia: close(s.lista_ordem_dia), updated_at: sql`now()`,
      }).where(eq(plenarySessions.id, s.id)).returning();
      await logAction(ctx, tx, sessionsDef, s.id, { finalizada: { de: false, para: true } }, `finalizou a sessão plenária ${s.titulo}`);
      touchTable(sessionsDef);
      // the ata's draft, written from what was recorded (ata.ts), in the same transaction
      await writeAta({ ...ctx, db: tx }, u as Row);
      await publish(tx, ctx, s.id, ['session', 'presence', 'speakers'], { company: true });
      return u as Row;
    });
    return one(ctx, sessionsDef, row);
  },

  async active(ctx) {
    const [s] = await ctx.db.select().from(plenarySessions)
      .where(and(eq(plenarySessions.company_id, ctx.auth!.companyId), eq(plenarySessions.iniciada, true), eq(plenarySessions.finalizada, false)))
      .orderBy(desc(plenarySessions.iniciadaEm)).limit(1);
    return s ? one(ctx, sessionsDef, s as Row) : { data: null };
  },

  async closed_last(ctx) {
    const [s] = await ctx.db.select().from(plenarySessions)
      .where(and(eq(plenarySessions.company_id, ctx.auth!.companyId), eq(plenarySessions.finalizada, true)))
      .orderBy(sql`${plenarySessions.finalizadaEm} desc nulls last`, desc(plenarySessions.abertura), desc(plenarySessions.id)).limit(1);
    return s ? one(ctx, sessionsDef, s as Row) : { data: null };
  },

  async save_link_midia(ctx) {
    const row = await withSession(ctx, ctx.id, async (tx, s) => {
      const linkMidia = (ctx.body as { linkMidia: string | null }).linkMidia ?? null;
      const [u] = await tx.update(plenarySessions).set({ linkMidia, updated_at: sql`now()` }).where(eq(plenarySessions.id, s.id)).returning();
      await logAction(ctx, tx, sessionsDef, s.id, { linkMidia: { de: s.linkMidia, para: linkMidia } }, `salvou o link de mídia da sessão ${s.titulo}`);
      await publish(tx, ctx, s.id, ['session']);
      return u as Row;
    });
    return one(ctx, sessionsDef, row);
  },

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
      const set: Record<string, unknown> = { [col]: next, updated_at: sql`now()` };
      // one list open at a time: opening one closes the other
      const other = listColumn(b.type === 'abertura' ? 'ordem_dia' : 'abertura');
      if (next === 'aberta' && s[other] === 'aberta') set[other] = 'encerrada';
      await tx.update(plenarySessions).set(set).where(eq(plenarySessions.id, s.id));
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
      const inserted = await tx.insert(presences).values({ company_id: s.company_id, plenary_session_id: s.id, type_id: typeId, parliamentary_id: member, chave, obs: 'Registro pelo próprio vereador' })
        .onConflictDoNothing().returning({ id: presences.id });
      if (inserted.length) {
        await audit(tx, ctx.req, ctx.auth, 'create', def('presences'), inserted[0].id, { parliamentary_id: member, fase: phase }, `${ctx.auth!.name} registrou presença ${PHASE_LABEL(phase)} na sessão ${s.titulo}`);
        touchTable(def('presences'));
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
      const created = await tx.insert(presences).values(ids.map((pid) => ({
        company_id: s.company_id, plenary_session_id: s.id, type_id: typeId, parliamentary_id: pid, chave: `${s.id}:${typeId}:${pid}`, obs: b.obs ?? 'Registro pela Mesa',
      }))).onConflictDoNothing().returning({ id: presences.id, parliamentary_id: presences.parliamentary_id });
      for (const c of created) await audit(tx, ctx.req, ctx.auth, 'create', def('presences'), c.id, { parliamentary_id: c.parliamentary_id });
      touchTable(def('presences'));
      if (created.length) await publish(tx, ctx, s.id, ['presence', 'voting']);
      return tx.select().from(presences).where(and(eq(presences.plenary_session_id, s.id), eq(presences.type_id, typeId), inArray(presences.parliamentary_id, ids))).orderBy(asc(presences.id));
    });
    ctx.reply.status(201);
    if (b.parliamentary_ids === undefined && ids.length === 1) return one(ctx, def('presences'), rows[0] as Row);
    return many(ctx, def('presences'), rows as Row[]);
  },

  async remove_presences(ctx) {
    const b = ctx.body as { type: Phase; parliamentary_ids: number[] };
    await withSession(ctx, ctx.id, async (tx, s) => {
      if (s.finalizada) throw conflict('A sessão plenária está finalizada.');
      const typeId = await typeIdOf(tx, 'presences', b.type, s.company_id);
      if (!typeId) return;
      await keepSecretVoters(tx, s.id, b.type, b.parliamentary_ids);
      const gone = await tx.delete(presences)
        .where(and(eq(presences.plenary_session_id, s.id), eq(presences.type_id, typeId), inArray(presences.parliamentary_id, b.parliamentary_ids))).returning({ id: presences.id });
      for (const g of gone) await audit(tx, ctx.req, ctx.auth, 'delete', def('presences'), g.id, null);
      touchTable(def('presences'));
      if (gone.length) await publish(tx, ctx, s.id, ['presence', 'voting']);
    });
    return { data: { type: b.type, removed: b.parliamentary_ids } };
  },

  async add_speakers(ctx) {
    const b = ctx.body as { type: SpeakerList; parliamentary_id?: number; parliamentary_ids?: number[]; tempoConcedido?: number };
    const ids = [...new Set([...(b.parliamentary_ids ?? []), ...(b.parliamentary_id ? [b.parliamentary_id] : [])])];
    if (!ids.length) throw unprocessable({ parliamentary_ids: ['Informe o parlamentar.'] });
    const rows = await withSession(ctx, ctx.id, async (tx, s) => {
      if (s.finalizada) throw conflict('A sessão plenária está finalizada.');
      await checkMembers(tx, s.company_id, ids);
      const typeId = await typeIdOf(tx, 'speakers', b.type, s.company_id);
      if (!typeId) throw conflict('A lista de oradores não está cadastrada nos tipos.');
      const settings = await settingsOf(tx, s.company_id);
      const [{ max }] = await tx.select({ max: sql<number>`coalesce(max(${speakers.ordem}), 0)` }).from(speakers)
        .where(and(eq(speakers.plenary_session_id, s.id), eq(speakers.type_id, typeId)));
      const created = await tx.insert(speakers).values(ids.map((pid, i) => ({
        company_id: s.company_id, plenary_session_id: s.id, type_id: typeId, parliamentary_id: pid, ordem: Number(max) + i + 1,
        tempoConcedido: b.tempoConcedido ?? allottedOf(settings, b.type), status: 'aguardando', acumuladoMs: 0,
      }))).returning();
      for (const c of created) await audit(tx, ctx.req, ctx.auth, 'create', speakersDef, c.id, { parliamentary_id: c.parliamentary_id, lista: b.type });
      touchTable(speakersDef);
      await publish(tx, ctx, s.id, ['speakers']);
      return created as Row[];
    });
    ctx.reply.status(201);
    return many(ctx, speakersDef, rows);
  },

  orador_explicacoes: (ctx) => speakersOf(ctx, 'explicacoes_pessoais'),
  speakers_of(ctx) {
    const type = String((ctx.req.params as { type?: string }).type ?? '').toLowerCase().replace(/-/g, '_');
    const list = SPEAKER_LISTS.find((l) => l.value === type || (type === 'explicacoes' && l.value === 'explicacoes_pessoais'));
    if (!list) throw new HttpError(404, 'Lista de oradores não encontrada (use expediente, ordem_dia ou explicacoes_pessoais).');
    return speakersOf(ctx, list.value);
  },

  async update_diversos(ctx) {
    const b = ctx.body as { speakers?: { id: number; ordem: number }[]; remove_speakers?: number[]; ocorrencias?: string | null; presidente_id?: number | null };
    const row = await withSession(ctx, ctx.id, async (tx, s) => {
      const sections: LiveSection[] = [];
      const ids = [...(b.speakers ?? []).map((x) => x.id), ...(b.remove_speakers ?? [])];
      if (ids.length) {
        const found = await tx.select({ id: speakers.id, status: speakers.status }).from(speakers).where(and(inArray(speakers.id, ids), eq(speakers.plenary_session_id, s.id)));
        if (found.length !== new Set(ids).size) throw unprocessable({ speakers: ['Orador não encontrado nesta sessão.'] });
        for (const x of b.speakers ?? []) await tx.update(speakers).set({ ordem: x.ordem, updated_at: sql`now()` }).where(eq(speakers.id, x.id));
        if (b.remove_speakers?.length) {
          if (found.some((f) => b.remove_speakers!.includes(f.id) && f.status === 'falando')) throw conflict('Encerre a fala antes de retirar o orador da lista.');
          await tx.delete(speakers).where(inArray(speakers.id, b.remove_speakers));
        }
        touchTable(speakersDef);
        sections.push('speakers');
      }
      const set: Record<string, unknown> = {};
      if (b.ocorrencias !== undefined) set.ocorrencias = b.ocorrencias;
      if (b.presidente_id !== undefined) {
        if (b.presidente_id !== null) await checkMembers(tx, s.company_id, [b.presidente_id], 'presidente_id');
        set.presidente_id = b.presidente_id;
        sections.push('session', 'members');
      }
      let out = s;
      if (Object.keys(set).length) {
        [out] = (await tx.update(plenarySessions).set({ ...set, updated_at: sql`now()` }).where(eq(plenarySessions.id, s.id)).returning()) as Row[];
        touchTable(sessionsDef);
      }
      await logAction(ctx, tx, sessionsDef, s.id, { ...set, ...(b.speakers ? { speakers: b.speakers } : {}), ...(b.remove_speakers ? { remove_speakers: b.remove_speakers } : {}) },
        `fez ajustes na sessão ${s.titulo}`);
      if (sections.length) await publish(tx, ctx, s.id, sections);
      return out;
    });
    return one(ctx, sessionsDef, row);
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
    return one(ctx, boardsDef, row);
  },

  /** What the electronic panel shows (issue 16 item 9): complete, members, voting, or a message. */
  async panel(ctx) {
    const b = ctx.body as { layout: PanelLayout; mensagem?: string | null };
    const data = await withSession(ctx, ctx.id, async (tx, s) => {
      const [before] = await tx.select().from(plenaryPanels).where(eq(plenaryPanels.plenary_session_id, s.id)).limit(1);
      const mensagem = b.mensagem === undefined ? (before?.mensagem ?? null) : (b.mensagem?.trim() || null);
      if (b.layout === 'mensagem' && !mensagem) throw unprocessable({ mensagem: ['Escreva a mensagem a mostrar no painel.'] });
      const [row] = await tx.insert(plenaryPanels).values({ company_id: s.company_id, plenary_session_id: s.id, chave: s.id, layout: b.layout, mensagem })
        .onConflictDoUpdate({ target: [plenaryPanels.company_id, plenaryPanels.chave], set: { layout: b.layout, mensagem, updated_at: sql`now()` } }).returning();
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

/**
 * A member who cast a secret ballot stays present in its phase until it closes: their ballot is in the totals and
 * can't be taken out (nothing links it to them), so unmarking them would leave more votes than members present.
 */
async function keepSecretVoters(tx: Tx, sessionId: number, phase: Phase, ids: number[]): Promise<void> {
  const [open] = await tx.select({ id: vottings.id }).from(vottings)
    .where(and(eq(vottings.plenary_session_id, sessionId), eq(vottings.status, 'aberta'), eq(vottings.tipo, 'secreta'), eq(vottings.fase, phase))).limit(1);
  if (!open) return;
  const voted = new Set(await secretVoters(tx, open.id));
  if (ids.some((id) => voted.has(id))) {
    throw conflict('Este vereador já votou na votação secreta em curso: a presença dele não pode ser retirada até o encerramento (o voto secreto não pode ser separado da contagem).');
  }
}

async function speakersOf(ctx: ActionContext, list: SpeakerList) {
  const s = await readSession(ctx, ctx.id);
  const typeId = await typeIdOf(ctx.db, 'speakers', list, s.company_id);
  // the list's own speakers (apartes, questões de ordem and lideranças are in the live state, not in the lists)
  const rows = typeId ? await ctx.db.select().from(speakers).where(and(eq(speakers.plenary_session_id, s.id), eq(speakers.type_id, typeId), isNull(speakers.modalidade))).orderBy(asc(speakers.ordem), asc(speakers.id)) : [];
  return many(ctx, speakersDef, rows as Row[]);
}

/* ---------------------------------------------------------------------------------------------------------------- */
/* Speaker timer: state, start of the current run, time already spoken — every screen derives the same clock        */

/** Stops whoever is speaking in the session (pausing, or finishing when `to` is concluido). */
async function stopSpeakers(tx: Tx, sessionId: number, to: 'pausado' | 'concluido', except?: number): Promise<void> {
  await tx.update(speakers).set({
    status: to, acumuladoMs: sql`${speakers.acumuladoMs} + greatest(0, floor(extract(epoch from (now() - ${speakers.iniciadoEm})) * 1000))::int`,
    iniciadoEm: null, updated_at: sql`now()`,
  }).where(and(eq(speakers.plenary_session_id, sessionId), eq(speakers.status, 'falando'), except ? ne(speakers.id, except) : sql`true`));
  if (to === 'concluido') {
    await tx.update(speakers).set({ status: 'concluido', updated_at: sql`now()` }).where(and(eq(speakers.plenary_session_id, sessionId), eq(speakers.status, 'pausado')));
  }
}

/** The timer as `GET speaker/:id` answers it: the domain's clock (`elapsedMs`) at the server's now. */
const clockOf = (r: Row) => {
  const iniciadoEm = r.iniciadoEm ? new Date(r.iniciadoEm).toISOString() : null;
  const acumuladoMs = Number(r.acumuladoMs ?? 0);
  const now = Date.now();
  const ms = elapsedMs({ status: r.status ?? 'aguardando', iniciado_em: iniciadoEm, acumulado_ms: acumuladoMs }, now);
  return {
    id: r.id, tempo: Math.floor(ms / 1000), play: r.status === 'falando', status: r.status ?? 'aguardando',
    iniciadoEm, acumuladoMs, tempoConcedido: r.tempoConcedido ?? 0,
    parliamentary_id: r.parliamentary_id, plenary_session_id: r.plenary_session_id, server_time: new Date(now).toISOString(),
  };
};

async function speakerRow(ctx: ActionContext, id: number | null | undefined): Promise<Row> {
  const [r] = id ? await ctx.db.select().from(speakers).where(and(eq(speakers.id, id), eq(speakers.company_id, ctx.auth!.companyId))).limit(1) : [];
  if (!r) throw notFoundOf(speakersDef);
  return r as Row;
}

async function timerChange(
  ctx: ActionContext, change: (tx: Tx, sp: Row, s: Row) => Promise<Record<string, unknown> | null>, verb: string, after?: (tx: Tx, sp: Row) => Promise<void>,
): Promise<unknown> {
  const b = ctx.body as { id: number };
  const sp = await speakerRow(ctx, b.id);
  const row = await withSession(ctx, sp.plenary_session_id, async (tx, s) => {
    const [fresh] = await tx.select().from(speakers).where(eq(speakers.id, sp.id)).for('update').limit(1);
    if (!fresh) throw notFoundOf(speakersDef);
    const set = await change(tx, fresh as Row, s);
    if (!set) return fresh as Row;
    const [u] = await tx.update(speakers).set({ ...set, updated_at: sql`now()` }).where(eq(speakers.id, sp.id)).returning();
    await audit(tx, ctx.req, ctx.auth, 'update', speakersDef, sp.id, { status: { de: fresh.status, para: u.status } }, `${ctx.auth!.name} ${verb} a fala do orador #${sp.id}`);
    // speaker kinds out of the lists (oradores.ts): apartes end with their speech, an intervention gives the floor back
    if (after) await after(tx, u as Row);
    touchTable(speakersDef);
    await publish(tx, ctx, s.id, ['speakers']);
    return u as Row;
  });
  return { data: clockOf(row) };
}

const elapsedSql = sql`${speakers.acumuladoMs} + greatest(0, floor(extract(epoch from (now() - ${speakers.iniciadoEm})) * 1000))::int`;

const speakerActions: Record<string, ActionHandler> = {
  async timer(ctx) {
    return { data: clockOf(await speakerRow(ctx, ctx.id)) };
  },
  start: (ctx) => timerChange(ctx, async (tx, sp, s) => {
    requireRunning(s);
    if (sp.status === 'concluido') throw conflict('A fala deste orador já foi encerrada.');
    if (sp.status === 'falando') return null;
    await stopSpeakers(tx, s.id, 'pausado', sp.id);
    return { status: 'falando', iniciadoEm: sql`now()` };
  }, 'iniciou', afterStart),
  pause: (ctx) => timerChange(ctx, async (_tx, sp) => {
    if (sp.status === 'concluido') throw conflict('A fala deste orador já foi encerrada.');
    if (sp.status !== 'falando') return null;
    return { status: 'pausado', acumuladoMs: elapsedSql, iniciadoEm: null };
  }, 'pausou'),
  finish: (ctx) => timerChange(ctx, async (_tx, sp) => {
    if (sp.status === 'concluido') return null;
    return sp.status === 'falando' ? { status: 'concluido', acumuladoMs: elapsedSql, iniciadoEm: null } : { status: 'concluido' };
  }, 'encerrou', afterFinish),
  update_time: (ctx) => timerChange(ctx, async (_tx, sp) => {
    const b = ctx.body as { tempo?: number; tempoConcedido?: number; acrescimo?: number };
    if (b.tempo === undefined && b.tempoConcedido === undefined && b.acrescimo === undefined) throw unprocessable({ tempo: ['Informe o tempo falado, o tempo concedido ou um acréscimo.'] });
    const set: Record<string, unknown> = {};
    if (b.tempo !== undefined) {
      set.acumuladoMs = b.tempo * 1000;
      if (sp.status === 'falando') set.iniciadoEm = sql`now()`;
    }
    let allotted = b.tempoConcedido ?? sp.tempoConcedido ?? 0;
    if (b.acrescimo !== undefined) allotted = Math.max(0, allotted + b.acrescimo);
    if (b.tempoConcedido !== undefined || b.acrescimo !== undefined) set.tempoConcedido = Math.min(86_400, allotted);
    return set;
  }, 'ajustou o tempo d'),
};

/* ---------------------------------------------------------------------------------------------------------------- */
/* Voting                                                                                                           */

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

async function serializeVoting(ctx: ActionContext, v: Row): Promise<Row> {
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
    [created] = (await tx.insert(vottings).values(values as never).returning()) as Row[];
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw conflict('Já há uma votação aberta. Encerre-a antes de abrir outra.');
    throw e;
  }
  // a secret ballot's totals: the only place its choices ever exist
  if (tipo === 'secreta') await tx.insert(secretTallies).values({ company_id: s.company_id, votting_id: created.id, chave: created.id, sim: 0, nao: 0, abstencao: 0 });
  await audit(tx, ctx.req, ctx.auth, 'create', vottingsDef, created.id, { plenary_matter_id: pm.id, tipo, regra: rule.regra, quorum_presenca: rule.quorum_presenca, ...(extra.motivo ? { motivo: extra.motivo } : {}) },
    tipo === 'leitura' ? `${ctx.auth!.name} registrou a leitura da matéria #${pm.id}`
      : `${ctx.auth!.name} abriu ${extra.anterior_id ? 'nova votação' : 'a votação'} ${labelOf(VOTING_KINDS, tipo).toLowerCase()} da matéria #${pm.id}${extra.motivo ? `: ${extra.motivo}` : ''}`.slice(0, 480));
  await publish(tx, ctx, s.id, tipo === 'leitura' ? ['voting', 'agenda'] : ['voting']);
  return created;
}

const tipoOf = async (tx: Tx, pm: Row, asked?: VotingKind): Promise<VotingKind> => {
  if (asked) return asked;
  const [votation] = await tx.select({ slug: types.slug }).from(types).where(eq(types.id, pm.tipo_votacao_id)).limit(1);
  const tipo = (votation?.slug as VotingKind | undefined) ?? 'simbolica';
  if (!VOTING_KINDS.some((k) => k.value === tipo)) throw unprocessable({ tipo: ['Tipo de votação inválido.'] });
  return tipo;
};

const SECRET_NO_COUNTS = 'Na votação secreta os votos vêm dos aparelhos dos vereadores: a Mesa não informa contagem nem voto do presidente.';

const matterActions: Record<string, ActionHandler> = {
  async add_votting(ctx) {
    const pm = await plenaryMatterOr404(ctx);
    const b = ctx.body as { tipo?: VotingKind };
    const v = await withSession(ctx, pm.plenary_session_id, async (tx, s) => {
      requireRunning(s);
      await requireOnThePauta(tx, pm.id);
      const tipo = await tipoOf(tx, pm, b.tipo);
      // a decided matter is voted again only through "Nova votação", with a reason (issue 16 item 4)
      const decided = await decidedVoting(tx, pm.id);
      if (decided) throw conflict(DECIDED(decided));
      return openVoting(ctx, tx, s, pm, tipo);
    });
    ctx.reply.status(201);
    return { data: await serializeVoting(ctx, v) };
  },

  async new_voting(ctx) {
    const pm = await plenaryMatterOr404(ctx);
    const b = ctx.body as { motivo: string; tipo?: VotingKind };
    const v = await withSession(ctx, pm.plenary_session_id, async (tx, s) => {
      requireRunning(s);
      await requireOnThePauta(tx, pm.id);
      const previous = await decidedVoting(tx, pm.id);
      if (!previous) throw conflict('Esta matéria ainda não tem resultado proclamado: use “Abrir votação”.');
      if (previous.tipo === 'leitura' && !b.tipo) throw conflict('A matéria foi lida, não votada: informe o tipo da nova votação.');
      const tipo = b.tipo ?? (previous.tipo as VotingKind);
      const open = await openVotingLabel(tx, s.company_id);
      if (open) throw conflict(`Já há uma votação aberta: ${open}. Encerre-a antes de abrir outra.`);
      // the previous result is annulled, with the reason, in the same transaction as the new voting
      await tx.update(vottings).set({ status: 'cancelada', aberta_chave: null, motivo: `Nova votação: ${b.motivo}`.slice(0, 500), updated_at: sql`now()` }).where(eq(vottings.id, previous.id));
      await audit(tx, ctx.req, ctx.auth, 'update', vottingsDef, previous.id, { status: { de: 'encerrada', para: 'cancelada' }, resultado: previous.resultado, motivo: b.motivo },
        `${ctx.auth!.name} anulou o resultado da votação #${previous.id} (${labelOf(OUTCOMES, previous.resultado)}) para nova votação: ${b.motivo}`.slice(0, 480));
      // the step its result added to the matter's tramitação goes with it (ciclo-legislativo.md)
      await undoVoteEffect(writeScope(ctx, tx), previous.id, `Nova votação: ${b.motivo}`);
      return openVoting(ctx, tx, s, pm, tipo, { motivo: b.motivo, anterior_id: previous.id });
    });
    ctx.reply.status(201);
    return { data: await serializeVoting(ctx, v) };
  },

  async close_votting(ctx) {
    const pm = await plenaryMatterOr404(ctx);
    const b = ctx.body as { sim?: number; nao?: number; abstencao?: number; voto_presidente?: VoteChoice | null };
    const v = await withSession(ctx, pm.plenary_session_id, async (tx, s) => {
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
      const [u] = await tx.update(vottings).set({
        status: 'encerrada', aberta_chave: null, presentes, sim: result.counted.sim, nao: result.counted.nao, abstencao: result.counted.abstencao,
        voto_presidente: tipo === 'secreta' ? null : presidentVote, presidente_computado: tipo !== 'secreta' && result.presidentCounted,
        exigidos: result.exigidos, resultado: result.resultado, explicacao: result.explicacao.slice(0, 500),
        encerradaEm: sql`now()`, encerrada_por: ctx.auth!.userId, updated_at: sql`now()`,
      }).where(eq(vottings.id, open.id)).returning();
      await audit(tx, ctx.req, ctx.auth, 'update', vottingsDef, open.id, { status: { de: 'aberta', para: 'encerrada' }, resultado: result.resultado, ...result.counted },
        `${ctx.auth!.name} encerrou a votação #${open.id}: ${result.explicacao}`.slice(0, 480));
      // the result flows back to the matter: the step it implies, in this transaction (ciclo-legislativo.md)
      await applyVoteEffect(writeScope(ctx, tx), s, pm, u as Row);
      await publish(tx, ctx, s.id, ['voting', 'agenda']);
      return u as Row;
    });
    return { data: await serializeVoting(ctx, v) };
  },

  /** Cancels the OPEN voting (a proclaimed result is annulled only by annul_result, issue 16 item 4). */
  async cancel_votting(ctx) {
    const pm = await plenaryMatterOr404(ctx);
    const { motivo } = ctx.body as { motivo: string };
    const v = await withSession(ctx, pm.plenary_session_id, async (tx, s) => {
      const [open] = await tx.select().from(vottings).where(and(eq(vottings.plenary_matter_id, pm.id), eq(vottings.status, 'aberta'))).for('update').limit(1);
      if (!open) {
        const decided = await decidedVoting(tx, pm.id);
        throw conflict(decided
          ? `Não há votação aberta desta matéria. O resultado já proclamado (${labelOf(OUTCOMES, decided.resultado)}) só pode ser desfeito por “Anular resultado”, com o motivo.`
          : 'Não há votação aberta desta matéria para cancelar.');
      }
      if (s.finalizada) throw conflict('A sessão plenária está finalizada.');
      const [u] = await tx.update(vottings).set({ status: 'cancelada', aberta_chave: null, motivo, updated_at: sql`now()` }).where(eq(vottings.id, open.id)).returning();
      await audit(tx, ctx.req, ctx.auth, 'update', vottingsDef, open.id, { status: { de: 'aberta', para: 'cancelada' }, motivo }, `${ctx.auth!.name} cancelou a votação #${open.id}: ${motivo}`.slice(0, 480));
      await publish(tx, ctx, s.id, ['voting', 'agenda']);
      return u as Row;
    });
    return { data: await serializeVoting(ctx, v) };
  },

  /** Annuls a proclaimed result, with the reason: recorded, audited and shown on every screen. */
  async annul_result(ctx) {
    const pm = await plenaryMatterOr404(ctx);
    const { motivo } = ctx.body as { motivo: string };
    const v = await withSession(ctx, pm.plenary_session_id, async (tx, s) => {
      if (s.finalizada) throw conflict('A sessão plenária está finalizada.');
      const last = await decidedVoting(tx, pm.id);
      if (!last) throw conflict('Esta matéria não tem resultado proclamado para anular.');
      const [u] = await tx.update(vottings).set({ status: 'cancelada', aberta_chave: null, motivo, updated_at: sql`now()` }).where(eq(vottings.id, last.id)).returning();
      await audit(tx, ctx.req, ctx.auth, 'update', vottingsDef, last.id, { status: { de: 'encerrada', para: 'cancelada' }, resultado: last.resultado, motivo },
        `${ctx.auth!.name} anulou o resultado da votação #${last.id} (${labelOf(OUTCOMES, last.resultado)}): ${motivo}`.slice(0, 480));
      await undoVoteEffect(writeScope(ctx, tx), last.id, `Resultado anulado: ${motivo}`);
      await publish(tx, ctx, s.id, ['voting', 'agenda']);
      return u as Row;
    });
    return { data: await serializeVoting(ctx, v) };
  },

  async impedimento(ctx) {
    const pm = await plenaryMatterOr404(ctx);
    const b = ctx.body as { parliamentary_id: number; impedido: boolean };
    const v = await withSession(ctx, pm.plenary_session_id, async (tx, s) => {
      const [open] = await tx.select().from(vottings).where(and(eq(vottings.plenary_matter_id, pm.id), eq(vottings.status, 'aberta'))).for('update').limit(1);
      if (!open) throw conflict('Não há votação aberta para esta matéria.');
      await checkMembers(tx, s.company_id, [b.parliamentary_id], 'parliamentary_id');
      if (open.tipo === 'secreta' && b.impedido && (await secretVoters(tx, open.id)).includes(b.parliamentary_id)) {
        throw conflict('Este vereador já votou nesta votação secreta: o voto secreto não pode ser separado da contagem. Anule a votação se o impedimento a invalida.');
      }
      const before = impededOf(open);
      const after = b.impedido ? [...new Set([...before, b.parliamentary_id])] : before.filter((x) => x !== b.parliamentary_id);
      if (after.length === before.length && after.every((x) => before.includes(x))) return open as Row;
      const [u] = await tx.update(vottings).set({ impedidos: after, updated_at: sql`now()` }).where(eq(vottings.id, open.id)).returning();
      const [p] = await tx.select({ nome: parliamentaries.nome }).from(parliamentaries).where(eq(parliamentaries.id, b.parliamentary_id)).limit(1);
      await audit(tx, ctx.req, ctx.auth, 'update', vottingsDef, open.id, { impedido: { parliamentary_id: b.parliamentary_id, de: !b.impedido, para: b.impedido } },
        `${ctx.auth!.name} ${b.impedido ? 'declarou' : 'retirou'} o impedimento de ${p?.nome ?? `#${b.parliamentary_id}`} na votação #${open.id}`);
      await publish(tx, ctx, s.id, ['voting']);
      return u as Row;
    });
    return { data: await serializeVoting(ctx, v) };
  },

  async reopen_votting(ctx) {
    const pm = await plenaryMatterOr404(ctx);
    const { motivo } = ctx.body as { motivo: string };
    const v = await withSession(ctx, pm.plenary_session_id, async (tx, s) => {
      requireRunning(s);
      const last = await decidedVoting(tx, pm.id);
      if (!last) throw conflict('Não há votação encerrada desta matéria para reabrir.');
      if (last.tipo === 'leitura') throw conflict('A leitura não tem votação para reabrir.');
      if (last.tipo === 'secreta') {
        throw conflict('Uma votação secreta encerrada não pode ser reaberta: a diferença entre a contagem proclamada e a nova revelaria votos. Use “Nova votação”, com o motivo.');
      }
      const open = await openVotingLabel(tx, s.company_id);
      if (open) throw conflict(`Já há uma votação aberta: ${open}. Encerre-a antes de reabrir outra.`);
      const [u] = await tx.update(vottings).set({
        status: 'aberta', aberta_chave: 1, resultado: null, explicacao: null, exigidos: null, encerradaEm: null, encerrada_por: null, motivo,
        voto_presidente: null, presidente_computado: false, updated_at: sql`now()`,
        ...(last.tipo === 'nominal' ? { sim: 0, nao: 0, abstencao: 0 } : {}),
      }).where(eq(vottings.id, last.id)).returning();
      await audit(tx, ctx.req, ctx.auth, 'update', vottingsDef, last.id, { status: { de: 'encerrada', para: 'aberta' }, resultado: last.resultado, motivo }, `${ctx.auth!.name} reabriu a votação #${last.id}: ${motivo}`.slice(0, 480));
      await undoVoteEffect(writeScope(ctx, tx), last.id, `Votação reaberta: ${motivo}`);
      await publish(tx, ctx, s.id, ['voting', 'agenda']);
      return u as Row;
    });
    return { data: await serializeVoting(ctx, v) };
  },
};

const W_LIVE_SET: ReadonlySet<string> = new Set(W_LIVE);

/** The open voting `id` of the user's company, locked in share mode: votes write side by side; closing, cancelling and impediments wait. */
async function openVotingForVote(tx: Tx, id: number | null, companyId: number): Promise<Row> {
  const [v] = id ? await tx.select().from(vottings).where(and(eq(vottings.id, id), eq(vottings.company_id, companyId))).for('share').limit(1) : [];
  if (!v) throw notFoundOf(vottingsDef);
  if (v.status !== 'aberta') throw conflict(v.status === 'cancelada' ? 'A votação foi anulada.' : 'A votação está encerrada.');
  if (v.tipo !== 'nominal' && v.tipo !== 'secreta') throw conflict(`Esta votação não é nominal (${labelOf(VOTING_KINDS, v.tipo).toLowerCase()}): os votos são registrados pela Mesa.`);
  return v as Row;
}

const vottingActions: Record<string, ActionHandler> = {
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
      const [mark] = await ctx.db.insert(ballotMarks).values({ company_id: v.company_id, votting_id: v.id, parliamentary_id: member, chave: `${v.id}:${member}`, user_id: ctx.auth!.userId, ip })
        .onConflictDoNothing().returning({ em: ballotMarks.created_at });
      if (!mark) throw conflict('Você já votou nesta votação secreta: o voto secreto é dado uma vez só.');
      const col = secretTallies[voto];
      await ctx.db.update(secretTallies).set({ [voto]: sql`${col} + 1` }).where(eq(secretTallies.votting_id, v.id));
      await publish(ctx.db, ctx, v.plenary_session_id, ['voting']);
      return { data: { votting_id: v.id, parliamentary_id: member, votou: true, registrado_em: new Date(mark.em).toISOString() }, message: 'Voto secreto registrado.' };
    }
    const [row] = await ctx.db.insert(votes).values({ company_id: v.company_id, votting_id: v.id, parliamentary_id: member, chave: `${v.id}:${member}`, voto, user_id: ctx.auth!.userId, ip })
      .onConflictDoUpdate({ target: [votes.company_id, votes.chave], set: { voto, user_id: ctx.auth!.userId, ip, updated_at: sql`now()` } })
      .returning();
    // every cast and change, append-only (issue 16 item 5); clock_timestamp: the moment of this cast within the transaction
    await ctx.db.insert(voteHistory).values({ company_id: v.company_id, votting_id: v.id, parliamentary_id: member, voto, user_id: ctx.auth!.userId, ip, created_at: sql`clock_timestamp()`, updated_at: sql`clock_timestamp()` });
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

/* ---------------------------------------------------------------------------------------------------------------- */
/* Settings                                                                                                         */

const settingsActions: Record<string, ActionHandler> = {
  async current(ctx) {
    const s = await settingsOf(ctx.db, ctx.auth!.companyId);
    return { data: { ...DEFAULT_SETTINGS, ...s, company_id: ctx.auth!.companyId } };
  },
  async save_current(ctx) {
    const b = ctx.body as Partial<typeof DEFAULT_SETTINGS>;
    const companyId = ctx.auth!.companyId;
    await ctx.db.transaction(async (t) => {
      const tx = t as unknown as Tx;
      const before = await settingsOf(tx, companyId);
      const values = { ...DEFAULT_SETTINGS, ...before, ...b };
      delete (values as { id?: number }).id;
      const [row] = await tx.insert(plenarySettings).values({ company_id: companyId, chave: companyId, ...values })
        .onConflictDoUpdate({ target: [plenarySettings.company_id, plenarySettings.chave], set: { ...values, updated_at: sql`now()` } }).returning();
      await audit(tx, ctx.req, ctx.auth, 'update', settingsDef, row.id, b as Record<string, unknown>, `${ctx.auth!.name} alterou as configurações do plenário`);
      // the settings show on every live session of the company
      const live = await tx.select({ id: plenarySessions.id }).from(plenarySessions)
        .where(and(eq(plenarySessions.company_id, companyId), eq(plenarySessions.iniciada, true), eq(plenarySessions.finalizada, false)));
      for (const s of live) {
        await tx.select({ id: plenarySessions.id }).from(plenarySessions).where(eq(plenarySessions.id, s.id)).for('update');
        await publish(tx, ctx, s.id, ['settings', 'voting', 'total_membros']);
      }
    });
    touchTable(settingsDef);
    return settingsActions.current(ctx);
  },
};

/* ---------------------------------------------------------------------------------------------------------------- */
/* Hooks: generic writes (agenda edits, presence tabs, speaker records, settings) are pushed too                     */

/** Publishes after a generic write of a record that belongs to a session, holding the session's lock. */
const pushing = (sections: LiveSection[], sessionOf: (row: Row) => number | null = (r) => r.plenary_session_id): ResourceHooks => {
  const push = async (row: Row, ctx: HookContext) => {
    const id = sessionOf(row);
    if (!id || !ctx.services) return;
    await ctx.db.select({ id: plenarySessions.id }).from(plenarySessions).where(eq(plenarySessions.id, id)).for('update');
    await publish(ctx.db, ctx.services, id, sections);
  };
  return {
    async afterWrite(row, existing, ctx) {
      await push(row, ctx);
      if (existing && sessionOf(existing) !== sessionOf(row)) await push(existing, ctx);
    },
    afterDelete: push,
  };
};

/** The generic removal of a presence (the session's presence tab) keeps secret voters too. */
const secretPresenceGuard: ResourceHooks = {
  async beforeDelete(existing, ctx) {
    const [t] = await ctx.db.select({ slug: types.slug }).from(types).where(eq(types.id, existing.type_id)).limit(1);
    if (t?.slug === 'abertura' || t?.slug === 'ordem_dia') await keepSecretVoters(ctx.db, existing.plenary_session_id, t.slug, [existing.parliamentary_id]);
  },
};

const votedGuard: ResourceHooks = {
  async beforeDelete(existing, ctx) {
    const [v] = await ctx.db.select({ id: vottings.id }).from(vottings).where(and(eq(vottings.plenary_matter_id, existing.id), ne(vottings.status, 'cancelada'))).limit(1);
    if (v) throw conflict('Não é possível retirar da pauta uma matéria que já foi votada; anule a votação antes.');
  },
};

const quorumKey: ResourceHooks = {
  async beforeWrite(values, existing) {
    const m = { ...existing, ...values };
    values.chave = `${m.type_id}:${m.turno_id ?? ''}`;
  },
};

/** The session tables' record rules (records.ts: titles, order numbers, phases) run first, then the live plenary's. */
export const hooks: Record<string, ResourceHooks> = {
  presences: chainHooks(presenceHooks, { ...secretPresenceGuard, ...pushing(['presence', 'voting']) }),
  speakers: pushing(['speakers']),
  plenary_matters: chainHooks(plenaryMatterHooks, { ...votedGuard, ...pushing(['agenda']) }),
  plenary_sessions: chainHooks(sessionHooks, pushing(['session', 'members', 'agenda'], (r) => r.id)),
  quorum_rules: quorumKey,
};

export const actions: Record<string, Record<string, ActionHandler>> = {
  plenary_sessions: { ...sessionActions, ...interventionActions },
  plenary_matters: matterActions,
  speakers: speakerActions,
  vottings: vottingActions,
  plenary_settings: settingsActions,
};

export function setup(services: Services): void {
  provideSnapshots(services);
}

