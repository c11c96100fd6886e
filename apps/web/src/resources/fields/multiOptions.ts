/** The options of a multi field: its fixed `options`, or the types of its `typeOf` category (national and the company's). */
import { useQuery } from '@tanstack/react-query';
import type { MultiField, Option } from '@paco/domain/fields';
import { api } from '../../api/client';

export function useMultiOptions(field: MultiField, enabled = true): { options: readonly Option[]; loading: boolean; error: boolean } {
  const typeOf = field.typeOf;
  const q = useQuery({
    queryKey: ['types_of', typeOf],
    queryFn: async ({ signal }) => (await api<{ data: { slug: string; label: string }[] }>(`types_of/${typeOf}`, { signal })).data,
    enabled: enabled && !!typeOf && !field.options,
    staleTime: 5 * 60_000,
  });
  if (field.options) return { options: field.options, loading: false, error: false };
  return { options: (q.data ?? []).map((t) => ({ value: t.slug, label: t.label })), loading: q.isLoading, error: q.isError };
}

/** "Música, Teatro": the labels of the values (an unknown value as it is). */
export const multiText = (values: unknown, options: readonly Option[]): string =>
  (Array.isArray(values) ? values : []).map((v) => options.find((o) => o.value === v)?.label ?? String(v)).join(', ');
