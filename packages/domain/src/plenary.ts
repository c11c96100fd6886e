/**
 * The live plenary's shared vocabulary and rules (issue 4): phases, speaker lists, voting kinds, quorum rules,
 * the presiding officer's rule, the result with its explanation, the server-kept speaker clock, and the shape of
 * the state pushed to panels, tablets and the control room. Pure functions: the server decides with them and the
 * screens preview with the same code (e.g. "maioria absoluta exige 7").
 */

export const PHASES = [{ value: 'abertura', label: 'Abertura (expediente)' }, { value: 'ordem_dia', label: 'Ordem do dia' }] as const;
export type Phase = (typeof PHASES)[number]['value'];

export const SPEAKER_LISTS = [
  { value: 'expediente', label: 'Expediente' },
  { value: 'ordem_dia', label: 'Ordem do dia' },
  { value: 'explicacoes_pessoais', label: 'Explicações pessoais' },
] as const;
export type SpeakerList = (typeof SPEAKER_LISTS)[number]['value'];

export const VOTING_KINDS = [
  { value: 'simbolica', label: 'Simbólica' },
  { value: 'nominal', label: 'Nominal' },
  { value: 'secreta', label: 'Secreta' },
  { value: 'leitura', label: 'Leitura (sem votação)' },
] as const;
export type VotingKind = (typeof VOTING_KINDS)[number]['value'];

export const VOTE_CHOICES = [
  { value: 'sim', label: 'Sim', key: 'S' },
  { value: 'nao', label: 'Não', key: 'N' },
  { value: 'abstencao', label: 'Abstenção', key: 'A' },
] as const;
export type VoteChoice = (typeof VOTE_CHOICES)[number]['value'];

export const QUORUM_RULES = [
  { value: 'maioria_simples', label: 'Maioria simples' },
  { value: 'maioria_absoluta', label: 'Maioria absoluta' },
  { value: 'dois_tercos', label: 'Dois terços' },
  { value: 'tres_quintos', label: 'Três quintos' },
] as const;
export type QuorumRule = (typeof QUORUM_RULES)[number]['value'];

export const PRESIDENT_RULES = [
  { value: 'desempate', label: 'Vota só para desempatar' },
  { value: 'desempate_e_qualificado', label: 'Vota para desempatar e quando o quórum é qualificado' },
  { value: 'sempre', label: 'Vota como os demais' },
] as const;
export type PresidentRule = (typeof PRESIDENT_RULES)[number]['value'];

export const PRESENCE_LIST_STATUS = [
  { value: 'fechada', label: 'Não aberta' },
  { value: 'aberta', label: 'Aberta' },
  { value: 'encerrada', label: 'Encerrada' },
] as const;
export type PresenceListStatus = (typeof PRESENCE_LIST_STATUS)[number]['value'];

export const SPEAKER_STATUS = [
  { value: 'aguardando', label: 'Aguardando' },
  { value: 'falando', label: 'Falando' },
  { value: 'pausado', label: 'Pausado' },
  { value: 'concluido', label: 'Concluído' },
] as const;
export type SpeakerStatus = (typeof SPEAKER_STATUS)[number]['value'];

export const VOTING_STATUS = [
  { value: 'aberta', label: 'Aberta' },
  { value: 'encerrada', label: 'Encerrada' },
  { value: 'cancelada', label: 'Cancelada' },
] as const;
export type VotingStatus = (typeof VOTING_STATUS)[number]['value'];

export const OUTCOMES = [
  { value: 'aprovado', label: 'Aprovado' },
  { value: 'rejeitado', label: 'Rejeitado' },
  { value: 'sem_quorum', label: 'Sem quórum' },
  { value: 'lida', label: 'Lida' },
] as const;
export type Outcome = (typeof OUTCOMES)[number]['value'];

/** The matter's kind of session phase → the presence list that counts for its votes. */
export const phaseOfKind = (kind: 'expediente' | 'ordem_dia'): Phase => (kind === 'expediente' ? 'abertura' : 'ordem_dia');

export const labelOf = <T extends readonly { value: string; label: string }[]>(list: T, value: string | null | undefined): string =>
  list.find((o) => o.value === value)?.label ?? String(value ?? '');

