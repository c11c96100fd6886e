/**
 * The change feed's two halves are one list: the triggers the migrations made (a committed write sends NOTIFY
 * paco_changes) and the announced writes the server reads in its own statements (db/changes.ts `watchedWrite`, so a
 * process drops its copies at once after its own write). A migration that adds or changes a trigger without the
 * mirror, or the other way round, fails here.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { announcedWrites, PORTAL_TABLES } from '../src/db/changes.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); }, 90_000);
afterAll(async () => { await t?.close(); });

// pg_trigger.tgtype bits (PostgreSQL's trigger.h): INSERT 4, DELETE 8, UPDATE 16, TRUNCATE 32
const VERBS: [number, string][] = [[4, 'insert'], [8, 'delete'], [16, 'update'], [32, 'truncate']];

it('the triggers that notify paco_changes are the writes the server announces, table by table', async () => {
  const rows = ((await t.database.db.execute(sql`
    select c.relname as table, t.tgtype::int as type from pg_trigger t
    join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
    where p.proname = 'paco_notify_change' and not t.tgisinternal`)) as unknown as { rows: { table: string; type: number }[] }).rows;
  const fromTriggers: Record<string, Set<string>> = {};
  for (const r of rows) for (const [bit, verb] of VERBS) if (r.type & bit) (fromTriggers[r.table] ??= new Set()).add(verb);
  const triggers = Object.fromEntries(Object.entries(fromTriggers).map(([k, v]) => [k, [...v].sort()]).sort());
  expect(triggers).toEqual(Object.fromEntries(Object.entries(announcedWrites()).sort()));
  // every portal table drops the portal's pages on any write
  for (const table of PORTAL_TABLES) expect(triggers[table], table).toEqual(['delete', 'insert', 'truncate', 'update']);
});
