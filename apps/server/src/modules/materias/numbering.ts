/**
 * Matter numbers: the last number given per sequence is kept in `matter_numbers` (company, key), and the next one is
 * taken by one atomic upsert, so two registrations at once never get the same number. A matter's sequence is its
 * type in the year; an amendment's, its type in its main matter (emendas.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { matterNumbers } from '../../db/schema.generated.ts';
import { upsertRow } from '../../engine/rows.ts';

/**
 * The next number of the sequence `chave` (or `explicit`, kept as the sequence's highest when larger). `firstFree` is
 * the number to start from when the sequence has no row yet (the highest already used + 1, for data made before).
 */
export async function allocate(db: Db, companyId: number, chave: string, firstFree: SQL, explicit: number | null): Promise<number> {
  const row = await upsertRow({ db }, matterNumbers, { company_id: companyId, chave, ultimo: explicit ?? firstFree }, {
    target: [matterNumbers.company_id, matterNumbers.chave],
    set: { ultimo: explicit !== null ? sql`greatest(${matterNumbers.ultimo}, excluded.ultimo)` : sql`greatest(${matterNumbers.ultimo} + 1, excluded.ultimo)` },
  });
  return explicit ?? row.ultimo;
}
