/**
 * File storage on each driver (issue 14 §1): the local folder, PostgreSQL (files in the database) and S3 (against
 * s3rver, an S3-compatible server this test starts on 127.0.0.1). The same suite runs on every driver: bytes in and
 * out, streamed downloads in pieces, listing, removal; then through the API (upload, signed URL, expiry and
 * tampering, a failed write leaving nothing); then storage:migrate between drivers with checksums.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeApp, usingPostgres, type TestApp } from './helpers.ts';
import { startS3, type TestS3 } from './s3-server.ts';
import { openDatabase, runMigrations, type Database } from '../src/db/client.ts';
import { collect, sha256Of, type StorageDriver } from '../src/storage/driver.ts';
import { LocalDriver } from '../src/storage/local.ts';
import { CHUNK_BYTES, PostgresDriver } from '../src/storage/postgres.ts';
import { openS3Driver, parseS3Url } from '../src/storage/s3.ts';
import { checkStorageUrl, StorageConfigError } from '../src/storage/open.ts';
import { migrateFiles } from '../src/storage/migrate.ts';

let s3: TestS3;
let pgliteDb: Database;
const dirs: string[] = [];
const tmp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'paco-storage-'));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  s3 = await startS3(['paco', 'paco-b']);
  // the PostgreSQL driver's statements, on a database of their own (no request transaction around them here)
  pgliteDb = await openDatabase({ dataDir: 'memory://' });
  await runMigrations(pgliteDb);
});
afterAll(async () => {
  await pgliteDb?.close();
  await s3?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** a "PNG" of `size` bytes (the type is judged by the first bytes) with random content */
const bigPng = (size: number): Buffer => Buffer.concat([PNG_HEAD, randomBytes(size - PNG_HEAD.length)]);

const drivers: [string, () => StorageDriver | Promise<StorageDriver>][] = [
  ['local', () => new LocalDriver(tmp())],
  ['postgres', () => new PostgresDriver(pgliteDb.db)],
  ['s3', () => openS3Driver(parseS3Url(s3.url('paco', `t${randomBytes(3).toString('hex')}`)))],
];

describe.each(drivers)('driver %s', (_name, make) => {
  it('stores, streams back in pieces, lists and removes', async () => {
    const d = await make();
    const small = Buffer.from('olá, Paço');
    expect(await d.put('1/people/7/photo/a.png', small, small.length)).toEqual({ size: small.length, sha256: sha256Of(small) });
    const got = await d.get('1/people/7/photo/a.png');
    expect(got?.size).toBe(small.length);
    expect(await collect(got!.body)).toEqual(small);

    // 3 MB: comes back as a stream of several pieces, never one whole buffer built by the driver
    const big = bigPng(3 * 1024 * 1024 + 17);
    await d.put('1/people/7/photo/b.png', Readable.from([big.subarray(0, 1_000_000), big.subarray(1_000_000)]), big.length);
    const back = await d.get('1/people/7/photo/b.png');
    expect(back?.size).toBe(big.length);
    let pieces = 0;
    let largest = 0;
    const parts: Buffer[] = [];
    for await (const c of back!.body) {
      pieces++;
      largest = Math.max(largest, (c as Buffer).length);
      parts.push(c as Buffer);
    }
    expect(Buffer.concat(parts).equals(big)).toBe(true);
    expect(pieces).toBeGreaterThan(3);
    expect(largest).toBeLessThanOrEqual(Math.max(CHUNK_BYTES, 1024 * 1024));

    expect(await d.get('1/people/7/photo/nenhum.png')).toBeNull();
    const keys: string[] = [];
    for await (const o of d.list()) keys.push(o.key);
    expect(keys.filter((k) => k.startsWith('1/people/7/')).sort()).toEqual(['1/people/7/photo/a.png', '1/people/7/photo/b.png']);

    await d.delete('1/people/7/photo/a.png');
    await d.delete('1/people/7/photo/nunca-existiu.png');
    expect(await d.get('1/people/7/photo/a.png')).toBeNull();
    await d.close?.();
  });

  it('refuses keys that leave their place', async () => {
    const d = await make();
    for (const bad of ['../x.png', '/etc/passwd', 'a//b', 'a/./b', 'a\\b', '']) {
      await expect(d.put(bad, Buffer.from('x'), 1), bad).rejects.toThrow(/invalid storage key/);
    }
    await d.close?.();
  });
});

