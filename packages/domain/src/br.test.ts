import { describe, expect, it } from 'vitest';
import { formatCep, formatCnpj, formatCpf, formatPhone, isValidCep, isValidCnpj, isValidCpf, isValidPhone, maskCpf, normalizeCnpj } from './br.ts';

describe('CPF', () => {
  it('accepts valid numbers with or without punctuation', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
  });
  it('rejects wrong check digits, wrong length and repeated digits', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
  });
  it('formats and masks (LGPD)', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('52998224725')).toBe('***.982.247-**');
  });
});

describe('CNPJ', () => {
  it('accepts numeric CNPJs', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
  });
  it('accepts the 2026 alphanumeric form (Receita Federal example) and normalizes to upper case', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-3A')).toBe(false);
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(formatCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });
});

describe('CEP and phone', () => {
  it('validates and formats', () => {
    expect(isValidCep('30130-000')).toBe(true);
    expect(isValidCep('3013000')).toBe(false);
    expect(isValidCep('30130-00a')).toBe(false);
    expect(formatCep('30130000')).toBe('30130-000');
    expect(formatCep('3013')).toBe('3013'); // a value half typed is shown as it is
    expect(formatPhone('31998765432')).toBe('(31) 99876-5432');
    expect(formatPhone('3133334444')).toBe('(31) 3333-4444');
    expect(formatCpf('5299822')).toBe('5299822');
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(isValidPhone('(31) 99876-5432')).toBe(true);
    expect(isValidPhone('(31) 3333-4444')).toBe(true);
    expect(isValidPhone('+55 31 99876-5432')).toBe(true);
    expect(isValidPhone('(31) 89876-5432')).toBe(true); // Anatel 749/2022: mobiles may start with 7, 8 or 9
    expect(isValidPhone('(31) 69876-5432')).toBe(false);
    expect(isValidPhone('(00) 99876-5432')).toBe(false);
    expect(isValidPhone('123')).toBe(false);
  });
});
