/**
 * National holidays, generated from the law for any year (no rows to keep up to date): Lei 662/1949 (1º de janeiro,
 * 21 de abril, 1º de maio, 7 de setembro, 15 de novembro, 25 de dezembro), Lei 6.802/1980 (12 de outubro), Lei
 * 10.607/2002 (2 de novembro), Lei 14.759/2023 (20 de novembro) and the Sexta-feira da Paixão, which Lei 9.093/1995
 * leaves to municipal law and every municipality declares. Carnaval and Corpus Christi are pontos facultativos:
 * a company adds them to its own calendar (`holidays`) when it does not work on them.
 *
 * The deadline computation (server, modules/materias/deadline.ts) and the calendar screen read these same dates.
 */

export interface NationalHoliday {
  /** yyyy-mm-dd */
  data: string;
  descricao: string;
}

/** Fixed national holidays: MM-DD → name. */
export const FIXED_NATIONAL_HOLIDAYS: Readonly<Record<string, string>> = {
  '01-01': 'Confraternização Universal',
  '04-21': 'Tiradentes',
  '05-01': 'Dia do Trabalho',
  '09-07': 'Independência do Brasil',
  '10-12': 'Nossa Senhora Aparecida',
  '11-02': 'Finados',
  '11-15': 'Proclamação da República',
  '11-20': 'Dia Nacional de Zumbi e da Consciência Negra',
  '12-25': 'Natal',
};

const pad = (n: number): string => String(n).padStart(2, '0');

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
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** yyyy-mm-dd plus n days. */
export function addDays(s: string, n: number): string {
  const d = new Date(`${s}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Good Friday of the year (two days before Easter). */
export const goodFriday = (year: number): string => addDays(easter(year), -2);

/** The national holidays of a year, in date order. */
export function nationalHolidays(year: number): NationalHoliday[] {
  const out: NationalHoliday[] = Object.entries(FIXED_NATIONAL_HOLIDAYS).map(([md, descricao]) => ({ data: `${year}-${md}`, descricao }));
  out.push({ data: goodFriday(year), descricao: 'Paixão de Cristo (Sexta-feira Santa)' });
  return out.sort((a, b) => a.data.localeCompare(b.data));
}

/** Is this date (yyyy-mm-dd) a national holiday? */
export function isNationalHoliday(s: string): boolean {
  return s.slice(5) in FIXED_NATIONAL_HOLIDAYS || s === goodFriday(Number(s.slice(0, 4)));
}
