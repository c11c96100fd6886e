/**
 * The text of an ata (issue 13 §2; docs/legislativo.md): what Paço recorded of a plenary session — its facts, read by
 * the server (modules/plenario/ata.ts) — written as the sections the staff then edits. Pure: the same facts always
 * give the same text, so a test reads exactly what the câmara reads.
 *
 * Secret ballots are written with their totals only (the individual votes do not exist: docs/plenary.md); a nominal
 * voting lists each member's vote as counted (present in the phase, not impeded), those present who did not vote,
 * and those impeded.
 */
import { labelOf, OUTCOMES, SPEAKER_KINDS, SPEAKER_LISTS, VOTING_KINDS, type Outcome, type SpeakerKind, type SpeakerList, type VoteChoice, type VotingKind, type VotingStatus } from './plenary.ts';
import type { AtaSection } from './resources/pauta-ata.ts';

export interface AtaMember { id: number; nome: string; partido: string | null }

export interface AtaVoting {
  tipo: VotingKind;
  status: VotingStatus;
  resultado: Outcome | null;
  explicacao: string | null;
  /** a cancellation's, annulment's, reopening's or new voting's reason */
  motivo: string | null;
  /** this voting renews another one's result ("Nova votação") */
  novaVotacao: boolean;
  sim: number;
  nao: number;
  abstencao: number;
  /** nominal only: each counted vote by name (the presiding officer marked); null for the other kinds */
  votos: { nome: string; voto: VoteChoice; presidente: boolean }[] | null;
  /** nominal only: present in the phase, not impeded, and did not vote */
  naoVotaram: string[] | null;
  impedidos: string[];
  /**
   * votação (or leitura) em bloco (decision 0056): the block's items as the ata names them ("1 (REQ 4/2026)"), and
   * whether this is the block's first item (the nominal votes are listed there once); absent or null: one item
   */
  bloco?: { itens: string[]; primeiro: boolean } | null;
}

export interface AtaItem {
  kind: 'expediente' | 'ordem_dia';
  numOrdem: number | null;
  identificacao: string;
  ementa: string | null;
  autores: string[];
  turno: string | null;
  votacoes: AtaVoting[];
}

export interface AtaSpeaker {
  lista: SpeakerList;
  ordem: number | null;
  nome: string;
  /** seconds spoken */
  falado: number;
  /** seconds allotted */
  concedido: number;
  /** a speaker out of the lists (aparte, questão de ordem, liderança); absent or null: a list speaker */
  modalidade?: SpeakerKind | null;
}

export interface AtaFacts {
  /** the house: "Câmara Municipal de Vila Serena" */
  casa: string;
  sessao: {
    titulo: string;
    numero: number;
    tipo: string | null;
    /** aaaa-mm-dd */
    data: string;
    /** hh:mm of the opening (when started in Paço, else the scheduled time) and of the closing */
    inicio: string | null;
    fim: string | null;
    /** aaaa-mm-dd of the closing, when another day */
    dataFim: string | null;
    presidente: string | null;
    linkMidia: string | null;
  };
  membros: AtaMember[];
  presencas: { abertura: number[]; ordem_dia: number[] };
  /** the absences recorded for the session (justified or not) */
  ausencias: { parliamentary_id: number; justificada: boolean; motivo: string | null }[];
  itens: AtaItem[];
  oradores: AtaSpeaker[];
}

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

/** '2026-11-20' → '20 de novembro de 2026' */
export function dateInWords(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return `${d} de ${MONTHS[m - 1]} de ${y}`;
}

/** '18:04' → '18h04' */
export const hourInWords = (hhmm: string): string => `${hhmm.slice(0, 2)}h${hhmm.slice(3, 5)}`;

/** 270 → '4min30s'; 300 → '5min'; 42 → '42s' */
export function durationInWords(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  const parts = [h ? `${h}h` : '', m ? `${m}min` : '', r || (!h && !m) ? `${r}s` : ''];
  return parts.filter(Boolean).join('');
}

