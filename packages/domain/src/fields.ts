/**
 * Field kinds of the resource engine. A field's key is its API name (the contract's spelling) and its column name.
 * The same declaration drives the table (server codegen), the zod schemas (server and forms) and the screens.
 */
export type FieldKind =
  | 'text' | 'longtext' | 'email' | 'password' | 'url' | 'color'
  | 'int' | 'decimal' | 'money' | 'bool'
  | 'date' | 'datetime' | 'time'
  | 'cpf' | 'cnpj' | 'cep' | 'phone'
  | 'ref' | 'select' | 'multi' | 'file' | 'json';

export interface FieldBase {
  kind: FieldKind;
  label: string;
  required?: boolean;
  /** unique inside the company (tenant resources) or the whole table ('global'). */
  unique?: boolean | 'global';
  /**
   * How a write the unique index refuses is told (a concurrent create that passed the module's own check): under the
   * form field people type (`field`, the key itself being hidden and computed) with `message`. Without it, the
   * refusal names this field.
   */
  clash?: { field: string; message: string };
  /** not sent to clients (password hashes). */
  writeOnly?: boolean;
  /** set by the server only (never read from a request body). */
  readOnly?: boolean;
  /** hidden from generated screens. */
  hidden?: boolean;
  /** personal data (a requester's identity): never shown in a record's history (its values read "oculto"). */
  personal?: boolean;
  help?: string;
  default?: unknown;
  /** allow filtering the list by ?field=value. */
  filter?: boolean;
  /**
   * Given when the record is created and never changed afterwards (a citizen's own text): an update that changes it
   * is refused with 422 (the message given here, or a standard one); forms show it read-only when editing.
   */
  createOnly?: boolean | string;
  /**
   * A read-only value of a form that the server computes from other fields of the same form, shown live while the
   * person types (a step's "Fim do prazo" from its date and days, with the holiday calendar): `GET /api/{path}` with
   * each parameter taken from the form field named beside it, answered `{ data: { value } }`. Asked only when every
   * parameter has a value; never sent.
   */
  preview?: { path: string; params: Readonly<Record<string, string>> };
  /** numbered by the server in a sequence of the company (`int` fields, or `text` ones with a `format`) */
  sequence?: SequenceDef;
}
/**
 * A number the server gives in a sequence of the company: a matter's in its type and year, a protocol's in its year.
 * Left blank on create, the field takes the next number; a number typed by hand is kept and the sequence goes on
 * after it. One counter per sequence (engine/sequences.ts), taken by one atomic statement inside the write's
 * transaction, so two creates at once never share a number; records made without it (imports, seeds) count too: the
 * next number is never below their highest plus one.
 */
export interface SequenceDef {
  /**
   * The fields whose values name the sequence besides the company (a type and a year), or a function choosing them
   * by the row (an amendment's number follows its main matter, not the year).
   */
  per: readonly string[] | ((row: Readonly<Record<string, unknown>>) => readonly string[]);
  /** the year field among `per`: set on create when blank, to the year of this date field (else today's) */
  year?: { field: string; from?: string };
  /** a text field's number as written ("2.356"); a number typed by hand counts by its digits */
  format?: (n: number) => string;
}
export interface TextField extends FieldBase {
  kind: 'text' | 'longtext' | 'email' | 'password' | 'url' | 'color' | 'cpf' | 'cnpj' | 'cep' | 'phone';
  max?: number;
  min?: number;
  /** 'url' fields: the schemes accepted (default http and https; mailto and tel where the link is a contact) */
  schemes?: readonly UrlScheme[];
  /** a rule of this field's own, checked on write (server and forms): the pt-BR message, or null when the (trimmed) value is fine */
  check?: (value: string, label: string) => string | null;
  /**
   * 'identification': the field names a numbered record ("PL 12/2026", "Lei nº 1.234/2026") and sorts as people read
   * one, not as text: by what precedes the number (the type), then the year, then the number by its value ("PL
   * 9/2026" before "PL 10/2026", 2025's before 2026's). A sort by it reads a generated column, `<field>_sort`
   * (written by the database's `f_identification_key`: apps/server/src/db/extensions.sql), with its indexes; the API's
   * `sort=` keeps the field's name.
   */
  sortAs?: 'identification';
}
export interface NumberField extends FieldBase { kind: 'int' | 'decimal' | 'money'; min?: number; max?: number }
export interface BoolField extends FieldBase { kind: 'bool' }
export interface DateField extends FieldBase { kind: 'date' | 'datetime' | 'time' }
export interface RefField extends FieldBase {
  kind: 'ref';
  /** target resource name */
  to: string;
  /** field of the target shown to people */
  display?: string;
  onDelete?: 'restrict' | 'cascade' | 'set null';
  /** references to the `types` lookup: only types of this category (types.type) are accepted */
  typeOf?: string;
}
export interface Option { value: string; label: string }
export interface SelectField extends FieldBase {
  kind: 'select';
  options: readonly Option[];
  /**
   * The changes of value allowed (a state's next states): from → what it may become; a value missing from the map
   * is final. Checked on every update, client input and server changes alike (engine/records.ts), and the form
   * offers only the current value and its next ones. Creating a record may start from any value.
   */
  transitions?: Readonly<Record<string, readonly string[]>>;
}
/**
 * Several values chosen from a list, kept as a JSON array of values (`['musica', 'teatro']`): fixed `options`, or
 * the slugs of a `types` category (`typeOf`: the national ones and the company's own, checked on write).
 */
