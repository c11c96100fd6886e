/** CSV for Excel pt-BR: `;` separator, CRLF, UTF-8 BOM, quoted cells, formula injection neutralised. */

const needsQuote = /[";\r\n]/;
/** A cell starting with = + @ (or - not followed by a number) is a formula to a spreadsheet. */
const formulaStart = /^(?:[=+@\t\r]|-(?![\d\s.,R$]))/;

export function csvCell(value: string): string {
  let v = value;
  if (formulaStart.test(v)) v = `'${v}`;
  return needsQuote.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((r) => r.map(csvCell).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