/** "a", "a e b", "a, b e c" */
const andList = (items: readonly string[]): string => (items.length > 1 ? `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}` : (items[0] ?? ''));
const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
const sentence = (s: string): string => (/[.!?]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);

function abertura(f: AtaFacts): string {
  const s = f.sessao;
  const day = Number(s.data.slice(8, 10));
  const when = day === 1 ? `Ao primeiro dia do mês de ${dateInWords(s.data).slice(5)}` : `Aos ${day} dias do mês de ${dateInWords(s.data).replace(/^\d+ de /, '')}`;
  const at = s.inicio ? `, às ${hourInWords(s.inicio)}` : '';
  const what = s.tipo ? `${s.numero}ª Sessão ${s.tipo}` : s.titulo;
  const who = s.presidente ? `, sob a presidência de ${s.presidente}` : '';
  const lines = [`${when}${at}, reuniu-se a ${f.casa} em sua ${what}${who}.`];
  if (s.linkMidia) lines.push(`A transmissão e a gravação da sessão estão disponíveis em ${s.linkMidia}.`);
  return lines.join('\n');
}

const memberName = (m: AtaMember): string => (m.partido ? `${m.nome} (${m.partido})` : m.nome);

function presencas(f: AtaFacts): string {
  const byId = new Map(f.membros.map((m) => [m.id, m]));
  const absence = new Map(f.ausencias.map((a) => [a.parliamentary_id, a]));
  const phase = (title: string, ids: number[]): string => {
    if (!ids.length) return `${title}: não houve registro de presença nesta fase.`;
    const present = new Set(ids);
    const names = f.membros.filter((m) => present.has(m.id)).map(memberName);
    // present members that are not (or no longer) of the house are named too
    for (const id of ids) if (!byId.has(id)) names.push(`Parlamentar nº ${id}`);
    const lines = [`${title}: ${plural(ids.length, 'vereador presente', 'vereadores presentes')} — ${andList(names)}.`];
    const absent = f.membros.filter((m) => !present.has(m.id)).map((m) => {
      const a = absence.get(m.id);
      if (!a) return m.nome;
      return a.justificada ? `${m.nome} (ausência justificada${a.motivo ? `: ${a.motivo}` : ''})` : `${m.nome} (ausência não justificada${a.motivo ? `: ${a.motivo}` : ''})`;
    });
    lines.push(absent.length ? `Ausentes: ${absent.join('; ')}.` : 'Não houve ausências.');
    return lines.join('\n');
  };
  return [phase('Abertura (expediente)', f.presencas.abertura), phase('Ordem do dia', f.presencas.ordem_dia)].join('\n\n');
}

function voting(v: AtaVoting): string[] {
  const kind = labelOf(VOTING_KINDS, v.tipo);
  // "Votação simbólica em bloco dos itens 1 (REQ 4/2026), 2 (IND 7/2026) e 3 (MOC 1/2026)"
  const what = `Votação ${kind.toLowerCase()}${v.bloco ? ` em bloco dos itens ${andList(v.bloco.itens)}` : ''}`;
  const lines: string[] = [];
  if (v.novaVotacao && v.motivo) lines.push(`Nova votação: ${sentence(v.motivo)}`);
  if (v.status === 'cancelada') {
    if (v.resultado) lines.push(`${what}: ${sentence(v.explicacao ?? labelOf(OUTCOMES, v.resultado))} Resultado anulado: ${sentence(v.motivo ?? 'sem motivo informado')}`);
    else lines.push(`${what} cancelada: ${sentence(v.motivo ?? 'sem motivo informado')}`);
    return lines;
  }
  if (v.status === 'aberta') return [...lines, `${what} não encerrada.`];
  if (v.tipo === 'leitura') return [...lines, v.bloco ? `Leitura em bloco dos itens ${andList(v.bloco.itens)} (sem votação).` : 'Matéria lida em plenário (sem votação).'];
  lines.push(`${what}: ${sentence(v.explicacao ?? labelOf(OUTCOMES, v.resultado ?? ''))}`);
  if (v.tipo === 'secreta') lines.push(`Votação secreta: registrados apenas os totais (${v.sim} Sim, ${v.nao} Não, ${v.abstencao} Abstenção).`);
  if (v.votos && v.bloco && !v.bloco.primeiro) lines.push(`Votos nominais registrados com o item ${v.bloco.itens[0]}.`);
  else if (v.votos) {
    const of = (c: VoteChoice) => v.votos!.filter((x) => x.voto === c).map((x) => (x.presidente ? `${x.nome} (presidente)` : x.nome));
    const list = (names: string[], none = 'nenhum') => (names.length ? andList(names) : none);
    lines.push(`Votaram Sim: ${list(of('sim'))}. Votaram Não: ${list(of('nao'))}. Abstenções: ${list(of('abstencao'), 'nenhuma')}.`);
    if (v.naoVotaram?.length) lines.push(`Presentes que não votaram: ${andList(v.naoVotaram)}.`);
  }
  if (v.impedidos.length) lines.push(`Impedidos de votar: ${andList(v.impedidos)}.`);
  return lines;
}

