/**
 * The live plenary's shared vocabulary and rules (issue 4): phases, speaker lists, voting kinds, quorum rules,
 * the presiding officer's rule, the result with its explanation, the server-kept speaker clock, and the shape of
 * the state pushed to panels, tablets and the control room. Pure functions: the server decides with them and the
 * screens preview with the same code (e.g. "maioria absoluta exige 7").
 */
import { labelOf } from './format.ts';

export const PHASES = [{ value: 'abertura', label: 'Abertura (expediente)' }, { value: 'ordem_dia', label: 'Ordem do dia' }] as const;
export type Phase = (typeof PHASES)[number]['value'];

export const SPEAKER_LISTS = [
  { value: 'expediente', label: 'Expediente' },
  { value: 'ordem_dia', label: 'Ordem do dia' },
  { value: 'explicacoes_pessoais', label: 'Explicações pessoais' },
] as const;
export type SpeakerList = (typeof SPEAKER_LISTS)[number]['value'];

/**
 * Speaker kinds beyond the three lists (issue 13 §3): each takes the floor out of the lists' order, with its own
 * allotted time (plenary settings), pausing whoever is speaking; when it ends, the speech it interrupted resumes.
 * - aparte: granted to a member during the speech of a member on a list (one aparte at a time);
 * - questão de ordem and comunicação de liderança: taken at any moment for a present member.
 */
export const SPEAKER_KINDS = [
  { value: 'aparte', label: 'Aparte', short: 'Em aparte', seconds: 120 },
  { value: 'questao_ordem', label: 'Questão de ordem', short: 'Questão de ordem', seconds: 180 },
  { value: 'lideranca', label: 'Comunicação de liderança', short: 'Comunicação de liderança', seconds: 300 },
] as const;
export type SpeakerKind = (typeof SPEAKER_KINDS)[number]['value'];
/** A list speaker (`lista`) or one of the kinds above. */
export type SpeakerModality = 'lista' | SpeakerKind;
export const speakerKindLabel = (k: string): string => labelOf(SPEAKER_KINDS, k);

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

/** Presence quorum of a rule: how many members of the house must be present for the vote to decide anything. */
export const PRESENCE_QUORUMS = [
  { value: 'maioria_absoluta', label: 'Maioria absoluta dos membros' },
  { value: 'um_terco', label: 'Um terço dos membros' },
  { value: 'dois_tercos', label: 'Dois terços dos membros' },
  { value: 'tres_quintos', label: 'Três quintos dos membros' },
] as const;
export type PresenceQuorum = (typeof PRESENCE_QUORUMS)[number]['value'];

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

/** What the electronic panel shows (chosen in the control room). */
export const PANEL_LAYOUTS = [
  { value: 'completo', label: 'Completo' },
  { value: 'membros', label: 'Parlamentares' },
  { value: 'votacao', label: 'Votação' },
  { value: 'mensagem', label: 'Mensagem' },
] as const;
export type PanelLayout = (typeof PANEL_LAYOUTS)[number]['value'];

export const OUTCOMES = [
  { value: 'aprovado', label: 'Aprovado' },
  { value: 'rejeitado', label: 'Rejeitado' },
  { value: 'sem_quorum', label: 'Sem quórum' },
  { value: 'lida', label: 'Lida' },
] as const;
export type Outcome = (typeof OUTCOMES)[number]['value'];

/** The matter's kind of session phase → the presence list that counts for its votes. */
export const phaseOfKind = (kind: 'expediente' | 'ordem_dia'): Phase => (kind === 'expediente' ? 'abertura' : 'ordem_dia');

export { labelOf };

export const phaseLabel = (p: string): string => labelOf(PHASES, p);
export const listLabel = (l: string): string => labelOf(SPEAKER_LISTS, l);
/** "Expediente", or "Aparte" / "Questão de ordem" / "Comunicação de liderança" for a speaker out of the lists. */
export const speakerLabel = (s: { lista: string; modalidade?: SpeakerModality | null }): string =>
  s.modalidade && s.modalidade !== 'lista' ? speakerKindLabel(s.modalidade) : listLabel(s.lista);
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

/** Members who must be present for a vote to decide (CF art. 47: absolute majority, unless the rule says otherwise). */
export function presenceRequired(q: PresenceQuorum, total: number): number {
  switch (q) {
    case 'um_terco': return Math.ceil(total / 3);
    case 'dois_tercos': return Math.ceil((2 * total) / 3);
    case 'tres_quintos': return Math.ceil((3 * total) / 5);
    default: return absoluteMajority(total);
  }
}

