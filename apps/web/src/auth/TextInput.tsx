/**
 * A labelled outlined text input (FormControl + InputLabel + OutlinedInput + helper text). Same look as MUI's
 * TextField, without TextField's select machinery (Select → Menu → Popover → Modal), which keeps the login
 * route's JavaScript small.
 */
import { useId, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export interface TextInputProps extends Omit<OutlinedInputProps, 'label' | 'error' | 'inputRef'> {
  label: string;
  error?: boolean;
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextInput({ label, error, helperText, id, fullWidth = true, required, disabled, ...rest }: TextInputProps) {
  const auto = useId();
  const inputId = id ?? `in-${auto}`;
  const helpId = `${inputId}-help`;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} error={error} required={required} disabled={disabled}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId}
        label={required ? `${label} *` : label}
        aria-describedby={helperText ? helpId : undefined}
        {...rest}
      />
      {helperText && <FormHelperText id={helpId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
