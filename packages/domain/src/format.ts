/** Display helpers (spec 1 §3): dates dd/mm/aaaa, time hh:mm, Sim/Não, mm:ss, BRL. Time zone America/Sao_Paulo. */
export const TIME_ZONE = 'America/Sao_Paulo';

const pad = (n: number): string => String(n).padStart(2, '0');

/** The label of an option list's value (a select's, a state's), or the value itself when it is not listed. */
export const labelOf = (list: readonly { value: string; label: string }[], value: unknown): string =>
  list.find((o) => o.value === value)?.label ?? String(value ?? '');

// made once: an Intl.DateTimeFormat costs about a millisecond to build, and a list formats each row's dates
const dayFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false });
const hourFormat = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', hour12: false });

/** '2026-11-21' or '2026-11-21T13:05:00Z' → '21/11/2026' (date-only strings are not shifted by time zone). */
export function formatDate(v: string | Date | null | undefined): string {
  if (!v) return '';
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) {
    const [y, m, d] = v.split('-');
    return `${d}/${m}/${y}`;
  }
  const date = typeof v === 'string' ? new Date(v) : v;
  if (Number.isNaN(date.getTime())) return '';
  return dayFormat.format(date);
}

export function formatTime(v: string | Date | null | undefined): string {
  if (!v) return '';
  if (typeof v === 'string' && /^\d{2}:\d{2}/.test(v)) return v.slice(0, 5);
  const date = typeof v === 'string' ? new Date(v) : v;
  if (Number.isNaN(date.getTime())) return '';
  return timeFormat.format(date);
}

export function formatDateTime(v: string | Date | null | undefined): string {
  const d = formatDate(v);
  return d ? `${d} ${formatTime(v)}` : '';
}

export const formatBool = (v: unknown): string => (v ? 'Sim' : 'Não');

export function formatMmSs(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
export const formatMoney = (v: number | string | null | undefined): string =>
  v === null || v === undefined || v === '' ? '' : brl.format(Number(v));

/** Greeting by hour (spec 1 §2): 06–11 BOM DIA, 12–17 BOA TARDE, otherwise BOA NOITE. */
export function greeting(hour: number): string {
  if (hour >= 6 && hour <= 11) return 'BOM DIA';
  if (hour >= 12 && hour <= 17) return 'BOA TARDE';
  return 'BOA NOITE';
}

/** Current hour in São Paulo. */
export function hourInSaoPaulo(now = new Date()): number {
  return Number(hourFormat.format(now)) % 24;
}

/** Initials of a person's name for an avatar: first and last word, skipping "da", "de", "do", "dos", "e" ("Maria da Silva" → "MS"). */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter((w) => w && !/^(d[aeo]s?|e)$/i.test(w));
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return (first + last).toUpperCase() || '?';
}