/**
 * A phrase for the rule's requirement: "maioria absoluta exige 6", "maioria simples com quórum de 6 presentes";
 * with `withPresence`, a qualified rule also names its presence quorum ("maioria absoluta exige 6, com quórum de
 * 6 presentes").
 */
export function ruleRequirement(rule: QuorumRule, total: number, presence: PresenceQuorum = 'maioria_absoluta', withPresence = false): string {
  const need = requiredYes(rule, total);
  const name = labelOf(QUORUM_RULES, rule).toLowerCase();
  const q = presenceRequired(presence, total);
  if (need === null) return `${name} com quórum de ${q} presentes`;
  return withPresence ? `${name} exige ${need}, com quórum de ${q} presentes` : `${name} exige ${need}`;
}

/** When the presiding officer's vote counts, in words: "computado só em caso de empate". */
export function presidentNote(rule: PresidentRule): string {
  switch (rule) {
    case 'desempate': return 'computado só em caso de empate';
    case 'desempate_e_qualificado': return 'computado só em caso de empate ou de quórum qualificado';
    default: return 'computado como o dos demais';
  }
}

export interface Tally { sim: number; nao: number; abstencao: number }

export interface ResultInput {
  rule: QuorumRule;
  /** the rule's presence quorum (default: absolute majority of the house) */
  presence?: PresenceQuorum;
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

/**
 * Computes the result of a voting from the quorum rule (with its presence quorum: below it nothing is decided,
 * whatever the rule) and the presiding officer's rule, with its explanation.
 */
export function computeResult(i: ResultInput): ResultOutput {
  const base = i.votes;
  const qualified = i.rule !== 'maioria_simples';
  const tie = base.sim === base.nao;
  const pv = i.presidentVote ?? null;
  // a tie is broken by Sim or Não; an abstention breaks nothing
  const presidentCounted = pv !== null && (
    i.presidentRule === 'sempre' ||
    (tie && pv !== 'abstencao') ||
    (i.presidentRule === 'desempate_e_qualificado' && qualified)
  );
  const counted: Tally = { ...base };
  if (presidentCounted && pv) counted[pv] += 1;
  const need = requiredYes(i.rule, i.total);
  const quorum = presenceRequired(i.presence ?? 'maioria_absoluta', i.total);
  const name = labelOf(QUORUM_RULES, i.rule).toLowerCase();
  const counts = `${plural(counted.sim, 'Sim', 'Sim')}, ${plural(counted.nao, 'Não', 'Não')}, ${plural(counted.abstencao, 'Abstenção', 'Abstenções')}`;
  const presidentNoteText = pv === null ? '' : presidentCounted ? '; voto do presidente computado' : '; voto do presidente não computado (vota só para desempatar)';
  if (i.presentes < quorum) {
    return {
      resultado: 'sem_quorum', counted, presidentCounted, exigidos: quorum,
      explicacao: `Sem quórum: ${plural(i.presentes, 'presente', 'presentes')}; ${name} exige a presença de ${quorum} de ${i.total} membros`,
    };
  }
  if (need === null) {
    const ok = counted.sim > counted.nao;
    const why = ok ? 'mais votos Sim que Não' : counted.sim === counted.nao ? 'empate sem desempate' : 'mais votos Não que Sim';
    return {
      resultado: ok ? 'aprovado' : 'rejeitado', counted, presidentCounted, exigidos: counted.nao + 1,
      explicacao: `${ok ? 'Aprovado' : 'Rejeitado'}: ${counts}; maioria simples (${why})${presidentNoteText}`,
    };
  }
  const ok = counted.sim >= need;
  return {
    resultado: ok ? 'aprovado' : 'rejeitado', counted, presidentCounted, exigidos: need,
    explicacao: `${ok ? 'Aprovado' : 'Rejeitado'}: ${counts}; ${ruleRequirement(i.rule, i.total)}${presidentNoteText}`,
  };
}

export interface NominalCountInput {
  rule: QuorumRule;
  presence?: PresenceQuorum;
  /** members of the house */
  total: number;
  /** parliamentary ids present in the voting's phase */
  present: readonly number[];
  /** parliamentary ids declared impeded in the voting */
  impeded?: readonly number[];
  /** each member's vote (votes of absent or impeded members are left out) */
  votes: readonly { parliamentary_id: number; voto: VoteChoice }[];
  presidentId: number | null;
  presidentRule: PresidentRule;
}

export interface NominalCount {
  /** the votes of the present, non-impeded members other than the presiding officer */
  members: Tally;
  /** the presiding officer's own vote, kept apart, and whether the rule counts it now */
  president: { id: number; voto: VoteChoice | null; counted: boolean } | null;
  /** votes that count (present, not impeded), the presiding officer's included */
  votaram: number;
  presentes: number;
  /** what closing now would say; `result.counted` are the figures to show (same as the result's) */
  result: ResultOutput;
}

/**
 * THE count of a nominal voting, live and at closing (issue 16 item 1): the server computes the pushed tally and the
 * stored result with it, and the control room previews with it, so no screen shows a figure the result takes back.
 * The presiding officer's vote is kept apart and added only when the rule counts it (a tie under `desempate`).
 */
export function countNominal(i: NominalCountInput): NominalCount {
  const present = new Set(i.present);
  for (const id of i.impeded ?? []) present.delete(id);
  const members: Tally = { sim: 0, nao: 0, abstencao: 0 };
  let pv: VoteChoice | null = null;
  let votaram = 0;
  const seen = new Set<number>();
  for (const v of i.votes) {
    if (!present.has(v.parliamentary_id) || seen.has(v.parliamentary_id)) continue;
    seen.add(v.parliamentary_id);
    votaram += 1;
    if (v.parliamentary_id === i.presidentId) pv = v.voto;
    else members[v.voto] += 1;
  }
  const result = computeResult({ rule: i.rule, presence: i.presence, total: i.total, presentes: i.present.length, votes: members, presidentVote: pv, presidentRule: i.presidentRule });
  return {
    members,
    president: i.presidentId === null ? null : { id: i.presidentId, voto: pv, counted: result.presidentCounted },
    votaram,
    presentes: i.present.length,
    result,
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
  /** the matter voted, or null when the item is the approval of an earlier session's ata (`plenary_minute_id`) */
  matter_id: number | null;
  plenary_minute_id?: number | null;
  identificacao: string;
  ementa: string | null;
  tipo_votacao: VotingKind | null;
  turno: string | null;
  polemica: boolean;
  /** result of its last closed voting */
  resultado: Outcome | null;
  /** its last result was annulled (with this reason) and not voted again yet */
  anulacao: string | null;
  /** its state on the session's pauta (docs/workflows/ciclo-legislativo.md): a pedido de vista, a retirada, an adiamento take it off */
  situacao: 'em_pauta' | 'vista' | 'retirada' | 'adiada';
  /** what happened to it: "Vista a Vera Lúcia até 25/11/2026" */
  situacao_obs: string | null;
  /** urgência approved in this session */
  urgente: boolean;
  /** its result was voted in a block (the block's voting id, decision 0056); null or absent: voted alone or not yet */
  em_bloco?: number | null;
}

export interface LiveSpeaker extends SpeakerClock {
  id: number;
  /** the list (for an aparte, its speaker's; for a questão de ordem or liderança, the list of the speech it interrupted, else the phase's) */
  lista: SpeakerList;
  /** a list speaker (also when absent), or a speaker out of the lists (aparte, questão de ordem, liderança) */
  modalidade?: SpeakerModality;
  /** an aparte: the list speaker it was granted in */
  aparte_de?: number | null;
  /** the speaker paused by this one, resumed when it ends */
  retoma_id?: number | null;
  ordem: number | null;
  parliamentary_id: number;
}

export interface LiveVote { parliamentary_id: number; voto: VoteChoice }

/** The presiding officer in a nominal voting: their vote is shown apart, with whether the rule counts it. */
export interface LivePresident {
  id: number;
  regra: PresidentRule;
  votou: boolean;
  /** null when the votes are not shown (public channel with votes hidden until closing) */
  voto: VoteChoice | null;
  /** whether the rule counts it in the figures shown; null when not shown */
  computado: boolean | null;
}

/** An item of a block voting, as the screens list it. */
export interface LiveBlockItem { plenary_matter_id: number; numOrdem: number | null; identificacao: string; ementa: string | null }

/** A text cut at a word, with "…", to fit one line of a screen (a block's ementas on the panel). */
export function shorten(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** What screens call a block voting: "Votação em bloco: 3 itens". */
export const blockTitle = (items: readonly LiveBlockItem[]): string => `Votação em bloco: ${items.length} ${items.length === 1 ? 'item' : 'itens'}`;

/** One item of a block as screens list it: "2. REQ 4/2026 — Requer informações sobre…" (the ementa shortened). */
export const blockItemLine = (b: LiveBlockItem, max = 90): string =>
  `${b.numOrdem ? `${b.numOrdem}. ` : ''}${b.identificacao}${b.ementa ? ` — ${shorten(b.ementa, max)}` : ''}`;

export interface LiveVoting {
  id: number;
  plenary_matter_id: number;
  identificacao: string;
  ementa: string | null;
  tipo: VotingKind;
  fase: Phase;
  status: VotingStatus;
  regra: QuorumRule;
  quorum_presenca: PresenceQuorum;
  /** "maioria absoluta exige 6, com quórum de 6 presentes" */
  requisito: string;
  aberta_em: string;
  encerrada_em: string | null;
  /**
   * The figures as the result counts them (the presiding officer's vote only when the rule counts it, see
   * `countNominal`). Sim / Não / Abstenção are null while hidden: a secret ballot until it closes (only totals
   * exist, and live totals beside "votou" marks would reveal choices), and a nominal vote on the public channel
   * when the house hides the votes until closing.
   */
  tally: { sim: number | null; nao: number | null; abstencao: number | null; presentes: number; total: number; votaram: number };
  /** presence quorum of the rule: members required present */
  quorum_exigido: number;
  /** nominal votings: the presiding officer's vote, apart */
  presidente: LivePresident | null;
  /** who has voted (nominal and secret votings; never with the choice); null for symbolic votes and readings */
  votantes: number[] | null;
  /** each member's vote: null when not shown (secret or symbolic votes; live only when the setting allows it on the public channel) */
  votes: LiveVote[] | null;
  /** members declared impeded in this voting (never counted as abstentions or absences) */
  impedidos: number[];
  resultado: Outcome | null;
  explicacao: string | null;
  /** why it was reopened, annulled or voted again (shown on every screen) */
  motivo: string | null;
  /** the voting this one renews ("Nova votação"), whose result was annulled */
  anterior_id: number | null;
  /** the result was proclaimed and later annulled (status cancelada with a result) */
  anulada: boolean;
  /** votação em bloco: the items voted together (in the pauta's order), one tally and one result for all; null for one item */
  bloco?: LiveBlockItem[] | null;
}

/** What the electronic panel shows, chosen in the control room. */
export interface LivePanel {
  layout: PanelLayout;
  /** the text of the "mensagem" layout */
  mensagem: string | null;
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
  /** allotted seconds of each list and of each kind out of the lists */
  tempos: Record<SpeakerList | SpeakerKind, number>;
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
  painel: LivePanel;
}

/** Sections of the state; a change event replaces one of them. */
export type LiveSection = Exclude<keyof LiveState, 'company'>;

/** A speaker of one of the three lists (not an aparte, questão de ordem or liderança). */
export const isListSpeaker = (s: LiveSpeaker): boolean => !s.modalidade || s.modalidade === 'lista';
const isOpen = (s: LiveSpeaker) => s.status === 'falando' || s.status === 'pausado';
const listOrder = (a: LiveSpeaker, b: LiveSpeaker) =>
  SPEAKER_LISTS.findIndex((l) => l.value === a.lista) - SPEAKER_LISTS.findIndex((l) => l.value === b.lista)
  || (a.ordem ?? Number.MAX_SAFE_INTEGER) - (b.ordem ?? Number.MAX_SAFE_INTEGER) || a.id - b.id;

/**
 * Who has the floor: `speaker` is the one the room listens to (a list speaker, or a questão de ordem or liderança
 * that interrupted) and `aparte` the aparte running in a list speaker's speech ("Em aparte: …" under the speaker).
 * The one speaking decides; when nobody speaks, an open intervention comes before the list speaker it paused.
 * Every screen (panel, control room) reads the floor with it.
 */
export interface Floor { speaker: LiveSpeaker | null; aparte: LiveSpeaker | null }
export function floorOf(speakers: LiveSpeaker[]): Floor {
  const open = speakers.filter(isOpen).sort((a, b) => b.id - a.id);
  const active = open.find((s) => s.status === 'falando')
    ?? open.find((s) => !isListSpeaker(s) && s.modalidade !== 'aparte')
    ?? open.find((s) => s.modalidade === 'aparte')
    ?? open.filter(isListSpeaker).sort(listOrder)[0];
  if (!active) return { speaker: null, aparte: null };
  if (active.modalidade === 'aparte') {
    const main = speakers.find((s) => s.id === active.aparte_de);
    return main ? { speaker: main, aparte: active } : { speaker: active, aparte: null };
  }
  if (isListSpeaker(active)) return { speaker: active, aparte: open.find((s) => s.modalidade === 'aparte' && s.aparte_de === active.id) ?? null };
  return { speaker: active, aparte: null };
}

/**
 * The session's current phase, whose presence list says who is present now: the ordem do dia once its list was
 * opened, else the opening.
 */
export function currentPhase(presence: Record<Phase, Pick<LivePresenceList, 'status'>>): Phase {
  return presence.ordem_dia?.status && presence.ordem_dia.status !== 'fechada' ? 'ordem_dia' : 'abertura';
}

/** Members present in the session's current phase. */
export function presentNow(presence: Record<Phase, LivePresenceList>): Set<number> {
  return new Set(presence[currentPhase(presence)]?.presentes ?? []);
}

/* ------------------------------------------------------------------------------------------------------------ */
/* What every screen shows of a voting (panel, control room, tablets): one reading of the pushed figures         */

export interface VotingFigures {
  /** Sim / Não / Abstenção as the result counts them, or null while hidden */
  counts: Tally | null;
  presentes: number;
  total: number;
  votaram: number;
  /** presence quorum: required, and whether it is met now */
  quorum: { exigidos: number; atingido: boolean };
  /** the presiding officer's vote, apart: "Voto do presidente: Sim — computado só em caso de empate" */
  presidentLine: string | null;
  /** why the voting was reopened, annulled or renewed: "Reaberta: erro na contagem" */
  note: string | null;
}

export function votingFigures(v: LiveVoting): VotingFigures {
  const t = v.tally;
  const counts = t.sim === null || t.nao === null || t.abstencao === null ? null : { sim: t.sim, nao: t.nao, abstencao: t.abstencao };
  let presidentLine: string | null = null;
  const p = v.presidente;
  if (p && v.tipo === 'nominal' && v.status !== 'cancelada') {
    const rule = presidentNote(p.regra);
    if (!p.votou) presidentLine = v.status === 'aberta' ? `O presidente ainda não votou (voto ${rule})` : null;
    else if (p.voto === null) presidentLine = `O presidente votou (voto ${rule})`;
    else if (p.computado) presidentLine = `Voto do presidente: ${voteLabel(p.voto)} — computado${p.regra === 'sempre' ? '' : p.regra === 'desempate' ? ' (desempate)' : ''}`;
    else presidentLine = `Voto do presidente: ${voteLabel(p.voto)} — ${rule}, não incluído na contagem`;
  }
  return {
    counts, presentes: t.presentes, total: t.total, votaram: t.votaram,
    quorum: { exigidos: v.quorum_exigido, atingido: t.presentes >= v.quorum_exigido },
    presidentLine,
    note: votingNote(v),
  };
}

/** "Reaberta: …", "Nova votação: …", "Resultado anulado: …", "Votação cancelada: …", or null. */
export function votingNote(v: Pick<LiveVoting, 'status' | 'motivo' | 'anterior_id' | 'anulada'>): string | null {
  if (!v.motivo) return null;
  if (v.status === 'cancelada') return `${v.anulada ? 'Resultado anulado' : 'Votação cancelada'}: ${v.motivo}`;
  return `${v.anterior_id ? 'Nova votação' : 'Reaberta'}: ${v.motivo}`;
}

/**
 * A plenary session's number is unique for its type in a period, as SAPL numbers them: its legislative session (the
 * one given, or the one whose period holds its opening: the caller passes it); without one, its legislature; without
 * either, the year it opens. `key` is stored (`numeracao`, a unique index, and
 * migration 0036 writes the same for the sessions already there); `words` goes into the refusal ("nesta legislatura").
 */
export function sessionNumbering(s: Readonly<Record<string, unknown>>): { key: string; words: string } {
  const [period, words] = s.legislative_session_id ? [`sl${s.legislative_session_id}`, 'nesta sessão legislativa']
    : s.legislature_id ? [`l${s.legislature_id}`, 'nesta legislatura']
      : [`a${String(s.abertura).slice(0, 4)}`, `em ${String(s.abertura).slice(0, 4)}`];
  return { key: `${s.type_id}/${s.numero}/${period}`, words };
}
