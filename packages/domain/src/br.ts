/** Brazilian identifiers: CPF, CNPJ (numeric and the 2026 alphanumeric form), CEP and phone. Pure functions. */

export const onlyDigits = (v: string): string => v.replace(/\D+/g, '');

/** CPF: 11 digits, two mod-11 check digits; all-equal digits are invalid. */
export function isValidCpf(input: string): boolean {
  const cpf = onlyDigits(input);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  const digit = (len: number): number => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(cpf[i]) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return digit(9) === Number(cpf[9]) && digit(10) === Number(cpf[10]);
}

/** Normalizes a CNPJ: removes punctuation and upper-cases (alphanumeric CNPJ from July 2026). */
export const normalizeCnpj = (v: string): string => v.replace(/[^0-9a-zA-Z]+/g, '').toUpperCase();

/** CNPJ: 14 chars, first 12 in [0-9A-Z] (value = ASCII − 48), last 2 numeric mod-11 check digits. */
export function isValidCnpj(input: string): boolean {
  const cnpj = normalizeCnpj(input);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj)) return false;
  if (/^(\d)\1{13}$/.test(cnpj)) return false;
  const values = [...cnpj].map((c) => c.charCodeAt(0) - 48);
  const dv = (len: number): number => {
    let sum = 0;
    let w = len - 7; // 5 for the first digit (12 chars), 6 for the second (13 chars)
    for (let i = 0; i < len; i++) {
      sum += values[i] * w;
      w = w === 2 ? 9 : w - 1;
    }
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return dv(12) === values[12] && dv(13) === values[13];
}

export const isValidCep = (v: string): boolean => /^\d{8}$/.test(onlyDigits(v)) && onlyDigits(v).length === v.replace(/[\s.-]/g, '').length;

/** Brazilian phone: 10 (landline) or 11 (mobile, starting with 9) digits with DDD; optional +55. */
export function isValidPhone(input: string): boolean {
  let d = onlyDigits(input);
  if (d.length > 11 && d.startsWith('55')) d = d.slice(2);
  if (d.length !== 10 && d.length !== 11) return false;
  if (d[0] === '0' || d[1] === '0') return false;
  return d.length === 10 || d[2] === '9';
}

export function formatCpf(v: string): string {
  const d = onlyDigits(v);
  return d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : v;
}

/** LGPD: shows a CPF without need as ***.456.789-** */
export function maskCpf(v: string): string {
  const d = onlyDigits(v);
  return d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : v;
}

export function formatCnpj(v: string): string {
  const c = normalizeCnpj(v);
  return c.length === 14 ? `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}` : v;
}

export function formatCep(v: string): string {
  const d = onlyDigits(v);
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : v;
}

export function formatPhone(v: string): string {
  const d = onlyDigits(v);
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return v;
}
