/**
 * What the electronic panel derives from the pushed LiveState (pure functions, no React): which presence list
 * to show, who is speaking and who comes next, each member's vote, and the texts read by screen readers.
 */
import {
  PHASES, elapsedMs, floorOf, formatClock, isListSpeaker, kindLabel, listLabel, outcomeLabel, phaseLabel, speakerLabel, voteLabel, votingFigures,
  type Floor, type LiveMember, type LiveSpeaker, type LiveState, type LiveVoting, type Phase, type SpeakerList, type VoteChoice,
} from '@paco/domain/plenary';

/** The panel's screens (spec 1 §2), by route segment. */
export const PANEL_SCREENS = {
  Oradores: 'Oradores',
  PainelPresence: 'Presença',
  PainelVotation: 'Votação',
  PresenceCard: 'Cartão de presença',
  Votacao: 'Votação em andamento',
  Votada: 'Matéria votada',
  VotationCard: 'Cartão de votação',
} as const;
export type PanelScreen = keyof typeof PANEL_SCREENS | 'full';

/** The screen named by a route segment (case-insensitive), or null. */
export function screenOf(segment: string): keyof typeof PANEL_SCREENS | null {
  const k = Object.keys(PANEL_SCREENS).find((s) => s.toLowerCase() === segment.toLowerCase());
  return (k as keyof typeof PANEL_SCREENS | undefined) ?? null;
}

export type SessionStatus = 'aguardando' | 'andamento' | 'encerrada';
export const SESSION_STATUS_LABEL: Record<SessionStatus, string> = {
  aguardando: 'Aguardando início',
  andamento: 'Em andamento',
  encerrada: 'Encerrada',
};
export function sessionStatus(s: { iniciada: boolean; finalizada: boolean }): SessionStatus {
  return s.finalizada ? 'encerrada' : s.iniciada ? 'andamento' : 'aguardando';
}

/**
 * The presence list to show: the open one; else the phase of the open voting; else the latest used (ordem do dia
 * once its list was opened, else the opening).
 */
export function shownPhase(state: Pick<LiveState, 'presence' | 'voting'>): Phase {
  const open = PHASES.find((p) => state.presence[p.value]?.status === 'aberta');
  if (open) return open.value;
  if (state.voting?.status === 'aberta') return state.voting.fase;
  return state.presence.ordem_dia?.status && state.presence.ordem_dia.status !== 'fechada' ? 'ordem_dia' : 'abertura';
}

export { floorOf, isListSpeaker, kindLabel, listLabel, outcomeLabel, phaseLabel, voteLabel, type Floor };

const LIST_ORDER: Record<SpeakerList, number> = { expediente: 0, ordem_dia: 1, explicacoes_pessoais: 2 };
const byOrder = (a: LiveSpeaker, b: LiveSpeaker) =>
  LIST_ORDER[a.lista] - LIST_ORDER[b.lista] || (a.ordem ?? Number.MAX_SAFE_INTEGER) - (b.ordem ?? Number.MAX_SAFE_INTEGER) || a.id - b.id;

/** The speakers of the lists (of one list, when given), in order. */
export function sortedSpeakers(speakers: LiveSpeaker[], lista?: SpeakerList): LiveSpeaker[] {
  return speakers.filter((s) => isListSpeaker(s) && (!lista || s.lista === lista)).sort(byOrder);
}

/** The speaker with the floor (see `floorOf`). */
export function currentSpeaker(speakers: LiveSpeaker[]): LiveSpeaker | null {
  return floorOf(speakers).speaker;
}

/**
 * Who comes next: the waiting speakers of the current speaker's list, else of the first list with any waiting;
 * members not present in the session's current phase (`present`, see `presentNow`) are left out.
 */
export function nextSpeakers(speakers: LiveSpeaker[], current: LiveSpeaker | null, present?: ReadonlySet<number>): LiveSpeaker[] {
  const waiting = sortedSpeakers(speakers).filter((s) => s.status === 'aguardando' && (!present || present.has(s.parliamentary_id)));
  const lista = current?.lista ?? waiting[0]?.lista;
  return waiting.filter((s) => s.lista === lista);
}

type NameOf = (s: LiveSpeaker) => string;
const clockText = (s: LiveSpeaker, nowMs: number) => `falou ${formatClock(elapsedMs(s, nowMs))} de ${formatClock(s.tempo_concedido * 1000)}`;
export const floorKey = (f: Floor): string => `${f.speaker?.id ?? ''}:${f.speaker?.status ?? ''}|${f.aparte?.id ?? ''}:${f.aparte?.status ?? ''}`;

