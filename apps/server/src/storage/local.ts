/** Files in a local folder (STORAGE_DIR): the default, today's behaviour. Writes go to a temporary name and are renamed into place. */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, rename, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, normalize, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, hashTap, streamOf, type PutResult, type StorageDriver, type StoredObject } from './driver.ts';

export class LocalDriver implements StorageDriver {
  readonly kind = 'local';
  readonly description: string;

  constructor(private dir: string) {
    this.description = `pasta ${dir}`;
  }

  private path(key: string): string {
    const p = normalize(join(this.dir, checkKey(key)));
    if (!p.startsWith(normalize(this.dir) + sep)) throw new Error('invalid key');
    return p;
  }

  async put(key: string, body: Buffer | Readable, _size?: number): Promise<PutResult> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = join(dirname(path), `.tmp-${randomBytes(6).toString('hex')}`);
    const tap = hashTap();
    try {
      await pipeline(Buffer.isBuffer(body) ? streamOf(body) : body, tap, createWriteStream(tmp));
      await rename(tmp, path);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
    return tap.result();
  }

  async get(key: string): Promise<{ body: Readable; size: number } | null> {
    const path = this.path(key);
    const s = await stat(path).catch(() => null);
    if (!s?.isFile()) return null;
    return { body: createReadStream(path), size: s.size };
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async *list(): AsyncIterable<StoredObject> {
    const walk = async function* (dir: string, root: string): AsyncGenerator<StoredObject> {
      const d = await opendir(dir).catch(() => null);
      if (!d) return;
      for await (const e of d) {
        if (e.name.startsWith('.')) continue;
        const full = join(dir, e.name);
        if (e.isDirectory()) yield* walk(full, root);
        else if (e.isFile()) yield { key: relative(root, full).split(sep).join('/'), size: (await stat(full)).size };
      }
    };
    yield* walk(this.dir, this.dir);
  }
}
