/**
 * An S3-compatible server for tests: s3rver (npm, pure JavaScript) on 127.0.0.1, on a free port, keeping its
 * objects in a throwaway folder. Its fixed credentials (S3RVER/S3RVER) go in the usual AWS variables, which is where
 * the S3 driver takes credentials from.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error -- s3rver ships no type declarations
import S3rver from 's3rver';

export interface TestS3 {
  /** STORAGE_URL for a bucket on it */
  url(bucket?: string, prefix?: string): string;
  endpoint: string;
  close(): Promise<void>;
}

export async function startS3(buckets: string[] = ['paco']): Promise<TestS3> {
  const dir = mkdtempSync(join(tmpdir(), 'paco-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: buckets.map((name) => ({ name, configs: [] })) });
  const { port } = (await server.run()) as { port: number };
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    url: (bucket = buckets[0], prefix = '') => `s3://${bucket}${prefix ? `/${prefix}` : ''}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`,
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
