import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { MultiField, Option } from '@paco/domain/fields';
import type { FieldInputProps } from './types';
import { fieldId, helper } from './types';
import { useMultiOptions } from './multiOptions';

/** Several values chosen by their labels (chips); the form value is the list of values. */
export default function MultiSelectInput(p: FieldInputProps<MultiField>) {
  const { options, loading, error } = useMultiOptions(p.field);
  const values = Array.isArray(p.value) ? (p.value as string[]) : [];
  const chosen: Option[] = values.map((v) => options.find((o) => o.value === v) ?? { value: v, label: v });
  return (
    <Autocomplete<Option, true>
      multiple
      id={fieldId(p.name)}
      options={options}
      value={chosen}
      onChange={(_e, list) => p.onChange(list.map((o) => o.value))}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      getOptionLabel={(o) => o.label}
      filterSelectedOptions
      disableCloseOnSelect
      slotProps={{ chip: { size: 'small' } }}
      loading={loading}
      disabled={p.disabled}
      onBlur={p.onBlur}
      noOptionsText={error ? 'Não foi possível carregar as opções.' : 'Nenhuma opção encontrada.'}
      loadingText="Carregando…"
      clearText="Limpar"
      openText="Abrir"
      closeText="Fechar"
      renderInput={(params) => (
        <TextField
          {...params}
          name={p.name}
          label={p.field.label}
          required={p.field.required}
          error={!!p.error}
          helperText={helper(p)}
          inputRef={p.inputRef}
        />
      )}
    />
  );
}
