/**
 * Speaker kinds beyond the three lists (issue 13 §3; docs/plenary.md "Speaker kinds"): aparte, questão de ordem and
 * comunicação de liderança. Each is a row of `speakers` with its `modalidade`, its own allotted time (plenary
 * settings) and the same server-kept clock as a list speaker, so every screen derives the same elapsed time.
 *
 * - Taking the floor pauses whoever is speaking and records it in `retoma_id`; when the intervention ends (speaker/
 *   finish), that speech resumes, unless someone else took the floor in between.
 * - An aparte is granted during the speech of a list speaker (`aparte_de`), one at a time; it ends with that speech,
 *   and when that speaker is started again (the speaker takes the floor back).
 * - A questão de ordem or a liderança may interrupt anyone (an aparte too), one of them at a time.
 * - Only members present in the session's current phase (`currentPhase`) take the floor. The data has no notion of
 *   party or bloc leader, so any present member may make a comunicação de liderança.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { currentPhase, speakerKindLabel, type SpeakerKind } from '@paco/domain/plenary';
import { resourceByName } from '@paco/domain/resources';
import { parliamentaries, speakers } from '../../db/schema.generated.ts';
import type { ActionHandler, Row } from '../../engine/context.ts';
import { recordAnswer } from '../../engine/serialize.ts';
import { insertRows, type ServerWrite, txWrite, updateRows } from '../../engine/rows.ts';
import { audit } from '../../engine/audit.ts';
import { conflict, unprocessable } from '../../http/errors.ts';
import { withSession } from './session.ts';
import { presentIn, publish, settingsOf, typeIdOf, type Settings } from './state.ts';

const speakersDef = resourceByName.get('speakers')!;

const OPEN = ['falando', 'pausado'];
const isOpen = (r: Row) => OPEN.includes(r.status);
const KIND_ARTICLE: Record<SpeakerKind, string> = { aparte: 'um aparte', questao_ordem: 'uma questão de ordem', lideranca: 'uma comunicação de liderança' };
const allotted = (s: Settings, k: SpeakerKind): number => (k === 'aparte' ? s.tempo_aparte : k === 'questao_ordem' ? s.tempo_questao_ordem : s.tempo_lideranca);

const elapsedSql = sql`${speakers.acumuladoMs} + greatest(0, floor(extract(epoch from (now() - ${speakers.iniciadoEm})) * 1000))::int`;

/** Pauses whoever is speaking in the session (the clock keeps what was spoken). */
async function pauseSpeaking(w: ServerWrite, sessionId: number): Promise<void> {
  await updateRows(w, speakers, and(eq(speakers.plenary_session_id, sessionId), eq(speakers.status, 'falando')), { status: 'pausado', acumuladoMs: elapsedSql, iniciadoEm: null });
}

/** Concludes the open apartes of a list speaker (its speech ended, or it took the floor back). */
async function concludeApartes(w: ServerWrite, speakerId: number): Promise<void> {
  await updateRows(w, speakers, and(eq(speakers.aparte_de, speakerId), inArray(speakers.status, OPEN)), {
    status: 'concluido', acumuladoMs: sql`case when ${speakers.status} = 'falando' then ${elapsedSql} else ${speakers.acumuladoMs} end`, iniciadoEm: null,
  });
}

/** After speaker/start: a list speaker who takes the floor back ends the aparte granted in their speech. */
export async function afterStart(w: ServerWrite, sp: Row): Promise<void> {
  if (!sp.modalidade) await concludeApartes(w, sp.id);
}

/**
 * After speaker/finish: a list speaker's speech ends with its aparte; an intervention gives the floor back to the
 * speech it interrupted, when that one is still paused and nobody else is speaking.
 */
export async function afterFinish(w: ServerWrite, sp: Row): Promise<void> {
  if (!sp.modalidade) await concludeApartes(w, sp.id);
  if (!sp.retoma_id) return;
  const [speaking] = await w.db.select({ id: speakers.id }).from(speakers)
    .where(and(eq(speakers.plenary_session_id, sp.plenary_session_id), eq(speakers.status, 'falando'))).limit(1);
  if (speaking) return;
  await updateRows(w, speakers, and(eq(speakers.id, sp.retoma_id), eq(speakers.status, 'pausado')), { status: 'falando', iniciadoEm: sql`now()` });
}

interface Body { modalidade: SpeakerKind; parliamentary_id: number; orador_id?: number; tempoConcedido?: number }

