/** Input masks for Brazilian identifiers, applied while typing (progressive: separators appear as needed). */

export type MaskKind = 'cpf' | 'cnpj' | 'cep' | 'phone';

/** Places `chars` into `pattern` ('#' = one char); literals are added only when more chars follow. */
export function applyPattern(chars: string, pattern: string): string {
  let out = '';
  let i = 0;
  for (const p of pattern) {
    if (i >= chars.length) break;
    if (p === '#') out += chars[i++];
    else out += p;
  }
  return out;
}

/** The significant characters of a typed value for a mask: digits, or for CNPJ 12 of [0-9A-Z] and 2 digits. */
export function significant(kind: MaskKind, value: string): string {
  if (kind !== 'cnpj') {
    const d = value.replace(/\D+/g, '');
    return d.slice(0, kind === 'cpf' ? 11 : kind === 'cep' ? 8 : 11);
  }
  let out = '';
  for (const c of value.toUpperCase()) {
    if (out.length >= 14) break;
    if (out.length < 12 ? /[0-9A-Z]/.test(c) : /\d/.test(c)) out += c;
  }
  return out;
}

export function mask(kind: MaskKind, value: string): string {
  const s = significant(kind, value);
  switch (kind) {
    case 'cpf': return applyPattern(s, '###.###.###-##');
    case 'cnpj': return applyPattern(s, '##.###.###/####-##');
    case 'cep': return applyPattern(s, '#####-###');
    case 'phone': return s.length <= 2 ? (s ? `(${s}` : '') : applyPattern(s, s.length <= 10 ? '(##) ####-####' : '(##) #####-####');
  }
}

/** Index in `masked` right after the n-th significant character (to keep the caret in place). */
export function caretAfter(masked: string, n: number): number {
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    if (/[0-9A-Za-z]/.test(masked[i])) seen++;
    if (seen === n) return i + 1;
  }
  return masked.length;
}

export const maskPlaceholder: Record<MaskKind, string> = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  cep: '00000-000',
  phone: '(00) 00000-0000',
};

/** Money typed as cents: '12345' → 123.45. Empty → null. */
export function centsToNumber(typed: string): number | null {
  const d = typed.replace(/\D+/g, '').replace(/^0+(?=\d)/, '').slice(0, 15);
  return d ? Number(d) / 100 : null;
}

const money = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const formatMoneyInput = (v: unknown): string =>
  v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? '' : money.format(Number(v));

/** pt-BR decimal typed text → a string zod can coerce: '1.234,5' → '1234.5'; '1.5' stays '1.5'. */
export function normalizeDecimal(typed: string): string {
  const t = typed.trim();
  if (t.includes(',')) return t.replace(/\./g, '').replace(',', '.');
  return t;
}
