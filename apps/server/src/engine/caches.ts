/**
 * What each process keeps of the database, kept honest: list totals (a write in this process recounts at once,
 * others show within seconds) and the rows of lookup tables (dropped by change notifications). Size-capped.
 */
import { LRUCache } from 'lru-cache';
import { tableOf, type ResourceDef } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';
import type { Db } from '../db/client.ts';
import { ALL_TABLES, type ChangeFeed } from '../db/changes.ts';
import type { Row } from './context.ts';
import { rowColumns, tableFor, idIsAnyOf } from './tables.ts';
import { gather, gathering, prepared } from './statements.ts';

/**
 * Totals of large lists are cached (counting 100k rows, or 25k text matches, on every page is the costliest part
 * of a list). An engine write to the table in this process makes the next list count again; otherwise a total
 * older than COUNT_TTL_MS is still answered while one recount runs in the background, so writes from another
 * process show in the total within that time (the rows themselves at once) and a recount never holds up the
 * requests that arrive during it. Concurrent counts of the same list share one statement. Small totals are always
 * exact. 15 s (decision 0042): counting a frequent word's 26,000 matches takes 10–40 ms of the database's CPU, so
 * each kept total recounted every 3 s in every process took a fifth of a 2-core machine under a varied search load.
 */
export const COUNT_TTL_MS = 15_000;
export const COUNT_CACHE_MIN = 1000;
interface CountEntry { total: number; at: number; gen: number; refreshing?: Promise<number> }
/** the totals kept, the least recently asked dropped first */
const countCache = new LRUCache<string, CountEntry>({ max: 5000 });
const countsInFlight = new Map<string, Promise<number>>();
const tableGen = new Map<string, number>();
export function touchTable(r: ResourceDef): void {
  touchTableNamed(tableOf(r));
}

/** The totals of the lists of this table (by its SQL name) are counted again. */
export function touchTableNamed(t: string): void {
  tableGen.set(t, (tableGen.get(t) ?? 0) + 1);
}

export async function cachedCount(key: string, r: ResourceDef, count: () => Promise<number>): Promise<number> {
  const gen = tableGen.get(tableOf(r)) ?? 0;
  const hit = countCache.get(key);
  const run = (): Promise<number> => {
    const flight = `${key}#${gen}`;
    let p = countsInFlight.get(flight);
    if (!p) {
      p = count().then((total) => {
        if (total >= COUNT_CACHE_MIN) {
          countCache.set(key, { total, at: Date.now(), gen });
        } else countCache.delete(key);
        return total;
      }).finally(() => countsInFlight.delete(flight));
      countsInFlight.set(flight, p);
    }
    return p;
  };
  if (hit && hit.gen === gen) {
    if (Date.now() - hit.at >= COUNT_TTL_MS && !hit.refreshing) {
      hit.refreshing = run();
      hit.refreshing.catch(() => { hit.refreshing = undefined; });
    }
    return hit.total;
  }
  return run();
}

/** The field shown for a reference: the field's own `display`, else the target's. */
export function displayKey(targetName: string, display?: string): string {
  const target = resourceByName.get(targetName);
  if (!target) return 'id';
  return display && (target.fields[display] || display === 'id') ? display : target.display;
}

/**
 * Lookup tables whose rows each process copies by id (a matter alone references `types` five times): a copy is
 * dropped when the table changes, in this process or another (migration 0004's trigger, db/changes.ts).
 */
const CACHED_LOOKUPS = new Set(['types']);
const LOOKUP_CACHE_MAX = 20_000;
interface LookupCache { rows: LRUCache<number, Row>; generation: number }
const lookupCaches = new WeakMap<object, Map<string, LookupCache>>();

/** Keeps copies of the lookup tables' rows for queries through `db` (the app's handle, not transactions). */
export function cacheLookups(db: Db, changes: ChangeFeed): void {
  const caches = new Map<string, LookupCache>();
  for (const name of CACHED_LOOKUPS) caches.set(name, { rows: new LRUCache({ max: LOOKUP_CACHE_MAX }), generation: 0 });
  lookupCaches.set(db, caches);
  changes.on((table) => {
    for (const [name, c] of caches) {
      if (table !== ALL_TABLES && table !== tableOf(resourceByName.get(name)!)) continue;
      c.rows.clear();
      c.generation++;
    }
  });
}

/**
 * The whole rows of a cached lookup table (`types`) by id, from this process's copy (the missing ones read in one
 * statement and kept); null when `db` keeps no copy of that table (another table, or a transaction's handle).
 */
export async function cachedRows(db: Db, targetName: string, ids: number[]): Promise<Map<number, Row> | null> {
  const cache = lookupCaches.get(db)?.get(targetName);
  const target = resourceByName.get(targetName);
  if (!cache || !target) return null;
  const found = new Map<number, Row>();
  const missing: number[] = [];
  for (const id of new Set(ids)) {
    const row = cache.rows.get(id);
    if (row) found.set(id, row);
    else missing.push(id);
  }
  if (missing.length) {
    const generation = cache.generation;
    const { table, cols } = tableFor(target);
    const rows = await prepared<Row[]>(db, `lookup:${targetName}`, () => db.select(rowColumns(target)).from(table).where(idIsAnyOf(cols.id))).execute({ ids: missing });
    // a change while the rows were read: use them for this answer, but do not keep them
    const keep = generation === cache.generation;
    for (const row of rows) {
      found.set(row.id as number, row);
      if (keep) cache.rows.set(row.id as number, row);
    }
  }
  return found;
}

/**
 * Loads { id → { id, <display fields> } } for referenced ids, one query for the target (none for cached lookups); on
 * the app's handle, the references asked in the same turn of the event loop go together in that one query.
 */
export async function loadRefs(db: Db, targetName: string, ids: number[], displays: (string | undefined)[] = []): Promise<Map<number, Row>> {
  const target = resourceByName.get(targetName);
  if (!target || !ids.length) return new Map();
  const { table, cols } = tableFor(target);
  const keys = [...new Set((displays.length ? displays : [undefined]).map((d) => displayKey(targetName, d)))];
  const unique = [...new Set(ids)];
  const cached = await cachedRows(db, targetName, unique);
  if (cached) {
    const out = new Map<number, Row>();
    for (const id of unique) {
      const row = cached.get(id);
      if (row) out.set(id, Object.fromEntries([['id', row.id], ...keys.map((k) => [k, row[k]])]));
    }
    return out;
  }
  const shape = `refs:${targetName}:${keys.join(',')}`;
  const query = prepared<Row[]>(db, shape, () => db.select({ id: cols.id, ...Object.fromEntries(keys.map((k) => [k, cols[k]])) })
    .from(table).where(idIsAnyOf(cols.id)));
  if (!gathering(db)) return new Map((await query.execute({ ids: unique })).map((x) => [x.id as number, x]));
  // the references of the records answered in this turn (many shows at once), read in one statement
  const rows = await gather(db, shape, unique, (lists) => query.execute({ ids: [...new Set(lists.flat())] }));
  const wanted = new Set(unique);
  return new Map(rows.filter((x) => wanted.has(x.id as number)).map((x) => [x.id as number, x]));
}
