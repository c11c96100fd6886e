/**
 * Public holidays from `@brazilian-utils/brazilian-utils` (issue 15 §7: a maintained library instead of our own table):
 * the national ones of the law (Lei 662/1949, 6.802/1980, 10.607/2002, 14.759/2023 — 20 de novembro from 2024 — and
 * the Sexta-feira Santa) and, for a company whose state is set, its state's holidays by state law (9 de julho in
 * São Paulo, 23 de abril in Rio de Janeiro…). Carnaval and Corpus Christi are pontos facultativos: a company adds them to
 * its own calendar (`holidays`) when it does not work on them.
 *
 * The deadline computation (server, modules/materias/deadline.ts) and the calendar screen read these same dates.
 */
import { getHolidays, type StateCode } from '@brazilian-utils/brazilian-utils';

export interface PublicHoliday {
  /** yyyy-mm-dd */
  data: string;
  descricao: string;
  /** by federal law, or by the law of the company's state */
  esfera: 'nacional' | 'estadual';
}

const pad = (n: number): string => String(n).padStart(2, '0');
/** The library builds each holiday as a local calendar day (new Date(y, m, d)): read it back the same way. */
const isoOf = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** yyyy-mm-dd plus n days. */
export function addDays(s: string, n: number): string {
  const d = new Date(`${s}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The two-letter code of a state, or undefined for anything else (a company without a state, a typo). */
export const stateCodeOf = (uf: unknown): string | undefined => {
  const code = typeof uf === 'string' ? uf.trim().toUpperCase() : '';
  return /^[A-Z]{2}$/.test(code) ? code : undefined;
};

const cache = new Map<string, PublicHoliday[]>();

/**
 * The holidays of a year, in date order: the national ones and, with a state code, that state's. A day that is both
 * (20 de novembro, once state law, then federal) is listed once, as national.
 */
export function publicHolidays(year: number, uf?: string | null): PublicHoliday[] {
  const state = stateCodeOf(uf);
  const key = `${year}|${state ?? ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const out: PublicHoliday[] = [];
  const seen = new Set<string>();
  const all = state ? getHolidays({ year, stateCode: state as StateCode }) : getHolidays(year);
  for (const [type, esfera] of [['national', 'nacional'], ['state', 'estadual']] as const) {
    for (const h of all) {
      const data = isoOf(h.date);
      if (h.type !== type || seen.has(data)) continue;
      seen.add(data);
      out.push({ data, descricao: h.name, esfera });
    }
  }
  out.sort((a, b) => a.data.localeCompare(b.data));
  if (cache.size > 500) cache.clear();
  cache.set(key, out);
  return out;
}

/** The national holidays of a year, in date order. */
export const nationalHolidays = (year: number): PublicHoliday[] => publicHolidays(year).filter((h) => h.esfera === 'nacional');

/** Is this date (yyyy-mm-dd) a public holiday: national, or of the state `uf` when given? */
export function isPublicHoliday(s: string, uf?: string | null): boolean {
  return publicHolidays(Number(s.slice(0, 4)), uf).some((h) => h.data === s);
}

/** Is this date (yyyy-mm-dd) a national holiday? */
export const isNationalHoliday = (s: string): boolean => isPublicHoliday(s);
