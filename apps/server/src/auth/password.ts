import { randomBytes, scrypt as scryptCb, timingSafeEqual, createHash } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: { N: number; r: number; p: number; maxmem: number }) => Promise<Buffer>;

/** scrypt$N$r$p$salt$hash (base64url) — parameters travel with the hash, so the cost can change later. */
export async function hashPassword(password: string, N = 32768): Promise<string> {
  const salt = randomBytes(16);
  const r = 8, p = 1;
  const key = await scrypt(password.normalize('NFKC'), salt, 32, { N, r, p, maxmem: 256 * N * r });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts;
  const N = Number(n), R = Number(r), P = Number(p);
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, { N, r: R, p: P, maxmem: 256 * N * R });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the e-mail does not exist, so timing does not reveal it. */
let dummy: string | null = null;
export async function dummyVerify(password: string, N: number): Promise<void> {
  dummy ??= await hashPassword('paco-dummy-password', N);
  await verifyPassword(password, dummy);
}

export const newToken = (): string => randomBytes(32).toString('base64url');
export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
