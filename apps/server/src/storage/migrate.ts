/**
 * Copies every file from one storage driver to another (`npm run storage:migrate`), streaming, and verifies each
 * copy: the SHA-256 of the bytes read from the source must equal that of the bytes read back from the target. Keys
 * stay the same, so the records that point at the files need no change: switch STORAGE_URL once the copy is done.
 * A file already at the target with the same content is left alone (a second run copies only what is missing).
 * The source is never changed.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { hashTap, type StorageDriver } from './driver.ts';

export interface MigrateReport {
  copied: number;
  /** already at the target with the same content */
  same: number;
  bytes: number;
  failed: { key: string; error: string }[];
}

async function hashOf(body: Readable): Promise<string> {
  const h = createHash('sha256');
  for await (const c of body) h.update(c as Buffer);
  return h.digest('hex');
}

export async function migrateFiles(
  from: StorageDriver, to: StorageDriver,
  opts: { dryRun?: boolean; log?: (line: string) => void } = {},
): Promise<MigrateReport> {
  const report: MigrateReport = { copied: 0, same: 0, bytes: 0, failed: [] };
  const log = opts.log ?? (() => undefined);
  for await (const { key } of from.list()) {
    try {
      const there = await to.get(key);
      const source = await from.get(key);
      if (!source) {
        there?.body.destroy();
        continue; // removed meanwhile
      }
      if (there && there.size === source.size) {
        const [a, b] = await Promise.all([hashOf(source.body), hashOf(there.body)]);
        if (a === b) {
          report.same++;
          continue;
        }
      } else {
        there?.body.destroy();
        source.body.destroy();
      }
      if (opts.dryRun) {
        log(`copiaria ${key}`);
        report.copied++;
        continue;
      }
      const fresh = await from.get(key);
      if (!fresh) continue;
      const tap = hashTap();
      fresh.body.once('error', (e) => tap.destroy(e));
      await to.put(key, fresh.body.pipe(tap), fresh.size);
      const read = tap.result();
      const back = await to.get(key);
      const written = back ? await hashOf(back.body) : 'ausente';
      if (read.size !== fresh.size || written !== read.sha256) {
        throw new Error(`soma de verificação diferente após a cópia (origem ${read.sha256}, destino ${written})`);
      }
      report.copied++;
      report.bytes += read.size;
      log(`copiado ${key} (${read.size} bytes, sha256 ${read.sha256.slice(0, 12)}…)`);
    } catch (e) {
      report.failed.push({ key, error: (e as Error).message });
      log(`FALHOU ${key}: ${(e as Error).message}`);
    }
  }
  return report;
}
