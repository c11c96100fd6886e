/** Statements built once per shape (prepared per connection on PostgreSQL), and reads gathered per turn of the event loop. */
import { LRUCache } from 'lru-cache';
import * as drizzle from 'drizzle-orm';
import { databaseKey, type Db } from '../db/client.ts';
import { statementName } from '../db/changes.ts';

/**
 * Reads built once per shape and then only executed with new values (`shaped`, below): drizzle does not rebuild the
 * SQL, and on PostgreSQL the statement is prepared once per connection under a name that is the hash of its text (as
 * db/changes.ts names the others).
 */
export function prepared<T>(db: Db, key: string, build: () => unknown): { execute(values: Record<string, unknown>): Promise<T> } {
  return shaped<T>(db, key, build, { named: true });
}

/**
 * Reads gathered per turn of the event loop, on the app's own handle (not in transactions): the reads of one
 * statement shape that arrive together are sent as one statement once they have all arrived, so every answer still
 * reflects the database as it was after its request came in. Finds by id of one shape go as one `id = any(…)`;
 * identical list pages are read once. Under load this turns many round trips to PostgreSQL (each one waking a
 * backend) into a few; a request alone waits only for the end of the current turn.
 */
const gatheringDbs = new WeakSet<object>();
/** Are reads through `db` gathered (the app's own handle, not a transaction)? */
export const gathering = (db: Db): boolean => gatheringDbs.has(db);
export function gatherReads(db: Db): void {
  gatheringDbs.add(db);
}
const GATHER_MAX = 100;
interface Gathering { items: unknown[]; done: Promise<unknown> }
const gatherings = new WeakMap<object, Map<string, Gathering>>();
/**
 * Adds `item` to the reads of `key` gathered on `owner` (a database handle) in this turn; the first one schedules
 * `run` with every item gathered by the end of the turn (at most GATHER_MAX), and all get its result.
 */
export function gather<K, R>(owner: object, key: string, item: K, run: (items: K[]) => Promise<R>): Promise<R> {
  let byKey = gatherings.get(owner);
  if (!byKey) gatherings.set(owner, (byKey = new Map()));
  const map = byKey;
  let g = map.get(key);
  if (!g) {
    const items: K[] = [];
    const started: Gathering = {
      items,
      done: new Promise<R>((resolve, reject) => setImmediate(() => {
        if (map.get(key) === started) map.delete(key);
        // a throw inside run becomes a rejection of every waiter, never an uncaught exception
        Promise.resolve().then(() => run(items)).then(resolve, reject);
      })),
    };
    map.set(key, started);
    g = started;
  }
  g.items.push(item);
  if (g.items.length >= GATHER_MAX) map.delete(key);
  return g.done as Promise<R>;
}

/**
 * Statements built once per shape for a database and every transaction opened on it. drizzle builds a statement's
 * text on every run (its building took a fifth of a create's CPU), and a transaction's handle is new each time, so
 * keeping a prepared query per handle missed every write and every read inside a transaction. Here the text and the
 * parameters' places are kept by the database (`databaseKey`: a transaction shares its database's), and each run
 * asks the handle's session for a statement over that text and binds the new values; values go through their
 * columns' encoders as drizzle's own prepared statements do. `build` returns a select or a `returning()` write whose
 * values are placeholders. Reads are named by their text (`prepared`); writes are left for the connection to name
 * within its cap (db/changes.ts). Relies on drizzle's internals (a builder's `getSQL`, `dialect`, `config`, a
 * handle's `session.prepareQuery`): when they are missing the statement is built and run as before
 * (test/write-path.test.ts checks that the kept path is the one taken). Decision 0043.
 */
interface Shape { query: { sql: string; params: unknown[] }; fields: unknown; joins: unknown; name: string | undefined; kind: string }
interface Builder {
  getSQL?(): unknown;
  dialect?: { sqlToQuery(s: unknown): { sql: string; params: unknown[] } };
  config?: { fields?: Record<string, unknown>; returning?: unknown };
  joinsNotNullableMap?: unknown;
  execute(values: Record<string, unknown>): Promise<unknown>;
}
type Session = { prepareQuery(q: Shape['query'], fields: unknown, name: string | undefined, arrayMode: boolean): { execute(values: Record<string, unknown>): Promise<unknown>; joinsNotNullableMap?: unknown } };
/** drizzle's own ordering of a select's fields (exported at run time, not typed) */
const orderSelectedFields = (drizzle as unknown as { orderSelectedFields?: (fields: Record<string, unknown>) => unknown }).orderSelectedFields;
const SHAPES_MAX = 2000;
const shapesByDb = new WeakMap<object, LRUCache<string, Shape>>();
/** how many runs took the kept path, by the first part of their key (`insert`, `update`, `one`, …; tests) */
export const keptShapeRuns: Record<string, number> = {};

function shapeOf(b: Builder, named: boolean, kind: string): Shape | null {
  if (typeof b.getSQL !== 'function' || !b.dialect || !b.config) return null;
  const fields = b.config.returning ?? (b.config.fields && orderSelectedFields ? orderSelectedFields(b.config.fields) : undefined);
  if (!fields) return null;
  const query = b.dialect.sqlToQuery(b.getSQL());
  return { query: { sql: query.sql, params: query.params }, fields, joins: b.joinsNotNullableMap, name: named ? statementName(query.sql) : undefined, kind };
}

export function shaped<T>(db: Db, key: string, build: () => unknown, opts: { named?: boolean } = {}): { execute(values: Record<string, unknown>): Promise<T> } {
  const dbKey = databaseKey(db);
  const session = (db as unknown as { session?: Partial<Session> }).session;
  if (!dbKey || typeof session?.prepareQuery !== 'function') return build() as { execute(values: Record<string, unknown>): Promise<T> };
  let byKey = shapesByDb.get(dbKey);
  if (!byKey) shapesByDb.set(dbKey, (byKey = new LRUCache({ max: SHAPES_MAX })));
  const named = !!opts.named;
  let shape = byKey.get(`${named}:${key}`);
  if (!shape) {
    const b = build() as Builder;
    const s = shapeOf(b, named, key.split(':')[0]);
    if (!s) return b as unknown as { execute(values: Record<string, unknown>): Promise<T> };
    byKey.set(`${named}:${key}`, (shape = s));
  }
  const kept = shape;
  return {
    execute: (values) => {
      keptShapeRuns[kept.kind] = (keptShapeRuns[kept.kind] ?? 0) + 1;
      // a read under its name (`prepared`); a write unnamed: the connection names it within its cap (db/changes.ts)
      const q = (session as Session).prepareQuery(kept.query, kept.fields, kept.name, true);
      if (kept.joins) q.joinsNotNullableMap = kept.joins;
      return q.execute(values) as Promise<T>;
    },
  };
}
