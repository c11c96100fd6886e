/**
 * Deadlines of matters and tramitations (domain notes: "Deadlines count in days, excluding the start day; an end
 * falling on a non-working day moves to the next working day"). Non-working days: Saturdays, Sundays, the national
 * holidays (Lei 662/1949, Lei 6.802/1980, Lei 14.759/2023 and Good Friday) and the company's own `holidays`.
 */
import { and, eq, gte, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { holidays } from '../../db/schema.generated.ts';

/** Fixed national holidays (MM-DD). */
const NATIONAL = new Set(['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25']);

/** Easter Sunday (anonymous Gregorian algorithm), as yyyy-mm-dd. */
export function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const toDate = (s: string): Date => new Date(`${s}T12:00:00Z`);
const toIso = (d: Date): string => d.toISOString().slice(0, 10);
export const addDays = (s: string, n: number): string => {
  const d = toDate(s);
  d.setUTCDate(d.getUTCDate() + n);
  return toIso(d);
};

export interface Calendar {
  /** company holidays on exact dates (yyyy-mm-dd) */
  dates: Set<string>;
  /** company holidays repeated every year (MM-DD) */
  yearly: Set<string>;
}

export function isWorkingDay(s: string, cal: Calendar): boolean {
  const d = toDate(s);
  const dow = d.getUTCDay();
  if (dow === 0 || dow === 6) return false;
  const md = s.slice(5);
  if (NATIONAL.has(md) || cal.yearly.has(md) || cal.dates.has(s)) return false;
  if (s === addDays(easter(d.getUTCFullYear()), -2)) return false; // Sexta-feira Santa
  return true;
}

/** start + days (the start day excluded), moved forward to the next working day. */
export function deadline(start: string, days: number, cal: Calendar): string {
  let end = addDays(start, days);
  for (let i = 0; i < 60 && !isWorkingDay(end, cal); i++) end = addDays(end, 1);
  return end;
}

/** The company's holidays that may touch a deadline starting at `start` (with room for the roll-forward). */
export async function companyCalendar(db: Db, companyId: number, start: string, days: number): Promise<Calendar> {
  const to = addDays(start, days + 60);
  const rows = await db.select({ data: holidays.data, recorrente: holidays.recorrente }).from(holidays)
    .where(and(eq(holidays.company_id, companyId), or(eq(holidays.recorrente, true), and(gte(holidays.data, start), lte(holidays.data, to)))))
    .limit(2000);
  const cal: Calendar = { dates: new Set(), yearly: new Set() };
  for (const r of rows) {
    const d = String(r.data);
    if (r.recorrente) cal.yearly.add(d.slice(5));
    else cal.dates.add(d);
  }
  return cal;
}

export async function computeDeadline(db: Db, companyId: number, start: string, days: number): Promise<string> {
  return deadline(start, days, await companyCalendar(db, companyId, start, days));
}
