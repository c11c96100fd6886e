import { describe, expect, it } from 'vitest';
import type { FileField } from '@paco/domain/fields';
import { caretAfter, centsToNumber, formatMoneyInput, mask, normalizeDecimal } from './masks';
import { acceptLabel, validateFile } from './files';

describe('masks', () => {
  it('formats progressively', () => {
    expect(mask('cpf', '123')).toBe('123');
    expect(mask('cpf', '1234')).toBe('123.4');
    expect(mask('cpf', '52998224725')).toBe('529.982.247-25');
    expect(mask('cpf', '529.982.247-25999')).toBe('529.982.247-25');
    expect(mask('cep', '01310100')).toBe('01310-100');
    expect(mask('phone', '3')).toBe('(3');
    expect(mask('phone', '31')).toBe('(31');
    expect(mask('phone', '313')).toBe('(31) 3');
    expect(mask('phone', '3132345678')).toBe('(31) 3234-5678');
    expect(mask('phone', '31987654321')).toBe('(31) 98765-4321');
  });

  it('CNPJ: alphanumeric, upper-cased, last two digits only', () => {
    expect(mask('cnpj', '12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(mask('cnpj', '11222333000181')).toBe('11.222.333/0001-81');
    expect(mask('cnpj', '12ABC34501DEXY35')).toBe('12.ABC.345/01DE-35');
  });

  it('keeps the caret after the same significant character', () => {
    expect(caretAfter('529.982.247-25', 3)).toBe(3);
    expect(caretAfter('529.982.247-25', 4)).toBe(5);
    expect(caretAfter('529.982.247-25', 0)).toBe(0);
  });

  it('money typed as cents, decimals the pt-BR way', () => {
    expect(centsToNumber('1')).toBe(0.01);
    expect(centsToNumber('1.234,56')).toBe(1234.56);
    expect(centsToNumber('')).toBeNull();
    expect(formatMoneyInput(1234.5)).toBe('1.234,50');
    expect(formatMoneyInput('')).toBe('');
    expect(normalizeDecimal('1.234,5')).toBe('1234.5');
    expect(normalizeDecimal('1.5')).toBe('1.5');
  });
});

describe('file checks', () => {
  const photo: FileField = { kind: 'file', label: 'Foto', accept: ['image/png', 'image/jpeg', 'image/svg+xml'], maxMB: 2 };
  it('accept list and size, in pt-BR', () => {
    expect(acceptLabel(['image/*', '.pdf', 'image/svg+xml'])).toBe('imagens, PDF, SVG');
    expect(validateFile(photo, { name: 'a.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(validateFile(photo, { name: 'a.gif', type: 'image/gif', size: 1000 })).toBe('Tipo de arquivo não permitido. Formatos aceitos: PNG, JPEG, SVG.');
    expect(validateFile(photo, { name: 'a.png', type: 'image/png', size: 3 * 1024 * 1024 })).toBe('O arquivo deve ter no máximo 2 MB (o escolhido tem 3 MB).');
    expect(validateFile({ ...photo, accept: ['.pdf'] }, { name: 'X.PDF', type: '', size: 1 })).toBeNull();
  });
});
