import TextField from '@mui/material/TextField';
import type { FieldInputProps } from './types';
import { fieldId, helper } from './types';

/** Free JSON, edited as text (parsed on save). */
export default function JsonInput(p: FieldInputProps) {
  return (
    <TextField
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
      multiline
      minRows={4}
      slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
    />
  );
}