export interface MultiField extends FieldBase {
  kind: 'multi';
  options?: readonly Option[];
  typeOf?: string;
  /** at most this many values (default 20) */
  max?: number;
}
export interface FileField extends FieldBase {
  kind: 'file';
  accept: readonly string[];
  maxMB: number;
  /** files of public records (a company's crest) are served to everyone. */
  public?: boolean;
  /**
   * Several files (at most this many), kept as a list: each upload adds one, `DELETE …/upload/{field}/{fileId}`
   * removes one. Read as `[{ id, url, name, mime, size }]`.
   */
  multiple?: number;
}
export interface JsonField extends FieldBase { kind: 'json' }

export type Field = TextField | NumberField | BoolField | DateField | RefField | SelectField | MultiField | FileField | JsonField;

type Opts<T extends Field> = Omit<T, 'kind'>;

export const f = {
  text: (o: Opts<TextField>): TextField => ({ kind: 'text', max: 255, ...o }),
  longtext: (o: Opts<TextField>): TextField => ({ kind: 'longtext', max: 65_535, ...o }),
  email: (o: Opts<TextField>): TextField => ({ kind: 'email', max: 191, ...o }),
  password: (o: Opts<TextField>): TextField => ({ kind: 'password', min: 8, max: 128, writeOnly: true, ...o }),
  url: (o: Opts<TextField>): TextField => ({ kind: 'url', max: 2048, ...o }),
  color: (o: Opts<TextField>): TextField => ({ kind: 'color', max: 7, ...o }),
  cpf: (o: Opts<TextField>): TextField => ({ kind: 'cpf', max: 14, ...o }),
  cnpj: (o: Opts<TextField>): TextField => ({ kind: 'cnpj', max: 18, ...o }),
  cep: (o: Opts<TextField>): TextField => ({ kind: 'cep', max: 9, ...o }),
  phone: (o: Opts<TextField>): TextField => ({ kind: 'phone', max: 20, ...o }),
  int: (o: Opts<NumberField>): NumberField => ({ kind: 'int', ...o }),
  decimal: (o: Opts<NumberField>): NumberField => ({ kind: 'decimal', ...o }),
  money: (o: Opts<NumberField>): NumberField => ({ kind: 'money', min: 0, ...o }),
  bool: (o: Opts<BoolField>): BoolField => ({ kind: 'bool', default: false, ...o }),
  date: (o: Opts<DateField>): DateField => ({ kind: 'date', ...o }),
  datetime: (o: Opts<DateField>): DateField => ({ kind: 'datetime', ...o }),
  time: (o: Opts<DateField>): DateField => ({ kind: 'time', ...o }),
  ref: (o: Opts<RefField>): RefField => ({ kind: 'ref', filter: true, onDelete: 'restrict', ...o }),
  /** a reference to the `types` lookup of one category, e.g. f.type('sessions', { label: 'Tipo' }) */
  type: (typeOf: string, o: Omit<Opts<RefField>, 'to' | 'typeOf'>): RefField => ({ kind: 'ref', filter: true, onDelete: 'restrict', to: 'types', display: 'label', typeOf, ...o }),
  select: (o: Opts<SelectField>): SelectField => ({ kind: 'select', filter: true, ...o }),
  /** several values of a list: f.multi({ label: 'Linguagens', typeOf: 'linguagens' }) */
  multi: (o: Opts<MultiField>): MultiField => ({ kind: 'multi', max: 20, ...o }),
  file: (o: Opts<FileField>): FileField => ({ kind: 'file', ...o }),
  json: (o: Opts<JsonField>): JsonField => ({ kind: 'json', ...o }),
};

