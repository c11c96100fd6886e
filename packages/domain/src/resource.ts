import { z } from 'zod';
import './zod-pt.ts';
import type { Field, FileField, RefField, UrlScheme } from './fields.ts';
import { DEFAULT_URL_SCHEMES, TEXT_KINDS, isSortable, urlHasScheme } from './fields.ts';
import type { PermissionName, RoleName } from './roles.ts';
import { isValidCep, isValidCnpj, isValidCpf, isValidPhone, normalizeCnpj, onlyDigits } from './br.ts';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './constants.ts';

/** 'public': no sign-in; 'authenticated': any signed-in user; a role list: any of them (superadmin always passes). */
export type Rule = 'public' | 'authenticated' | 'nobody' | readonly RoleName[];

export interface Access {
  read: Rule;
  create?: Rule;
  update?: Rule;
  delete?: Rule;
}

export interface Tenancy {
  /** column holding the company: 'company_id', or 'id' when the rows ARE companies. */
  column: 'company_id' | 'id';
  /** the superadmin sees and manages every company's rows (companies, liberations). */
  superadminAll?: boolean;
  /** rows without a company are shared reference data: read by every company, written only by the superadmin */
  shared?: boolean;
}

/** A one-to-many sub-list: records of `resource` whose `fk` points at this record. */
export interface ChildDef {
  resource: string;
  fk: string;
  /**
   * Who may read the sub-list, besides the parent's readers (default: the child's own read rule). The sub-list
   * always needs the parent's read rule too: it is part of the parent.
   */
  read?: Rule;
  /** GET {path}/:id/{list} */
  list?: string;
  /** POST {path}/:id/{add} */
  add?: string;
  /** {removeMethod} {path}/:id/{remove}/:childId */
  remove?: string;
  removeMethod?: 'POST' | 'DELETE';
  /**
   * The sub-list's "add" is this record action of the parent (its button, dialog and rules: a matter's "Tramitar"),
   * instead of the child's plain form; the add call stays for the API's clients.
   */
  action?: string;
  /** the sub-list's title (default: the child's plural label) */
  label?: string;
  /** the sub-list's columns (default: the child's list columns) */
  columns?: readonly string[];
  /** the sub-list's order (default: the child's list order) */
  sort?: string;
  /** 'screen': a row opens the child's own screen (a matter's amendment), instead of the tab's dialog */
  open?: 'screen';
  /**
   * The sub-list changes (add, remove) only while the parent may be changed by the session: the parent's `editable`
   * (409) and row scope `edit` (403) apply to the sub-list's calls, and the screen offers no add or remove when the
   * parent is read-only for the user (a draft's co-signers, once it was sent or for who was only invited).
   */
  editWithParent?: boolean;
}

/** A many-to-many link through a generated pivot table `{table}_{name}` (or `through`). */
export interface LinkDef {
  target: string;
  /** pivot table name (default `${table}_${name}`) */
  through?: string;
  list?: string;
  add?: string;
  /** DELETE {path}/:id/{remove} with { <target>_id } (or POST with removeMethod) */
  remove?: string;
  removeMethod?: 'POST' | 'DELETE';
  /** the remove call takes the target id in the path: {path}/:id/{remove}/:targetId */
  removeById?: boolean;
  /**
   * Fields of the target carried in every read of the owner (list, show, create/update answers) as
   * `{name}: [{ id, ...fields }]`, in the target's display order: a matter's `authors`. Read in the same statement
   * as the owner's rows, so it costs no round trip. Plain fields only (no timestamps, files or secrets).
   */
  embed?: readonly string[];
  /**
   * The links keep the order they were made in (the pivot's `ordem`, a serial): the embed and the list follow it
   * instead of the target's display order (a matter's authors: the first author, then the co-signers in signing order).
   */
  ordered?: boolean;
}

/** Another screen showing the resource, e.g. a publication type under its own menu entry. */
export interface ScreenView {
  path: string;
  title?: string;
  /** fixed list filters of this view, also applied as defaults on create */
  filter?: Record<string, string | number | boolean>;
}

/** A value a condition compares with. */
export type Scalar = string | number | boolean | null;

/**
 * What the session owns, for row scope and conditions: its user, the parliamentarian records linked to it, the
 * sectors it acts for (those it is responsible for today, and those with no responsible today), the sectors it is
 * responsible for today (only those: an inbox).
 */
export type SessionFact = 'user' | 'parliamentary' | 'sectors' | 'sectorsInCharge';

/**
 * A condition on a record's values: a state an action may run from, a row a restricted user may change. `reason`
 * says why it fails, in pt-BR; `{field}` in it is replaced by the display of the record's value (a reference's name,
 * an option's label).
 */
export interface RecordCondition {
  field: string;
  /** the value is one of these (null: empty) */
  in?: readonly Scalar[];
  /** the value is none of these */
  notIn?: readonly Scalar[];
  /** the value is one of the session's own (evaluated by the server) */
  mine?: SessionFact;
  reason: string;
}

/**
 * Row-level scope: which rows of its company a user sees and changes, beyond the resource's role rules. Applied by
 * the engine to every route that reaches the rows (list, show, update, delete, upload, actions, sub-lists, search,
 * files). Roles in `all` (and the superadmin) are not limited.
 */
export interface RowScope {
  all: readonly RoleName[];
  /** the others see only rows whose `field` is one of theirs; on create the engine sets it from the session */
  own?: { field: string; mine: SessionFact };
  /**
   * or rows a filter the server declares under this name admits (engine/rowscope.ts `defineRowFilter`), for rules a
   * field cannot say; with `own`, a row is seen when it is theirs OR the filter admits it (a draft they were invited to
   * sign)
   */
  filter?: string;
  /**
   * a view of its table: every session, the superadmin's and the `all` roles' included, sees only the rows the filter
   * the server declares under this name admits (the culture accounts among the users); on top of the rest
   */
  view?: string;
  /** the others change (update, delete, upload, writing actions) only rows that also meet these */
  edit?: readonly RecordCondition[];
  /**
   * the `all` roles (and the superadmin) see a row only once it meets these (a draft is its author's until sent);
   * rows of their own (`own`) they always see. Conditions on values (`in`, `notIn`), read in the same statement.
   */
  allWhen?: readonly RecordCondition[];
}

