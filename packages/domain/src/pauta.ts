/**
 * The pauta of a plenary session as the server answers it (`GET plenary_sessions/:id/pauta`,
 * apps/server/src/modules/plenario/pauta.ts), prints and publishes it, and as the pauta screen reads it.
 */
export const PAUTA_KINDS = ['expediente', 'ordem_dia'] as const;
export type PautaKind = (typeof PAUTA_KINDS)[number];
export const PAUTA_KIND_LABEL: Record<PautaKind, string> = { expediente: 'Expediente', ordem_dia: 'Ordem do dia' };

/** One item of the pauta, as shown, printed and published. */
export interface PautaItem {
  id: number;
  kind: PautaKind;
  numOrdem: number;
  /** null when the item is the approval of an earlier session's ata (`plenary_minute_id`) */
  matter_id: number | null;
  plenary_minute_id?: number | null;
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

export interface PautaSession {
  id: number; titulo: string; numero: number; tipo: string | null; data: string; horario: string | null; iniciada: boolean; finalizada: boolean;
}

/** The pauta's contents (what a published version keeps). */
export interface Pauta {
  sessao: PautaSession;
  expediente: PautaItem[];
  ordem_dia: PautaItem[];
}

export interface PautaVersion {
  id: number;
  versao: number;
  publicadaEm: string;
  itens: number;
  publicada_por: { id: number; name: string } | null;
}

/** The pauta with its published versions, as the pauta screen reads it. */
export interface PautaAnswer extends Pauta {
  publicacoes: PautaVersion[];
  /** null: never published */
  alterada: boolean | null;
}
