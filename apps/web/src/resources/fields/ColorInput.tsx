import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { FieldInputProps } from './types';
import { textFieldProps } from './types';

/** #RRGGBB as text, with the browser's colour picker beside it. */
export default function ColorInput(p: FieldInputProps) {
  const value = (p.value as string | null | undefined) ?? '';
  const valid = /^#[0-9a-fA-F]{6}$/.test(value);
  return (
    <TextField
      {...textFieldProps(p)}
      placeholder="#000000"
      slotProps={{
        htmlInput: { maxLength: 7 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <input
                type="color"
                aria-label={`Escolher cor: ${p.field.label}`}
                value={valid ? value : '#000000'}
                disabled={p.disabled}
                onChange={(e) => p.onChange(e.target.value)}
                style={{ width: 28, height: 28, padding: 0, border: 'none', background: 'none', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