/**
 * A record's deadline (issue 11): a date field, overdue ("em atraso") from the day after it while the record still
 * waits for someone (`open`: its values are among these). Shown beside the date in the list and on the record; the
 * same evaluation (`deadlineOf` in workflow.ts) serves the server.
 */
export interface DeadlineDef {
  field: string;
  open: readonly { field: string; in: readonly Scalar[] }[];
}

/** A condition of an inbox: the value is one of these, or one of the session's own. */
export interface InboxFilter {
  field: string;
  in?: readonly Scalar[];
  mine?: SessionFact;
}

/**
 * An entry of "Minhas pendências": the rows of this resource that wait for the session (a process sent to my
 * sector, a manifestação past its deadline). Counted on the launcher and in the module's menu, listed by the
 * resource's list screen with `?inbox={key}`.
 */
export interface InboxEntry {
  key: string;
  label: string;
  /** who has this entry (besides the resource's readers) */
  roles: Rule;
  where: readonly InboxFilter[];
  /** a date field: rows whose date has passed are counted as overdue, and the list is sorted by it */
  due?: string;
  /** only rows whose `due` date is at most this many days away (or past): a deadline that is close */
  within?: number;
  /** and rows a named row filter admits (engine/rowscope.ts `defineRowFilter`): a condition on other records */
  filter?: string;
}

export interface ActionDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** path after the resource path, e.g. ':id/vincula'. */
  path: string;
  summary: string;
  input?: z.ZodType;
  access: Rule;
  /**
   * A record action offered on the screens (a button on the record, an item of the list's row menu) under this
   * pt-BR label; the path must start with ':id/'. The engine loads the row (scope applied), checks `when`, the row
   * scope's `edit` and the module's own `available` check, and refuses with 409 and the reason when one fails.
   */
  label?: string;
  /** the action's dialog: fields typed by the user; the input schema is built from them when `input` is absent */
  form?: Record<string, Field>;
  /** asked before running (with the dialog, or alone when there is no form) */
  confirm?: string;
  /** states it may run from: every condition must hold */
  when?: readonly RecordCondition[];
  /** 'danger' for refusals and removals (a red button) */
  tone?: 'primary' | 'danger';
  /** form fields that start with the record's value of the same name (the type of a draft, to confirm or change) */
  prefill?: readonly string[];
  /**
   * false: the action runs on every row the session may read, the row scope's `edit` conditions do not apply to it
   * (the requester cancelling a request already sent, which they may no longer edit)
   */
  rowEdit?: false;
  /**
   * A GET record action that answers a document of this type instead of changing the record (the process PDF): the
   * screens open its answer in a new tab, fetched with the session's token, without a dialog; OpenAPI names the type.
   */
  produces?: 'application/pdf';
}

/** Two date, date-and-time or time fields of a record in order (see `ResourceDef.order`). */
export interface OrderRule {
  from: string;
  to: string;
  /** the refusal, in pt-BR (default: "O campo {to} não pode ser anterior a {from}.") */
  message?: string;
}

export interface ResourceDef<F extends Record<string, Field> = Record<string, Field>> {
  name: string;
  /** REST path under /api */
  path: string;
  /** table name (defaults to name); several resources may share one table (users and admin/users). */
  table?: string;
  tenant: Tenancy | false;
  softDelete?: boolean;
  audit?: boolean;
  label: { one: string; many: string; gender?: 'm' | 'f' };
  fields: F;
  list: {
    columns: readonly ((keyof F & string) | TimestampKey)[];
    sort: string;
    search: readonly (keyof F & string)[];
    /** full-text search (Portuguese, accents ignored) over these fields, with an index; else ILIKE over `search` */
    fts?: readonly (keyof F & string)[];
    /**
     * The columns people may sort the list screen by (a sort arrow on the screen), each served by an index generated
     * for it: `(company, field, id)`, and a second one in descending order when the field may be empty. Default: the
     * list columns and the display field that can be indexed (`indexableSort`: no references, long texts, URLs,
     * files or JSON). `id` is always sortable. Other fields stay sortable through the API (the contract's `sort=`),
     * without an index of their own.
     */
    sortable?: readonly ((keyof F & string) | TimestampKey)[];
    /**
     * Filters whose matches are walked in every sortable order: an index (company, filter, sort, id) per sortable
     * column. For large tables, and filters people combine with any order, or whose values follow a sort (a matter's
     * type is the start of its identification: walking the identification's index for one type reads most of the
     * others first). Other filters in a non-default order are counted first and the count picks the plan.
     */
    sortedFilters?: readonly (keyof F & string)[];
  };
  /** field shown when another record refers to this one */
  display: keyof F & string;
  access: Access;
  /**
   * The spec's menu permission named after this resource (`view_matter` for matters; spec 1 §6): besides its roles, a
   * staff member reaches the resource's routes (list, show, writes, actions, sub-lists, history) only when one of
   * their roles carries it, as its menu entry is shown only then. Public routes and a superadmin are not held by it
   * (decision 0039).
   */
  permission?: PermissionName;
  actions?: Record<string, ActionDef>;
  /** row-level scope: which rows a user sees and changes (default: every row of its company) */
  rows?: RowScope;
  /**
   * Everyone changes (update, delete, upload, links) a record only while it meets these (a closed manifestação is
   * final): 409 with the reason, and the screen turns read-only with it (`_can`). The server's own state changes
   * (actions writing with `hooks: false`) are not edits: their `when` says where they run from.
   */
  editable?: readonly RecordCondition[];
  /** the record's deadline, shown with "em atraso" in the list and on the record */
  deadline?: DeadlineDef;
  /**
   * Dates in order: `to` is not before `from` when both are filled (an end after its start). Checked by the record's
   * form as the user types and by the server on every write (the values sent over the stored ones): 422 on `to`.
   */
  order?: readonly OrderRule[];
  /**
   * web: server-set fields shown above the record's form (its state, deadline, answer), which the edit form, made of
   * the fields people type, does not show
   */
  summary?: readonly (keyof F & string)[];
  /** "Minhas pendências": the rows that wait for the session */
  inbox?: readonly InboxEntry[];
  /** routes: which of the standard calls exist (default all). */
  routes?: { list?: boolean; show?: boolean; create?: boolean; update?: boolean; delete?: boolean };
  /** web: the module route that lists it, e.g. '/admin/users' */
  screen?: string;
  /** web: other module routes showing the same screens (e.g. the Settings "Entidade" entry) */
  alsoAt?: readonly (string | ScreenView)[];
  children?: Record<string, ChildDef>;
  links?: Record<string, LinkDef>;
  /** what to do instead, added to the refusal when a record still referenced cannot be deleted */
  deleteHint?: string;
}

