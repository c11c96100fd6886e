/**
 * Screen views (`alsoAt: [{ path, title, filter }]` of a definition, and the web's own route map): the resource's
 * list at another route with a fixed filter that the user cannot remove, whose values are also the defaults of a
 * record created there.
 *
 * A filter on a reference to the `types` lookup (`f.type(...)`, field `typeOf`) may name the type by its slug
 * (`{ type_id: 'ind' }`): ids differ per installation, slugs do not. The slug is resolved to the id through
 * `GET types?type=<typeOf>&slug=<slug>` before the list is asked for.
 */
import { useQuery } from '@tanstack/react-query';
import type { ResourceDef, ScreenView } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';
import { api } from '../api/client';
import type { Page } from '../api/client';

export type ViewValues = Record<string, string | number | boolean>;

export interface ViewFilterState {
  /** the fixed filter with type slugs resolved to ids (undefined while resolving, or without a view filter) */
  values?: ViewValues;
  pending: boolean;
  error?: string;
}

const isSlug = (v: unknown): v is string => typeof v === 'string' && v !== '' && !/^\d+$/.test(v);

/** Keys of the view's filter whose value is a type slug to resolve. */
export function slugKeys(def: ResourceDef, filter: ViewValues | undefined): string[] {
  return Object.entries(filter ?? {})
    .filter(([k, v]) => {
      const fl = def.fields[k];
      return fl?.kind === 'ref' && !!fl.typeOf && isSlug(v);
    })
    .map(([k]) => k);
}

export async function resolveViewFilter(def: ResourceDef, filter: ViewValues, signal?: AbortSignal): Promise<ViewValues> {
  const out: ViewValues = { ...filter };
  const types = resourceByName.get('types');
  for (const k of slugKeys(def, filter)) {
    const fl = def.fields[k] as { typeOf?: string };
    const res = await api<Page<{ id: number; slug: string }>>(types?.path ?? 'types', {
      query: { type: fl.typeOf, slug: String(filter[k]), perPage: 5 },
      signal,
    });
    const hit = res.data.find((t) => t.slug === filter[k]) ?? res.data[0];
    if (!hit) throw new Error(`Tipo "${String(filter[k])}" (${fl.typeOf}) não cadastrado.`);
    out[k] = hit.id;
  }
  return out;
}

export function useViewFilter(def: ResourceDef, view: ScreenView | undefined): ViewFilterState {
  const filter = view?.filter as ViewValues | undefined;
  const needs = slugKeys(def, filter).length > 0;
  const q = useQuery({
    queryKey: ['view-filter', def.name, view?.path ?? '', filter ?? {}],
    queryFn: ({ signal }) => resolveViewFilter(def, filter!, signal),
    enabled: needs,
    staleTime: Infinity,
    retry: false,
  });
  if (!filter || Object.keys(filter).length === 0) return { pending: false };
  if (!needs) return { values: filter, pending: false };
  if (q.isError) {
    // the rest of the filter still applies (a form keeps its other defaults; a list shows the error)
    const rest = Object.fromEntries(Object.entries(filter).filter(([k]) => !slugKeys(def, filter).includes(k)));
    return { values: rest, pending: false, error: q.error instanceof Error ? q.error.message : 'Filtro inválido.' };
  }
  return { values: q.data, pending: !q.data };
}
