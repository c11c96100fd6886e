/**
 * Declared record actions and row scope, shared by the server (which enforces them) and the web (which offers them):
 * the action's input schema built from its form, the conditions of a state and their pt-BR reasons.
 */
import type { z } from 'zod';
import type { Field, RefField } from './fields.ts';
import { createSchema, type ActionDef, type RecordCondition, type ResourceDef, type Scalar, type SessionFact } from './resource.ts';
import { formatBool, formatDate, formatDateTime, TIME_ZONE } from './format.ts';

/** The record actions of a definition (those with a label), in declaration order. */
export function recordActions(def: ResourceDef): [string, ActionDef][] {
  return Object.entries(def.actions ?? {}).filter(([, a]) => !!a.label);
}

const inputs = new WeakMap<ActionDef, z.ZodType | undefined>();
/**
 * The action's input schema: its own `input`, else one built from its `form` fields (as a create form's). A form
 * with no required field may be posted without a body (the original client closes a manifestação so).
 */
export function actionInput(a: ActionDef): z.ZodType | undefined {
  if (a.input || !a.form) return a.input;
  if (!inputs.has(a)) {
    const schema = createSchema({ fields: a.form } as unknown as ResourceDef);
    inputs.set(a, Object.values(a.form).some((fl) => fl.required) ? schema : schema.nullish());
  }
  return inputs.get(a);
}

/** What the session owns, by fact (loaded by the server). */
export type SessionFacts = Partial<Record<SessionFact, readonly number[]>>;

/** Whether the record meets the condition; a `mine` condition needs the session's facts. */
export function meets(c: RecordCondition, row: Record<string, unknown>, facts: SessionFacts = {}): boolean {
  const v = (row[c.field] ?? null) as Scalar;
  if (c.in && !c.in.includes(v)) return false;
  if (c.notIn && c.notIn.includes(v)) return false;
  if (c.mine && !(typeof v === 'number' && (facts[c.mine] ?? []).includes(v))) return false;
  return true;
}

/** How a record's value reads in a sentence: a reference's display, an option's label, a date in dd/mm/aaaa. */
export function displayOf(def: ResourceDef, key: string, row: Record<string, unknown>): string {
  const fl: Field | undefined = def.fields[key];
  const v = row[key];
  if (!fl) return v == null ? '' : String(v);
  if (fl.kind === 'ref') {
    const expanded = row[key.replace(/_id$/, '')] as Record<string, unknown> | null | undefined;
    const shown = expanded?.[(fl as RefField).display ?? 'name'];
    return shown == null ? (v == null ? '—' : `#${String(v)}`) : String(shown);
  }
  if (v == null || v === '') return '—';
  if (fl.kind === 'select') return fl.options.find((o) => o.value === v)?.label ?? String(v);
  if (fl.kind === 'bool') return formatBool(v);
  if (fl.kind === 'date') return formatDate(String(v));
  if (fl.kind === 'datetime') return formatDateTime(String(v));
  return String(v);
}

/** The condition's reason with `{field}` replaced by the record's values. */
export const reasonOf = (def: ResourceDef, c: RecordCondition, row: Record<string, unknown>): string =>
  c.reason.replace(/\{(\w+)\}/g, (_m, k: string) => displayOf(def, k, row));

/** The reason of the first condition the record does not meet, or null when it meets them all. */
export function firstUnmet(def: ResourceDef, conds: readonly RecordCondition[] | undefined, row: Record<string, unknown>, facts: SessionFacts = {}): string | null {
  for (const c of conds ?? []) if (!meets(c, row, facts)) return reasonOf(def, c, row);
  return null;
}

/** Which facts the conditions need. */
export const factsNeeded = (conds: readonly RecordCondition[]): SessionFact[] => [...new Set(conds.flatMap((c) => (c.mine ? [c.mine] : [])))];

/** A choice of a form field offered now (the statuses that may follow the current one). */
export interface ActionChoice {
  value: string | number;
  label: string;
}

/**
 * Whether an action may run now and, when not, why: the record's `_actions` entry. An allowed action's dialog may
 * come prepared by the server (the module's `prepare`): starting values, fields it decided (shown, not changed), and
 * fields narrowed to the choices allowed now. What is offered is also what the server accepts.
 */
export interface ActionState {
  allowed: boolean;
  reason?: string;
  /** the dialog's starting values (a reference's display beside it, as in a record: `origem_id` and `origem`) */
  values?: Record<string, unknown>;
  /** fields of the form whose value the server decided now: shown read-only, not sent */
  fixed?: readonly string[];
  /** fields of the form offered only these choices now */
  choices?: Readonly<Record<string, readonly ActionChoice[]>>;
}

/**
 * Today in the municipality's time zone, as aaaa-mm-dd. The formatter is made once: building an Intl.DateTimeFormat
 * costs about a millisecond, and a list screen asks this for each row's deadline on every render.
 */
let isoDay: Intl.DateTimeFormat | undefined;
export const todayIso = (now: Date = new Date()): string =>
  (isoDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })).format(now);

/** A record's deadline now: its date, whether it is overdue, and the days left (0 today, negative once overdue). */
export interface DeadlineState {
  date: string;
  overdue: boolean;
  days: number;
}

/** The record's deadline (the definition's `deadline`), or null when it has none or no longer waits for anyone. */
export function deadlineOf(def: ResourceDef, row: Record<string, unknown>, when?: string): DeadlineState | null {
  const d = def.deadline;
  const date = d ? row[d.field] : null;
  if (!d || typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(date)) return null;
  if (!d.open.every((c) => c.in.includes((row[c.field] ?? null) as Scalar))) return null;
  // today only for a deadline still open
  const today = when ?? todayIso();
  const day = (s: string): number => Date.UTC(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10)));
  const days = Math.round((day(date) - day(today)) / 86_400_000);
  return { date: date.slice(0, 10), overdue: days < 0, days };
}

/** How a deadline reads: "em atraso há 3 dias", "vence hoje", "vence em 2 dias". */
export function deadlineText(s: DeadlineState): string {
  if (s.overdue) return `em atraso há ${-s.days} dia${s.days === -1 ? '' : 's'}`;
  if (s.days === 0) return 'vence hoje';
  return `vence em ${s.days} dia${s.days === 1 ? '' : 's'}`;
}
