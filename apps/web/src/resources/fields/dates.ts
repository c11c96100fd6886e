/**
 * Dates and times typed the Brazilian way whatever the browser's language: dd/mm/aaaa, hh:mm and dd/mm/aaaa hh:mm,
 * masked while typing. The form keeps the API's forms (aaaa-mm-dd, hh:mm, aaaa-mm-ddThh:mm) once the text is a
 * complete and real date; until then it keeps the text as typed, which the shared schema refuses ("Data inválida.").
 */
import { applyPattern } from './masks';

export type DateKind = 'date' | 'time' | 'datetime';

const PATTERN: Record<DateKind, string> = { date: '##/##/####', time: '##:##', datetime: '##/##/#### ##:##' };
export const datePlaceholder: Record<DateKind, string> = { date: 'dd/mm/aaaa', time: 'hh:mm', datetime: 'dd/mm/aaaa hh:mm' };

const digits = (kind: DateKind, v: string): string => v.replace(/\D+/g, '').slice(0, PATTERN[kind].split('#').length - 1);

/** Typed text → masked text: '23112026' → '23/11/2026'. */
export const maskDate = (kind: DateKind, typed: string): string => applyPattern(digits(kind, typed), PATTERN[kind]);

const pad = (n: number): string => String(n).padStart(2, '0');

function realDate(y: number, m: number, d: number): boolean {
  if (y < 1000 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}
const realTime = (h: number, min: number): boolean => h < 24 && min < 60;

/** Complete, real typed text → the form value (API form); otherwise null. */
export function toValue(kind: DateKind, text: string): string | null {
  if (kind === 'time') {
    const t = /^(\d{2}):(\d{2})$/.exec(text);
    return t && realTime(Number(t[1]), Number(t[2])) ? text : null;
  }
  const m = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}))?$/.exec(text);
  if (!m || (kind === 'datetime') !== (m[4] !== undefined)) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!realDate(y, mo, d)) return null;
  const date = `${m[3]}-${pad(mo)}-${pad(d)}`;
  if (kind === 'date') return date;
  return realTime(Number(m[4]), Number(m[5])) ? `${date}T${m[4]}:${m[5]}` : null;
}

/** The form value → the text shown: '2026-11-23' → '23/11/2026'; text still being typed is shown as it is. */
export function toText(kind: DateKind, value: unknown): string {
  const v = value === null || value === undefined ? '' : String(value);
  if (kind === 'time') return /^\d{2}:\d{2}/.test(v) ? v.slice(0, 5) : v;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(v);
  if (!m) return v;
  const date = `${m[3]}/${m[2]}/${m[1]}`;
  return kind === 'date' ? date : `${date} ${m[4] ?? '00'}:${m[5] ?? '00'}`;
}

/**
 * What the form keeps for typed text: its API form when complete and real, else the text ('' when empty). A date
 * pasted in the API's form (2026-11-23) is taken as such.
 */
export const fromTyped = (kind: DateKind, typed: string): string => {
  const text = maskDate(kind, kind !== 'time' && /^\d{4}-\d{2}-\d{2}/.test(typed) ? toText(kind, typed) : typed);
  return toValue(kind, text) ?? text;
};
