/**
 * Reads that may go out together: at once on the app's pool (each on its own connection), one after the other
 * inside a transaction, whose single connection must not get a second query while one runs (node-postgres queues
 * it with a deprecation warning today and will refuse it; PGlite has one connection anyway).
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

export const isTransaction = (db: Db): boolean => db instanceof PgTransaction;

/** Runs `tasks` concurrently on the pool, sequentially on a transaction; results in order. */
export async function together<T>(db: Db, tasks: (() => Promise<T>)[]): Promise<T[]> {
  if (!isTransaction(db)) return Promise.all(tasks.map((t) => t()));
  const out: T[] = [];
  for (const t of tasks) out.push(await t());
  return out;
}
