import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import type { RefField } from '@paco/domain/fields';
import type { ListQuery } from '../defs';
import { fetchOptions, fetchPage, fetchRecord, isSortableKey, qk, refDisplay, targetOf } from '../defs';
import { can } from '../access';
import { useSessionUser } from '../useSessionUser';
import { recordLabel } from '../format';
import { useDebounced } from '../useDebounced';
import type { FieldInputProps, RefOption } from './types';
import { fieldId, helper } from './types';

const toId = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * A reference: searches the target resource's list with `q` (debounced) and shows its display field.
 * The form value is the id (or null). A reference to the `types` lookup (`typeOf`) searches the types of its
 * category only and shows their label.
 */
export default function RefInput(p: FieldInputProps<RefField> & { size?: 'small' | 'medium' }) {
  const target = targetOf(p.field);
  const display = refDisplay(p.field);
  const labelDef = useMemo(() => ({ display, fields: target?.fields ?? {} }), [display, target]);
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [picked, setPicked] = useState<RefOption | null>(null);
  const q = useDebounced(input, 300);
  const id = toId(p.value);
  // who may work on the record but not read the target's list (the tenders' staff and the secretarias) is offered
  // the options by the record's own resource: ids and names only; in a list's filter, those its rows use
  const user = useSessionUser();
  const viaOwner = !!p.owner && !!target && !can(target, 'read', user);
  const used = p.owner?.in;

  const query: ListQuery = {
    q: q || undefined,
    perPage: 20,
    sort: target && isSortableKey(target, display) ? display : undefined,
    // a reference to the `types` lookup: only the types of its category (`types?type=<typeOf>`)
    type: p.field.typeOf,
    // an option is its id and its label: nothing else of the record (issue 17)
    fields: `id,${display}`,
    ...p.extraQuery,
  };
  const list = useQuery({
    queryKey: viaOwner ? ['options', p.owner!.def.name, p.owner!.field, used, query] : qk.options(target?.name ?? p.field.to, query),
    queryFn: ({ signal }) => (viaOwner ? fetchOptions(p.owner!.def, p.owner!.field, { q: query.q, perPage: 20, in: used }, signal) : fetchPage(target!, query, signal)),
    enabled: open && !!target,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options: RefOption[] = useMemo(
    () => (list.data?.data ?? []).map((r) => ({ id: r.id, label: recordLabel(labelDef, r) })),
    [list.data, labelDef],
  );

  const known =
    id === null ? null
      : picked?.id === id ? picked
        : p.initialOption?.id === id ? p.initialOption
          : (options.find((o) => o.id === id) ?? null);
  // a value known only by its id (a filter from the URL): load its label
  const single = useQuery({
    queryKey: viaOwner ? ['options', p.owner!.def.name, p.owner!.field, used, 'id', id ?? 0] : qk.detail(target?.name ?? p.field.to, id ?? 0),
    queryFn: async ({ signal }) => (viaOwner
      ? ((await fetchOptions(p.owner!.def, p.owner!.field, { ids: String(id), page: 1, perPage: 1, in: used }, signal)).data[0] ?? { id: id! })
      : fetchRecord(target!, id!, signal)),
    enabled: !!target && id !== null && !known,
    staleTime: 60_000,
    retry: false,
  });
  const value: RefOption | null =
    id === null ? null : (known ?? { id, label: single.data ? recordLabel(labelDef, single.data) : `#${id}` });
  const allOptions = value && !options.some((o) => o.id === value.id) ? [value, ...options] : options;

  return (
    <Autocomplete<RefOption>
      id={fieldId(p.name)}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={allOptions}
      value={value}
      onChange={(_e, opt) => {
        setPicked(opt);
        p.onChange(opt ? opt.id : null);
      }}
      onInputChange={(_e, v, reason) => setInput(reason === 'input' ? v : '')}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      renderOption={(props, o) => (
        <li {...props} key={o.id}>
          {o.label}
        </li>
      )}
      loading={list.isFetching}
      disabled={p.disabled}
      size={p.size}
      fullWidth
      noOptionsText={list.isError ? 'Não foi possível carregar as opções.' : 'Nenhuma opção encontrada.'}
      loadingText="Carregando…"
      clearText="Limpar"
      openText="Abrir"
      closeText="Fechar"
      onBlur={p.onBlur}
      renderInput={({ InputProps, inputProps, InputLabelProps, ...params }) => (
        <TextField
          {...params}
          name={p.name}
          label={p.field.label}
          required={p.field.required}
          error={!!p.error}
          helperText={helper(p)}
          inputRef={p.inputRef}
          slotProps={{
            htmlInput: inputProps,
            inputLabel: InputLabelProps,
            input: {
              ...InputProps,
              endAdornment: (
                <>
                  {list.isFetching && open ? <CircularProgress color="inherit" size={18} /> : null}
                  {InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