export const phaseLabel = (p: string): string => labelOf(PHASES, p);
export const listLabel = (l: string): string => labelOf(SPEAKER_LISTS, l);
export const kindLabel = (k: string): string => labelOf(VOTING_KINDS, k);
export const voteLabel = (c: string): string => labelOf(VOTE_CHOICES, c);
export const outcomeLabel = (o: string): string => labelOf(OUTCOMES, o);

/** Absolute majority of the house: half of the members, rounded down, plus one. */
export const absoluteMajority = (total: number): number => Math.floor(total / 2) + 1;

/**
 * Votes "Sim" needed under a rule, or null for maioria simples (more Sim than Não among those present, with a
 * presence quorum of an absolute majority of the house).
 */
export function requiredYes(rule: QuorumRule, total: number): number | null {
  switch (rule) {
    case 'maioria_absoluta': return absoluteMajority(total);
    case 'dois_tercos': return Math.ceil((2 * total) / 3);
    case 'tres_quintos': return Math.ceil((3 * total) / 5);
    default: return null;
  }
}

/** A phrase for the rule's requirement: "maioria absoluta exige 7", "maioria simples com quórum de 6 presentes". */
export function ruleRequirement(rule: QuorumRule, total: number): string {
  const need = requiredYes(rule, total);
  const name = labelOf(QUORUM_RULES, rule).toLowerCase();
  return need === null ? `${name} com quórum de ${absoluteMajority(total)} presentes` : `${name} exige ${need}`;
}

export interface Tally { sim: number; nao: number; abstencao: number }

export interface ResultInput {
  rule: QuorumRule;
  /** members of the house (in office) */
  total: number;
  /** members present in the phase */
  presentes: number;
  /** counts without the presiding officer's vote */
  votes: Tally;
  /** the presiding officer's vote, when cast (nominal) or recorded (tie-break in symbolic votes) */
  presidentVote?: VoteChoice | null;
  presidentRule: PresidentRule;
}

