/**
 * Uploaded files: stored outside the web root under the company, and served only through signed URLs
 * (HMAC of key and expiry) handed out to users who may read the owning record. Public files (a crest) get
 * URLs without expiry. Where the bytes live is the driver's business (storage/driver.ts: a local folder,
 * PostgreSQL or S3, chosen by STORAGE_URL); keys, signatures and checks are the same on every driver.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { hostname } from 'node:os';
import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import { collect, type StorageDriver } from './driver.ts';

export interface StoredFile {
  key: string;
  name: string;
  mime: string;
  size: number;
  public?: boolean;
  /** SHA-256 of the bytes (hex), kept since the process PDF lists it; files stored before have none */
  sha256?: string;
}

/** The files of a file field's value: a list field's entries, a single field's file, or none. */
export function storedFiles(v: unknown): StoredFile[] {
  if (Array.isArray(v)) return v.filter((x): x is StoredFile => !!x && typeof x === 'object' && typeof x.key === 'string');
  return v && typeof v === 'object' && typeof (v as StoredFile).key === 'string' ? [v as StoredFile] : [];
}

/** The public id of a stored file: the last part of its key (random, unique in its field). */
export const fileIdOf = (f: StoredFile): string => f.key.slice(f.key.lastIndexOf('/') + 1);

const EXT: Record<string, string> = {
  'image/png': '.png', 'image/jpeg': '.jpg', 'image/webp': '.webp', 'image/gif': '.gif', 'application/pdf': '.pdf',
};

/** Detects the real type from the first bytes (the declared type is not trusted). */
export function sniff(buf: Buffer): string | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 6 && (buf.subarray(0, 6).toString('latin1') === 'GIF87a' || buf.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'image/gif';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (buf.length >= 5 && buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

/**
 * A sent file name made safe to keep and show: no control characters (NUL included), no path, no leading dots,
 * at most 200 characters; 'arquivo' when nothing is left.
 */
export function safeFileName(name: string | undefined | null): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const base = String(name ?? '').replace(/[\u0000-\u001f\u007f-\u009f]/g, '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[<>:"|?*]/g, '_').replace(/^[.\s]+/, '').trim().slice(0, 200);
  return clean || 'arquivo';
}

export const accepts = (accept: readonly string[], mime: string): boolean =>
  accept.some((a) => a === mime || (a.endsWith('/*') && mime.startsWith(a.slice(0, -1))));

export class FileStorage {
  constructor(
    readonly driver: StorageDriver,
    private secret: string,
  ) {}

  async save(parts: (string | number)[], data: Buffer, name: string, mime: string, isPublic = false): Promise<StoredFile> {
    const key = [...parts.map(String), `${randomBytes(12).toString('base64url')}${EXT[mime] ?? extname(safeFileName(name)).replace(/[^.A-Za-z0-9]/g, '').slice(0, 8)}`].join('/');
    await this.driver.put(key, data, data.length);
    return { key, name: safeFileName(name), mime, size: data.length, sha256: createHash('sha256').update(data).digest('hex'), ...(isPublic ? { public: true } : {}) };
  }

  async remove(key: string): Promise<void> {
    await this.driver.delete(key);
  }

  /** The file as a stream with its size, or null (downloads; never the whole file in memory). */
  open(key: string): Promise<{ body: Readable; size: number } | null> {
    return this.driver.get(key);
  }

  /** The whole file (small files only: scripts and tests). */
  async read(key: string): Promise<Buffer> {
    const f = await this.driver.get(key);
    if (!f) throw Object.assign(new Error(`no file ${key}`), { code: 'ENOENT' });
    return collect(f.body);
  }

  /** Storage writable (readiness): writes, reads back and removes a small probe object. */
  async probe(): Promise<void> {
    const key = `.probe/${hostname().replace(/[^A-Za-z0-9-]/g, '_')}-${process.pid}-${randomBytes(4).toString('hex')}`;
    const data = Buffer.from(`paco ${new Date().toISOString()}`);
    try {
      await this.driver.put(key, data, data.length);
      const back = await this.read(key);
      if (!back.equals(data)) throw new Error('storage probe read back different bytes');
    } finally {
      await this.driver.delete(key).catch(() => undefined);
    }
  }

  private sign(key: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`${key}|${exp}`).digest('base64url').slice(0, 32);
  }

  /** URL under /api/files; private files expire after `ttlSeconds`. */
  url(file: StoredFile, ttlSeconds = 6 * 3600): string {
    // round expiry to the hour so URLs stay cacheable for a while
    const exp = file.public ? 0 : Math.ceil((Date.now() / 1000 + ttlSeconds) / 3600) * 3600;
    return `/api/files/${file.key}?exp=${exp}&sig=${this.sign(file.key, exp)}`;
  }

  verify(key: string, exp: number, sig: string): boolean {
    if (exp !== 0 && exp < Date.now() / 1000) return false;
    const good = Buffer.from(this.sign(key, exp));
    const got = Buffer.from(sig);
    return good.length === got.length && timingSafeEqual(good, got);
  }
}
