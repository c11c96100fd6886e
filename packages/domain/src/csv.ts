/**
 * CSV for spreadsheets in pt-BR (Excel, LibreOffice): `;` separator, CRLF, UTF-8 BOM, cells quoted when they hold a
 * separator, a quote or a line break, and formula injection neutralised (a cell starting with = + @, a tab or a
 * carriage return, or a - not followed by a number, gets a leading apostrophe). One writer for the server (open data,
 * printable lists, statistics) and the web (a list's "Exportar CSV").
 */

const needsQuote = /[";\r\n]/;
/** A cell starting with = + @ (or - not followed by a number or an amount) is a formula to a spreadsheet. */
const formulaStart = /^(?:[=+@\t\r]|-(?![\d\s.,R$]))/;

/** One cell: empty for null or undefined, numbers and booleans as their text. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let v = String(value);
  if (formulaStart.test(v)) v = `'${v}`;
  return needsQuote.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** A whole file: the header, then the rows, each cell through `csvCell`. */
export function toCsv(header: readonly unknown[], rows: readonly (readonly unknown[])[]): string {
  const lines = [header, ...rows].map((r) => r.map(csvCell).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
