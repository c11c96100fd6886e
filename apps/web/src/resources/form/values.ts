/** Record ⇄ form values, and the form's zod schema, from the definition. */
import dayjs from 'dayjs';
import type { z } from 'zod';
import type { Field } from '@paco/domain/fields';
import type { ResourceDef } from '@paco/domain/resource';
import { createSchema, fileFields, updateSchema, withOrder, writableFields } from '@paco/domain/resource';
import { formatCep, formatCnpj, formatCpf, formatPhone } from '@paco/domain/br';
import type { ApiRecord } from '../defs';

export type Mode = 'create' | 'edit';
export type FormValues = Record<string, unknown>;

/** Fields the form edits (writable, not hidden, files apart). */
export const formFields = (def: ResourceDef): [string, Field][] => writableFields(def).filter(([, fl]) => !fl.hidden);
/** File fields the form uploads after saving. */
export const uploadFields = (def: ResourceDef) => fileFields(def).filter(([, fl]) => !fl.hidden && !fl.readOnly);

const hiddenKeys = (def: ResourceDef): string[] => writableFields(def).filter(([, fl]) => fl.hidden).map(([k]) => k);

/**
 * The resolver schema. Create: `createSchema`. Edit: every field is on screen, so a required field cleared by the
 * user must be reported (not silently kept as `updateSchema` does for partial API updates); passwords follow
 * `updateSchema` (blank keeps the current one). Both with the definition's date `order` rules (`withOrder`).
 */
export function formSchema(def: ResourceDef, mode: Mode, without: readonly string[] = []): z.ZodObject {
  const omit = [...hiddenKeys(def), ...without];
  if (mode === 'create') return withOrder(def, createSchema(def, omit));
  const passwords = formFields(def).filter(([k, fl]) => fl.kind === 'password' && !without.includes(k)).map(([k]) => k);
  const update = updateSchema(def, omit);
  const keep: Record<string, true> = Object.fromEntries(passwords.map((k) => [k, true]));
  return withOrder(def, createSchema(def, [...omit, ...passwords]).extend(update.pick(keep).shape));
}

function initial(fl: Field): unknown {
  if (fl.kind === 'bool') return typeof fl.default === 'boolean' ? fl.default : false;
  if (fl.kind === 'ref') return typeof fl.default === 'number' ? fl.default : null;
  if (fl.kind === 'money') return typeof fl.default === 'number' ? fl.default : '';
  if (fl.kind === 'json') return fl.default === undefined ? '' : JSON.stringify(fl.default, null, 2);
  if (fl.kind === 'multi') return Array.isArray(fl.default) ? fl.default : [];
  return fl.default === undefined || fl.default === null ? '' : String(fl.default);
}

function fromApi(fl: Field, v: unknown): unknown {
  if (v === null || v === undefined) return fl.kind === 'password' ? '' : initial({ ...fl, default: undefined } as Field);
  switch (fl.kind) {
    case 'bool': return v === true || v === 1 || v === '1' || v === 'true';
    case 'ref': return Number(v);
    case 'money': return Number(v);
    case 'password': return '';
    case 'cpf': return formatCpf(String(v));
    case 'cnpj': return formatCnpj(String(v));
    case 'cep': return formatCep(String(v));
    case 'phone': return formatPhone(String(v));
    case 'date': return String(v).slice(0, 10);
    case 'time': return String(v).slice(0, 5);
    case 'datetime': {
      const d = dayjs(String(v));
      return d.isValid() ? d.format('YYYY-MM-DDTHH:mm') : '';
    }
    case 'json': return JSON.stringify(v, null, 2);
    case 'multi': return Array.isArray(v) ? v.map(String) : [];
    default: return String(v);
  }
}

/**
 * The form's values: the record's, else each field's initial value; `preset` (a screen view's fixed filter) gives
 * the initial value of its fields on create.
 */
export function toFormValues(def: ResourceDef, record: ApiRecord | null, preset?: Record<string, unknown>): FormValues {
  const out: FormValues = {};
  for (const [k, fl] of formFields(def)) {
    out[k] = record ? fromApi(fl, record[k]) : preset && preset[k] !== undefined && preset[k] !== null ? fromApi(fl, preset[k]) : initial(fl);
  }
  return out;
}

export class JsonFieldError extends Error {
  constructor(public field: string) {
    super('JSON inválido.');
  }
}

/** Validated (zod output) values → request body. */
export function toPayload(def: ResourceDef, values: FormValues, mode: Mode): FormValues {
  const out: FormValues = {};
  for (const [k, fl] of formFields(def)) {
    if (!(k in values)) continue;
    let v = values[k];
    if (fl.kind === 'password' && mode === 'edit' && (v === undefined || v === null || v === '')) continue;
    // given once, on create: never sent again (the server refuses a change)
    if (fl.createOnly && mode === 'edit') continue;
    if (fl.kind === 'datetime' && typeof v === 'string' && v) v = dayjs(v).format(); // with the browser's offset
    if (fl.kind === 'json' && typeof v === 'string') {
      if (!v.trim()) v = null;
      else {
        try {
          v = JSON.parse(v);
        } catch {
          throw new JsonFieldError(k);
        }
      }
    }
    out[k] = v === undefined ? null : v;
  }
  return out;
}
