/** CSV files of the web (a list's "Exportar CSV"): the writer is the domain's, shared with the server. */
export { csvCell, toCsv } from '@paco/domain/csv';

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
