import { useRef } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { FieldInputProps } from './types';
import { fieldId, helper } from './types';
import { useCaret } from './useCaret';
import { caretAfter } from './masks';
import { datePlaceholder, fromTyped, maskDate, toText, type DateKind } from './dates';

const nativeType: Record<DateKind, string> = { date: 'date', datetime: 'datetime-local', time: 'time' };

/**
 * Date, date-time and time typed as dd/mm/aaaa, dd/mm/aaaa hh:mm and hh:mm whatever the browser's language (a
 * native date input follows the browser's: mm/dd/yyyy on an English one), masked as typed; the form holds the
 * API's form (dates.ts). The button beside it opens the browser's calendar (or clock) for whoever prefers to pick:
 * a hidden native input whose choice comes back in the API's form.
 */
export default function DateInput(p: FieldInputProps) {
  const kind = p.field.kind as DateKind;
  const { local, caret, setRefs } = useCaret(p.inputRef);
  const picker = useRef<HTMLInputElement | null>(null);
  const text = toText(kind, p.value);

  const openPicker = () => {
    const el = picker.current;
    if (!el) return;
    const v = typeof p.value === 'string' ? p.value : '';
    el.value = kind === 'datetime' ? v.slice(0, 16) : v;
    try {
      el.showPicker();
    } catch {
      local.current?.focus(); // no native picker here: type it
    }
  };

  const pickLabel = kind === 'time' ? `Escolher horário de ${p.field.label}` : `Escolher no calendário a ${p.field.label}`;
  return (
    <TextField
      id={fieldId(p.name)}
      name={p.name}
      label={p.field.label}
      required={p.field.required}
      value={text}
      onChange={(e) => {
        const raw = e.target.value;
        const pos = e.target.selectionStart ?? raw.length;
        const before = raw.slice(0, pos).replace(/\D+/g, '').length;
        const masked = maskDate(kind, raw);
        caret.current = pos >= raw.length ? masked.length : caretAfter(masked, before);
        p.onChange(fromTyped(kind, raw));
      }}
      onBlur={p.onBlur}
      inputRef={setRefs}
      error={!!p.error}
      helperText={helper(p)}
      disabled={p.disabled}
      fullWidth
      placeholder={datePlaceholder[kind]}
      autoComplete="off"
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', maxLength: datePlaceholder[kind].length },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton edge="end" size="small" tabIndex={-1} aria-label={pickLabel} title={pickLabel} onClick={openPicker} disabled={p.disabled}>
                {kind === 'time' ? <ScheduleIcon fontSize="small" /> : <CalendarMonthIcon fontSize="small" />}
              </IconButton>
              <input
                ref={picker}
                type={nativeType[kind]}
                tabIndex={-1}
                aria-hidden="true"
                aria-label={pickLabel}
                onChange={(e) => e.target.value && p.onChange(kind === 'time' ? e.target.value.slice(0, 5) : e.target.value)}
                style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0, pointerEvents: 'none' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
