/** CSV files of the web (a list's "Exportar CSV"): the writer is the domain's, shared with the server. */
import { downloadBlob } from '../api/download';

export { csvCell, toCsv } from '@paco/domain/csv';

export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(new Blob([text], { type }), filename);
}
