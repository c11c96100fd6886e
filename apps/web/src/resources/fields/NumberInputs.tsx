import { useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { NumberField } from '@paco/domain/fields';
import type { FieldInputProps } from './types';
import { fieldId, helper } from './types';
import { centsToNumber, formatMoneyInput, normalizeDecimal } from './masks';

const common = (p: FieldInputProps<NumberField>) => ({
  id: fieldId(p.name),
  name: p.name,
  label: p.field.label,
  required: p.field.required,
  onBlur: p.onBlur,
  inputRef: p.inputRef,
  error: !!p.error,
  helperText: helper(p),
  disabled: p.disabled,
  fullWidth: true,
});

/** Whole numbers (kept as text; the schema coerces). */
export function IntInput(p: FieldInputProps<NumberField>) {
  const negative = p.field.min === undefined || p.field.min < 0;
  return (
    <TextField
      {...common(p)}
      value={p.value === null || p.value === undefined ? '' : String(p.value)}
      onChange={(e) => {
        let v = e.target.value.replace(negative ? /[^\d-]/g : /\D/g, '');
        if (negative) v = v.replace(/(?!^)-/g, '');
        p.onChange(v);
      }}
      slotProps={{ htmlInput: { inputMode: 'numeric', pattern: negative ? '-?[0-9]*' : '[0-9]*' } }}
    />
  );
}

const toDisplay = (v: unknown): string => (v === null || v === undefined || v === '' ? '' : String(v).replace('.', ','));

/** Decimal numbers typed the pt-BR way (comma for decimals). */
export function DecimalInput(p: FieldInputProps<NumberField>) {
  const [text, setText] = useState(() => toDisplay(p.value));
  // an outside change (form reset) replaces what is typed
  const shown = normalizeDecimal(text) === String(p.value ?? '') ? text : toDisplay(p.value);
  return (
    <TextField
      {...common(p)}
      value={shown}
      onChange={(e) => {
        const t = e.target.value.replace(/[^\d.,-]/g, '');
        setText(t);
        p.onChange(normalizeDecimal(t));
      }}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  );
}

/** Money in BRL, typed as cents from the right (the usual Brazilian cash-register input). */
export function MoneyInput(p: FieldInputProps<NumberField>) {
  return (
    <TextField
      {...common(p)}
      value={formatMoneyInput(p.value)}
      onChange={(e) => {
        const n = centsToNumber(e.target.value);
        p.onChange(n === null ? '' : n);
      }}
      placeholder="0,00"
      slotProps={{
        htmlInput: { inputMode: 'numeric', style: { textAlign: 'right' } },
        input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
      }}
    />
  );
}
