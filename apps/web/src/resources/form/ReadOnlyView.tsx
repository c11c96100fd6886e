import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ResourceDef } from '@paco/domain/resource';
import type { ApiRecord } from '../defs';
import { visibleFields } from '../defs';
import { WIDE_KINDS } from '../fields/layout';
import { ValueView } from '../display';
import { DeadlineValue } from '../deadline';

/**
 * Every visible field of a record, formatted, for users who may read but not change it; with `only`, those of the
 * fields; `omit`: those shown elsewhere (the record's summary above).
 */
export default function ReadOnlyView({ def, record, only, omit }: { def: ResourceDef; record: ApiRecord; only?: readonly string[]; omit?: readonly string[] }) {
  const fields = visibleFields(def).filter(([k]) => (!only || only.includes(k)) && !omit?.includes(k));
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, m: 0 }}>
      {fields.map(([k, fl]) => (
        <Box key={k} sx={{ gridColumn: WIDE_KINDS.has(fl.kind) ? '1 / -1' : undefined, minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {fl.label}
          </Typography>
          <Typography component="dd" variant="body1" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {k === def.deadline?.field ? <DeadlineValue def={def} row={record} /> : <ValueView field={fl} name={k} row={record} />}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
