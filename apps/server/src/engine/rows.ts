/**
 * The server's own writes (issue 15 §1), the other half of the write path beside records.ts. A user's change to a
 * record (create, edit, delete, attach, link) goes through records.ts, with its references, rules, hooks and audit
 * row. What Paço changes by itself goes through here:
 * - state derived from other rows (a matter's current step, a process's sector, a norm's status);
 * - a workflow's rows in bulk (the presences of a phase, a list of speakers, the marks of a secret ballot);
 * - counters and per-company settings kept by upsert;
 * - pivots (an account's roles, a role's permissions).
 *
 * Each function runs one statement on the caller's handle (its transaction), sets `updated_at` on an update, and
 * touches the list totals of the table (engine/caches.ts) once the transaction committed, through `afterCommit`,
 * so a count taken during it is never cached as fresh. Without `afterCommit` the statement commits by itself and the
 * totals are touched at once.
 *
 * Modules write only through these functions and records.ts: `eslint.config.js` refuses `.insert()`, `.update()`
 * and `.delete()` on a database handle anywhere under `src/modules` and the seeds, and a raw write to a resource's
 * table (the generated schema) anywhere outside the engine and db/.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { IndexColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { touchTableNamed } from './caches.ts';

/** Where a server write runs: the handle (a transaction, usually) and, when someone else commits it, its queue. */
export interface ServerWrite {
  db: Db;
  afterCommit?: (fn: () => Promise<unknown>) => void;
}

/**
 * The server writes of an action made in a transaction the action opened itself (a savepoint of the action's own):
 * the totals wait for the action's commit.
 */
export const txWrite = (ctx: Pick<ServerWrite, 'afterCommit'>, tx: unknown): ServerWrite => ({ db: tx as Db, afterCommit: ctx.afterCommit });

/**
 * A transaction of server writes opened by the caller itself (the account's own routes): `run` writes through `w`,
 * and the list totals it touched are touched once the transaction committed.
 */
export async function inServerTransaction<T>(db: Db, run: (w: ServerWrite & { db: Db }) => Promise<T>): Promise<T> {
  const after: (() => Promise<unknown>)[] = [];
  const result = await db.transaction((tx) => run({ db: tx as unknown as Db, afterCommit: (fn) => { after.push(fn); } }));
  for (const fn of after) await fn();
  return result;
}

type Selected<T extends PgTable> = T['$inferSelect'];

/** The list totals of this table are stale from the commit on. */
function touched(w: ServerWrite, table: PgTable): void {
  const name = getTableName(table);
  if (w.afterCommit) w.afterCommit(async () => touchTableNamed(name));
  else touchTableNamed(name);
}

/** `and(…)` answers undefined for no condition at all: a server write never means every row of the table. */
function condition(where: SQL | undefined): SQL {
  if (!where) throw new Error('a server write needs a condition (it would change every row of the table)');
  return where;
}

/** Inserts rows (none: nothing is sent); `onConflict: 'nothing'` keeps the rows already there. Answers the rows written. */
export async function insertRows<T extends PgTable>(
  w: ServerWrite, table: T, values: PgInsertValue<T> | PgInsertValue<T>[], opts: { onConflict?: 'nothing' } = {},
): Promise<Selected<T>[]> {
  const rows = Array.isArray(values) ? values : [values];
  if (!rows.length) return [];
  const q = w.db.insert(table).values(rows);
  const out = opts.onConflict === 'nothing' ? await q.onConflictDoNothing().returning() : await q.returning();
  touched(w, table);
  return out as Selected<T>[];
}

/** Inserts one row or, on a conflict of `target`, changes the row there with `set` (a counter, a setting). Answers it. */
export async function upsertRow<T extends PgTable>(
  w: ServerWrite, table: T, values: PgInsertValue<T>, conflict: { target: IndexColumn | IndexColumn[]; set: PgUpdateSetSource<T> },
): Promise<Selected<T>> {
  const [row] = await w.db.insert(table).values(values).onConflictDoUpdate({ target: conflict.target, set: withUpdatedAt(table, conflict.set) }).returning();
  touched(w, table);
  return row as Selected<T>;
}

/** Changes the rows `where` selects (updated_at too, where the table has it). Answers the rows changed. */
export async function updateRows<T extends PgTable>(w: ServerWrite, table: T, where: SQL | undefined, set: PgUpdateSetSource<T>): Promise<Selected<T>[]> {
  const out = (await w.db.update(table).set(withUpdatedAt(table, set)).where(condition(where)).returning()) as Selected<T>[];
  if (out.length) touched(w, table);
  return out;
}

/** Deletes the rows `where` selects. Answers the rows deleted. */
export async function deleteRows<T extends PgTable>(w: ServerWrite, table: T, where: SQL | undefined): Promise<Selected<T>[]> {
  const out = (await w.db.delete(table).where(condition(where)).returning()) as Selected<T>[];
  if (out.length) touched(w, table);
  return out;
}

/**
 * A change one builder call can't say (rows renumbered from a list in one statement): `query` changes rows of
 * `table` only, and the totals are touched like the other writes.
 */
export async function updateWithSql(w: ServerWrite, table: PgTable, query: SQL): Promise<void> {
  await w.db.execute(query);
  touched(w, table);
}

function withUpdatedAt<T extends PgTable>(table: T, set: PgUpdateSetSource<T>): PgUpdateSetSource<T> {
  if (!('updated_at' in getTableColumns(table)) || 'updated_at' in set) return set;
  return { ...set, updated_at: sql`now()` } as PgUpdateSetSource<T>;
}
