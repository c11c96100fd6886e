import TextField from '@mui/material/TextField';
import type { FieldInputProps } from './types';
import { fieldId, helper } from './types';
import { useCaret } from './useCaret';
import type { MaskKind } from './masks';
import { caretAfter, mask, maskPlaceholder, significant } from './masks';

/** CPF, CNPJ (alphanumeric allowed, upper-cased), CEP and phone, masked while typing; the caret stays in place. */
export default function MaskedInput(p: FieldInputProps) {
  const kind = p.field.kind as MaskKind;
  const { caret, setRefs } = useCaret(p.inputRef);
  const value = mask(kind, (p.value as string | null | undefined) ?? '');

  return (
    <TextField
      id={fieldId(p.name)}
      name={p.name}
      label={p.field.label}
      required={p.field.required}
      value={value}
      onChange={(e) => {
        const raw = e.target.value;
        const pos = e.target.selectionStart ?? raw.length;
        const before = significant(kind, raw.slice(0, pos)).length;
        const next = mask(kind, raw);
        caret.current = pos >= raw.length ? next.length : caretAfter(next, before);
        p.onChange(next);
      }}
      onBlur={p.onBlur}
      inputRef={setRefs}
      error={!!p.error}
      helperText={helper(p)}
      disabled={p.disabled}
      fullWidth
      placeholder={maskPlaceholder[kind]}
      autoComplete={kind === 'phone' ? 'tel-national' : kind === 'cep' ? 'postal-code' : 'off'}
      slotProps={{
        htmlInput: {
          inputMode: kind === 'cnpj' ? 'text' : 'numeric',
          style: kind === 'cnpj' ? { textTransform: 'uppercase' } : undefined,
        },
      }}
    />
  );
}
