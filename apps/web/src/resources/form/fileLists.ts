/** Fields holding several files: what the form changes in them, and the calls that apply it after saving. */
import type { FileField } from '@paco/domain/fields';
import { api, ApiError } from '../../api/client';
import type { ApiRecord, FileValue } from '../defs';
import { isFileValue } from '../defs';

/** Per field: ids of stored files to remove, files to send. */
export type FileLists = Record<string, { removed: string[]; pending: File[] }>;

/** The files of a record's field (a list, or a single file written before the field held several). */
export const fileListOf = (v: unknown): FileValue[] => (Array.isArray(v) ? v : v ? [v] : []).filter(isFileValue);

const messageOf = (e: unknown, field: string): string =>
  e instanceof ApiError ? (e.errors[field]?.join(' ') ?? e.errors.file?.join(' ') ?? e.message) : 'Ocorreu um erro!';

/**
 * Applies the changes of each list field to the saved record: removals (`DELETE {base}/{field}/{fileId}`), then each
 * new file (`POST {base}`, the part named after the field). Stops a field at its first failure, telling `failed`;
 * `done` gets what is left of a field (nothing, when everything went).
 */
export async function sendFileLists(
  base: string,
  files: readonly [string, FileField][],
  lists: FileLists,
  on: { done: (field: string, left: FileLists[string]) => void; failed: (field: string, fl: FileField, message: string) => void },
): Promise<{ record: ApiRecord | null; failed: boolean }> {
  let record: ApiRecord | null = null;
  let failed = false;
  for (const [k, fl] of files) {
    const change = lists[k];
    if (!fl.multiple || !change || (!change.removed.length && !change.pending.length)) continue;
    const removed = [...change.removed];
    const pending = [...change.pending];
    try {
      while (removed.length) {
        record = (await api<{ data: ApiRecord }>(`${base}/${encodeURIComponent(k)}/${encodeURIComponent(removed[0])}`, { method: 'DELETE' })).data;
        removed.shift();
      }
      while (pending.length) {
        const body = new FormData();
        body.append(k, pending[0]);
        record = (await api<{ data: ApiRecord }>(base, { method: 'POST', body })).data;
        pending.shift();
      }
    } catch (e) {
      failed = true;
      on.failed(k, fl, messageOf(e, k));
    }
    on.done(k, { removed, pending });
  }
  return { record, failed };
}
