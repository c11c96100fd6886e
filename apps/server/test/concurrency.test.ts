/** Reads inside a transaction go one after the other on its single connection; on the pool, together. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTransaction, together } from '../src/engine/concurrency.ts';
import type { Db } from '../src/db/client.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); }); // the seeded template: no migrations of its own to wait for
afterAll(async () => { await t?.close(); });

describe('together', () => {
  it('tells a transaction from the pool and keeps the order of the results', async () => {
    expect(isTransaction(t.database.db)).toBe(false);
    const order: number[] = [];
    const task = (db: Db, n: number) => async () => {
      order.push(n);
      await db.execute(sql`select pg_sleep(0.01)`);
      return n;
    };
    await t.database.db.transaction(async (tx) => {
      expect(isTransaction(tx as unknown as Db)).toBe(true);
      expect(await together(tx as unknown as Db, [task(tx as unknown as Db, 1), task(tx as unknown as Db, 2), task(tx as unknown as Db, 3)])).toEqual([1, 2, 3]);
    });
    expect(order).toEqual([1, 2, 3]);
    expect(await together(t.database.db, [task(t.database.db, 4), task(t.database.db, 5)])).toEqual([4, 5]);
  });
});
