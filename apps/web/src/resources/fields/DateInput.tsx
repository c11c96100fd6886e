import TextField from '@mui/material/TextField';
import type { FieldInputProps } from './types';
import { textFieldProps } from './types';

const types = { date: 'date', datetime: 'datetime-local', time: 'time' } as const;

/** Native date (aaaa-mm-dd, shown dd/mm/aaaa by a pt-BR browser), date-time and time inputs. */
export default function DateInput(p: FieldInputProps) {
  const kind = p.field.kind as keyof typeof types;
  return (
    <TextField
      {...textFieldProps(p)}
      type={types[kind]}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: kind === 'date' ? { min: '1000-01-01', max: '9999-12-31' } : undefined }}
    />
  );
}
