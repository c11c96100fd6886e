/**
 * Deadlines of matters and tramitations (domain notes: "Deadlines count in days, excluding the start day; an end
 * falling on a non-working day moves to the next working day"). Non-working days: Saturdays, Sundays, the national
 * holidays and those of the company's state (`companies.state_id`; @paco/domain/holidays) and the company's own
 * `holidays` (Configurações › Feriados).
 * A rapporteur's deadline counts business days instead (`businessDeadline`), with the same calendar.
 */
import { and, asc, eq, gte, lte, or } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { addDays, isPublicHoliday, publicHolidays, stateCodeOf } from '@paco/domain/holidays';
import { ALL_TABLES, type ChangeFeed } from '../../db/changes.ts';
import { databaseKey, type Db } from '../../db/client.ts';
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
  const to = addDays(start, days + 60);
  const { uf, rows } = keptHolidays(db, companyId, start, to) ?? await ownHolidays(db, companyId, start, to);
  const cal: Calendar = { dates: new Set(), yearly: new Set(), uf };
  for (const r of rows) {
    const d = String(r.data);
    if (r.recorrente) cal.yearly.add(d.slice(5));
    else cal.dates.add(d);
  }
  return cal;
}

/**
 * What each process keeps of the calendars (decision 0041): per database, per company, its state and all its own
 * holidays (a few dozen rows a year), so a deadline is computed without a statement. Dropped by the change feed when
 * `holidays` or `companies` change (migration 0034's trigger; a write of this process at once). Filled only by reads
 * on the app's handle, outside any transaction (`warmCalendar`, which the writes that compute a deadline call before
 * theirs opens): a transaction's read could see its own uncommitted holidays. A company with more rows than
 * CALENDAR_ROWS_MAX is read each time.
 */
const CALENDAR_ROWS_MAX = 2000;
const CALENDAR_TABLES = new Set(['holidays', 'companies', ALL_TABLES]);
type Holidays = Awaited<ReturnType<typeof ownHolidays>>;
interface KeptCalendars { root: Db; companies: LRUCache<number, Holidays>; generation: number }
const keptCalendars = new WeakMap<object, KeptCalendars>();

/** Keeps the companies' calendars read through `db` (the app's handle), dropped by `changes`. */
export function keepCalendars(db: Db, changes: ChangeFeed): void {
  const key = databaseKey(db);
  if (!key) return;
  const kept: KeptCalendars = { root: db, companies: new LRUCache({ max: 1000 }), generation: 0 };
  keptCalendars.set(key, kept);
  changes.on((table) => {
    if (!CALENDAR_TABLES.has(table)) return;
    kept.companies.clear();
    kept.generation++;
  });
}

const keptOf = (db: Db): KeptCalendars | undefined => {
  const key = databaseKey(db);
  return key ? keptCalendars.get(key) : undefined;
};

/** The kept calendar's rows between `from` and `to` (and the yearly ones), or null when none is kept. */
function keptHolidays(db: Db, companyId: number, from: string, to: string): Holidays | null {
  const all = keptOf(db)?.companies.get(companyId);
  if (!all) return null;
  return { uf: all.uf, rows: all.rows.filter((r) => r.recorrente || (String(r.data) >= from && String(r.data) <= to)) };
}

/**
 * Reads the company's calendar into the process's copy when it holds none: on the app's handle only (on a
 * transaction's, nothing), so a write calls it before its transaction opens and computes its deadline from the copy.
 */
export async function warmCalendar(db: Db, companyId: number): Promise<void> {
  const kept = keptOf(db);
  if (!kept || db !== kept.root || kept.companies.has(companyId)) return;
  const generation = kept.generation;
  const all = await ownHolidays(db, companyId, null, null);
  // a change while it was read: use nothing of it
  if (generation === kept.generation && all.rows.length < CALENDAR_ROWS_MAX) kept.companies.set(companyId, all);
}

/** Whether a write's values make `applyDeadline` compute a deadline (the writes warm the calendar first): its days or start changed, no end given, days set. */
export function computesDeadline(values: Record<string, unknown>, existing: Record<string, unknown> | null, startKey: string): boolean {
  if (values.fimPrazo !== undefined && values.fimPrazo !== null) return false;
  if (values.diasPrazo === undefined && values[startKey] === undefined) return false;
  return typeof (values.diasPrazo !== undefined ? values.diasPrazo : existing?.diasPrazo) === 'number';
}

/**
 * In one statement: the company's state (its `state_id`, as the two-letter code whose holidays count too) and its own
 * holidays that fall between `from` and `to` or repeat every year, in date order.
 */
async function ownHolidays(db: Db, companyId: number, from: string | null, to: string | null) {
  const within = from !== null && to !== null ? or(eq(holidays.recorrente, true), and(gte(holidays.data, from), lte(holidays.data, to))) : undefined;
  const rows = await db.select({ uf: states.sigla, id: holidays.id, data: holidays.data, descricao: holidays.descricao, recorrente: holidays.recorrente })
    .from(companies)
    .leftJoin(states, eq(states.id, companies.state_id))
    .leftJoin(holidays, and(eq(holidays.company_id, companies.id), within))
    .where(eq(companies.id, companyId))
    .orderBy(asc(holidays.data), asc(holidays.id)).limit(CALENDAR_ROWS_MAX);
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
  if (computesDeadline(values, existing, startKey)) {
    const start = values[startKey] !== undefined ? values[startKey] : existing?.[startKey];
    if (typeof start === 'string') values.fimPrazo = await computeDeadline(db, companyId, start, (values.diasPrazo ?? existing?.diasPrazo) as number);
  } else if (values.diasPrazo === null && (values.fimPrazo === undefined || values.fimPrazo === null)) values.fimPrazo = null;
}
