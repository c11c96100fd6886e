/**
 * The speakers' lists (expediente, ordem do dia, explicações pessoais) and their timer: the clock is kept by the
 * server (state, start of the current run, time already spoken) and every screen derives the same time from it.
 * Apartes, questões de ordem and lideranças are in oradores.ts.
 */
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { elapsedMs, SPEAKER_LISTS, type LiveSection, type SpeakerList } from '@paco/domain/plenary';
import { plenarySessions, speakers } from '../../db/schema.generated.ts';
import { afterFinish, afterStart } from './oradores.ts';
import { readSession, withSession } from './session.ts';
import { type ActionContext, type ActionHandler, type Row } from '../../engine/context.ts';
import { notFoundOf, recordAnswer } from '../../engine/serialize.ts';
import { deleteRows, insertRows, type ServerWrite, txWrite, updateRows } from '../../engine/rows.ts';
import { audit } from '../../engine/audit.ts';
import { conflict, HttpError, unprocessable } from '../../http/errors.ts';
import { allottedOf, publish, settingsOf, typeIdOf } from './state.ts';
import { checkMembers, logAction, many, requireRunning, sessionsDef, speakersDef, type Tx } from './live-common.ts';

export const speakerListActions: Record<string, ActionHandler> = {
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
      const created = await insertRows(txWrite(ctx, tx), speakers, ids.map((pid, i) => ({
        company_id: s.company_id, plenary_session_id: s.id, type_id: typeId, parliamentary_id: pid, ordem: Number(max) + i + 1,
        tempoConcedido: b.tempoConcedido ?? allottedOf(settings, b.type), status: 'aguardando', acumuladoMs: 0,
      })));
      for (const c of created) await audit(tx, ctx.req, ctx.auth, 'create', speakersDef, c.id, { parliamentary_id: c.parliamentary_id, lista: b.type });
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
        for (const x of b.speakers ?? []) await updateRows(txWrite(ctx, tx), speakers, eq(speakers.id, x.id), { ordem: x.ordem });
        if (b.remove_speakers?.length) {
          if (found.some((f) => b.remove_speakers!.includes(f.id) && f.status === 'falando')) throw conflict('Encerre a fala antes de retirar o orador da lista.');
          await deleteRows(txWrite(ctx, tx), speakers, inArray(speakers.id, b.remove_speakers));
        }
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
        [out] = (await updateRows(txWrite(ctx, tx), plenarySessions, eq(plenarySessions.id, s.id), set)) as Row[];
      }
      await logAction(ctx, tx, sessionsDef, s.id, { ...set, ...(b.speakers ? { speakers: b.speakers } : {}), ...(b.remove_speakers ? { remove_speakers: b.remove_speakers } : {}) },
        `fez ajustes na sessão ${s.titulo}`);
      if (sections.length) await publish(tx, ctx, s.id, sections);
      return out;
    });
    return recordAnswer(ctx, sessionsDef, row);
  },
};

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
export async function stopSpeakers(w: ServerWrite, sessionId: number, to: 'pausado' | 'concluido', except?: number): Promise<void> {
  await updateRows(w, speakers, and(eq(speakers.plenary_session_id, sessionId), eq(speakers.status, 'falando'), except ? ne(speakers.id, except) : sql`true`), {
    status: to, acumuladoMs: sql`${speakers.acumuladoMs} + greatest(0, floor(extract(epoch from (now() - ${speakers.iniciadoEm})) * 1000))::int`,
    iniciadoEm: null,
  });
  if (to === 'concluido') {
    await updateRows(w, speakers, and(eq(speakers.plenary_session_id, sessionId), eq(speakers.status, 'pausado')), { status: 'concluido' });
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
  ctx: ActionContext, change: (tx: Tx, sp: Row, s: Row) => Promise<Record<string, unknown> | null>, verb: string, after?: (w: ServerWrite, sp: Row) => Promise<void>,
): Promise<unknown> {
  const b = ctx.body as { id: number };
  const sp = await speakerRow(ctx, b.id);
  const row = await withSession(ctx, sp.plenary_session_id, async (tx, s) => {
    const [fresh] = await tx.select().from(speakers).where(eq(speakers.id, sp.id)).for('update').limit(1);
    if (!fresh) throw notFoundOf(speakersDef);
    const set = await change(tx, fresh as Row, s);
    if (!set) return fresh as Row;
    const [u] = await updateRows(txWrite(ctx, tx), speakers, eq(speakers.id, sp.id), set);
    await audit(tx, ctx.req, ctx.auth, 'update', speakersDef, sp.id, { status: { de: fresh.status, para: u.status } }, `${ctx.auth!.name} ${verb} a fala do orador #${sp.id}`);
    // speaker kinds out of the lists (oradores.ts): apartes end with their speech, an intervention gives the floor back
    if (after) await after(txWrite(ctx, tx), u as Row);
    await publish(tx, ctx, s.id, ['speakers']);
    return u as Row;
  });
  return { data: clockOf(row) };
}

const elapsedSql = sql`${speakers.acumuladoMs} + greatest(0, floor(extract(epoch from (now() - ${speakers.iniciadoEm})) * 1000))::int`;

export const speakerActions: Record<string, ActionHandler> = {
  async timer(ctx) {
    return { data: clockOf(await speakerRow(ctx, ctx.id)) };
  },
  start: (ctx) => timerChange(ctx, async (tx, sp, s) => {
    requireRunning(s);
    if (sp.status === 'concluido') throw conflict('A fala deste orador já foi encerrada.');
    if (sp.status === 'falando') return null;
    await stopSpeakers(txWrite(ctx, tx), s.id, 'pausado', sp.id);
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