export interface ResultOutput {
  resultado: Exclude<Outcome, 'lida'>;
  /** the counts that decided (with the presiding officer's vote when it counted) */
  counted: Tally;
  presidentCounted: boolean;
  exigidos: number;
  explicacao: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Computes the result of a voting from the quorum rule and the presiding officer's rule, with its explanation. */
export function computeResult(i: ResultInput): ResultOutput {
  const base = i.votes;
  const qualified = i.rule !== 'maioria_simples';
  const tie = base.sim === base.nao;
  const pv = i.presidentVote ?? null;
  const presidentCounted = pv !== null && (
    i.presidentRule === 'sempre' ||
    tie ||
    (i.presidentRule === 'desempate_e_qualificado' && qualified)
  );
  const counted: Tally = { ...base };
  if (presidentCounted && pv) counted[pv] += 1;
  const need = requiredYes(i.rule, i.total);
  const quorum = absoluteMajority(i.total);
  const counts = `${plural(counted.sim, 'Sim', 'Sim')}, ${plural(counted.nao, 'Não', 'Não')}, ${plural(counted.abstencao, 'Abstenção', 'Abstenções')}`;
  const presidentNote = pv === null ? '' : presidentCounted ? '; voto do presidente computado' : '; voto do presidente não computado (vota só para desempatar)';
  if (need === null) {
    if (i.presentes < quorum) {
      return {
        resultado: 'sem_quorum', counted, presidentCounted, exigidos: quorum,
        explicacao: `Sem quórum: ${plural(i.presentes, 'presente', 'presentes')}; maioria simples exige a presença de ${quorum} de ${i.total} membros`,
      };
    }
    const ok = counted.sim > counted.nao;
    const why = ok ? 'mais votos Sim que Não' : counted.sim === counted.nao ? 'empate sem desempate' : 'mais votos Não que Sim';
    return {
      resultado: ok ? 'aprovado' : 'rejeitado', counted, presidentCounted, exigidos: counted.nao + 1,
      explicacao: `${ok ? 'Aprovado' : 'Rejeitado'}: ${counts}; maioria simples (${why})${presidentNote}`,
    };
  }
  const ok = counted.sim >= need;
  return {
    resultado: ok ? 'aprovado' : 'rejeitado', counted, presidentCounted, exigidos: need,
    explicacao: `${ok ? 'Aprovado' : 'Rejeitado'}: ${counts}; ${ruleRequirement(i.rule, i.total)}${presidentNote}`,
  };
}

/** The server-kept speaker clock: every screen derives the same elapsed time from it. */
export interface SpeakerClock {
  status: SpeakerStatus;
  /** when the current run started (ISO), while speaking */
  iniciado_em: string | null;
  /** milliseconds spoken in previous runs */
  acumulado_ms: number;
  /** allotted time, seconds */
  tempo_concedido: number;
}

/** Milliseconds spoken at `nowMs` (server time; screens add their measured clock offset). */
export function elapsedMs(c: Pick<SpeakerClock, 'status' | 'iniciado_em' | 'acumulado_ms'>, nowMs: number): number {
  const running = c.status === 'falando' && c.iniciado_em ? Math.max(0, nowMs - Date.parse(c.iniciado_em)) : 0;
  return c.acumulado_ms + running;
}

/** "mm:ss" (or "h:mm:ss") of a number of milliseconds; negative values show as "-mm:ss". */
export function formatClock(ms: number): string {
  const neg = ms < 0;
  const s = Math.floor(Math.abs(ms) / 1000);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return `${neg ? '-' : ''}${h ? `${h}:` : ''}${mm}:${ss}`;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* The pushed state (channel `plenario:<session>` public, `plenario-staff:<session>` for the staff)            */

export interface LiveMember {
  id: number;
  nome: string;
  partido: string | null;
  /** public URL of the photo, or null */
  foto: string | null;
  presidente: boolean;
}

export interface LivePresenceList {
  status: PresenceListStatus;
  /** parliamentary ids present in the phase */
  presentes: number[];
}

export interface LiveAgendaItem {
  id: number;
  kind: 'expediente' | 'ordem_dia';
  numOrdem: number | null;
  matter_id: number;
  identificacao: string;
  ementa: string | null;
  tipo_votacao: VotingKind | null;
  turno: string | null;
  polemica: boolean;
  /** result of its last closed voting */
  resultado: Outcome | null;
}

export interface LiveSpeaker extends SpeakerClock {
  id: number;
  lista: SpeakerList;
  ordem: number | null;
  parliamentary_id: number;
}

export interface LiveVote { parliamentary_id: number; voto: VoteChoice }

export interface LiveVoting {
  id: number;
  plenary_matter_id: number;
  identificacao: string;
  ementa: string | null;
  tipo: VotingKind;
  fase: Phase;
  status: VotingStatus;
  regra: QuorumRule;
  /** "maioria absoluta exige 7" */
  requisito: string;
  aberta_em: string;
  encerrada_em: string | null;
  tally: Tally & { presentes: number; total: number; votaram: number };
  /** each member's vote: null when not shown (secret or symbolic votes; live only when the setting allows it on the public channel) */
  votes: LiveVote[] | null;
  /** members declared impeded in this voting (never counted as abstentions or absences) */
  impedidos: number[];
  resultado: Outcome | null;
  explicacao: string | null;
}

export interface LiveSession {
  id: number;
  company_id: number;
  titulo: string;
  numero: number;
  tipo: string | null;
  abertura: string;
  horarioInicio: string | null;
  iniciada: boolean;
  finalizada: boolean;
  iniciadaEm: string | null;
  finalizadaEm: string | null;
  linkMidia: string | null;
  presidente_id: number | null;
}

export interface LiveSettings {
  votos_ao_vivo: boolean;
  tempos: Record<SpeakerList, number>;
  presidente_regra: PresidentRule;
}

export interface LiveState {
  company: { id: number; nome: string; brasao: string | null };
  session: LiveSession;
  members: LiveMember[];
  total_membros: number;
  presence: Record<Phase, LivePresenceList>;
  agenda: LiveAgendaItem[];
  speakers: LiveSpeaker[];
  /** the open voting, else the latest one of the session (with its result), else null */
  voting: LiveVoting | null;
  settings: LiveSettings;
}

/** Sections of the state; a change event replaces one of them. */
export type LiveSection = Exclude<keyof LiveState, 'company'>;
