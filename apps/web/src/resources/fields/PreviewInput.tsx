/**
 * A form's read-only value computed by the server from other fields of the same form, live (a field's `preview`: a
 * step's "Fim do prazo" from its date and days, with the holiday calendar): asked once the parameters have settled,
 * shown as read-only text and said to screen readers once known, never sent.
 */
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { Field } from '@paco/domain/fields';
import { api } from '../../api/client';
import { formatText } from '../format';
import { useDebounced } from '../useDebounced';
import { fieldId } from './types';

type Params = Record<string, string | number>;

/** The preview's query from the form's values, or null while a parameter is empty. */
export function previewQuery(field: Field, values: Record<string, unknown>): Params | null {
  const out: Params = {};
  for (const [param, source] of Object.entries(field.preview?.params ?? {})) {
    const v = values[source];
    if (v === null || v === undefined || v === '' || (typeof v !== 'string' && typeof v !== 'number')) return null;
    out[param] = v;
  }
  return out;
}

export default function PreviewInput({ name, field, values }: { name: string; field: Field; values: Record<string, unknown> }) {
  const query = previewQuery(field, values);
  const settled = useDebounced(query ? JSON.stringify(query) : '', 300);
  const current = query !== null && settled === JSON.stringify(query);
  const answer = useQuery({
    queryKey: ['preview', field.preview?.path, settled],
    queryFn: ({ signal }) => api<{ data: { value: unknown } }>(field.preview!.path, { query: JSON.parse(settled) as Params, signal }),
    enabled: !!field.preview && current,
    retry: false,
    staleTime: 60_000,
  });
  const value = current && answer.data ? formatText(field, name, { [name]: answer.data.data.value }) : '';
  const waiting = query !== null && (!current || answer.isFetching);
  return (
    <Box>
      <TextField
        id={fieldId(name)}
        label={field.label}
        value={waiting ? 'Calculando…' : value || '—'}
        helperText={field.help}
        fullWidth
        slotProps={{ input: { readOnly: true }, htmlInput: { 'data-preview': name } }}
      />
      {/* a value that changes as the person types: said once it is known */}
      <Box component="span" role="status" sx={visuallyHidden}>{value && !waiting ? `${field.label}: ${value}` : ''}</Box>
    </Box>
  );
}

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