describe('STORAGE_URL', () => {
  it('is checked before the start, with a pt-BR message', () => {
    expect(checkStorageUrl(undefined)).toBe('local');
    expect(checkStorageUrl('local')).toBe('local');
    expect(checkStorageUrl('postgres', 'postgres')).toBe('postgres');
    expect(checkStorageUrl('s3://paco?endpoint=http://127.0.0.1:9000')).toBe('s3');
    expect(() => checkStorageUrl('postgres', 'pglite')).toThrow(StorageConfigError);
    expect(() => checkStorageUrl('postgres', 'pglite')).toThrow(/precisa de DATABASE_URL/);
    expect(() => checkStorageUrl('ftp://x')).toThrow(/não é reconhecida/);
  });

  it('parses the S3 location', () => {
    expect(parseS3Url('s3://arquivos/paco/prod?endpoint=https://s3.exemplo.gov.br&region=sa-east-1', {})).toEqual({
      bucket: 'arquivos', prefix: 'paco/prod/', endpoint: 'https://s3.exemplo.gov.br', region: 'sa-east-1', forcePathStyle: true,
    });
    expect(parseS3Url('s3://arquivos', { AWS_REGION: 'us-west-2' })).toEqual({ bucket: 'arquivos', prefix: '', endpoint: undefined, region: 'us-west-2', forcePathStyle: false });
  });
});

/* ---------------- through the API, on each driver the app can use ---------------- */

