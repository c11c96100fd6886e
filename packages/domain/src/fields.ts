/**
 * Field kinds of the resource engine. A field's key is its API name (the contract's spelling) and its column name.
 * The same declaration drives the table (server codegen), the zod schemas (server and forms) and the screens.
 */
export type FieldKind =
  | 'text' | 'longtext' | 'email' | 'password' | 'url' | 'color'
  | 'int' | 'decimal' | 'money' | 'bool'
  | 'date' | 'datetime' | 'time'
  | 'cpf' | 'cnpj' | 'cep' | 'phone'
  | 'ref' | 'select' | 'file' | 'json';

export interface FieldBase {
  kind: FieldKind;
  label: string;
  required?: boolean;
  /** unique inside the company (tenant resources) or the whole table ('global'). */
  unique?: boolean | 'global';
  /** not sent to clients (password hashes). */
  writeOnly?: boolean;
  /** set by the server only (never read from a request body). */
  readOnly?: boolean;
  /** hidden from generated screens. */
  hidden?: boolean;
  help?: string;
  default?: unknown;
  /** allow filtering the list by ?field=value. */
  filter?: boolean;
}
export interface TextField extends FieldBase {
  kind: 'text' | 'longtext' | 'email' | 'password' | 'url' | 'color' | 'cpf' | 'cnpj' | 'cep' | 'phone';
  max?: number;
  min?: number;
  /** 'url' fields: the schemes accepted (default http and https; mailto and tel where the link is a contact) */
  schemes?: readonly UrlScheme[];
  /** a rule of this field's own, checked on write (server and forms): the pt-BR message, or null when the (trimmed) value is fine */
  check?: (value: string, label: string) => string | null;
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
export interface SelectField extends FieldBase { kind: 'select'; options: readonly { value: string; label: string }[] }
export interface FileField extends FieldBase {
  kind: 'file';
  accept: readonly string[];
  maxMB: number;
  /** files of public records (a company's crest) are served to everyone. */
  public?: boolean;
}
export interface JsonField extends FieldBase { kind: 'json' }

export type Field = TextField | NumberField | BoolField | DateField | RefField | SelectField | FileField | JsonField;

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
export const isSortable = (fl: Field): boolean => fl.kind !== 'file' && fl.kind !== 'json' && fl.kind !== 'password' && !fl.writeOnly;