/** Every table has these; lists may show them as columns. */
export const TIMESTAMP_FIELDS = {
  created_at: { kind: 'datetime', label: 'Registrado em', readOnly: true },
  updated_at: { kind: 'datetime', label: 'Alterado em', readOnly: true },
} as const satisfies Record<string, Field>;
export type TimestampKey = keyof typeof TIMESTAMP_FIELDS;

/** The field behind a list column (a declared field or a timestamp). */
export const columnField = (r: ResourceDef, key: string): Field => r.fields[key] ?? (TIMESTAMP_FIELDS as Record<string, Field>)[key];

export function defineResource<F extends Record<string, Field>, const A extends Record<string, ActionDef> = Record<string, never>>(
  def: ResourceDef<F> & { actions?: A },
): ResourceDef & { fields: F; actions?: A } {
  for (const o of def.order ?? []) {
    for (const k of [o.from, o.to]) {
      const kind = def.fields[k]?.kind;
      if (kind !== 'date' && kind !== 'datetime' && kind !== 'time') throw new Error(`${def.name}: order on ${k}, which is not a date, date-and-time or time field`);
    }
  }
  for (const c of def.list.columns) if (!def.fields[c] && !(c in TIMESTAMP_FIELDS)) throw new Error(`${def.name}: list column ${c} is not a field`);
  for (const c of def.list.search) if (!def.fields[c]) throw new Error(`${def.name}: search field ${c} is not a field`);
  for (const c of def.list.fts ?? []) if (!def.fields[c]) throw new Error(`${def.name}: fts field ${c} is not a field`);
  for (const [name, a] of Object.entries(def.actions ?? {})) {
    if (a.label && !a.path.startsWith(':id/')) throw new Error(`${def.name}.${name}: a record action's path starts with ':id/'`);
    if (a.produces && (a.method !== 'GET' || !a.label || a.form)) throw new Error(`${def.name}.${name}: an action that produces a document is a GET record action without a form`);
    for (const c of a.when ?? []) if (!def.fields[c.field]) throw new Error(`${def.name}.${name}: condition on ${c.field}, which is not a field`);
    for (const k of a.prefill ?? []) if (!def.fields[k] || !a.form?.[k]) throw new Error(`${def.name}.${name}: prefill ${k} is not a field of the record and of the form`);
  }
  for (const [name, c] of Object.entries(def.children ?? {})) if (c.action && !def.actions?.[c.action]?.label) throw new Error(`${def.name}.children.${name}: ${c.action} is not a record action`);
  for (const [name, c] of Object.entries(def.children ?? {})) if (c.editWithParent && c.action && def.actions?.[c.action]?.rowEdit === false) throw new Error(`${def.name}.children.${name}: editWithParent with an action that ignores the row scope`);
  for (const e of def.inbox ?? []) for (const c of [...e.where, ...(e.due ? [{ field: e.due }] : [])]) if (!def.fields[c.field]) throw new Error(`${def.name}: inbox ${e.key} on ${c.field}, which is not a field`);
  for (const e of def.inbox ?? []) if (e.within !== undefined && !e.due) throw new Error(`${def.name}: inbox ${e.key} has 'within' without 'due'`);
  if (def.rows?.own && !def.fields[def.rows.own.field]) throw new Error(`${def.name}: row scope on ${def.rows.own.field}, which is not a field`);
  for (const c of [...(def.rows?.edit ?? []), ...(def.rows?.allWhen ?? [])]) if (!def.fields[c.field]) throw new Error(`${def.name}: row scope condition on ${c.field}, which is not a field`);
  for (const c of def.rows?.allWhen ?? []) if (c.mine) throw new Error(`${def.name}: rows.allWhen conditions are on values, not on the session (${c.field})`);
  for (const c of def.editable ?? []) if (!def.fields[c.field]) throw new Error(`${def.name}: editable condition on ${c.field}, which is not a field`);
  if (def.deadline && def.fields[def.deadline.field]?.kind !== 'date') throw new Error(`${def.name}: deadline ${def.deadline.field} is not a date field`);
  for (const c of def.deadline?.open ?? []) if (!def.fields[c.field]) throw new Error(`${def.name}: deadline condition on ${c.field}, which is not a field`);
  for (const k of def.summary ?? []) if (!def.fields[k]) throw new Error(`${def.name}: summary field ${k} is not a field`);
  for (const c of def.list.sortedFilters ?? []) {
    const fl = def.fields[c];
    if (!fl || !(fl.kind === 'ref' || fl.kind === 'select' || fl.filter) || !def.tenant || def.tenant.column !== 'company_id' || def.tenant.shared) {
      throw new Error(`${def.name}: sortedFilters ${c} is not a filter of a company table`);
    }
  }
  for (const [k, fl] of Object.entries(def.fields)) {
    if (fl.kind !== 'select' || !fl.transitions) continue;
    const values = new Set(fl.options.map((o) => o.value));
    for (const [from, to] of Object.entries(fl.transitions)) {
      if (!values.has(from) || to.some((v) => !values.has(v))) throw new Error(`${def.name}.${k}: transitions name a value that is not an option`);
    }
  }
  for (const [k, fl] of Object.entries(def.fields)) {
    if (!('sortAs' in fl) || !fl.sortAs) continue;
    if (fl.kind !== 'text' || !indexableSort(fl)) throw new Error(`${def.name}.${k}: sortAs is for a short text field`);
    if (def.fields[`${k}_sort`]) throw new Error(`${def.name}.${k}: ${k}_sort, its sort key's column, is a field`);
  }
  for (const c of def.list.sortable ?? []) {
    const fl = def.fields[c] ?? (TIMESTAMP_FIELDS as Record<string, Field>)[c];
    if (!fl || !indexableSort(fl)) throw new Error(`${def.name}: sortable ${c} is not a field that can be sorted by an index`);
  }
  for (const [k, fl] of Object.entries(def.fields)) {
    const seq = fl.sequence;
    if (!seq) continue;
    if (!def.tenant || def.tenant.column !== 'company_id') throw new Error(`${def.name}.${k}: a sequence is a company's; the resource has no company_id`);
    if (!(fl.kind === 'int' || (fl.kind === 'text' && seq.format))) throw new Error(`${def.name}.${k}: a sequence numbers an int field, or a text field with a format`);
    const named = [...(typeof seq.per === 'function' ? [] : seq.per), ...(seq.year ? [seq.year.field, ...(seq.year.from ? [seq.year.from] : [])] : [])];
    for (const n of named) if (!def.fields[n]) throw new Error(`${def.name}.${k}: the sequence names ${n}, which is not a field`);
  }
  return def as unknown as ResourceDef & { fields: F; actions?: A };
}