export const interventionActions: Record<string, ActionHandler> = {
  /** POST plenary_sessions/:id/intervencao — aparte, questão de ordem or liderança for a present member. */
  async intervencao(ctx) {
    const b = ctx.body as Body;
    const row = await withSession(ctx, ctx.id, async (tx, s) => {
      if (s.finalizada) throw conflict('A sessão plenária está finalizada.');
      if (!s.iniciada) throw conflict('A sessão plenária não foi iniciada.');
      const [member] = await tx.select({ nome: parliamentaries.nome }).from(parliamentaries)
        .where(and(eq(parliamentaries.id, b.parliamentary_id), eq(parliamentaries.company_id, s.company_id))).limit(1);
      if (!member) throw unprocessable({ parliamentary_id: ['Parlamentar não encontrado nesta entidade.'] });
      const phase = currentPhase({ abertura: { status: s.lista_abertura ?? 'fechada' }, ordem_dia: { status: s.lista_ordem_dia ?? 'fechada' } });
      if (!(await presentIn(tx, s.id, s.company_id, phase)).includes(b.parliamentary_id)) {
        throw conflict(`${member.nome} não está presente ${phase === 'abertura' ? 'na abertura' : 'na ordem do dia'}: só um vereador presente pode receber a palavra.`);
      }
      const all = (await tx.select().from(speakers).where(eq(speakers.plenary_session_id, s.id)).for('update')) as Row[];
      const open = all.filter((x) => x.modalidade && isOpen(x));
      const speaking = all.find((x) => x.status === 'falando') ?? null;
      let main: Row | null = null;
      if (b.modalidade === 'aparte') {
        if (open.some((x) => x.modalidade === 'aparte')) throw conflict('Já há um aparte em curso: encerre-o antes de conceder outro.');
        const other = open.find((x) => x.modalidade !== 'aparte');
        if (other) throw conflict(`Há ${KIND_ARTICLE[other.modalidade as SpeakerKind]} em curso: encerre-a antes de conceder um aparte.`);
        if (b.orador_id) {
          main = all.find((x) => x.id === b.orador_id) ?? null;
          if (!main) throw unprocessable({ orador_id: ['Orador não encontrado nesta sessão.'] });
          if (main.modalidade) throw unprocessable({ orador_id: ['O aparte é concedido durante a fala de um orador inscrito numa lista.'] });
          if (!isOpen(main)) throw conflict('Este orador não está com a palavra: o aparte é concedido durante a fala dele.');
        } else {
          main = all.find((x) => !x.modalidade && x.status === 'falando') ?? null;
          if (!main) throw conflict('Não há orador com a palavra: o aparte é concedido durante a fala de um orador inscrito.');
        }
        if (main.parliamentary_id === b.parliamentary_id) throw unprocessable({ parliamentary_id: ['O orador não pode apartear a si mesmo.'] });
      } else {
        const same = open.find((x) => x.modalidade !== 'aparte');
        if (same) throw conflict(`Já há ${KIND_ARTICLE[same.modalidade as SpeakerKind]} em curso: encerre-a antes de dar a palavra para outra.`);
      }
      // the list: the aparte's speaker's; else the interrupted speech's; else the current phase's
      const typeId = main?.type_id ?? speaking?.type_id ?? (await typeIdOf(tx, 'speakers', phase === 'ordem_dia' ? 'ordem_dia' : 'expediente', s.company_id));
      if (!typeId) throw conflict('A lista de oradores não está cadastrada nos tipos.');
      const settings = await settingsOf(tx, s.company_id);
      const w = txWrite(ctx, tx);
      await pauseSpeaking(w, s.id);
      const [created] = await insertRows(w, speakers, {
        company_id: s.company_id, plenary_session_id: s.id, type_id: typeId, parliamentary_id: b.parliamentary_id, ordem: null,
        modalidade: b.modalidade, aparte_de: main?.id ?? null, retoma_id: speaking?.id ?? null,
        tempoConcedido: b.tempoConcedido ?? allotted(settings, b.modalidade), status: 'falando', iniciadoEm: sql`now()`, acumuladoMs: 0,
      });
      const of = main ? (await tx.select({ nome: parliamentaries.nome }).from(parliamentaries).where(eq(parliamentaries.id, main.parliamentary_id)).limit(1))[0]?.nome : null;
      const what = b.modalidade === 'aparte' ? `concedeu aparte a ${member.nome} na fala de ${of ?? 'orador'}` : `deu a palavra a ${member.nome} para ${speakerKindLabel(b.modalidade).toLowerCase()}`;
      await audit(tx, ctx.req, ctx.auth, 'create', speakersDef, created.id, { parliamentary_id: b.parliamentary_id, modalidade: b.modalidade, aparte_de: main?.id ?? null, retoma_id: speaking?.id ?? null },
        `${ctx.auth!.name} ${what} na sessão ${s.titulo}`.slice(0, 480));
      await publish(tx, ctx, s.id, ['speakers']);
      return created as Row;
    });
    ctx.reply.status(201);
    return recordAnswer(ctx, speakersDef, row);
  },
};
