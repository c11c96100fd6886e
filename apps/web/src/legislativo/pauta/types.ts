/** The pauta as the server answers it (`GET plenary_sessions/:id/pauta`, apps/server/src/modules/plenario/pauta.ts). */
export type Kind = 'expediente' | 'ordem_dia';
export const KINDS: readonly { kind: Kind; label: string; empty: string }[] = [
  { kind: 'expediente', label: 'Expediente', empty: 'Nenhuma matéria no expediente desta sessão.' },
  { kind: 'ordem_dia', label: 'Ordem do dia', empty: 'Nenhuma matéria na ordem do dia desta sessão.' },
];

export interface PautaItem {
  id: number;
  kind: Kind;
  numOrdem: number;
  matter_id: number;
  identificacao: string;
  ementa: string | null;
  autores: string[];
  tipo_materia: string | null;
  turno: string | null;
  tipo_votacao: string | null;
  quorum: { regra: string; nome: string; exigencia: string; fundamento: string | null };
  polemica: boolean;
  obs: string | null;
}

export interface PautaVersion {
  id: number;
  versao: number;
  publicadaEm: string;
  itens: number;
  publicada_por: { id: number; name: string } | null;
}

export interface Pauta {
  sessao: { id: number; titulo: string; numero: number; tipo: string | null; data: string; horario: string | null; iniciada: boolean; finalizada: boolean };
  expediente: PautaItem[];
  ordem_dia: PautaItem[];
  publicacoes: PautaVersion[];
  /** null: never published */
  alterada: boolean | null;
}

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