export const tableOf = (r: ResourceDef): string => r.table ?? r.name;

/** A rule passed only by who passes both (a sub-list: the parent's readers AND the child's). */
export function bothRules(a: Rule, b: Rule): Rule {
  if (a === 'nobody' || b === 'nobody') return 'nobody';
  if (a === 'public') return b;
  if (b === 'public') return a;
  if (a === 'authenticated') return b;
  if (b === 'authenticated') return a;
  const both = a.filter((r) => b.includes(r));
  // the superadmin passes every role list; an empty intersection leaves only it
  return both.length ? both : ['superadmin'];
}

/** Who a rule is checked against: the session's role and permission names (server and web alike). */
export interface RuleSubject {
  roles: readonly string[];
  permissions: readonly string[];
  isSuperadmin?: boolean;
}

/**
 * THE access check, used by the server's policy (engine/policy.ts) and the screens (web resources/access.ts):
 * 'public' passes everyone; 'authenticated' any signed-in user; 'nobody' no one, not even the superadmin (the call is
 * refused); a role list any of its roles, and the superadmin always. `permission` (the resource's, decision 0039)
 * holds a role list further: one of the session's roles must carry it; the superadmin is not held.
 */
export function ruleAllows(rule: Rule | undefined, who: RuleSubject | null | undefined, permission?: PermissionName): boolean {
  if (rule === undefined || rule === 'nobody') return false;
  if (rule === 'public') return true;
  if (!who) return false;
  if (rule === 'authenticated') return true;
  if (who.isSuperadmin || who.roles.includes('superadmin')) return true;
  return rule.some((r) => who.roles.includes(r)) && (!permission || who.permissions.includes(permission));
}

export function ruleFor(r: ResourceDef, op: 'read' | 'create' | 'update' | 'delete'): Rule {
  if (op === 'read') return r.access.read;
  return r.access[op] ?? 'nobody';
}

/* ---------------- zod schemas from fields ---------------- */

/**
 * Messages are shown next to their field (and API error bodies are keyed by field), so a message about the value's
 * form does not repeat the label: "CPF inválido.", not "CPF inválido em CPF.". The "O campo X ..." ones name it,
 * as a sentence does.
 */
const msg = {
  required: (l: string) => `O campo ${l} é obrigatório.`,
  max: (l: string, n: number) => `O campo ${l} deve ter no máximo ${n} caracteres.`,
  min: (l: string, n: number) => `O campo ${l} deve ter no mínimo ${n} caracteres.`,
  invalid: (l: string) => `O campo ${l} é inválido.`,
};