const multipart = (field: string, filename: string, data: Buffer) => {
  const boundary = `----paco${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
    data, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

const apiDrivers: [string, () => string | undefined][] = [
  ['local', () => undefined],
  ['s3', () => s3.url('paco-b', 'api')],
  ...(usingPostgres() ? [['postgres', () => 'postgres'] as [string, () => string]] : []),
];

describe.each(apiDrivers)('files through the API on %s', (name, storageUrl) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await makeApp({ storageUrl: storageUrl() });
    token = await t.login('admin.prefeitura@paco.demo');
  });
  afterAll(async () => t?.close());

  it(`uploads, serves through a signed URL (streamed, with its length), refuses tampered and expired URLs`, async () => {
    expect(t.app.files.driver.kind).toBe(name);
    const person = await t.call('POST', '/api/people', { token, body: { name: `Pessoa do armazenamento ${name}` } });
    const id = person.json().data.id as number;
    const data = bigPng(4 * 1024 * 1024);
    const up = multipart('photo', 'grande.png', data);
    const res = await t.call('POST', `/api/people/${id}/upload`, { token, body: up.body, headers: up.headers });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.photo.url as string;
    expect(url).toMatch(/^\/api\/files\/.+\?exp=\d+&sig=/);

    const got = await t.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-length']).toBe(String(data.length));
    expect(got.rawPayload.equals(data)).toBe(true);

    const key = url.slice('/api/files/'.length, url.indexOf('?'));
    expect((await t.app.inject({ method: 'GET', url: url.replace(/sig=.{4}/, 'sig=AAAA') })).statusCode).toBe(404);
    const expired = t.app.files.url({ key, name: 'x', mime: 'image/png', size: 1 }, -7200);
    expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(404);
    // a signed URL of a key that is not there: 404, not 500
    const ghost = t.app.files.url({ key: `${key}.nada.png`, name: 'x', mime: 'image/png', size: 1 });
    expect((await t.app.inject({ method: 'GET', url: ghost })).statusCode).toBe(404);
  });

  it('a replaced file is removed; a failed write leaves no file', async () => {
    const person = await t.call('POST', '/api/people', { token, body: { name: `Pessoa da troca ${name}` } });
    const id = person.json().data.id as number;
    const count = async () => { let n = 0; for await (const _o of t.app.files.driver.list()) n++; return n; };
    const first = await t.call('POST', `/api/people/${id}/upload`, { token, ...withBody(multipart('photo', 'a.png', bigPng(2000))) });
    const before = await count();
    const second = await t.call('POST', `/api/people/${id}/upload`, { token, ...withBody(multipart('photo', 'b.png', bigPng(3000))) });
    expect(second.statusCode).toBe(200);
    expect(await count()).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: first.json().data.photo.url })).statusCode).toBe(404);

    await t.database.db.execute(sql.raw(`create or replace function paco_test_fail() returns trigger language plpgsql as $$ begin raise exception 'falha simulada'; end $$`));
    await t.database.db.execute(sql.raw(`create trigger paco_test_fail before update on people for each row when (new.photo is not null) execute function paco_test_fail()`));
    try {
      const failed = await t.call('POST', `/api/people/${id}/upload`, { token, ...withBody(multipart('photo', 'c.png', bigPng(3000))) });
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger paco_test_fail on people'));
    }
    expect(await count()).toBe(before);
  });

  it('is writable (the readiness probe) and the probe leaves nothing', async () => {
    await t.app.files.probe();
    for await (const o of t.app.files.driver.list()) expect(o.key.startsWith('.')).toBe(false);
  });
});

const withBody = (m: { body: Buffer; headers: Record<string, string> }) => ({ body: m.body, headers: m.headers });

describe('storage:migrate', () => {
  it('copies every file between drivers and verifies checksums; a second run copies nothing', async () => {
    const local = new LocalDriver(tmp());
    const files = new Map<string, Buffer>();
    for (let i = 0; i < 5; i++) {
      const data = bigPng(i === 4 ? CHUNK_BYTES * 2 + 5 : 1000 + i);
      files.set(`9/people/${i}/photo/f${i}.png`, data);
      await local.put(`9/people/${i}/photo/f${i}.png`, data, data.length);
    }
    const bucket = await openS3Driver(parseS3Url(s3.url('paco', `mig${randomBytes(3).toString('hex')}`)));
    const db = new PostgresDriver(pgliteDb.db);
    for await (const o of db.list()) await db.delete(o.key);

    const r1 = await migrateFiles(local, bucket);
    expect(r1).toMatchObject({ copied: 5, same: 0, failed: [] });
    const r2 = await migrateFiles(bucket, db);
    expect(r2).toMatchObject({ copied: 5, same: 0, failed: [] });
    for (const [key, data] of files) expect((await collect((await db.get(key))!.body)).equals(data)).toBe(true);

    // again: everything is there already
    expect(await migrateFiles(local, bucket)).toMatchObject({ copied: 0, same: 5, failed: [] });
    // a different file at the target under the same key is replaced, and checked
    const key = [...files.keys()][0];
    await db.put(key, Buffer.from('estragado'), 9);
    expect(await migrateFiles(bucket, db)).toMatchObject({ copied: 1, same: 4, failed: [] });
    expect((await collect((await db.get(key))!.body)).equals(files.get(key)!)).toBe(true);
    await bucket.close();
  });

  it('reports a copy whose bytes come back different', async () => {
    const local = new LocalDriver(tmp());
    await local.put('1/a/1/f/x.png', bigPng(500), 500);
    const target = new LocalDriver(tmp());
    const liar: StorageDriver = {
      kind: 'local', description: 'corrompido', put: (k, b, s) => target.put(k, b, s), delete: (k) => target.delete(k), list: () => target.list(),
      async get(k) {
        const f = await target.get(k);
        if (!f) return null;
        const data = await collect(f.body);
        data[100] ^= 0xff;
        return { body: Readable.from([data]), size: data.length };
      },
    };
    const r = await migrateFiles(local, liar);
    expect(r.copied).toBe(0);
    expect(r.failed).toEqual([{ key: '1/a/1/f/x.png', error: expect.stringMatching(/soma de verificação diferente/) }]);
  });
});
