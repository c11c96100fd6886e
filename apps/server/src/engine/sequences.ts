/**
 * Numbers in sequences (issue 15 §3): the `sequence` a field declares (fields.ts: a matter's number in its type and
 * year, an amendment's in its main matter, a protocol's in its year, a norm's "2.356") and the NUP of processes. One
 * table holds the last number of every sequence of every company (`sequences`, keyed `resource.field:scope=value,…`);
 * the next number is taken by one upsert inside the write's transaction, which holds the sequence's row until the
 * commit, so two creates at once never share a number, and a refused create gives its number back. The next number
 * is never below the highest one already in the table plus one (records imported or typed by hand count).
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Field, SequenceDef } from '@paco/domain/fields';
import type { ResourceDef } from '@paco/domain/resource';
import { todayInSaoPaulo } from '../auth/session.ts';
import { sequences } from '../db/schema.generated.ts';
import { conflict } from '../http/errors.ts';
import { upsertRow, type ServerWrite } from './rows.ts';
import { tableFor } from './tables.ts';

type Row = Record<string, unknown>;
/** the largest number a sequence gives (its counter is an `integer`) */
const LAST = 2_147_483_647;

const declared = new WeakMap<ResourceDef, [string, SequenceDef][]>();
/** The fields of a definition numbered in a sequence. */
export function sequenceFields(r: ResourceDef): [string, SequenceDef][] {
  let out = declared.get(r);
  if (!out) {
    out = Object.entries(r.fields).flatMap(([k, fl]: [string, Field]) => (fl.sequence ? [[k, fl.sequence] as [string, SequenceDef]] : []));
    declared.set(r, out);
  }
  return out;
}

const scopeOf = (seq: SequenceDef, row: Row): readonly string[] => (typeof seq.per === 'function' ? seq.per(row) : seq.per);

/** The sequence a record's field is numbered in: `matters.numero:type_id=3,ano=2026`. */
export const sequenceKey = (r: ResourceDef, field: string, seq: SequenceDef, row: Row): string =>
  `${r.name}.${field}:${scopeOf(seq, row).map((k) => `${k}=${String(row[k] ?? '')}`).join(',')}`;

/** A value as its sequence counts it: an integer, or a text's digits ("2.356" → 2356); null when it has none that fit. */
export function numberOf(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /\d/.test(v) ? Number(v.replace(/\D+/g, '')) : NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= LAST ? n : null;
}

/** The highest number already given in the record's sequence, plus one (records made before the counter, or by hand). */
function firstFree(r: ResourceDef, field: string, seq: SequenceDef, row: Row, companyId: number): SQL {
  const { table, cols } = tableFor(r);
  const col = cols[field];
  // a text's digits, when they fit the counter (a number typed with 12 digits is not followed)
  const n = seq.format ? sql`(case when regexp_replace(${col}, '[^0-9]', '', 'g') ~ '^[0-9]{1,9}$' then regexp_replace(${col}, '[^0-9]', '', 'g')::bigint end)` : sql`${col}::bigint`;
  const same = scopeOf(seq, row).map((k) => (row[k] === null || row[k] === undefined ? isNull(cols[k]) : eq(cols[k], row[k])));
  return sql`least((select coalesce(max(${n}), 0) + 1 from ${table} where ${and(eq(cols.company_id, companyId), ...same)}), ${LAST})`;
}

/**
 * The next number of a sequence (never below `floor`, the records' highest plus one), or, with `typed`, a number
 * given by hand: kept, and the sequence goes on after it. 409 when the sequence has run out.
 */
export async function takeNumber(w: ServerWrite, companyId: number, chave: string, floor: SQL | number, typed: number | null = null): Promise<number> {
  const row = await upsertRow(w, sequences, { company_id: companyId, chave, ultimo: typed ?? floor }, {
    target: [sequences.company_id, sequences.chave],
    set: { ultimo: typed !== null ? sql`greatest(${sequences.ultimo}, excluded.ultimo)` : sql`least(greatest(${sequences.ultimo}::bigint + 1, excluded.ultimo), ${LAST})` },
  });
  if (typed !== null) return typed;
  if (row.ultimo >= LAST) throw conflict('A numeração desta sequência se esgotou. Informe o número à mão.');
  return row.ultimo;
}

/** What the next number of a record's sequence would be, as the field writes it, without taking it (a form's preview). */
export async function peekNumber(w: ServerWrite, r: ResourceDef, field: string, row: Row, companyId: number): Promise<number | string> {
  const seq = sequenceFields(r).find(([k]) => k === field)?.[1];
  if (!seq) throw new Error(`${r.name}.${field} is not numbered in a sequence`);
  const [found] = await w.db.select({ next: sql<number>`greatest(coalesce(max(${sequences.ultimo}) + 1, 1), ${firstFree(r, field, seq, row, companyId)})` })
    .from(sequences).where(and(eq(sequences.company_id, companyId), eq(sequences.chave, sequenceKey(r, field, seq, row))));
  const n = Number(found?.next ?? 1);
  return seq.format ? seq.format(n) : n;
}

const yearOf = (v: unknown): number | null => {
  const y = v instanceof Date ? v.getFullYear() : typeof v === 'string' ? Number(v.slice(0, 4)) : NaN;
  return Number.isInteger(y) && y > 0 ? y : null;
};

/**
 * Numbers a record in its sequences, in the write's transaction, before its hooks (which may derive an
 * identification from the number). On create a blank year field takes its default and a blank number the next one;
 * on create and on update, a number typed by hand (or a record moved to another type or year) moves its sequence
 * past its number. Answers the fields it numbered (the hooks' `numbered`: a number not typed by hand).
 */
export async function numberRecord(w: ServerWrite, r: ResourceDef, values: Row, existing: Row | null, companyId: number): Promise<Set<string>> {
  const numbered = new Set<string>();
  for (const [field, seq] of sequenceFields(r)) {
    if (!existing && seq.year && (values[seq.year.field] === undefined || values[seq.year.field] === null)) {
      values[seq.year.field] = yearOf(seq.year.from ? values[seq.year.from] : undefined) ?? Number(todayInSaoPaulo().slice(0, 4));
    }
    const row = { ...(existing ?? {}), ...values };
    const key = sequenceKey(r, field, seq, row);
    const blank = row[field] === undefined || row[field] === null || row[field] === '';
    if (!existing && blank) {
      const n = await takeNumber(w, companyId, key, firstFree(r, field, seq, row, companyId));
      values[field] = seq.format ? seq.format(n) : n;
      numbered.add(field);
      continue;
    }
    const moved = !existing || existing[field] !== row[field] || key !== sequenceKey(r, field, seq, existing);
    const typed = numberOf(row[field]);
    if (moved && typed !== null) await takeNumber(w, companyId, key, typed, typed);
  }
  return numbered;
}
