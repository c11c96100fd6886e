import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import type { TextField as TextFieldDef } from '@paco/domain/fields';
import type { FieldInputProps } from './types';
import { fieldId, helper } from './types';

const typeOf: Record<string, string> = { email: 'email', url: 'url', password: 'password', text: 'text', longtext: 'text' };
const autoComplete: Record<string, string> = { email: 'email', password: 'new-password', url: 'url' };

/** text, longtext (multiline), email, url and password (on edit: blank keeps the current one). */
export default function TextInput(p: FieldInputProps<TextFieldDef>) {
  const { field, name } = p;
  const [show, setShow] = useState(false);
  const isPassword = field.kind === 'password';
  const hint = isPassword && p.mode === 'edit' && !p.error ? 'Deixe em branco para manter a senha atual.' : helper(p);
  return (
    <TextField
      id={fieldId(name)}
      name={name}
      label={field.label}
      required={field.required && !(isPassword && p.mode === 'edit')}
      value={(p.value as string | null | undefined) ?? ''}
      onChange={(e) => p.onChange(e.target.value)}
      onBlur={p.onBlur}
      inputRef={p.inputRef}
      error={!!p.error}
      helperText={hint}
      disabled={p.disabled}
      fullWidth
      multiline={field.kind === 'longtext'}
      minRows={field.kind === 'longtext' ? 3 : undefined}
      type={isPassword && show ? 'text' : (typeOf[field.kind] ?? 'text')}
      autoComplete={autoComplete[field.kind]}
      slotProps={{
        htmlInput: { maxLength: field.max, readOnly: p.readOnly, ...(field.kind === 'email' ? { inputMode: 'email' } : {}) },
        input: isPassword
          ? {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label={show ? 'Ocultar senha' : 'Mostrar senha'} onClick={() => setShow((s) => !s)} edge="end">
                  {show ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          }
          : undefined,
      }}
    />
  );
}
