/**
 * Where uploaded files' bytes live. One interface, three drivers chosen by STORAGE_URL (storage/open.ts):
 * the local folder (default), PostgreSQL (files in the database) and any S3-compatible object store. Keys are
 * relative paths (`<company>/<resource>/<id>/<field>/<random>.<ext>`); the drivers only store and stream bytes —
 * signing, expiry and read checks are the same for all of them (storage/files.ts, decision 0004).
 *
 * Reads stream: `get` hands out a Readable and a size, never a whole file in memory. Writes take a Buffer (an
 * upload, already received and checked) or a Readable with its size (storage:migrate copies that way).
 */
import { createHash } from 'node:crypto';
import { PassThrough, Readable, Transform } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
}

export interface PutResult {
  size: number;
  /** hex SHA-256 of what was written */
  sha256: string;
}

export interface StorageDriver {
  /** 'local', 'postgres' or 's3' */
  readonly kind: string;
  /** where, for logs and messages (no credentials) */
  readonly description: string;
  /** writes the whole object under `key`, replacing any; a stream needs its `size` (S3 wants it up front) */
  put(key: string, body: Buffer | Readable, size?: number): Promise<PutResult>;
  /** the object as a stream, or null when there is none */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  /** removes the object; absent is fine */
  delete(key: string): Promise<void>;
  /** every stored object (keys starting with '.' — health probes, temporary files — are left out) */
  list(): AsyncIterable<StoredObject>;
  close?(): Promise<void>;
}

/** A Transform that passes bytes through and counts and hashes them (`result()` once it ended). */
export function hashTap(): Transform & { result(): PutResult } {
  const hash = createHash('sha256');
  let size = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      size += chunk.length;
      cb(null, chunk);
    },
  }) as Transform & { result(): PutResult };
  let digest: string | null = null;
  t.result = () => ({ size, sha256: (digest ??= hash.digest('hex')) });
  return t;
}

export const sha256Of = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/** Reads a whole stream into memory (small files, tests). */
export async function collect(body: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of body) parts.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(parts);
}

/** A stream of at most `size` bytes cut into pieces of exactly `chunk` bytes (the last one shorter). */
export async function* rechunk(body: Readable | Buffer, chunk: number): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(body)) {
    for (let i = 0; i < body.length; i += chunk) yield body.subarray(i, i + chunk);
    return;
  }
  let pending: Buffer[] = [];
  let length = 0;
  for await (const c of body) {
    let b = Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array);
    while (length + b.length >= chunk) {
      const take = chunk - length;
      pending.push(b.subarray(0, take));
      yield Buffer.concat(pending);
      pending = [];
      length = 0;
      b = b.subarray(take);
    }
    if (b.length) {
      pending.push(b);
      length += b.length;
    }
  }
  if (length) yield Buffer.concat(pending);
}

/** A Buffer as a stream (so every driver writes through one path). */
export const streamOf = (data: Buffer): Readable => {
  const p = new PassThrough();
  p.end(data);
  return p;
};

/** Keys are relative paths of safe segments; anything else is refused before it reaches a driver. */
export function checkKey(key: string): string {
  if (!key || key.length > 500 || key.startsWith('/') || key.includes('\\') || key.includes('\0')
    || key.split('/').some((s) => s === '' || s === '.' || s === '..')) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}
