/**
 * The control room's calls (docs/plenary.md "Rules"): one function per server action, all through the app's one
 * HTTP client, each bounded by a timeout (live/request.ts). The screen never polls: every change comes back through
 * the staff push channel.
 */
import { plenaryMatters, plenarySessions, speakers } from '@paco/domain/resources/materias';
import { plenarySettings, vottings } from '@paco/domain/resources/plenario';
import { call as declared, dataOf, subPaths, type ActionsOf, type CallOptions, type Declared } from '../../api/actions';
import { liveApi } from '../../live/request';
import type { PanelLayout, Phase, PresidentRule, SpeakerKind, SpeakerList, VoteChoice, VotingKind } from '@paco/domain/plenary';

export interface Absence {
  id: number;
  parliamentary_id: number;
  justificada: boolean | null;
  motivo: string | null;
}

export interface CloseBody {
  sim?: number;
  nao?: number;
  abstencao?: number;
  voto_presidente?: VoteChoice | null;
}

/** `GET vottings/:id/history`: every cast and change of a nominal vote, and the Mesa's acts on the voting. */
export interface VoteHistory {
  votting_id: number;
  tipo: VotingKind;
  votos: { id: number; parliamentary_id: number; nome: string | null; voto: VoteChoice; anterior: VoteChoice | null; em: string; ip: string | null; usuario: string | null }[];
  atos: { em: string; descricao: string; ip: string | null }[];
}

export interface PlenarySettings {
  votos_ao_vivo: boolean;
  presidente_regra: PresidentRule;
  tempo_expediente: number;
  tempo_ordem_dia: number;
  tempo_explicacoes_pessoais: number;
  total_membros: number | null;
  tempo_aparte: number;
  tempo_questao_ordem: number;
  tempo_lideranca: number;
}

/** A declared action of the live screens, bounded in time (live/request.ts). */
const run = <D extends Declared, K extends keyof ActionsOf<D> & string>(def: D, name: K, opts: CallOptions<ActionsOf<D>[K]>) => declared(def, name, opts, liveApi);
const absences = subPaths(plenarySessions.path, 'absences', plenarySessions.children!.absences);
const id = (n: number) => ({ id: n });

export const calls = {
  iniciar: (s: number) => run(plenarySessions, 'iniciar', { params: id(s) }),
  finalizar: (s: number) => run(plenarySessions, 'finalizar', { params: id(s) }),

  presenceList: (s: number, type: Phase, status: 'aberta' | 'encerrada') =>
    run(plenarySessions, 'change_presence_list_status', { params: id(s), input: { type, status } }),
  addPresences: (s: number, type: Phase, ids: number[]) => run(plenarySessions, 'add_presences', { params: id(s), input: { type, parliamentary_ids: ids } }),
  removePresences: (s: number, type: Phase, ids: number[]) => run(plenarySessions, 'remove_presences', { params: id(s), input: { type, parliamentary_ids: ids } }),
  absences: async (s: number, signal?: AbortSignal): Promise<Absence[]> => dataOf<Absence[]>(await liveApi(absences.list(s), { query: { perPage: 100 }, signal })),
  addAbsence: (s: number, body: { parliamentary_id: number; justificada: boolean; motivo: string | null }) =>
    liveApi(absences.add!(s), { method: 'POST', body }),
  removeAbsence: (s: number, absenceId: number) => liveApi(absences.remove!(s, absenceId), { method: 'DELETE' }),

  addSpeaker: (s: number, type: SpeakerList, ids: number[]) => run(plenarySessions, 'add_speakers', { params: id(s), input: { type, parliamentary_ids: ids } }),
  reorderSpeakers: (s: number, list: { id: number; ordem: number }[]) => run(plenarySessions, 'update_diversos', { params: id(s), input: { speakers: list } }),
  removeSpeaker: (s: number, speaker: number) => run(plenarySessions, 'update_diversos', { params: id(s), input: { remove_speakers: [speaker] } }),
  intervencao: (s: number, body: { modalidade: SpeakerKind; parliamentary_id: number; orador_id?: number; tempoConcedido?: number }) =>
    run(plenarySessions, 'intervencao', { params: id(s), input: body }),
  speaker: (action: 'start' | 'pause' | 'finish', speaker: number) => run(speakers, action, { input: { id: speaker } }),
  speakerTime: (speaker: number, patch: { acrescimo?: number; tempoConcedido?: number }) => run(speakers, 'update_time', { input: { id: speaker, ...patch } }),

  openBlock: (s: number, ids: number[]) => run(plenarySessions, 'add_votting_bloco', { params: id(s), input: { plenary_matter_ids: ids } }),
  openVoting: (pm: number, tipo?: VotingKind) => run(plenaryMatters, 'add_votting', { params: id(pm), input: tipo ? { tipo } : {} }),
  closeVoting: (pm: number, body: CloseBody) => run(plenaryMatters, 'close_votting', { params: id(pm), input: body }),
  cancelVoting: (pm: number, motivo: string) => run(plenaryMatters, 'cancel_votting', { params: id(pm), input: { motivo } }),
  annulResult: (pm: number, motivo: string) => run(plenaryMatters, 'annul_result', { params: id(pm), input: { motivo } }),
  newVoting: (pm: number, motivo: string, tipo?: Exclude<VotingKind, 'leitura'>) => run(plenaryMatters, 'new_voting', { params: id(pm), input: { motivo, ...(tipo ? { tipo } : {}) } }),
  history: async (votingId: number, signal?: AbortSignal): Promise<VoteHistory> => dataOf<VoteHistory>(await run(vottings, 'history', { params: id(votingId), signal })),
  panel: (s: number, layout: PanelLayout, mensagem?: string | null) =>
    run(plenarySessions, 'panel', { params: id(s), input: mensagem === undefined ? { layout } : { layout, mensagem } }),
  reopenVoting: (pm: number, motivo: string) => run(plenaryMatters, 'reopen_votting', { params: id(pm), input: { motivo } }),
  impediment: (pm: number, parliamentary_id: number, impedido: boolean) => run(plenaryMatters, 'impedimento', { params: id(pm), input: { parliamentary_id, impedido } }),

  settings: async (signal?: AbortSignal): Promise<PlenarySettings> => dataOf<PlenarySettings>(await run(plenarySettings, 'current', { signal })),
  saveSettings: (body: Partial<PlenarySettings>) => run(plenarySettings, 'save_current', { input: body }),
};
