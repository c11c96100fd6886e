/**
 * What the panel's page tells its layout (PainelLayout): the entity and crest of the session shown (from the live
 * state, not the signed-in user), the session's title and status, and the server clock for the header's clock.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

export interface PainelHeaderInfo {
  company: { nome: string; brasao: string | null } | null;
  titulo: string | null;
  /** "Aguardando início" / "Em andamento" / "Encerrada" */
  status: string | null;
  /** server time now (ms) */
  now: (() => number) | null;
}

interface Ctx { info: PainelHeaderInfo | null; set: (i: PainelHeaderInfo | null) => void }
const PainelHeaderContext = createContext<Ctx | null>(null);

export function PainelHeaderProvider({ children }: { children: ReactNode }) {
  const [info, set] = useState<PainelHeaderInfo | null>(null);
  return <PainelHeaderContext.Provider value={{ info, set }}>{children}</PainelHeaderContext.Provider>;
}

/** The layout reads what the page set (null: nothing known yet). */
export function usePainelHeaderInfo(): PainelHeaderInfo | null {
  return useContext(PainelHeaderContext)?.info ?? null;
}

/** The page fills the header while mounted. Works without the layout (no-op). */
export function usePainelHeader(info: PainelHeaderInfo | null): void {
  const set = useContext(PainelHeaderContext)?.set;
  const nome = info?.company?.nome ?? null;
  const brasao = info?.company?.brasao ?? null;
  const titulo = info?.titulo ?? null;
  const status = info?.status ?? null;
  const now = info?.now ?? null;
  const has = info !== null;
  useEffect(() => {
    if (!set) return undefined;
    set(has ? { company: nome === null ? null : { nome, brasao }, titulo, status, now } : null);
    return () => set(null);
  }, [set, has, nome, brasao, titulo, status, now]);
}