const emptyToNull = (v: unknown): unknown => (v === '' ? null : v);
const dateRe = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (s: string): boolean => {
  if (!dateRe.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** "Informe um endereço que comece com http:// ou https://." */
function urlSchemeMessage(schemes: readonly UrlScheme[]): string {
  const names = schemes.map((sc) => (sc === 'http' || sc === 'https' ? `${sc}://` : `${sc}:`));
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} ou ${names[names.length - 1]}` : names[0];
  return `Informe um endereço que comece com ${list}.`;
}

function textSchema(fl: Field & { max?: number; min?: number }): z.ZodType {
  const l = fl.label;
  // the checks in order, given to one `.check()`: each chained call would clone the schema and keep the one before
  const checks: z.core.$ZodCheck<string>[] = [z.trim()];
  if (fl.max) checks.push(z.maxLength(fl.max, msg.max(l, fl.max)));
  if (fl.min) checks.push(z.minLength(fl.min, msg.min(l, fl.min)));
  const check = 'check' in fl ? fl.check : undefined;
  if (check) {
    checks.push(z.superRefine((v: string, ctx) => {
      const problem = check(v, l);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }));
  }
  const text = (...more: z.core.$ZodCheck<string>[]) => z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? msg.required(l) : msg.invalid(l)) }).check(...checks, ...more);
  switch (fl.kind) {
    case 'email': return text(z.toLowerCase()).pipe(z.email('Informe um e-mail válido.'));
    case 'url': {
      // not an address at all → "endereço válido"; an address of another scheme (javascript:, data:…) → which ones
      const schemes = fl.schemes ?? DEFAULT_URL_SCHEMES;
      return text(z.superRefine((v: string, ctx) => {
        if (urlHasScheme(v, schemes)) return;
        ctx.addIssue({ code: 'custom', message: URL.canParse(v) ? urlSchemeMessage(schemes) : 'Informe um endereço válido.' });
      }));
    }
    case 'color': return text(z.regex(/^#[0-9a-fA-F]{6}$/, 'Informe uma cor no formato #RRGGBB.'));
    case 'cpf': return text(z.refine(isValidCpf, 'CPF inválido.')).transform(onlyDigits);
    case 'cnpj': return text(z.refine(isValidCnpj, 'CNPJ inválido.')).transform(normalizeCnpj);
    case 'cep': return text(z.refine(isValidCep, 'CEP inválido (use 00000-000).')).transform(onlyDigits);
    case 'phone': return text(z.refine(isValidPhone, 'Telefone inválido (informe DDD e número).')).transform(onlyDigits);
    default: return fl.required ? text(z.minLength(1, msg.required(l))) : text();
  }
}

/**
 * One schema per field, however many schemas hold it: zod schemas are immutable and a zod v4 instance weighs ~1 kB,
 * so building each field's chain once for create, update, sub-list bodies and module checks keeps ~10 MB of a
 * server's heap (111 resources, 780 fields) from being built twice or more, and a module's per-request
 * `createSchema(…)` costs a lookup.
 */
function memo<K extends object, V>(cache: WeakMap<K, V>, key: K, build: () => V): V {
  let v = cache.get(key);
  if (v === undefined) cache.set(key, (v = build()));
  return v;
}
const fieldSchemas = new WeakMap<Field, z.ZodType<any, any>>();

/** The zod schema of one field's input value (before required/optional handling). */
export function fieldSchema(fl: Field): z.ZodType<any, any> {
  return memo(fieldSchemas, fl, () => buildFieldSchema(fl));
}

function buildFieldSchema(fl: Field): z.ZodType<any, any> {
  const l = fl.label;
  switch (fl.kind) {
    case 'int':
    case 'ref': {
      let n = z.coerce.number({ error: msg.invalid(l) }).int(`O campo ${l} deve ser um número inteiro.`);
      if (fl.kind === 'ref') n = n.positive(msg.invalid(l));
      if (fl.kind === 'int' && fl.min !== undefined) n = n.min(fl.min, `O campo ${l} deve ser no mínimo ${fl.min}.`);
      if (fl.kind === 'int' && fl.max !== undefined) n = n.max(fl.max, `O campo ${l} deve ser no máximo ${fl.max}.`);
      return n.max(2_147_483_647, msg.invalid(l));
    }
    case 'decimal':
    case 'money': {
      let n = z.coerce.number({ error: msg.invalid(l) }).finite(msg.invalid(l));
      if (fl.min !== undefined) n = n.min(fl.min, `O campo ${l} deve ser no mínimo ${fl.min}.`);
      if (fl.max !== undefined) n = n.max(fl.max, `O campo ${l} deve ser no máximo ${fl.max}.`);
      return n.max(999_999_999_999, msg.invalid(l));
    }
    case 'bool':
      return z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'), z.literal(1).transform(() => true), z.literal(0).transform(() => false)], { error: msg.invalid(l) });
    case 'date':
      return z.string({ error: msg.invalid(l) }).refine(validDate, 'Data inválida.');
    case 'datetime':
      return z.string({ error: msg.invalid(l) }).refine((s) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d{2}-\d{2}/.test(s), 'Data e hora inválidas.');
    case 'time':
      return z.string({ error: msg.invalid(l) }).regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Horário inválido (use hh:mm).');
    case 'select':
      return z.enum(fl.options.map((o) => o.value) as [string, ...string[]], { error: 'Escolha uma opção válida.' });
    case 'multi': {
      const max = fl.max ?? 20;
      const item = fl.options
        ? z.enum(fl.options.map((o) => o.value) as [string, ...string[]], { error: 'Escolha opções válidas.' })
        : z.string({ error: 'Escolha opções válidas.' }).trim().min(1, 'Escolha opções válidas.').max(80, 'Escolha opções válidas.');
      const tooMany = `Escolha no máximo ${max} opções.`;
      // repeated values count once (a list sent twice over is still refused before anything is read)
      return z.array(item, { error: 'Informe uma lista de opções.' }).max(max * 2, tooMany)
        .transform((v) => [...new Set(v)]).refine((v) => v.length <= max, tooMany);
    }
    case 'json':
      return z.any();
    case 'file':
      return z.never();
    default:
      return textSchema(fl);
  }
}

/** Fields a client may send. */
export function writableFields(r: ResourceDef): [string, Field][] {
  return Object.entries(r.fields).filter(([, fl]) => !fl.readOnly && fl.kind !== 'file');
}

const clean = (v: unknown): unknown => (v === '' || v === null ? undefined : v);

/** JSON-schema hints for OpenAPI (the runtime schemas use preprocess, which JSON Schema cannot express). */
function jsonHint(fl: Field): Record<string, unknown> {
  const base: Record<string, unknown> = { description: fl.label };
  switch (fl.kind) {
    case 'int': case 'ref': return { ...base, type: 'integer' };
    case 'decimal': case 'money': return { ...base, type: 'number' };
    case 'bool': return { ...base, type: 'boolean' };
    case 'date': return { ...base, type: 'string', format: 'date' };
    case 'datetime': return { ...base, type: 'string', format: 'date-time' };
    case 'select': return { ...base, type: 'string', enum: fl.options.map((o) => o.value) };
    case 'multi': return { ...base, type: 'array', items: { type: 'string', ...(fl.options ? { enum: fl.options.map((o) => o.value) } : {}) }, maxItems: fl.max ?? 20 };
    case 'json': return base;
    default: return { ...base, type: 'string', ...('max' in fl && fl.max ? { maxLength: fl.max } : {}) };
  }
}

const requiredFields = new WeakMap<Field, z.ZodType>();
const optionalFields = new WeakMap<Field, z.ZodType>();
const keptFields = new WeakMap<Field, z.ZodType>();
const notClearedFields = new WeakMap<Field, z.ZodType>();

/** The field's OpenAPI hints registered on the schema itself (`.meta()` would clone it and keep both). */
function hinted<T extends z.ZodType>(schema: T, fl: Field): T {
  z.globalRegistry.add(schema, jsonHint(fl) as z.core.GlobalMeta);
  return schema;
}

/** A required field: missing, '' or null → "O campo X é obrigatório."; then the field's own rules. */
function requiredField(fl: Field): z.ZodType {
  return memo(requiredFields, fl, () => hinted(z.preprocess(clean, z.unknown().refine((v) => v !== undefined, { message: msg.required(fl.label), abort: true }).pipe(fieldSchema(fl))), fl));
}
/** An optional field ('' is null, or, for a password, '' and null are "keep the current one"). */
function optionalField(fl: Field, emptyIsNull: boolean): z.ZodType {
  return memo(emptyIsNull ? optionalFields : keptFields, fl, () => hinted(z.preprocess(emptyIsNull ? emptyToNull : clean, fieldSchema(fl).nullable().optional()), fl));
}
/** A required field in an update: may be left out, not cleared. */
function notClearedField(fl: Field): z.ZodType {
  return memo(notClearedFields, fl, () => hinted(z.unknown().refine((v) => v !== '' && v !== null, { message: msg.required(fl.label), abort: true }).pipe(fieldSchema(fl)).optional(), fl));
}

/** The object schema of a resource for one use and one set of left-out fields, built once. */
function objectSchema(cache: WeakMap<ResourceDef, Map<string, z.ZodObject>>, r: ResourceDef, omit: readonly string[], field: (fl: Field) => z.ZodType): z.ZodObject {
  const byOmit = memo(cache, r, () => new Map<string, z.ZodObject>());
  const key = omit.join(',');
  let s = byOmit.get(key);
  if (!s) {
    const shape: Record<string, z.ZodType> = {};
    for (const [k, fl] of writableFields(r)) if (!omit.includes(k)) shape[k] = field(fl);
    byOmit.set(key, (s = z.object(shape)));
  }
  return s;
}
const createSchemas = new WeakMap<ResourceDef, Map<string, z.ZodObject>>();
const updateSchemas = new WeakMap<ResourceDef, Map<string, z.ZodObject>>();

/** Create schema: required fields required, others optional/nullable; unknown keys are dropped. */
export function createSchema(r: ResourceDef, omit: readonly string[] = []): z.ZodObject {
  return objectSchema(createSchemas, r, omit, (fl) => (fl.required ? requiredField(fl) : optionalField(fl, true)));
}

/** Update schema: every field optional; required ones may not be cleared (blank password keeps the current one). */
export function updateSchema(r: ResourceDef, omit: readonly string[] = []): z.ZodObject {
  return objectSchema(updateSchemas, r, omit, (fl) => (!fl.required ? optionalField(fl, true) : fl.kind === 'password' ? optionalField(fl, false) : notClearedField(fl)));
}

/** A text parameter of a list (sort, q, search): one value of at most 200 characters. */
const listText = (invalid: string, tooLong: string): z.ZodOptional<z.ZodString> => z.string({ error: invalid }).max(200, tooLong).optional();

/**
 * The query of every list: `page` and `perPage` that are not usable numbers fall back to their defaults (perPage is
 * capped); a sort, q or search longer than 200 characters, given twice, or an unknown `trashed` is refused (422).
 */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
  perPage: z.coerce.number().int().min(1).catch(DEFAULT_PER_PAGE).default(DEFAULT_PER_PAGE).transform((n) => Math.min(n, MAX_PER_PAGE)),
  sort: listText('Ordenação inválida: informe um único texto.', 'A ordenação deve ter no máximo 200 caracteres.'),
  q: listText('Busca inválida: informe um único texto.', 'A busca deve ter no máximo 200 caracteres.'),
  search: listText('Busca inválida: informe um único texto.', 'A busca deve ter no máximo 200 caracteres.'),
  trashed: z.enum(['with', 'only'], { error: 'Use trashed=with (com os excluídos) ou trashed=only (só os excluídos).' }).optional(),
  /**
   * What each row of the answer carries: absent (or `all`), the whole record; `list`, what the list screen shows
   * (`listFields`); else names separated by commas (`list,ementa`, `id,nome`). id is always there.
   */
  fields: listText('Campos inválidos: informe um único texto.', 'Os campos devem ter no máximo 200 caracteres.'),
  /** only the rows of this "Minhas pendências" entry (the definition's `inbox` key) */
  inbox: listText('Pendência inválida: informe um único texto.', 'A pendência deve ter no máximo 200 caracteres.'),
  /**
   * a list with a `deadline`: only the rows still waiting whose deadline has passed (`vencido`) or comes within
   * DEADLINE_SOON_DAYS days (`a_vencer`)
   */
  vencimento: z.enum(['vencido', 'a_vencer'], { error: 'Use vencimento=vencido ou vencimento=a_vencer.' }).optional(),
});

/** Fields usable as list filters (?field=value). */
export function filterFields(r: ResourceDef): [string, Field][] {
  return Object.entries(r.fields).filter(([, fl]) => (fl.filter || fl.kind === 'bool' || fl.kind === 'ref') && !fl.writeOnly);
}

const RANGE_KINDS: ReadonlySet<string> = new Set(['date', 'datetime', 'int', 'decimal', 'money']);
const rangeCache = new WeakMap<ResourceDef, [string, Field][]>();
/**
 * The fields a list narrows by a range (`?{field}_gte=` from, `?{field}_lte=` until, both ends included): every date,
 * date-and-time and number field a client may read, and the record's timestamps. A date-and-time field takes a date
 * (the whole day, São Paulo time) or a date and time.
 */
export function rangeFilterFields(r: ResourceDef): [string, Field][] {
  return memo(rangeCache, r, () => [...Object.entries(r.fields), ...Object.entries(TIMESTAMP_FIELDS as Record<string, Field>).filter(([k]) => !r.fields[k])]
    .filter(([, fl]) => RANGE_KINDS.has(fl.kind) && !fl.writeOnly));
}

/** The bounds of a range filter as the engine compares them, or the pt-BR reason the text is not one. */
export function rangeBound(fl: Field, raw: string): { value: string | number } | { error: string } {
  const v = raw.trim();
  if (fl.kind === 'date') return validDate(v) ? { value: v } : { error: `Filtro inválido em ${fl.label}: informe uma data (AAAA-MM-DD).` };
  if (fl.kind === 'datetime') {
    if (validDate(v)) return { value: v };
    return /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/.test(v) && !Number.isNaN(Date.parse(v.replace(' ', 'T')))
      ? { value: v } : { error: `Filtro inválido em ${fl.label}: informe uma data (AAAA-MM-DD) ou data e hora.` };
  }
  if (fl.kind === 'int') return /^-?\d{1,15}$/.test(v) && Number.isSafeInteger(Number(v)) ? { value: Number(v) } : { error: `Filtro inválido em ${fl.label}: informe um número inteiro.` };
  // decimal and money: a plain number with a dot (the API's form of them)
  return /^-?\d{1,15}(\.\d{1,6})?$/.test(v) ? { value: v } : { error: `Filtro inválido em ${fl.label}: informe um número (use ponto para os decimais).` };
}

const filterSchemas = new WeakMap<Field, z.ZodType>();
const rangeSchemas = new WeakMap<Field, [z.ZodType, z.ZodType]>();
/** `?field=value`: one text of at most 200 characters */
const filterSchema = (fl: Field): z.ZodType => z.string({ error: `Filtro inválido em ${fl.label}: informe um único valor.` })
  .check(z.maxLength(200, `O filtro ${fl.label} deve ter no máximo 200 caracteres.`)).optional();
/** `?field_gte=` or `?field_lte=`: one bound of the field's kind, or empty (no bound) */
function rangeSchema(fl: Field, what: string): z.ZodType {
  const bound = z.string({ error: `Filtro inválido em ${fl.label} (${what}): informe um único valor.` }).check(z.superRefine((v: string, ctx) => {
    if (v === '') return;
    const b = rangeBound(fl, v);
    if ('error' in b) ctx.addIssue({ code: 'custom', message: b.error });
  })).optional();
  z.globalRegistry.add(bound, { description: `${fl.label}: ${what} (inclusive)` });
  return bound;
}

const listQueries = new WeakMap<ResourceDef, z.ZodObject>();
/**
 * The list query of a resource: `listQuerySchema`, its filter fields (?field=value, text of at most 200 characters)
 * and its range filters (`rangeFilterFields`: ?field_gte= and ?field_lte=, each checked for its kind).
 */
export function listQueryOf(r: ResourceDef): z.ZodObject {
  return memo(listQueries, r, () => {
    const shape: Record<string, z.ZodType> = {};
    for (const [k, fl] of filterFields(r)) shape[k] = memo(filterSchemas, fl, () => filterSchema(fl));
    for (const [k, fl] of rangeFilterFields(r)) {
      // the timestamps' fields are one object for every resource: their bounds are built once for all
      const [gte, lte] = memo(rangeSchemas, fl, () => [rangeSchema(fl, 'a partir de'), rangeSchema(fl, 'até')]);
      shape[`${k}_gte`] = gte;
      shape[`${k}_lte`] = lte;
    }
    return listQuerySchema.extend(shape);
  });
}

/**
 * What a list screen reads of each record (`?fields=list`): id, the company, the list columns (a reference with its
 * expanded `{ id, display }`), the display field (a record's name in messages) and, for soft-deleted records, when
 * it was deleted.
 */
export function listFields(r: ResourceDef): string[] {
  const keys = ['id', ...(r.tenant && r.tenant.column === 'company_id' ? ['company_id'] : []), ...r.list.columns, r.display];
  if (r.softDelete) keys.push('deleted_at');
  // a deadline column says "em atraso" from the record's state
  if (r.deadline && r.list.columns.includes(r.deadline.field)) keys.push(...r.deadline.open.map((c) => c.field));
  return [...new Set(keys)];
}

/** Fields the API sorts by (`?sort=`): every plain field (the contract's clients sort by any of them). */
export function sortableFields(r: ResourceDef): string[] {
  return ['id', 'created_at', 'updated_at', ...Object.entries(r.fields).filter(([, fl]) => isSortable(fl)).map(([k]) => k)];
}

/**
 * Can a sort by this field be served by a btree index walk? Not references (people expect the label's order, not
 * the id's), long texts and URLs (an index entry has a size limit, and nobody sorts by an ementa), files, JSON,
 * secrets.
 */
export function indexableSort(fl: Field): boolean {
  if (!isSortable(fl) || fl.kind === 'ref' || fl.kind === 'longtext' || fl.kind === 'url') return false;
  return !(TEXT_KINDS.has(fl.kind) && 'max' in fl && typeof fl.max === 'number' && fl.max > 255);
}

/**
 * May the column behind a sort be empty? Decides how a sort is spelled, in the engine's ORDER BY and in the generated
 * indexes alike: empty values go last both ways (`DESC NULLS LAST`), which a column that is never empty does not need
 * (plain `DESC`, so one ascending index serves both directions). id, the timestamps, booleans and required fields are
 * never empty.
 */
export function sortNullable(r: ResourceDef, key: string): boolean {
  if (key === 'id' || key === 'created_at' || key === 'updated_at') return false;
  const fl = r.fields[key];
  return !!fl && !fl.required && fl.kind !== 'bool';
}

/**
 * The column a sort by this key reads: the field's own, or the generated key of a field sorted as an identification
 * (`sortAs`: `<field>_sort`, written by the database from the field; never read nor written by the API).
 */
export function sortColumn(r: ResourceDef, key: string): string {
  const fl = r.fields[key];
  return fl && 'sortAs' in fl && fl.sortAs ? `${key}_sort` : key;
}

/** The generated sort keys of a resource's table (`sortAs`): column and field. */
export const sortKeyColumns = (r: ResourceDef): [column: string, field: string][] =>
  Object.keys(r.fields).filter((k) => sortColumn(r, k) !== k).map((k) => [sortColumn(r, k), k]);

const screenSorts = new WeakMap<ResourceDef, string[]>();
/**
 * The fields a list screen sorts by, each with an index of its own (see `list.sortable`): declared, or the list
 * columns and the display field that can be indexed; and the first field of the default sort.
 */
export function listSortable(r: ResourceDef): string[] {
  let out = screenSorts.get(r);
  if (!out) {
    const ok = (k: string): boolean => {
      const fl = columnField(r, k);
      return !!fl && indexableSort(fl);
    };
    const first = r.list.sort.split(',')[0]?.trim().replace(/^-/, '') ?? '';
    const base = r.list.sortable ?? [...r.list.columns, r.display].filter(ok);
    out = [...new Set([...base, ...(first && first !== 'id' && ok(first) ? [first] : [])])];
    screenSorts.set(r, out);
  }
  return out;
}

export const fileFields = (r: ResourceDef): [string, FileField][] =>
  Object.entries(r.fields).filter((e): e is [string, FileField] => e[1].kind === 'file');
export const refFields = (r: ResourceDef): [string, RefField][] =>
  Object.entries(r.fields).filter((e): e is [string, RefField] => e[1].kind === 'ref');

export const viewOf = (v: string | ScreenView): ScreenView => (typeof v === 'string' ? { path: v } : v);

/** 'people' → 'person', 'parliamentaries' → 'parliamentary', 'processes' → 'process', 'users' → 'user' */
export function singular(t: string): string {
  if (t === 'people') return 'person';
  if (t.endsWith('ies')) return `${t.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(t)) return t.slice(0, -2);
  return t.endsWith('s') ? t.slice(0, -1) : t;
}

/** Columns of a link's pivot: the owner's and the target's `<singular>_id`. */
export function linkKeys(owner: ResourceDef, target: ResourceDef): { ownerKey: string; targetKey: string } {
  return { ownerKey: `${singular(tableOf(owner))}_id`, targetKey: `${singular(tableOf(target))}_id` };
}

/** Pivot table of a link. */
export const pivotOf = (r: ResourceDef, name: string): string => r.links?.[name]?.through ?? `${tableOf(r)}_${name}`;

/** The text without its accents and other combining marks ("Informação" → "Informacao"). */
function unaccented(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '');
}

