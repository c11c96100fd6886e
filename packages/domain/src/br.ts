/**
 * Brazilian identifiers: CPF, CNPJ (numeric and the 2026 alphanumeric form), CEP and phone, validated and formatted
 * by `@brazilian-utils/brazilian-utils` (issue 15 §7: a maintained library instead of our own check-digit code).
 * What is ours: the 2026 CNPJ accepted everywhere (`version: 2`), the current mobile numbering (Resolução Anatel
 * 749/2022: a mobile starts with 7, 8 or 9), formatting only a complete value (a stored value half typed is shown as
 * it is), and the LGPD mask.
 */
import {
  formatCep as libFormatCep,
  formatCnpj as libFormatCnpj,
  formatCpf as libFormatCpf,
  formatPhone as libFormatPhone,
  isValidCep as libIsValidCep,
  isValidCnpj as libIsValidCnpj,
  isValidCpf as libIsValidCpf,
  isValidPhone as libIsValidPhone,
} from '@brazilian-utils/brazilian-utils';

export const onlyDigits = (v: string): string => v.replace(/\D+/g, '');

/** CPF: 11 digits, two mod-11 check digits; all-equal digits are invalid. */
export const isValidCpf = (input: string): boolean => libIsValidCpf(input);

/** Normalizes a CNPJ: removes punctuation and upper-cases (alphanumeric CNPJ from July 2026). */
export const normalizeCnpj = (v: string): string => v.replace(/[^0-9a-zA-Z]+/g, '').toUpperCase();

/** CNPJ: numeric, or the alphanumeric form of July 2026 (12 characters in [0-9A-Z], 2 numeric check digits). */
export const isValidCnpj = (input: string): boolean => libIsValidCnpj(input, { version: 2 });

/** CEP: 8 digits, written with or without its hyphen (and the old dot). */
export const isValidCep = (v: string): boolean => libIsValidCep(v);

/** Brazilian phone with DDD: a landline (10 digits) or a mobile (11, by the current numbering); optional +55. */
export const isValidPhone = (input: string): boolean => libIsValidPhone(input, { version: 2 });

export const formatCpf = (v: string): string => (onlyDigits(v).length === 11 ? libFormatCpf(v) : v);

/** LGPD: shows a CPF without need as ***.456.789-** */
export function maskCpf(v: string): string {
  const d = onlyDigits(v);
  return d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : v;
}

export const formatCnpj = (v: string): string => (normalizeCnpj(v).length === 14 ? libFormatCnpj(normalizeCnpj(v), { version: 2 }) : v);

export const formatCep = (v: string): string => (onlyDigits(v).length === 8 ? libFormatCep(v) : v);

export function formatPhone(v: string): string {
  const n = onlyDigits(v).length;
  return n === 10 || n === 11 ? libFormatPhone(onlyDigits(v), { mask: 'nanp' }) : v;
}
