/** Statements built once per shape (prepared per connection on PostgreSQL), and reads gathered per turn of the event loop. */
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.ts';
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
