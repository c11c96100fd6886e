import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SelectField } from '@paco/domain/fields';
import type { FieldInputProps } from './types';
import { fieldId, helper } from './types';

export default function SelectInput(p: FieldInputProps<SelectField>) {
  return (
    <TextField
      select
      id={fieldId(p.name)}
      name={p.name}
      label={p.field.label}
      required={p.field.required}
      value={(p.value as string | null | undefined) ?? ''}
      onChange={(e) => p.onChange(e.target.value)}
      onBlur={p.onBlur}
      inputRef={p.inputRef}
      error={!!p.error}
      helperText={helper(p)}
      disabled={p.disabled}
      fullWidth
    >
      {!p.field.required && (
        <MenuItem value="">
          <em>Nenhum</em>
        </MenuItem>
      )}
      {p.field.options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
