/** The transaction a writing action runs in (decision 0014). */
import type { FastifyRequest } from 'fastify';
import type { FileStorage } from '../storage/files.ts';
import type { Services } from './context.ts';
import { receivedForms } from './uploads.ts';

/** A file storage that remembers the keys it saved (to remove them when the transaction that used them fails). */
function trackingStorage(storage: FileStorage, saved: string[]): FileStorage {
  const tracked = Object.create(storage) as FileStorage;
  tracked.save = async (...args: Parameters<FileStorage['save']>) => {
    const file = await storage.save(...args);
    saved.push(file.key);
    return file;
  };
  return tracked;
}

/**
 * Runs a writing action in one transaction: every statement it makes (its reads, writes, audit rows, realtime
 * version bumps, rate-limit counts) commits together or not at all, so a refused or failed request leaves no
 * trace. Files it saved are removed when it fails; work it scheduled with `afterCommit` (removing replaced files,
 * delivering mail) runs only after the commit.
 *
 * A multipart request is the exception: its file arrives while the handler reads it, and no transaction may stay
 * open while a client sends (on PGlite that would stop every other request). Its handler receives and checks the
 * file first and then writes in a transaction of its own (storeUpload); its saved files are still removed when it
 * fails. A record action's form with files is received whole before (engine/uploads.ts `receiveActionForm`): it runs
 * in its transaction like any other.
 */
export async function inTransaction<T>(
  s: Services, req: FastifyRequest,
  run: (services: Services & { afterCommit: (fn: () => Promise<unknown>) => void }) => Promise<T>,
): Promise<T> {
  const saved: string[] = [];
  const after: (() => Promise<unknown>)[] = [];
  const storage = trackingStorage(s.storage, saved);
  const afterCommit = (fn: () => Promise<unknown>) => { after.push(fn); };
  let result: T;
  try {
    result = req.isMultipart() && !receivedForms.has(req)
      ? await run({ ...s, storage, afterCommit })
      : await s.db.transaction((tx) => {
        const db = tx as unknown as Services['db'];
        return run({ ...s, db, limits: s.limits.on(db), storage, afterCommit });
      });
  } catch (e) {
    await Promise.all(saved.map((k) => s.storage.remove(k).catch(() => undefined)));
    throw e;
  }
  for (const fn of after) await fn().catch((e: unknown) => req.log.error({ err: e }, 'afterCommit'));
  return result;
}
