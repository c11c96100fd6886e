/**
 * Deadlines of matters and tramitations (domain notes: "Deadlines count in days, excluding the start day; an end
 * falling on a non-working day moves to the next working day"). Non-working days: Saturdays, Sundays, the national
 * holidays and those of the company's state (`companies.state_id`; @paco/domain/holidays) and the company's own
 * `holidays` (Configurações › Feriados).
 * A rapporteur's deadline counts business days instead (`businessDeadline`), with the same calendar.
 */
import { and, asc, eq, gte, lte, or } from 'drizzle-orm';
import { addDays, isPublicHoliday, publicHolidays, stateCodeOf } from '@paco/domain/holidays';
import type { Db } from '../../db/client.ts';
import { companies, holidays, states } from '../../db/schema.generated.ts';

export { addDays } from '@paco/domain/holidays';

const toDate = (s: string): Date => new Date(`${s}T12:00:00Z`);

export interface Calendar {
  /** company holidays on exact dates (yyyy-mm-dd) */
  dates: Set<string>;
  /** company holidays repeated every year (MM-DD) */
  yearly: Set<string>;
  /** the company's state, as its two-letter code (its state holidays count too) */
  uf?: string;
}

export function isWorkingDay(s: string, cal: Calendar): boolean {
  const d = toDate(s);
  const dow = d.getUTCDay();
  if (dow === 0 || dow === 6) return false;
  if (isPublicHoliday(s, cal.uf) || cal.yearly.has(s.slice(5)) || cal.dates.has(s)) return false;
  return true;
}

/** start + days (the start day excluded), moved forward to the next working day. */
export function deadline(start: string, days: number, cal: Calendar): string {
  let end = addDays(start, days);
  for (let i = 0; i < 60 && !isWorkingDay(end, cal); i++) end = addDays(end, 1);
  return end;
}

/**
 * start + `days` working days (the start day excluded): the end of a deadline counted in business days (a rapporteur's,
 * by the regimento), skipping weekends and the national and company holidays.
 */
export function businessDeadline(start: string, days: number, cal: Calendar): string {
  let end = start;
  for (let counted = 0, i = 0; counted < days && i < days * 3 + 60; i++) {
    end = addDays(end, 1);
    if (isWorkingDay(end, cal)) counted++;
  }
  return end;
}

/** The company's holidays that may touch a deadline starting at `start` (with room for the roll-forward). */
export async function companyCalendar(db: Db, companyId: number, start: string, days: number): Promise<Calendar> {
  const { uf, rows } = await ownHolidays(db, companyId, start, addDays(start, days + 60));
  const cal: Calendar = { dates: new Set(), yearly: new Set(), uf };
  for (const r of rows) {
    const d = String(r.data);
    if (r.recorrente) cal.yearly.add(d.slice(5));
    else cal.dates.add(d);
  }
  return cal;
}

/**
 * In one statement: the company's state (its `state_id`, as the two-letter code whose holidays count too) and its own
 * holidays that fall between `from` and `to` or repeat every year, in date order.
 */
async function ownHolidays(db: Db, companyId: number, from: string, to: string) {
  const rows = await db.select({ uf: states.sigla, id: holidays.id, data: holidays.data, descricao: holidays.descricao, recorrente: holidays.recorrente })
    .from(companies)
    .leftJoin(states, eq(states.id, companies.state_id))
    .leftJoin(holidays, and(eq(holidays.company_id, companies.id), or(eq(holidays.recorrente, true), and(gte(holidays.data, from), lte(holidays.data, to)))))
    .where(eq(companies.id, companyId))
    .orderBy(asc(holidays.data), asc(holidays.id)).limit(2000);
  return {
    uf: stateCodeOf(rows[0]?.uf),
    rows: rows.filter((r): r is typeof r & { id: number; data: string; descricao: string } => r.id !== null),
  };
}

export async function computeDeadline(db: Db, companyId: number, start: string, days: number): Promise<string> {
  return deadline(start, days, await companyCalendar(db, companyId, start, days));
}

/** The end of a deadline of `days` business days from `start`, with the company's calendar. */
export async function computeBusinessDeadline(db: Db, companyId: number, start: string, days: number): Promise<string> {
  // room for the weekends and holidays of the span
  return businessDeadline(start, days, await companyCalendar(db, companyId, start, days * 2 + 14));
}

const ORIGIN_ORDER: Record<CalendarDay['origem'], number> = { nacional: 0, estadual: 1, entidade: 2 };

export interface CalendarDay {
  data: string;
  descricao: string;
  /** 'nacional' / 'estadual': from federal or state law (not editable); 'entidade': the company's own row */
  origem: 'nacional' | 'estadual' | 'entidade';
  /** the company's row (to edit or remove it) */
  id: number | null;
  recorrente: boolean;
}

/** The non-working days of a year that are holidays: the national ones, its state's and the company's (its yearly ones on this year's date). */
export async function yearCalendar(db: Db, companyId: number, year: number): Promise<CalendarDay[]> {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const { uf, rows } = await ownHolidays(db, companyId, from, to);
  const days: CalendarDay[] = publicHolidays(year, uf).map((h) => ({ data: h.data, descricao: h.descricao, origem: h.esfera, id: null, recorrente: false }));
  for (const r of rows) {
    const stored = String(r.data);
    // a yearly holiday on 29 February is kept on 28 February of the other years
    let data = r.recorrente ? `${year}-${stored.slice(5)}` : stored;
    if (r.recorrente && addDays(data, 0) !== data) data = `${year}-02-28`;
    days.push({ data, descricao: r.descricao, origem: 'entidade', id: r.id, recorrente: !!r.recorrente });
  }
  return days.sort((a, b) => a.data.localeCompare(b.data) || (ORIGIN_ORDER[a.origem] - ORIGIN_ORDER[b.origem]));
}

/**
 * A record's `fimPrazo` from its start date (`startKey`) and `diasPrazo`, unless the client set `fimPrazo` itself:
 * computed when either changes, cleared with the days (matters and tramitation steps).
 */
export async function applyDeadline(db: Db, companyId: number, values: Record<string, unknown>, existing: Record<string, unknown> | null, startKey: string): Promise<void> {
  if (values.fimPrazo !== undefined && values.fimPrazo !== null) return;
  const touched = values.diasPrazo !== undefined || values[startKey] !== undefined;
  if (!touched) return;
  const m = { ...(existing ?? {}), ...values };
  const start = m[startKey];
  if (typeof m.diasPrazo === 'number' && typeof start === 'string') values.fimPrazo = await computeDeadline(db, companyId, start, m.diasPrazo);
  else if (values.diasPrazo === null) values.fimPrazo = null;
}
