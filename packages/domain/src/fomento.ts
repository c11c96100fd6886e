/**
 * Culture funding calls (editais de fomento: Lei Paulo Gustavo, LC 195/2022 and Decreto 11.525/2023; Política
 * Nacional Aldir Blanc, Lei 14.399/2022): the places reserved for quotas and the ranking of the applications, as pure
 * functions. The server publishes the result with them; the screens show the same split of places.
 *
 * The rules (docs/decisions/0053-funding-calls-and-quotas.md):
 * - At least 20% of the places are reserved for Black (pretas e pardas) and 10% for Indigenous applicants; a call may
 *   reserve more. A fraction of a place counts as a whole place from one half up and is dropped below one half (the
 *   federal model calls' rule); the reserved places never exceed the call's places.
 * - An applicant who opted for a quota competes at the same time for the open places (ampla concorrência): one whose
 *   score reaches an open place takes it, and leaves the reserved place to the next applicant of the quota.
 * - Reserved places that the quota's applicants do not fill go to the applicants of the other quota, then to the open
 *   competition, in the order of the ranking.
 * - Applications below the call's minimum score are not ranked ("não classificada"); the others not selected are
 *   the waiting list (suplentes), in the order of the ranking. Ties: the earlier application first.
 */

export const CONCORRENCIAS = [
  { value: 'ampla', label: 'Ampla concorrência' },
  { value: 'negros', label: 'Cota para pessoas negras (pretas e pardas)' },
  { value: 'indigenas', label: 'Cota para pessoas indígenas' },
] as const;
export type Concorrencia = (typeof CONCORRENCIAS)[number]['value'];
export type Cota = Exclude<Concorrencia, 'ampla'>;
export const COTAS: readonly Cota[] = ['negros', 'indigenas'];

/** The least share of the places each quota reserves (Decreto 11.525/2023, art. 12). */
export const COTA_MINIMA: Readonly<Record<Cota, number>> = { negros: 20, indigenas: 10 };

/** A call's places and how they are split. */
export interface Vagas { vagas: number; cotaNegros: number; cotaIndigenas: number }
export interface Reserva { ampla: number; negros: number; indigenas: number }

/** `percent` of `vagas`, a fraction from one half up counted as a whole place (integer arithmetic). */
const share = (vagas: number, percent: number): number => Math.floor((2 * vagas * percent + 100) / 200);

/** The places reserved for each quota and those left to the open competition. */
export function reserva({ vagas, cotaNegros, cotaIndigenas }: Vagas): Reserva {
  const total = Math.max(0, Math.floor(vagas));
  const negros = Math.min(total, share(total, cotaNegros));
  const indigenas = Math.min(total - negros, share(total, cotaIndigenas));
  return { ampla: total - negros - indigenas, negros, indigenas };
}

/** "10 vagas: 7 de ampla concorrência, 2 reservadas a pessoas negras e 1 a pessoas indígenas" */
export function describeReserva(v: Vagas): string {
  const r = reserva(v);
  const n = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  return `${n(v.vagas, 'vaga', 'vagas')}: ${r.ampla} de ampla concorrência, ${n(r.negros, 'reservada', 'reservadas')} a pessoas negras e ${r.indigenas} a pessoas indígenas`;
}

/** The self-declarations of a registration that a quota reads. */
export interface Autodeclaracao { racaCor?: unknown; comunidadeTradicional?: unknown }

/** Whether the registration's self-declaration admits the applicant to a quota (the open competition admits everyone). */
export function elegivel(c: Concorrencia, d: Autodeclaracao): boolean {
  if (c === 'ampla') return true;
  if (c === 'negros') return d.racaCor === 'preta' || d.racaCor === 'parda';
  return d.racaCor === 'indigena' || d.comunidadeTradicional === 'indigena';
}

/** Why a registration may not compete under `c` (pt-BR), or null. */
export function motivoInelegivel(c: Concorrencia, d: Autodeclaracao): string | null {
  if (elegivel(c, d)) return null;
  return c === 'negros'
    ? 'A cota para pessoas negras é de quem se autodeclara preta ou parda no cadastro cultural (Meu Cadastro).'
    : 'A cota para pessoas indígenas é de quem se autodeclara indígena, ou membro de povo indígena, no cadastro cultural (Meu Cadastro).';
}

/** An application in the ranking: its score, the competition it chose and its order of arrival (ties). */
export interface Inscrito { id: number; nota: number | null; concorrencia: Concorrencia; ordem: number }

export type Resultado = 'selecionada' | 'suplente' | 'nao_classificada';
export const RESULTADOS = [
  { value: 'selecionada', label: 'Selecionada' },
  { value: 'suplente', label: 'Suplente' },
  { value: 'nao_classificada', label: 'Não classificada' },
] as const satisfies readonly { value: Resultado; label: string }[];

