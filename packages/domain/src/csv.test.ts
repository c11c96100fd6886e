import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csv', () => {
  it('quotes separators, quotes and line breaks, and keeps empty values empty', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('diz "sim"')).toBe('"diz ""sim"""');
    expect(csvCell('linha\r\nnova')).toBe('"linha\r\nnova"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(false)).toBe('false');
  });

  it('neutralises formulas but not negative numbers or amounts', () => {
    for (const f of ['=SUM(A1)', '+55', '@cmd', '-x', '\tx']) expect(csvCell(f), f).toBe(`'${f}`);
    for (const n of ['-12,50', '-3', -3, '-R$ 1,00', '- 5']) expect(csvCell(n), String(n)).toBe(String(n));
  });

  it('writes a file for pt-BR spreadsheets: BOM, semicolons, CRLF', () => {
    expect(toCsv(['A', 'B'], [['1', 'x"y'], [2, null]])).toBe('\uFEFFA;B\r\n1;"x""y"\r\n2;\r\n');
  });
});