/**
 * Words of a search turned into a prefix tsquery over unaccented, unstemmed text: accents and case are ignored
 * and the last letters of long words are dropped so singular/plural and -ção/-ções forms meet
 * ("informacao" finds "Informação" and "informações").
 */
export function ftsQuery(text: string): string | null {
  const words = unaccented(text).toLowerCase()
    .split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 8)
    .map((w) => (/^\d+$/.test(w) ? w : w.length >= 8 ? w.slice(0, -3) : w.length >= 6 ? w.slice(0, -2) : w));
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/** The characters of a search given to the text search parser for its own tokens. */
export const FTS_TOKENS_TEXT_MAX = 200;

/**
 * Whether the text search parser may cut `text` into words that the prefix query (`ftsQuery`) does not cover, so the
 * search must also try the parser's own tokens: text with anything beyond ASCII letters, digits and spaces once its
 * accents are dropped ("PL 7/2026", "1.234/2019", an e-mail, a hyphen, "ß" that `f_unaccent` rewrites), or longer
 * than the part the parser is given. For plain words each of the parser's tokens is one of the words, which the prefix
 * query already requires, so the alternative adds no match and only misleads the planner's estimate of the matches
 * (a sequential scan instead of the text index for a word in 6 % of 100,000 matters).
 */