function phaseItems(f: AtaFacts, kind: AtaItem['kind']): string {
  const items = f.itens.filter((i) => i.kind === kind);
  if (!items.length) return kind === 'expediente' ? 'Não houve matérias no expediente.' : 'Não houve matérias na ordem do dia.';
  return items.map((it, i) => {
    const head = [`${it.numOrdem ?? i + 1}. ${it.identificacao}`, it.ementa ? ` — ${sentence(it.ementa)}` : '.'].join('');
    const about = [it.autores.length ? `Autoria: ${andList(it.autores)}.` : '', it.turno ? sentence(it.turno) : ''].filter(Boolean).join(' ');
    const votes = it.votacoes.length ? it.votacoes.flatMap(voting) : [kind === 'expediente' ? 'Não foi lida nem votada nesta sessão.' : 'Não foi votada nesta sessão.'];
    return [head, ...(about ? [about] : []), ...votes].join('\n');
  }).join('\n\n');
}

function oradores(f: AtaFacts): string {
  if (!f.oradores.length) return 'Não houve oradores inscritos.';
  const time = (o: AtaSpeaker) => `${durationInWords(o.falado)}${o.concedido ? ` (tempo concedido: ${durationInWords(o.concedido)})` : ''}`;
  const lists = SPEAKER_LISTS.flatMap(({ value, label }) => {
    const list = f.oradores.filter((o) => o.lista === value && !o.modalidade);
    if (!list.length) return [];
    const lines = list.map((o, i) => `${o.ordem ?? i + 1}. ${o.nome} — ${o.falado > 0 ? time(o) : 'inscrito, não fez uso da palavra'}.`);
    return [`${label}:\n${lines.join('\n')}`];
  });
  const others = f.oradores.filter((o) => o.modalidade)
    .map((o) => `${labelOf(SPEAKER_KINDS, o.modalidade!)}: ${o.nome} — ${time(o)}.`);
  return [...lists, ...(others.length ? [`Apartes, questões de ordem e comunicações de liderança:\n${others.join('\n')}`] : [])].join('\n\n');
}

function encerramento(f: AtaFacts): string {
  const s = f.sessao;
  const at = s.fim ? ` às ${hourInWords(s.fim)}` : '';
  const day = s.dataFim && s.dataFim !== s.data ? ` do dia ${dateInWords(s.dataFim)}` : '';
  return `Nada mais havendo a tratar, a Presidência encerrou a sessão${at}${day}. Para constar, lavrou-se a presente ata, que, lida e aprovada, será assinada pela Mesa.`;
}

/** The generated sections of the ata, from the session's facts. */
export function ataSections(f: AtaFacts): Record<AtaSection, string> {
  return {
    abertura: abertura(f),
    presencas: presencas(f),
    expediente: phaseItems(f, 'expediente'),
    ordem_dia: phaseItems(f, 'ordem_dia'),
    oradores: oradores(f),
    encerramento: encerramento(f),
  };
}