/** What a screen that connects announces: the speech under way, with its time, and the aparte in it. */
export function floorOnConnect(f: Floor, name: NameOf, nowMs: number): string {
  if (!f.speaker) return '';
  const parts = [`Fala em curso: ${name(f.speaker)}, ${speakerLabel(f.speaker)}${f.speaker.status === 'pausado' ? ', pausada' : ''}; ${clockText(f.speaker, nowMs)}.`];
  if (f.aparte) parts.push(`Em aparte: ${name(f.aparte)}; ${clockText(f.aparte, nowMs)}.`);
  return parts.join(' ');
}

/** What changed on the floor, for the polite live region: start, pause, resumption and end of a turn and of an aparte. */
export function floorChange(prev: Floor, next: Floor, speakers: LiveSpeaker[], name: NameOf): string {
  const ended = (s: LiveSpeaker) => (speakers.find((x) => x.id === s.id)?.status ?? 'concluido') === 'concluido';
  const parts: string[] = [];
  if (prev.aparte && prev.aparte.id !== next.aparte?.id && ended(prev.aparte)) parts.push(`Aparte encerrado: ${name(prev.aparte)}.`);
  if (prev.speaker && prev.speaker.id !== next.speaker?.id && ended(prev.speaker)) parts.push(`Fala encerrada: ${name(prev.speaker)}.`);
  const sp = next.speaker;
  if (sp && !next.aparte && (sp.id !== prev.speaker?.id || sp.status !== prev.speaker?.status || prev.aparte)) {
    if (sp.status === 'falando') parts.push(`Com a palavra: ${name(sp)}, ${speakerLabel(sp)}.`);
    else parts.push(`Fala de ${name(sp)} pausada.`);
  }
  const ap = next.aparte;
  if (sp && ap && (ap.id !== prev.aparte?.id || ap.status !== prev.aparte?.status)) {
    parts.push(ap.status === 'falando' ? `Em aparte: ${name(ap)}, na fala de ${name(sp)}.` : `Aparte de ${name(ap)} pausado.`);
  }
  if (!parts.length && prev.speaker && !sp) parts.push(`Fala encerrada: ${name(prev.speaker)}.`);
  return parts.join(' ');
}

export const VOTE_TEXT: Record<VoteChoice, { symbol: string; text: string }> = {
  sim: { symbol: '✓', text: 'SIM' },
  nao: { symbol: '✗', text: 'NÃO' },
  abstencao: { symbol: '–', text: 'ABSTENÇÃO' },
};

/** Each member's vote, or null when the votes are not shown (secret, symbolic, or hidden until closing). */
export function voteMap(voting: LiveVoting | null): Map<number, VoteChoice> | null {
  if (!voting?.votes || voting.status === 'cancelada') return null;
  return new Map(voting.votes.map((v) => [v.parliamentary_id, v.voto]));
}

/** Who voted, when the choices are not shown (a secret ballot; nominal votes hidden until closing): "votou" marks. */
export function votedMarks(voting: LiveVoting | null): Set<number> | null {
  if (!voting || voting.status === 'cancelada' || voting.votes || !voting.votantes) return null;
  return new Set(voting.votantes);
}

/**
 * Counters show when their figures exist: never while hidden (a secret ballot until it closes, nominal votes hidden
 * until closing, a symbolic vote before the Mesa records it), never for readings or cancelled votes.
 */
export function showsCounters(v: LiveVoting): boolean {
  if (v.tipo === 'leitura' || (v.status === 'cancelada' && !v.anulada)) return false;
  return votingFigures(v).counts !== null;
}

/** "Sim: 5, Não: 2, Abstenção: 1, Presentes: 9, Total: 13." then the president's vote and the result, for the polite live region. */
export function votingAnnouncement(v: LiveVoting | null): string {
  if (!v) return '';
  const f = votingFigures(v);
  if (v.status === 'cancelada') return `${f.note ?? `Votação de ${v.identificacao} cancelada`}.`;
  const parts: string[] = [];
  if (showsCounters(v)) {
    const t = v.tally;
    parts.push(`Sim: ${t.sim}, Não: ${t.nao}, Abstenção: ${t.abstencao}, Presentes: ${t.presentes}, Total: ${t.total}.`);
  } else if (v.tipo === 'nominal' || v.tipo === 'secreta') {
    parts.push(`Votaram ${v.tally.votaram} de ${v.tally.presentes} presentes.`);
  }
  if (f.presidentLine) parts.push(`${f.presidentLine}.`);
  // the explanation starts with the outcome ("Aprovado: 9 Sim, …")
  if (v.resultado) parts.push(`Resultado: ${v.explicacao ?? outcomeLabel(v.resultado)}.`);
  return parts.join(' ');
}

/** Type sizes by the size of the house: a council of up to 12 gets the room sizes (names ≥ 36 px at 1080p). */
export type Density = 'room' | 'medium' | 'small';
export const densityOf = (members: number): Density => (members <= 12 ? 'room' : members <= 21 ? 'medium' : 'small');

export const memberById = (members: LiveMember[]): Map<number, LiveMember> => new Map(members.map((m) => [m.id, m]));
