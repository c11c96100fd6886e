import { describe, expect, it } from 'vitest';
import { formatBool, formatDate, formatMmSs, formatMoney, greeting } from './format.ts';

describe('display helpers', () => {
  it('greets by hour as spec 1 §2 says', () => {
    expect([5, 6, 11, 12, 17, 18, 23, 0].map(greeting)).toEqual(['BOA NOITE', 'BOM DIA', 'BOM DIA', 'BOA TARDE', 'BOA TARDE', 'BOA NOITE', 'BOA NOITE', 'BOA NOITE']);
  });
  it('formats dates, booleans, timers and money in pt-BR', () => {
    expect(formatDate('2026-01-31')).toBe('31/01/2026');
    expect(formatDate('2026-11-21T02:30:00Z')).toBe('20/11/2026'); // São Paulo is UTC−3
    expect(formatBool(true)).toBe('Sim');
    expect(formatBool(false)).toBe('Não');
    expect(formatMmSs(125)).toBe('02:05');
    expect(formatMoney(1234.5)).toBe('R$\u00a01.234,50');
  });
});
