/** The thinnest possible query function on either database (no Drizzle, no engine): used by the loader and the bare routes. */
import type { Database } from '../apps/server/src/db/client.ts';

export type Rows = Record<string, any>[];
export type Query = (text: string, params?: unknown[]) => Promise<Rows>;

export function rawQuery(d: Database): Query {
  if (d.pool) {
    const pool = d.pool;
    // as a { text, values } object, so the app's pool wrapper prepares it per connection like the engine's statements
    return async (text, params = []) => (await pool.query({ text, values: params as unknown[] })).rows;
  }
  const pg = d.pglite!;
  return async (text, params = []) => (await pg.query<Record<string, any>>(text, params as unknown[])).rows;
}

/** Runs fn inside one transaction on one connection (pool client on PostgreSQL, the single connection on PGlite). */
export async function rawTransaction<T>(d: Database, fn: (q: Query) => Promise<T>): Promise<T> {
  if (d.pool) {
    const c = await d.pool.connect();
    try {
      await c.query('begin');
      const out = await fn(async (text, params = []) => (await c.query(text, params as unknown[])).rows);
      await c.query('commit');
      return out;
    } catch (e) {
      await c.query('rollback').catch(() => undefined);
      throw e;
    } finally {
      c.release();
    }
  }
  return d.pglite!.transaction(async (tx) => fn(async (text, params = []) => (await tx.query<Record<string, any>>(text, params as unknown[])).rows));
}

export const ident = (s: string): string => `"${s.replace(/"/g, '""')}"`;
export const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;
export const arr = (xs: readonly string[]): string => `ARRAY[${xs.map(lit).join(',')}]::text[]`;