/**
 * The columns of a published result that everyone reading the call sees (the call's readers in the app, the public
 * portal): never the competition nor the place taken (a quota comes from a racial self-declaration, sensitive data
 * under the LGPD: decision 0053 §4), the parecer, the amount asked or the applicant's account and registration.
 */
export const RESULTADO_PUBLICO = ['classificacao', 'proponente', 'projeto', 'nota', 'situacao'] as const;

export interface Classificado {
  id: number;
  /** its place in the general ranking (1 = highest score); null below the minimum score */
  classificacao: number | null;
  resultado: Resultado;
  /** the place it took: of the open competition or reserved for a quota; null when not selected */
  vaga: Concorrencia | null;
  /** a reserved place its quota's applicants did not fill, taken by someone else */
  remanejada: boolean;
}

export interface Apuracao {
  reserva: Reserva;
  /** ranked first (by classificação), then the ones below the minimum score in their order of arrival */
  lista: Classificado[];
}

/** The result of a call: who takes each place, the waiting list, and who is below the minimum score. */
export function classificar(call: Vagas & { notaMinima: number }, inscritos: readonly Inscrito[]): Apuracao {
  const r = reserva(call);
  const byArrival = [...inscritos].sort((a, b) => a.ordem - b.ordem || a.id - b.id);
  const ranked = byArrival.filter((x) => x.nota !== null && x.nota >= call.notaMinima)
    .sort((a, b) => (b.nota as number) - (a.nota as number) || a.ordem - b.ordem || a.id - b.id);
  const place = new Map<number, { vaga: Concorrencia; remanejada: boolean }>();
  const take = (x: Inscrito, vaga: Concorrencia, remanejada = false) => place.set(x.id, { vaga, remanejada });
  const waiting = (pred: (x: Inscrito) => boolean) => ranked.filter((x) => !place.has(x.id) && pred(x));

  // the open places first, for everyone (a quota's applicant who reaches one leaves the reserved place to the next)
  for (const x of ranked.slice(0, r.ampla)) take(x, 'ampla');
  // then each quota's places, for its applicants
  const left: Record<Cota, number> = { negros: 0, indigenas: 0 };
  for (const q of COTAS) {
    const got = waiting((x) => x.concorrencia === q).slice(0, r[q]);
    for (const x of got) take(x, q);
    left[q] = r[q] - got.length;
  }
  // places a quota did not fill: to the other quota's applicants, then to the open competition
  for (const q of COTAS) {
    const others = waiting((x) => x.concorrencia !== 'ampla' && x.concorrencia !== q).slice(0, left[q]);
    for (const x of others) take(x, q, true);
    left[q] -= others.length;
  }
  for (const q of COTAS) {
    const anyone = waiting(() => true).slice(0, left[q]);
    for (const x of anyone) take(x, q, true);
  }

  const lista: Classificado[] = ranked.map((x, i) => {
    const p = place.get(x.id);
    return { id: x.id, classificacao: i + 1, resultado: p ? 'selecionada' : 'suplente', vaga: p?.vaga ?? null, remanejada: p?.remanejada ?? false };
  });
  const below = byArrival.filter((x) => !ranked.includes(x));
  for (const x of below) lista.push({ id: x.id, classificacao: null, resultado: 'nao_classificada', vaga: null, remanejada: false });
  return { reserva: r, lista };
}

/** A substitute on the waiting list of a final result: its place in the ranking and the competition it chose. */
export interface Suplente { id: number; classificacao: number; concorrencia: Concorrencia }

/**
 * Who takes a place a selected applicant left after the final result (a withdrawal): a place reserved for a quota goes
 * to the next substitute of that quota, else of the other quota, else to the next substitute; an open place (or a
 * reserved place that was already filled by someone else) to the next substitute, by the ranking. The others keep
 * their places and positions. Null when nobody waits.
 */
export function convocar(vaga: { vaga: Concorrencia; remanejada: boolean }, suplentes: readonly Suplente[]): { id: number; vaga: Concorrencia; remanejada: boolean } | null {
  const queue = [...suplentes].sort((a, b) => a.classificacao - b.classificacao || a.id - b.id);
  const quota = vaga.vaga !== 'ampla' && !vaga.remanejada ? vaga.vaga : null;
  const pick = quota
    ? queue.find((x) => x.concorrencia === quota) ?? queue.find((x) => x.concorrencia !== 'ampla') ?? queue[0]
    : queue[0];
  if (!pick) return null;
  return { id: pick.id, vaga: vaga.vaga, remanejada: vaga.vaga !== 'ampla' && pick.concorrencia !== vaga.vaga };
}
