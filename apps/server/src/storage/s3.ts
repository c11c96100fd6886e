/**
 * Files in any S3-compatible object store (AWS S3, MinIO, Ceph, Garage, R2…) through the official AWS SDK:
 * `STORAGE_URL=s3://bucket[/prefix]?endpoint=https://…&region=…&forcePathStyle=true|false`. Credentials come from the
 * SDK's usual sources (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, AWS_PROFILE, an instance
 * role…); the region from the URL, else AWS_REGION, else us-east-1. With an `endpoint` the addresses are path-style
 * unless `forcePathStyle=false`, and checksums are sent only where the API requires them (many S3-compatible
 * servers do not know the SDK's newer default checksums).
 */
import type { Readable } from 'node:stream';
import type * as Sdk from '@aws-sdk/client-s3';
import { checkKey, hashTap, sha256Of, type PutResult, type StorageDriver, type StoredObject } from './driver.ts';

export interface S3Location {
  bucket: string;
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
}

/** Parses `s3://bucket[/prefix]?endpoint=&region=&forcePathStyle=`. */
export function parseS3Url(url: string, env: NodeJS.ProcessEnv = process.env): S3Location {
  const u = new URL(url);
  if (u.protocol !== 's3:' || !u.hostname) throw new Error('STORAGE_URL do S3 deve ser s3://<bucket>[/prefixo]?endpoint=…&region=…');
  const q = u.searchParams;
  const endpoint = q.get('endpoint') || undefined;
  const prefix = decodeURIComponent(u.pathname).replace(/^\/+|\/+$/g, '');
  return {
    bucket: u.hostname,
    prefix: prefix ? `${prefix}/` : '',
    endpoint,
    region: q.get('region') || env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
    forcePathStyle: q.has('forcePathStyle') ? !/^(0|false|no)$/i.test(q.get('forcePathStyle')!) : !!endpoint,
  };
}

type S3Sdk = typeof Sdk;

/** The SDK is loaded only when STORAGE_URL names S3 (it is large, and warns about old Node versions at load). */
export async function openS3Driver(loc: S3Location): Promise<S3Driver> {
  return new S3Driver(loc, await import('@aws-sdk/client-s3'));
}

export class S3Driver implements StorageDriver {
  readonly kind = 's3';
  readonly description: string;
  readonly client: Sdk.S3Client;

  constructor(private loc: S3Location, private sdk: S3Sdk) {
    this.description = `s3://${loc.bucket}/${loc.prefix}${loc.endpoint ? ` em ${loc.endpoint}` : ''}`;
    this.client = new sdk.S3Client({
      region: loc.region,
      ...(loc.endpoint ? { endpoint: loc.endpoint, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
      forcePathStyle: loc.forcePathStyle,
    });
  }

  private k(key: string): string {
    return this.loc.prefix + checkKey(key);
  }

  async put(key: string, body: Buffer | Readable, size?: number): Promise<PutResult> {
    if (Buffer.isBuffer(body)) {
      const sha256 = sha256Of(body);
      await this.client.send(new this.sdk.PutObjectCommand({ Bucket: this.loc.bucket, Key: this.k(key), Body: body, ContentLength: body.length, Metadata: { sha256 } }));
      return { size: body.length, sha256 };
    }
    if (size === undefined) throw new Error('S3: a stream needs its size');
    const tap = hashTap();
    body.once('error', (e) => tap.destroy(e));
    await this.client.send(new this.sdk.PutObjectCommand({ Bucket: this.loc.bucket, Key: this.k(key), Body: body.pipe(tap), ContentLength: size }));
    const result = tap.result();
    if (result.size !== size) throw new Error(`S3: ${key}: ${result.size} bytes sent, ${size} expected`);
    return result;
  }

  async get(key: string): Promise<{ body: Readable; size: number } | null> {
    try {
      const res = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.loc.bucket, Key: this.k(key) }));
      return { body: res.Body as Readable, size: Number(res.ContentLength ?? 0) };
    } catch (e) {
      if (e instanceof this.sdk.S3ServiceException && (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404)) return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.loc.bucket, Key: this.k(key) }));
  }

  async *list(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const res = await this.client.send(new this.sdk.ListObjectsV2Command({ Bucket: this.loc.bucket, Prefix: this.loc.prefix, ContinuationToken: token }));
      for (const o of res.Contents ?? []) {
        const key = (o.Key ?? '').slice(this.loc.prefix.length);
        if (key && !key.startsWith('.')) yield { key, size: Number(o.Size ?? 0) };
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
