/** The pauta screen's view of the server's answer (its shapes: @paco/domain/pauta). */
import { PAUTA_KIND_LABEL, type PautaAnswer, type PautaItem, type PautaKind, type PautaVersion } from '@paco/domain/pauta';

export type Kind = PautaKind;
export type Pauta = PautaAnswer;
export type { PautaItem, PautaVersion };
export const KINDS: readonly { kind: Kind; label: string; empty: string }[] = [
  { kind: 'expediente', label: PAUTA_KIND_LABEL.expediente, empty: 'Nenhuma matéria no expediente desta sessão.' },
  { kind: 'ordem_dia', label: PAUTA_KIND_LABEL.ordem_dia, empty: 'Nenhuma matéria na ordem do dia desta sessão.' },
];

export type Order = Record<Kind, number[]>;
export const orderOf = (p: Pick<Pauta, Kind>): Order => ({ expediente: p.expediente.map((i) => i.id), ordem_dia: p.ordem_dia.map((i) => i.id) });

/** The list with `id` moved to position `to` (0-based), or null when it does not move. */
export function moved(list: readonly number[], id: number, to: number): number[] | null {
  const from = list.indexOf(id);
  if (from < 0 || to < 0 || to >= list.length || to === from) return null;
  const out = list.filter((x) => x !== id);
  out.splice(to, 0, id);
  return out;
}
