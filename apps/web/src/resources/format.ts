/** Plain-text display of a field value by kind (pt-BR): list cells, CSV, read-only views, option labels. */
import { multiLabel, type Field, type RefField } from '@paco/domain/fields';
import { formatBool, formatDate, formatDateTime, formatMoney, formatTime } from '@paco/domain/format';
import { formatCep, formatCnpj, formatCpf, formatPhone } from '@paco/domain/br';
import { isFileValue, refDisplay, refKey, targetOf } from './defs';

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 });

/** The text shown for `row[key]` of kind `field`. References use the record's expanded object. */
export function formatText(field: Field, key: string, row: Record<string, unknown>): string {
  const v = row[key];
  if (field.kind === 'ref') {
    if (v === null || v === undefined || v === '') return '';
    return refLabel(field, row[refKey(key)]) ?? `#${String(v)}`;
  }
  if (v === null || v === undefined || v === '') return field.kind === 'bool' ? formatBool(false) : '';
  switch (field.kind) {
    case 'date': return formatDate(String(v));
    case 'datetime': return formatDateTime(String(v));
    case 'time': return formatTime(String(v));
    case 'money': return formatMoney(v as number | string);
    case 'decimal': return Number.isFinite(Number(v)) ? decimal.format(Number(v)) : String(v);
    case 'int': return String(v);
    case 'bool': return formatBool(v === true || v === 1 || v === '1' || v === 'true');
    case 'cpf': return formatCpf(String(v));
    case 'cnpj': return formatCnpj(String(v));
    case 'cep': return formatCep(String(v));
    case 'phone': return formatPhone(String(v));
    case 'select': return field.options.find((o) => o.value === String(v))?.label ?? String(v);
    case 'file': return (Array.isArray(v) ? v : [v]).filter(isFileValue).map((x) => x.name || x.url).join(', ');
    case 'multi': return (Array.isArray(v) ? v : []).map((x) => (field.options ? multiLabel(field, String(x)) : String(x))).join(', ');
    case 'json': return typeof v === 'string' ? v : JSON.stringify(v);
    case 'password': return '';
    default: return String(v);
  }
}

/** Label shown for a record of `def` (its display field, formatted), e.g. in reference pickers. */
export function recordLabel(def: { display: string; fields: Record<string, Field> }, row: Record<string, unknown>): string {
  const fl = def.fields[def.display];
  const text = fl ? formatText(fl, def.display, row) : String(row[def.display] ?? '');
  return text || `#${String(row.id ?? '')}`;
}

/**
 * The label of a reference's expanded object `{ id, <display> }`: the field's `display`, else the target's display
 * field (what the server expands), else the first other text in it.
 */
export function refLabel(field: RefField, expanded: unknown): string | null {
  if (!expanded || typeof expanded !== 'object') return null;
  const obj = expanded as Record<string, unknown>;
  const target = targetOf(field);
  for (const key of new Set([refDisplay(field), target?.display].filter((k): k is string => !!k))) {
    const fl = target?.fields[key];
    const shown = fl && fl.kind !== 'ref' ? formatText(fl, key, obj) : obj[key] == null ? '' : String(obj[key]);
    if (shown) return shown;
  }
  const other = Object.entries(obj).find(([k, x]) => k !== 'id' && typeof x === 'string' && x);
  return other ? String(other[1]) : null;
}
