/**
 * The control room's calls (docs/plenary.md "Rules"): one function per server action, all through the app's one
 * HTTP client, each bounded by a timeout (live/request.ts). The screen never polls: every change comes back through
 * the staff push channel.
 */
import { liveApi as api } from '../../live/request';
import type { PanelLayout, Phase, PresidentRule, SpeakerKind, SpeakerList, VoteChoice, VotingKind } from '@paco/domain/plenary';

const S = (id: number) => `plenary_sessions/${id}`;
const PM = (id: number) => `plenary_matters/${id}`;

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

/** `{ data: x }` or `x` (the reading calls answer with the envelope; be lenient). */
export const unwrap = <T>(r: unknown): T => (r && typeof r === 'object' && 'data' in r ? (r as { data: T }).data : (r as T));

export const calls = {
  iniciar: (s: number) => api(`${S(s)}/iniciar`, { method: 'POST' }),
  finalizar: (s: number) => api(`${S(s)}/finalizar`, { method: 'POST' }),

  presenceList: (s: number, type: Phase, status: 'aberta' | 'encerrada') =>
    api(`${S(s)}/change_presence_list_status`, { method: 'POST', body: { type, status } }),
  addPresences: (s: number, type: Phase, ids: number[]) => api(`${S(s)}/add_presences`, { method: 'POST', body: { type, parliamentary_ids: ids } }),
  removePresences: (s: number, type: Phase, ids: number[]) => api(`${S(s)}/remove_presences`, { method: 'POST', body: { type, parliamentary_ids: ids } }),
  absences: async (s: number, signal?: AbortSignal): Promise<Absence[]> =>
    unwrap<Absence[]>(await api(`${S(s)}/get_absences`, { query: { perPage: 100 }, signal })) ?? [],
  addAbsence: (s: number, body: { parliamentary_id: number; justificada: boolean; motivo: string | null }) =>
    api(`${S(s)}/add_absence`, { method: 'POST', body }),
  removeAbsence: (s: number, absenceId: number) => api(`${S(s)}/absences/${absenceId}`, { method: 'DELETE' }),

  addSpeaker: (s: number, type: SpeakerList, ids: number[]) => api(`${S(s)}/add_speakers`, { method: 'POST', body: { type, parliamentary_ids: ids } }),
  reorderSpeakers: (s: number, speakers: { id: number; ordem: number }[]) => api(`${S(s)}/update_diversos`, { method: 'POST', body: { speakers } }),
  removeSpeaker: (s: number, id: number) => api(`${S(s)}/update_diversos`, { method: 'POST', body: { remove_speakers: [id] } }),
  intervencao: (s: number, body: { modalidade: SpeakerKind; parliamentary_id: number; orador_id?: number; tempoConcedido?: number }) =>
    api(`${S(s)}/intervencao`, { method: 'POST', body }),
  speaker: (action: 'start' | 'pause' | 'finish', id: number) => api(`speaker/${action}`, { method: 'PUT', body: { id } }),
  speakerTime: (id: number, patch: { acrescimo?: number; tempoConcedido?: number }) => api('speaker/updateTime', { method: 'PUT', body: { id, ...patch } }),

  openVoting: (pm: number, tipo?: VotingKind) => api(`${PM(pm)}/add_votting`, { method: 'POST', body: tipo ? { tipo } : {} }),
  closeVoting: (pm: number, body: CloseBody) => api(`${PM(pm)}/close_votting`, { method: 'PUT', body }),
  cancelVoting: (pm: number, motivo: string) => api(`${PM(pm)}/cancel_votting`, { method: 'PUT', body: { motivo } }),
  annulResult: (pm: number, motivo: string) => api(`${PM(pm)}/annul_result`, { method: 'PUT', body: { motivo } }),
  newVoting: (pm: number, motivo: string, tipo?: VotingKind) => api(`${PM(pm)}/new_voting`, { method: 'POST', body: { motivo, ...(tipo ? { tipo } : {}) } }),
  history: async (votingId: number, signal?: AbortSignal): Promise<VoteHistory> => unwrap<VoteHistory>(await api(`vottings/${votingId}/history`, { signal })),
  panel: (s: number, layout: PanelLayout, mensagem?: string | null) => api(`${S(s)}/panel`, { method: 'POST', body: mensagem === undefined ? { layout } : { layout, mensagem } }),
  reopenVoting: (pm: number, motivo: string) => api(`${PM(pm)}/reopen_votting`, { method: 'PUT', body: { motivo } }),
  impediment: (pm: number, parliamentary_id: number, impedido: boolean) => api(`${PM(pm)}/impedimento`, { method: 'PUT', body: { parliamentary_id, impedido } }),

  settings: async (signal?: AbortSignal): Promise<PlenarySettings> => unwrap<PlenarySettings>(await api('plenary_settings/current', { signal })),
  saveSettings: (body: Partial<PlenarySettings>) => api('plenary_settings/current', { method: 'PUT', body }),
};