export function ftsNeedsTokens(text: string): boolean {
  return text.length > FTS_TOKENS_TEXT_MAX || !/^[a-z0-9 \t\r\n]*$/i.test(unaccented(text));
}

/** A value of a date, date-and-time or time field as a comparable number (NaN when empty or unreadable). */
function instant(kind: Field['kind'], v: unknown): number {
  if (v === null || v === undefined || v === '') return Number.NaN;
  const t = String(v).trim();
  if (kind === 'time') {
    const m = /^(\d{2}):(\d{2})(?::(\d{2}))?/.exec(t);
    return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0) : Number.NaN;
  }
  if (kind === 'date') return /^\d{4}-\d{2}-\d{2}/.test(t) ? Date.parse(`${t.slice(0, 10)}T00:00:00Z`) : Number.NaN;
  // an ISO text, or PostgreSQL's timestamptz text ('2026-11-21 14:09:46.264+00'): 'T' between, offset as +00:00
  return Date.parse(t.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
}

/**
 * The definition's `order` rules broken by these values (a record as it will be: the values sent over the stored
 * ones): pt-BR messages by the field that comes too early.
 */
export function orderProblems(r: ResourceDef, values: Record<string, unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const o of r.order ?? []) {
    const from = r.fields[o.from]!;
    const to = r.fields[o.to]!;
    const a = instant(from.kind, values[o.from]);
    const b = instant(to.kind, values[o.to]);
    if (!Number.isNaN(a) && !Number.isNaN(b) && b < a) (out[o.to] ??= []).push(o.message ?? `O campo ${to.label} não pode ser anterior a ${from.label}.`);
  }
  return out;
}

/** A form's schema with the definition's `order` rules (each on its `to` field), as the server checks them. */
export function withOrder<S extends z.ZodObject>(r: ResourceDef, schema: S): S {
  if (!r.order?.length) return schema;
  return schema.superRefine((v, ctx) => {
    for (const [path, messages] of Object.entries(orderProblems(r, v as Record<string, unknown>))) {
      for (const message of messages) ctx.addIssue({ code: 'custom', path: [path], message });
    }
  }) as S;
}
