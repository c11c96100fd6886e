import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SelectField } from '@paco/domain/fields';
import type { FieldInputProps } from './types';
import { textFieldProps } from './types';

export default function SelectInput(p: FieldInputProps<SelectField>) {
  return (
    <TextField
      select
      {...textFieldProps(p)}
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
