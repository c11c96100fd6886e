import { describe, expect, it } from 'vitest';
import { fromTyped, maskDate, toText, toValue } from './dates';

describe('dates typed dd/mm/aaaa and hh:mm', () => {
  it('masks progressively', () => {
    expect(maskDate('date', '2')).toBe('2');
    expect(maskDate('date', '231')).toBe('23/1');
    expect(maskDate('date', '23112026')).toBe('23/11/2026');
    expect(maskDate('date', '23/11/2026999')).toBe('23/11/2026');
    expect(maskDate('time', '0915')).toBe('09:15');
    expect(maskDate('datetime', '231120261430')).toBe('23/11/2026 14:30');
  });

  it('keeps the API form once the text is a complete, real date', () => {
    expect(fromTyped('date', '23112026')).toBe('2026-11-23');
    expect(fromTyped('date', '23/11/2026')).toBe('2026-11-23');
    expect(fromTyped('date', '23/11/20')).toBe('23/11/20');
    expect(fromTyped('date', '31/02/2026')).toBe('31/02/2026');
    expect(fromTyped('date', '29/02/2028')).toBe('2028-02-29');
    expect(fromTyped('date', '')).toBe('');
    expect(fromTyped('date', '2026-11-23')).toBe('2026-11-23');
    expect(fromTyped('time', '0915')).toBe('09:15');
    expect(fromTyped('time', '2515')).toBe('25:15');
    expect(fromTyped('datetime', '231120261430')).toBe('2026-11-23T14:30');
    expect(fromTyped('datetime', '23/11/2026')).toBe('23/11/2026');
  });

  it('shows the API form the Brazilian way', () => {
    expect(toText('date', '2026-11-23')).toBe('23/11/2026');
    expect(toText('date', '23/11/2')).toBe('23/11/2');
    expect(toText('date', null)).toBe('');
    expect(toText('time', '09:15:00')).toBe('09:15');
    expect(toText('datetime', '2026-11-23T14:30')).toBe('23/11/2026 14:30');
    expect(toValue('date', '00/11/2026')).toBeNull();
    expect(toValue('date', '23/13/2026')).toBeNull();
    expect(toValue('date', '01/01/0999')).toBeNull();
  });
});
