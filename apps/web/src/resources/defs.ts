/** Helpers around resource definitions shared by the generic screens: lookup, routes, records, query keys, wording. */
import type { Field, RefField } from '@paco/domain/fields';
import type { ActionDef, ResourceDef } from '@paco/domain/resource';
import { refFields, sortableFields } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';
import { MAX_PER_PAGE } from '@paco/domain/constants';
import { api } from '../api/client';
import type { Page } from '../api/client';
import { actionPath } from '../api/actions';

/** A record as the API returns it: id, fields, ref expansions, file objects, timestamps. */
export type ApiRecord = { id: number } & Record<string, unknown>;
export interface FileValue {
  /** the file's id in its field (to remove it) */
  id?: string;
  url: string;
  name: string;
  mime: string;
  size: number;
}

export function getDef(name: string): ResourceDef {
  const def = resourceByName.get(name);
  if (!def) throw new Error(`Recurso desconhecido: ${name}`);
  return def;
}

/** The web route listing the resource (definition `screen`, else `/{path}`). */
export const screenOf = (def: ResourceDef): string => def.screen ?? `/${def.path}`;

/** URL (under /api) of a custom action for a record: ':id/vincula' → `roles/7/vincula`; '/x/:id' is absolute. */
export const actionUrl = (def: ResourceDef, action: ActionDef, id?: number | string): string =>
  actionPath(def.path, action, id === undefined ? {} : { id });

/** `state_id` → `state`: the key of a reference's expanded object in a record. */
export const refKey = (key: string): string => key.replace(/_id$/, '');

export const targetOf = (fl: RefField): ResourceDef | undefined => resourceByName.get(fl.to);

/** The field of the target shown for a reference. */
export function refDisplay(fl: RefField): string {
  return fl.display ?? targetOf(fl)?.display ?? 'name';
}

/** Visible fields (not hidden, not write-only) in declaration order. */
export const visibleFields = (def: ResourceDef): [string, Field][] =>
  Object.entries(def.fields).filter(([, fl]) => !fl.hidden && !fl.writeOnly);

export const isSortableKey = (def: ResourceDef, key: string): boolean => sortableFields(def).includes(key);

export const isFileValue = (v: unknown): v is FileValue =>
  !!v && typeof v === 'object' && typeof (v as FileValue).url === 'string';

export const isImage = (file: { mime?: string; url?: string; name?: string }): boolean =>
  (file.mime ?? '').startsWith('image/') || /\.(png|jpe?g|gif|webp|svg|avif)(\?|$)/i.test(file.name ?? file.url ?? '');

/* ---------------- query keys and fetchers ---------------- */

export type ListQuery = Record<string, string | number | undefined>;

export const qk = {
  all: (name: string) => ['resource', name] as const,
  list: (name: string, query: ListQuery) => ['resource', name, 'list', query] as const,
  detail: (name: string, id: number | string) => ['resource', name, 'detail', String(id)] as const,
  options: (name: string, query: ListQuery) => ['resource', name, 'options', query] as const,
  everything: (name: string, query: ListQuery) => ['resource', name, 'everything', query] as const,
};

export const fetchPage = (def: ResourceDef, query: ListQuery, signal?: AbortSignal): Promise<Page<ApiRecord>> =>
  api<Page<ApiRecord>>(def.path, { query, signal });

/**
 * A reference field's options from the record's own resource (`{path}/options/{field}`: id and display), for who may
 * work on the record without reading the target's list (server engine/ref-options.ts).
 */
export const fetchOptions = (owner: ResourceDef, field: string, query: ListQuery & { ids?: string }, signal?: AbortSignal): Promise<Page<ApiRecord>> =>
  api<Page<ApiRecord>>(`${owner.path}/options/${field}`, { query, signal });

export const fetchRecord = async (def: ResourceDef, id: number | string, signal?: AbortSignal): Promise<ApiRecord> =>
  (await api<{ data: ApiRecord }>(`${def.path}/${id}`, { signal })).data;

/** Every page of a list (perPage at the server's cap) up to `cap` rows; `total` is the server's count. */
export async function fetchAll(
  def: ResourceDef,
  query: ListQuery,
  cap = 5000,
  signal?: AbortSignal,
): Promise<{ rows: ApiRecord[]; total: number }> {
  const rows: ApiRecord[] = [];
  let total = 0;
  for (let page = 1; rows.length < cap; page++) {
    const res = await fetchPage(def, { ...query, page, perPage: MAX_PER_PAGE }, signal);
    total = res.meta.total;
    rows.push(...res.data);
    if (res.data.length === 0 || page * MAX_PER_PAGE >= total) break;
  }
  return { rows: rows.slice(0, cap), total };
}

/* ---------------- pt-BR wording by the label's gender ---------------- */

const fem = (def: ResourceDef): boolean => def.label.gender === 'f';
/** 'o'/'a' agreement: word(def, 'criad') → 'criado' | 'criada'. */
export const agree = (def: ResourceDef, stem: string): string => `${stem}${fem(def) ? 'a' : 'o'}`;
export const newTitle = (def: ResourceDef): string => `${fem(def) ? 'Nova' : 'Novo'} ${def.label.one}`;
export type DoneStem = 'criad' | 'adicionad' | 'atualizad' | 'excluíd' | 'restaurad';
export const doneMessage = (def: ResourceDef, stem: DoneStem): string =>
  `${def.label.one} ${agree(def, stem)} com sucesso.`;

/* ---------------- dependent references ---------------- */

export interface RefDependency {
  /** filter of the target's list, e.g. 'state_id' of cities */
  param: string;
  /** the other reference of this resource that gives its value, e.g. 'state_id' of companies */
  source: string;
}

/**
 * For a reference to T, the other references of the same resource pointing where T's own references point: they
 * narrow T's options (a company's city among the cities of its state).
 */
export function dependentRefs(def: ResourceDef): Record<string, RefDependency[]> {
  const out: Record<string, RefDependency[]> = {};
  const mine = refFields(def);
  for (const [key, fl] of mine) {
    const target = targetOf(fl);
    if (!target) continue;
    for (const [tKey, tFl] of refFields(target)) {
      const source = mine.find(([k, other]) => k !== key && other.to === tFl.to);
      if (source && tFl.filter !== false && !tFl.writeOnly) (out[key] ??= []).push({ param: tKey, source: source[0] });
    }
  }
  return out;
}

/** The list filters of a dependent reference, from the current values of its sources (undefined when none). */
export function dependentQuery(deps: RefDependency[] | undefined, valueOf: (source: string) => unknown): ListQuery | undefined {
  const q: ListQuery = {};
  for (const d of deps ?? []) {
    const v = valueOf(d.source);
    if (v !== null && v !== undefined && v !== '') q[d.param] = String(v);
  }
  return Object.keys(q).length ? q : undefined;
}
