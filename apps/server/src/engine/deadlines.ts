/**
 * A definition's `deadline` in SQL (decision 0025): the rows still waiting (`open`) whose deadline has passed or comes
 * within DEADLINE_SOON_DAYS days — the list's `?vencimento=` filter and the inbox entries with `within`. Days are
 * São Paulo's, as the screens count them (`deadlineOf`).
 */
import { and, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { DEADLINE_SOON_DAYS } from '@paco/domain/constants';
import { addDays } from '@paco/domain/holidays';
import type { ResourceDef, Scalar } from '@paco/domain/resource';
import { todayInSaoPaulo } from '../auth/session.ts';
import { unprocessable } from '../http/errors.ts';
import { tableFor } from './tables.ts';

/** A column's value is one of these (null: empty). */
export function valueIn(col: unknown, values: readonly Scalar[]): SQL {
  const given = values.filter((v) => v !== null);
  const inValues = given.length ? inArray(col as never, given as never[]) : sql`false`;
  return values.includes(null) ? or(isNull(col as never), inValues)! : inValues;
}

/** `field` is at most `days` days away (or past), never empty. */
export function dueWithin(r: ResourceDef, field: string, days: number, today = todayInSaoPaulo()): SQL {
  const col = tableFor(r).cols[field];
  return and(isNotNull(col), lte(col, addDays(today, days)))!;
}

/** The list's `?vencimento=vencido|a_vencer` of a definition with a `deadline`: 422 on one without. */
export function deadlineFilter(r: ResourceDef, which: 'vencido' | 'a_vencer' | undefined, today = todayInSaoPaulo()): SQL[] {
  if (!which) return [];
  const d = r.deadline;
  if (!d) throw unprocessable({ vencimento: ['Esta lista não tem prazo para filtrar.'] });
  const { cols } = tableFor(r);
  const open = d.open.map((c) => valueIn(cols[c.field], c.in));
  const col = cols[d.field];
  const when = which === 'vencido' ? lt(col, today) : and(sql`${col} >= ${today}`, lte(col, addDays(today, DEADLINE_SOON_DAYS)))!;
  return [isNotNull(col), when, ...open];
}
