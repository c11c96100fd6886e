/** Filter controls of a list, one per filterable field: bool (Todos/Sim/Não), select, ref (search), others (text). */
import { useEffect, useEffectEvent, useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Field, RefField } from '@paco/domain/fields';
import type { ResourceDef } from '@paco/domain/resource';
import DateInput from '../fields/DateInput';
import RefInput from '../fields/RefInput';
import type { ListQuery } from '../defs';
import { useDebounced } from '../useDebounced';

export interface FilterProps {
  name: string;
  field: Field;
  value: string;
  onChange: (value: string | null) => void;
  /** references: extra filters of the options (dependent references) */
  extraQuery?: ListQuery;
  /**
   * references: the listed resource, whose options route offers who may not read the target's list the values its
   * rows use (`?in=rows`)
   */
  owner?: ResourceDef;
}

const width = { minWidth: 180, maxWidth: 260, flex: '1 1 180px' };

function DebouncedText({ name, field, value, onChange }: FilterProps) {
  const [text, setText] = useState(value);
  const debounced = useDebounced(text, 300);
  // when the typed text settles, with the value and callback of that moment
  const settle = useEffectEvent((typed: string) => {
    if (typed !== value) onChange(typed || null);
  });
  useEffect(() => settle(debounced), [debounced]);
  return (
    <TextField
      size="small"
      id={`filter-${name}`}
      label={field.label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      // leaving the box applies what was typed at once: the panel may be closed (and this box gone) before the pause
      onBlur={() => {
        if (text !== value) onChange(text || null);
      }}
      sx={width}
      slotProps={{ htmlInput: field.kind === 'int' ? { inputMode: 'numeric' } : undefined }}
    />
  );
}

export function FilterControl(p: FilterProps) {
  const { name, field, value, onChange } = p;
  if (field.kind === 'bool' || field.kind === 'select') {
    const options = field.kind === 'bool' ? [{ value: 'true', label: 'Sim' }, { value: 'false', label: 'Não' }] : field.options;
    return (
      <TextField select size="small" id={`filter-${name}`} label={field.label} value={value} onChange={(e) => onChange(e.target.value || null)} sx={width}>
        <MenuItem value="">
          <em>Todos</em>
        </MenuItem>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (field.kind === 'ref') {
    return (
      <Box sx={width}>
        <RefInput
          name={`filter-${name}`}
          field={{ ...(field as RefField), required: false, help: undefined }}
          value={value}
          onChange={(v) => onChange(v === null || v === undefined ? null : String(v))}
          onBlur={() => undefined}
          mode="edit"
          size="small"
          extraQuery={p.extraQuery}
          owner={p.owner ? { def: p.owner, field: name, in: 'rows' } : undefined}
        />
      </Box>
    );
  }
  return <DebouncedText {...p} />;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One end of a period: typed as dd/mm/aaaa like the forms' dates; reaches the address once complete, or emptied. */
function DateBound({ name, label, value, onChange }: { name: string; label: string; value: string; onChange: (v: string | null) => void }) {
  const [typed, setTyped] = useState<unknown>(value);
  // the address changed by other means ("Limpar filtros", Back): the box shows it
  useEffect(() => { setTyped(value); }, [value]);
  return (
    <Box sx={{ flex: 1, minWidth: 150 }}>
      <DateInput
        name={`filtro-${name}`}
        field={{ kind: 'date', label }}
        value={typed}
        mode="edit"
        onBlur={() => undefined}
        onChange={(v) => {
          setTyped(v);
          const text = typeof v === 'string' ? v : '';
          if (text === '' || ISO_DATE.test(text)) onChange(text || null);
        }}
      />
    </Box>
  );
}

/**
 * A date range of a list ("Data de apresentação: de … até …"), sent as `?{name}_gte=` and `?{name}_lte=` (both days
 * included; on a date-and-time field the server takes each date as the whole day).
 */
export function DateRangeFilter({ name, field, from, to, onChange }: { name: string; field: Field; from: string; to: string; onChange: (patch: Record<string, string | null>) => void }) {
  return (
    <Box role="group" aria-label={`${field.label}: período`} sx={{ display: 'flex', gap: 1, flex: '2 1 320px', maxWidth: 440 }}>
      <DateBound name={`${name}_gte`} label={`${field.label}: de`} value={from} onChange={(v) => onChange({ [`${name}_gte`]: v })} />
      <DateBound name={`${name}_lte`} label={`${field.label}: até`} value={to} onChange={(v) => onChange({ [`${name}_lte`]: v })} />
    </Box>
  );
}
