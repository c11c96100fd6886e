import TextField from '@mui/material/TextField';
import type { FieldInputProps } from './types';
import { textFieldProps } from './types';

/** Free JSON, edited as text (parsed on save). */
export default function JsonInput(p: FieldInputProps) {
  return (
    <TextField
      {...textFieldProps(p)}
      multiline
      minRows={4}
      slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
    />
  );
}
