/**
 * Brazilian states (UFs) and municipalities, with their IBGE codes.
 *
 * Both lists come from `@brazilian-utils/brazilian-utils` (MIT), which ships the IBGE
 * "localidades" data offline: nothing is typed by hand here and nothing is fetched at runtime.
 * The per-function subpath entries are plain ESM (with CJS twins) and are kept external by the
 * esbuild bundle, so the same imports work under tsx, vitest and the bundled server.
 */
import { getMunicipalities } from '@brazilian-utils/brazilian-utils/get-municipalities';
import { getStates } from '@brazilian-utils/brazilian-utils/get-states';

/** A federative unit. `id` is the 2-digit IBGE code (e.g. 35 for SP). */
export type UF = { id: number; sigla: string; nome: string; regiao: string };

/** A municipality. `id` is the 7-digit IBGE code; `state_id` is the 2-digit code of its UF. */
export type Municipio = { id: number; nome: string; state_id: number };

const collator = new Intl.Collator('pt-BR');
const nfc = (s: string): string => s.normalize('NFC');

let statesCache: readonly UF[] | undefined;
let citiesCache: readonly Municipio[] | undefined;

function states(): readonly UF[] {
  statesCache ??= getStates()
    .map((s) => ({ id: s.ibgeCode, sigla: s.code, nome: nfc(s.name), regiao: nfc(s.regionName) }))
    .sort((a, b) => collator.compare(a.nome, b.nome));
  return statesCache;
}

function cities(): readonly Municipio[] {
  if (citiesCache) return citiesCache;
  const idBySigla = new Map(states().map((s) => [s.sigla, s.id]));
  const list = getMunicipalities().map((m): Municipio => {
    const state_id = idBySigla.get(m.stateCode);
    const id = Number(m.code);
    if (state_id === undefined || !/^\d{7}$/.test(m.code) || Math.trunc(id / 100_000) !== state_id) {
      throw new Error(`IBGE data: inconsistent municipality ${m.code} ${m.name}/${m.stateCode}`);
    }
    return { id, nome: nfc(m.name), state_id };
  });
  list.sort((a, b) => a.state_id - b.state_id || collator.compare(a.nome, b.nome) || a.id - b.id);
  citiesCache = list;
  return citiesCache;
}

/** The 27 UFs (26 states + DF), sorted by name (pt-BR collation). Returns fresh objects. */
export function loadStates(): UF[] {
  return states().map((s) => ({ ...s }));
}

/**
 * Every IBGE municipality-level unit (including Brasília/DF and the Distrito Estadual de
 * Fernando de Noronha/PE, which IBGE lists alongside the municipalities), sorted by UF code
 * and then by name (pt-BR collation). Returns fresh objects.
 */
export function loadCities(): Municipio[] {
  return cities().map((c) => ({ ...c }));
}
