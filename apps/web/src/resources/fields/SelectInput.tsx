import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { allowedValues, type SelectField } from '@paco/domain/fields';
import type { FieldInputProps } from './types';
import { textFieldProps } from './types';

/** A select; on an existing record with `transitions`, only the stored value and the values it may become. */
export default function SelectInput(p: FieldInputProps<SelectField>) {
  const allowed = p.mode === 'edit' ? allowedValues(p.field, p.original) : null;
  const options = allowed ? p.field.options.filter((o) => allowed.includes(o.value)) : p.field.options;
  return (
    <TextField
      select
      {...textFieldProps(p)}
      helperText={p.error ?? (allowed && allowed.length === 1 ? 'Este valor é final e não pode mais ser alterado.' : p.field.help)}
    >
      {!p.field.required && !allowed && (
        <MenuItem value="">
          <em>Nenhum</em>
        </MenuItem>
      )}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
