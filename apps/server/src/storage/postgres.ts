/**
 * Files in the database (STORAGE_URL=postgres): a deployment needs nothing but PostgreSQL, and a backup of the
 * database holds the files too. Each file is one `stored_files` row and its bytes in `stored_file_chunks` of
 * 256 KiB; a download reads one chunk at a time, so a large file never sits whole in memory. A write is one
 * transaction (a file is all there or not at all).
 *
 * Only with DATABASE_URL: on PGlite (one connection) a file saved while a request's transaction is open would wait
 * for that transaction forever (storage/open.ts refuses it).
 */
import { Readable } from 'node:stream';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { storedFileChunks, storedFiles } from '../db/schema.base.ts';
import { checkKey, hashTap, rechunk, streamOf, type PutResult, type StorageDriver, type StoredObject } from './driver.ts';

export const CHUNK_BYTES = 256 * 1024;

export class PostgresDriver implements StorageDriver {
  readonly kind = 'postgres';
  readonly description = 'banco de dados (tabelas stored_files e stored_file_chunks)';

  constructor(private db: Db) {}

  async put(key: string, body: Buffer | Readable, _size?: number): Promise<PutResult> {
    checkKey(key);
    const tap = hashTap();
    const source = (Buffer.isBuffer(body) ? streamOf(body) : body).pipe(tap);
    if (!Buffer.isBuffer(body)) body.once('error', (e) => tap.destroy(e));
    return this.db.transaction(async (tx) => {
      await tx.delete(storedFiles).where(eq(storedFiles.key, key));
      await tx.insert(storedFiles).values({ key, size: 0, sha256: '', chunks: 0 });
      let seq = 0;
      for await (const chunk of rechunk(source, CHUNK_BYTES)) {
        await tx.insert(storedFileChunks).values({ key, seq: seq++, data: chunk });
      }
      const result = tap.result();
      await tx.update(storedFiles).set({ size: result.size, sha256: result.sha256, chunks: seq }).where(eq(storedFiles.key, key));
      return result;
    });
  }

  async get(key: string): Promise<{ body: Readable; size: number } | null> {
    checkKey(key);
    const [file] = await this.db.select({ size: storedFiles.size, chunks: storedFiles.chunks }).from(storedFiles).where(eq(storedFiles.key, key));
    if (!file) return null;
    const db = this.db;
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let seq = 0; seq < file.chunks; seq++) {
        const [row] = await db.select({ data: storedFileChunks.data }).from(storedFileChunks)
          .where(and(eq(storedFileChunks.key, key), eq(storedFileChunks.seq, seq)));
        if (!row) throw new Error(`stored file ${key}: chunk ${seq} missing`);
        yield Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
      }
    }
    return { body: Readable.from(chunks(), { objectMode: false }), size: file.size };
  }

  async delete(key: string): Promise<void> {
    await this.db.delete(storedFiles).where(eq(storedFiles.key, checkKey(key)));
  }

  async *list(): AsyncIterable<StoredObject> {
    let after = '';
    for (;;) {
      const rows = await this.db.select({ key: storedFiles.key, size: storedFiles.size }).from(storedFiles)
        .where(and(gt(storedFiles.key, after), sql`${storedFiles.key} not like '.%'`)).orderBy(asc(storedFiles.key)).limit(500);
      for (const r of rows) yield r;
      if (rows.length < 500) return;
      after = rows[rows.length - 1].key;
    }
  }
}
