import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import type { FieldInputProps } from './types';
import { fieldId, helper } from './types';

export default function BoolInput(p: FieldInputProps) {
  const id = fieldId(p.name);
  const hint = helper(p);
  return (
    <FormControl error={!!p.error} disabled={p.disabled}>
      <FormControlLabel
        label={p.field.label}
        control={
          <Switch
            id={id}
            name={p.name}
            checked={p.value === true}
            onChange={(e) => p.onChange(e.target.checked)}
            onBlur={p.onBlur}
            inputRef={p.inputRef}
            slotProps={{ input: { 'aria-describedby': hint ? `${id}-helper-text` : undefined } }}
          />
        }
      />
      {hint && <FormHelperText id={`${id}-helper-text`}>{hint}</FormHelperText>}
    </FormControl>
  );
}