/** Image types accepted by uploads (checked by content on the server; SVG is refused: it can carry scripts). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** Document types accepted by attachment uploads. */
export const DOCUMENT_TYPES = ['application/pdf', ...IMAGE_TYPES] as const;

/**
 * Schemes a 'url' field may hold. Anything else (javascript:, data:, vbscript:, file:…) is refused on write and
 * never rendered as a link: a stored URL ends up in an `href` that someone clicks.
 */
export type UrlScheme = 'http' | 'https' | 'mailto' | 'tel';
export const DEFAULT_URL_SCHEMES: readonly UrlScheme[] = ['http', 'https'];
const SCHEME_PREFIX: Record<UrlScheme, RegExp> = {
  http: /^http:\/\/[^\s/]/i,
  https: /^https:\/\/[^\s/]/i,
  mailto: /^mailto:\S/i,
  tel: /^tel:\S/i,
};
/**
 * Does `value` start with one of `schemes` (`http://host…`, `mailto:…`) and parse as that scheme? Browsers drop
 * tabs and newlines inside a URL (`java\tscript:`), so both the text and the parsed protocol are checked.
 */
export function urlHasScheme(value: string, schemes: readonly UrlScheme[] = DEFAULT_URL_SCHEMES): boolean {
  const v = value.trim();
  if (!schemes.some((s) => SCHEME_PREFIX[s].test(v))) return false;
  try {
    return schemes.includes(new URL(v).protocol.slice(0, -1).toLowerCase() as UrlScheme);
  } catch {
    return false;
  }
}
/** The schemes a link shown by the web may have, whatever field it came from. */
export const LINK_SCHEMES: readonly UrlScheme[] = ['http', 'https', 'mailto', 'tel'];

/** Kinds stored as text columns. */
export const TEXT_KINDS: ReadonlySet<FieldKind> = new Set(['text', 'longtext', 'email', 'password', 'url', 'color', 'cpf', 'cnpj', 'cep', 'phone', 'select']);
/** Kinds that can be sorted on. */
export const isSortable = (fl: Field): boolean => fl.kind !== 'file' && fl.kind !== 'json' && fl.kind !== 'multi' && fl.kind !== 'password' && !fl.writeOnly;

/* ---------------- transitions of a select (a state and its next states) ---------------- */

const optionLabel = (fl: { options?: readonly Option[] }, v: string): string => fl.options?.find((o) => o.value === v)?.label ?? v;

/** "a", "a ou b", "a, b ou c" */
export const orList = (items: readonly string[]): string =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} ou ${items[items.length - 1]}` : (items[0] ?? '');

/** The values a select may take from `from` (itself included), or null when the field has no transitions or no value yet. */
export function allowedValues(fl: SelectField, from: unknown): string[] | null {
  if (!fl.transitions || from === null || from === undefined || from === '') return null;
  return [String(from), ...(fl.transitions[String(from)] ?? [])];
}

/** null when `from` → `to` is allowed, else the pt-BR message (what is allowed from there). */
export function transitionProblem(fl: SelectField, from: unknown, to: unknown): string | null {
  const allowed = allowedValues(fl, from);
  if (!allowed || to === undefined || allowed.includes(String(to))) return null;
  const a = `"${optionLabel(fl, String(from))}"`;
  if (to === null || to === '') return `${fl.label}: não é possível deixar em branco (hoje ${a}).`;
  const next = allowed.slice(1).map((v) => `"${optionLabel(fl, v)}"`);
  return next.length
    ? `${fl.label}: não é possível passar de ${a} para "${optionLabel(fl, String(to))}". De ${a} pode passar para ${orList(next)}.`
    : `${fl.label}: ${a} é uma situação final e não pode mais ser alterada.`;
}

/** The refusal of a change to a `createOnly` field. */
export const createOnlyMessage = (fl: Field): string =>
  typeof fl.createOnly === 'string' ? fl.createOnly : `O campo ${fl.label} não pode ser alterado depois do registro.`;

/** The label of each value of a multi field with fixed options (values of a `types` category are labelled by the types). */
export const multiLabel = optionLabel;
