import { describe, expect, it } from 'vitest';
import {
  formatProtocolNumber, mod97CheckDigits, NUP_MASK, parseProtocolMask, protocolMask, protocolMaskError, PROTOCOL_MASK_PRESETS,
  readProtocolNumber, unitDigits,
} from './protocol-number.ts';
import { formatNup, isValidNup } from './resources/administrativo.ts';

/*
 * The check digits below are worked out by hand, ISO 7064 mod 97-10: DV = 98 − ((base × 100) mod 97).
 *  - NUP 23000.000001/2025: base 230000000012025; × 100 = 23000000001202500 = 97 × 237113402074252 + 56 → 98 − 56 = 42.
 *  - NUP 00101.000002/2026: base 001010000022026; × 100 = 101000002202600 = 97 × 1041237136109 + 27 → 98 − 27 = 71
 *    (97 × 1041237136109 = 101000002202573).
 *  - SSSSS/AAAA-DD, 1 in 2026: base 000012026 = 12026; × 100 = 1202600 = 97 × 12397 + 91 → 98 − 91 = 07.
 *  - SSSS/AA-DD, 5 in 2026: base 000526 = 526; × 100 = 52600 = 97 × 542 + 26 → 98 − 26 = 72.
 */
describe('protocol number masks', () => {
  it('writes the federal NUP as before, its check digits right', () => {
    expect(mod97CheckDigits('230000000012025')).toBe('42');
    expect(formatNup('23000', 1, 2025)).toBe('23000.000001/2025-42');
    expect(formatNup('101', 2, 2026)).toBe('00101.000002/2026-71');
    expect(formatProtocolNumber(protocolMask(NUP_MASK), '00101', 2, 2026)).toBe('00101.000002/2026-71');
    expect(isValidNup('00101.000002/2026-71')).toBe(true);
    expect(isValidNup('00101000002202671')).toBe(true);
    expect(isValidNup('00101.000002/2026-72')).toBe(false);
  });

  it('writes other masks: without unit, with two-digit years, with check digits over fewer digits', () => {
    expect(formatProtocolNumber(protocolMask('SSSSSS/AAAA'), '', 42, 2026)).toBe('000042/2026');
    expect(formatProtocolNumber(protocolMask('SSSSS/AAAA-DD'), '', 1, 2026)).toBe('00001/2026-07');
    expect(formatProtocolNumber(protocolMask('SSSS/AA-DD'), '', 5, 2026)).toBe('0005/26-72');
    expect(formatProtocolNumber(protocolMask('UUU-SSSS/AAAA'), '00101', 17, 2026)).toBe('101-0017/2026');
    expect(formatProtocolNumber(protocolMask('AAAA SSSSSSS'), '', 3, 2026)).toBe('2026 0000003');
    expect(() => formatProtocolNumber(protocolMask('SSS/AAAA'), '', 1000, 2026)).toThrow();
  });

  it('reads typed numbers with the mask: separators optional, check digits checked, written back in the mask', () => {
    const m = protocolMask('SSSSS/AAAA-DD');
    expect(readProtocolNumber(m, '00001/2026-07')).toBe('00001/2026-07');
    expect(readProtocolNumber(m, ' 00001202607 ')).toBe('00001/2026-07');
    expect(readProtocolNumber(m, '00001/2026-08')).toBeNull();
    expect(readProtocolNumber(m, '0001/2026-07')).toBeNull();
    expect(readProtocolNumber(protocolMask('SSSSSS/AAAA'), '000042/2026')).toBe('000042/2026');
    expect(readProtocolNumber(protocolMask('SSSSSS/AAAA'), '00101.000002/2026-71')).toBeNull();
    expect(readProtocolNumber(protocolMask(NUP_MASK), '000042/2026')).toBeNull();
  });

  it('measures the mask: unit, sequence capacity, year, check digits', () => {
    expect(protocolMask(NUP_MASK)).toMatchObject({ unit: 5, sequence: 6, year: 4, check: true, capacity: 999_999 });
    expect(protocolMask('SSSS/AA')).toMatchObject({ unit: 0, sequence: 4, year: 2, check: false, capacity: 9_999 });
    // an unreadable saved mask falls back to the NUP
    expect(protocolMask('xyz').mask).toBe(NUP_MASK);
    expect(protocolMask(null).mask).toBe(NUP_MASK);
  });

  it('refuses masks that cannot number processes, in pt-BR', () => {
    expect(protocolMaskError('')).toBe('Informe a máscara.');
    expect(protocolMaskError('UUUUU/AAAA')).toBe('A máscara precisa da sequência (S), ex.: SSSSSS.');
    expect(protocolMaskError('SS/AAAA')).toBe('A sequência precisa de ao menos 3 dígitos (SSS).');
    expect(protocolMaskError('SSSSSSSSSS/AAAA')).toBe('A sequência tem no máximo 9 dígitos.');
    expect(protocolMaskError('SSSSSS')).toBe('A máscara precisa do ano (AAAA ou AA): a sequência recomeça a cada ano.');
    expect(protocolMaskError('SSSSSS/AAA')).toBe('O ano tem 4 dígitos (AAAA) ou 2 (AA).');
    expect(protocolMaskError('SSSS/AAAA-D')).toBe('Os dígitos verificadores são dois (DD).');
    expect(protocolMaskError('DD-SSSS/AAAA')).toBe('Os dígitos verificadores (DD) vêm depois da unidade, da sequência e do ano.');
    expect(protocolMaskError('SSS/AAAA/SSS')).toBe('A letra S aparece em dois lugares: escreva cada parte junta (ex.: SSSSSS).');
    expect(protocolMaskError('PROC-SSSS/AAAA')).toMatch(/^O caractere “P” não é permitido/);
    expect(protocolMaskError('UUUUUUUUUUU-SSSS/AAAA')).toBe('O código da unidade tem no máximo 10 dígitos.');
    expect(protocolMaskError(`${'S'.repeat(6)}/AAAA${'-'.repeat(30)}`)).toBe('A máscara tem no máximo 30 caracteres.');
    for (const p of PROTOCOL_MASK_PRESETS) expect(protocolMaskError(p.mask), p.mask).toBeNull();
    // the longest number a valid mask writes fits the process's number (30 characters)
    expect(parseProtocolMask('UUUUUUUUUU.SSSSSSSSS/AAAA-DD').ok).toBe(true);
  });

  it('takes the unit code from the sector code digits (the last ones), else from its id', () => {
    expect(unitDigits('001.01', 7, 5)).toBe('00101');
    expect(unitDigits('SEC-1234567', 7, 5)).toBe('34567');
    expect(unitDigits(null, 7, 5)).toBe('00007');
    expect(unitDigits('ABC', 42, 3)).toBe('042');
    expect(unitDigits('00101', 7, 0)).toBe('');
  });
});
