/** Statements built once per shape (prepared per connection on PostgreSQL), and reads gathered per turn of the event loop. */
import { LRUCache } from 'lru-cache';
import * as drizzle from 'drizzle-orm';
import { databaseKey, type Db } from '../db/client.ts';
import { statementName } from '../db/changes.ts';

/**
 * Statements built once per shape and then only executed with new values: drizzle does not rebuild the SQL, and on
 * PostgreSQL the statement is prepared once per connection (its name is the hash of its text, as db/changes.ts
 * names the others). Per database handle, so a transaction gets its own.
 */
interface Prepared { execute(values: Record<string, unknown>): Promise<unknown> }
/** statement shapes kept per handle, the least recently used dropped first (rebuilt, same name, if asked again) */
const PREPARED_MAX = 1000;
const preparedByDb = new WeakMap<object, LRUCache<string, Prepared>>();
export function prepared<T>(db: Db, key: string, build: () => { toSQL(): { sql: string }; prepare(name: string): Prepared }): { execute(values: Record<string, unknown>): Promise<T> } {
  let byKey = preparedByDb.get(db);
  if (!byKey) preparedByDb.set(db, (byKey = new LRUCache({ max: PREPARED_MAX })));
  let p = byKey.get(key);
  if (!p) {
    const query = build();
    p = query.prepare(statementName(query.toSQL().sql));
    byKey.set(key, p);
  }
  return p as { execute(values: Record<string, unknown>): Promise<T> };
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
 * Statements built once per shape for a database and every transaction opened on it. `prepared` keeps a statement
 * per handle, and a transaction's handle is new each time, so a write rebuilt its SQL on every request (drizzle's
 * building took a fifth of a create's CPU). Here the text and the parameters' places are kept by the database
 * (`databaseKey`: a transaction shares its database's), and each run asks the handle's session for a statement over
 * that text and binds the new values; values go through their columns' encoders as drizzle's own prepared statements
 * do. `build` returns a select or a `returning()` write whose values are all placeholders. Relies on drizzle's
 * internals (a builder's `getSQL`, `dialect`, `config`, a handle's `session.prepareQuery`): when they are missing the
 * statement is built and run as before (test/write-path.test.ts checks that the kept path is the one taken).
 */
interface Shape { query: { sql: string; params: unknown[] }; fields: unknown; joins: unknown }
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
/** how many runs took the kept path (tests) */
export const keptShapeRuns = { count: 0 };

function shapeOf(b: Builder): Shape | null {
  if (typeof b.getSQL !== 'function' || !b.dialect || !b.config) return null;
  const fields = b.config.returning ?? (b.config.fields && orderSelectedFields ? orderSelectedFields(b.config.fields) : undefined);
  if (!fields) return null;
  const query = b.dialect.sqlToQuery(b.getSQL());
  return { query: { sql: query.sql, params: query.params }, fields, joins: b.joinsNotNullableMap };
}

export function shaped<T>(db: Db, key: string, build: () => unknown): { execute(values: Record<string, unknown>): Promise<T> } {
  const dbKey = databaseKey(db);
  const session = (db as unknown as { session?: Partial<Session> }).session;
  if (!dbKey || typeof session?.prepareQuery !== 'function') return build() as { execute(values: Record<string, unknown>): Promise<T> };
  let byKey = shapesByDb.get(dbKey);
  if (!byKey) shapesByDb.set(dbKey, (byKey = new LRUCache({ max: SHAPES_MAX })));
  let shape = byKey.get(key);
  if (!shape) {
    const b = build() as Builder;
    const s = shapeOf(b);
    if (!s) return b as unknown as { execute(values: Record<string, unknown>): Promise<T> };
    byKey.set(key, (shape = s));
  }
  const kept = shape;
  return {
    execute: (values) => {
      keptShapeRuns.count++;
      // unnamed here: the connection names it by its text, within its cap of prepared statements (db/changes.ts)
      const q = (session as Session).prepareQuery(kept.query, kept.fields, undefined, true);
      if (kept.joins) q.joinsNotNullableMap = kept.joins;
      return q.execute(values) as Promise<T>;
    },
  };
}
