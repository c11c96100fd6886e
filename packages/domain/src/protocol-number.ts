/**
 * The mask of a company's process numbers (its protocol numbering setting, `protocol_settings.mascara`).
 *
 * A mask is written with four letters and literal separators:
 *  - `U` the unit code (the digits of the opening sector's code, its last ones when longer, zeros on the left);
 *  - `S` the yearly sequence (3 to 9 digits, zeros on the left);
 *  - `A` the year, 4 (`AAAA`) or 2 (`AA`) digits;
 *  - `D` two check digits, ISO 7064 mod 97-10 over the digits written before them: DV = 98 − ((base × 100) mod 97);
 *  - `.`, `/`, `-`, `_` and spaces, written as they are.
 * Each letter is one contiguous group. The default is the federal NUP, `UUUUU.SSSSSS/AAAA-DD` (Portaria
 * Interministerial MJ/MP nº 1.677/2015 and its predecessors).
 */

export const NUP_MASK = 'UUUUU.SSSSSS/AAAA-DD';

/** The presets offered by the setting's form. */
export const PROTOCOL_MASK_PRESETS: readonly { mask: string; label: string }[] = [
  { mask: NUP_MASK, label: 'NUP federal: unidade, sequência, ano e dígitos verificadores' },
  { mask: 'SSSSSS/AAAA', label: 'Sequência e ano, sem unidade nem dígitos verificadores' },
  { mask: 'UUUUU-SSSSSS/AAAA', label: 'Unidade, sequência e ano, sem dígitos verificadores' },
  { mask: 'SSSSS/AAAA-DD', label: 'Sequência e ano, com dígitos verificadores' },
  { mask: 'SSSS/AA', label: 'Sequência e ano com dois dígitos' },
];

/** The longest mask (a process number holds at most 30 characters). */
export const PROTOCOL_MASK_MAX = 30;
const SEPARATORS = new Set(['.', '/', '-', '_', ' ']);
const LETTERS = ['U', 'S', 'A', 'D'] as const;
type Letter = (typeof LETTERS)[number];

export type MaskPart = { kind: Letter; width: number } | { kind: 'literal'; text: string };

export interface ProtocolMask {
  mask: string;
  parts: readonly MaskPart[];
  /** digits of each group (0 when absent) */
  unit: number;
  sequence: number;
  year: number;
  check: boolean;
  /** the largest sequence number the mask can write (999999 for SSSSSS) */
  capacity: number;
}

export type MaskParse = { ok: true; mask: ProtocolMask } | { ok: false; error: string };

/** Reads a mask; `error` is a pt-BR sentence for the form's field when the mask cannot number processes. */
export function parseProtocolMask(input: string): MaskParse {
  const mask = input.trim();
  const fail = (error: string): MaskParse => ({ ok: false, error });
  if (!mask) return fail('Informe a máscara.');
  if (mask.length > PROTOCOL_MASK_MAX) return fail(`A máscara tem no máximo ${PROTOCOL_MASK_MAX} caracteres.`);
  const parts: MaskPart[] = [];
  for (const c of mask) {
    const last = parts[parts.length - 1];
    if ((LETTERS as readonly string[]).includes(c)) {
      if (last && last.kind !== 'literal' && last.kind === c) last.width++;
      else if (parts.some((p) => p.kind === c)) return fail(`A letra ${c} aparece em dois lugares: escreva cada parte junta (ex.: SSSSSS).`);
      else parts.push({ kind: c as Letter, width: 1 });
    } else if (SEPARATORS.has(c)) {
      if (last && last.kind === 'literal') last.text += c;
      else parts.push({ kind: 'literal', text: c });
    } else {
      return fail(`O caractere “${c}” não é permitido: use U (unidade), S (sequência), A (ano), D (dígitos verificadores) e os separadores . / - _ ou espaço.`);
    }
  }
  const width = (k: Letter) => parts.reduce((n, p) => (p.kind === k ? n + p.width : n), 0);
  const [unit, sequence, year, check] = LETTERS.map(width);
  if (!sequence) return fail('A máscara precisa da sequência (S), ex.: SSSSSS.');
  if (sequence < 3) return fail('A sequência precisa de ao menos 3 dígitos (SSS).');
  if (sequence > 9) return fail('A sequência tem no máximo 9 dígitos.');
  if (!year) return fail('A máscara precisa do ano (AAAA ou AA): a sequência recomeça a cada ano.');
  if (year !== 2 && year !== 4) return fail('O ano tem 4 dígitos (AAAA) ou 2 (AA).');
  if (unit > 10) return fail('O código da unidade tem no máximo 10 dígitos.');
  if (check && check !== 2) return fail('Os dígitos verificadores são dois (DD).');
  if (check) {
    const at = parts.findIndex((p) => p.kind === 'D');
    if (parts.slice(at + 1).some((p) => p.kind !== 'literal')) return fail('Os dígitos verificadores (DD) vêm depois da unidade, da sequência e do ano.');
  }
  return { ok: true, mask: { mask, parts, unit, sequence, year, check: check === 2, capacity: 10 ** sequence - 1 } };
}

/** The error of a mask, or null when it can number processes. */
export const protocolMaskError = (mask: string): string | null => {
  const r = parseProtocolMask(mask);
  return r.ok ? null : r.error;
};

/** A mask known to be valid (the default when the company never saved one, or saved one no longer readable). */
export function protocolMask(mask: string | null | undefined): ProtocolMask {
  const r = parseProtocolMask(mask ?? NUP_MASK);
  if (r.ok) return r.mask;
  return (parseProtocolMask(NUP_MASK) as { ok: true; mask: ProtocolMask }).mask;
}

/** ISO 7064 mod 97-10 check digits of a run of digits: 98 − ((base × 100) mod 97), as two digits. */
export function mod97CheckDigits(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new Error('check digits need a run of digits');
  return String(98n - ((BigInt(digits) * 100n) % 97n)).padStart(2, '0');
}

/** The unit code of a sector as the mask writes it: the digits of its code (the last ones), else its id. */
export function unitDigits(code: string | null | undefined, id: number, width: number): string {
  if (!width) return '';
  const digits = (code ?? '').replace(/\D+/g, '');
  return (digits || String(id)).padStart(width, '0').slice(-width);
}

/** Writes a process number: the unit's digits (already `unitDigits`, or any code), the sequence and the year. */
export function formatProtocolNumber(m: ProtocolMask, unit: string | number, sequence: number, year: number): string {
  let out = '';
  let base = '';
  for (const p of m.parts) {
    if (p.kind === 'literal') {
      out += p.text;
      continue;
    }
    let digits: string;
    if (p.kind === 'U') digits = String(unit).replace(/\D+/g, '').padStart(p.width, '0').slice(-p.width);
    else if (p.kind === 'S') digits = String(sequence).padStart(p.width, '0');
    else if (p.kind === 'A') digits = String(year).padStart(4, '0').slice(-p.width);
    else digits = mod97CheckDigits(base);
    if (p.kind === 'S' && digits.length > p.width) throw new Error(`sequence ${sequence} does not fit ${p.width} digits`);
    base += digits;
    out += digits;
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * A number typed by hand, read with the mask: the separators may be left out (`00101000002202671`), the check digits
 * must be right. Answers the number written as the mask writes it, or null when it does not follow the mask.
 */
export function readProtocolNumber(m: ProtocolMask, typed: string): string | null {
  const source = m.parts.map((p) => (p.kind === 'literal' ? `(?:${escape(p.text)})?` : `(\\d{${p.width}})`)).join('');
  const found = new RegExp(`^${source}$`).exec(typed.trim());
  if (!found) return null;
  let out = '';
  let base = '';
  let group = 1;
  for (const p of m.parts) {
    if (p.kind === 'literal') {
      out += p.text;
      continue;
    }
    const digits = found[group++];
    if (p.kind === 'D' && mod97CheckDigits(base) !== digits) return null;
    base += digits;
    out += digits;
  }
  return out;
}

/** An example of the mask's numbers, for its help ("00101.000001/2026-..." written in full). */
export const exampleProtocolNumber = (m: ProtocolMask, unit: string | number = '101', sequence = 1, year = 2026): string =>
  formatProtocolNumber(m, unit, sequence, year);
