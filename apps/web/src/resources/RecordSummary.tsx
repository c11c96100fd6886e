/**
 * What the server says of a record above its form (the definition's `summary`, else its read-only fields): its
 * state, deadline (with "em atraso"), answer, the record an action created… — fields set by the server, which the
 * edit form, made of what people type, does not show. Empty ones are left out.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ResourceDef } from '@paco/domain/resource';
import type { ApiRecord } from './defs';
import { visibleFields } from './defs';
import { ValueView } from './display';
import { DeadlineValue } from './deadline';
import { WIDE_KINDS } from './fields/layout';

const empty = (v: unknown): boolean => v === null || v === undefined || v === '';

/** The fields of the summary: declared, else the visible read-only ones (files apart). */
export const summaryKeys = (def: ResourceDef): readonly string[] =>
  def.summary ?? visibleFields(def).filter(([, fl]) => fl.readOnly && fl.kind !== 'file').map(([k]) => k);

export default function RecordSummary({ def, record }: { def: ResourceDef; record: ApiRecord }) {
  const shown = summaryKeys(def).filter((k) => def.fields[k] && (!empty(record[k]) || k === def.deadline?.field));
  if (!shown.length) return null;
  return (
    <Paper component="section" variant="outlined" aria-label={`Situação ${def.label.gender === 'f' ? 'da' : 'do'} ${def.label.one.toLowerCase()}`} sx={{ p: 2, mb: 2 }}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 2, m: 0 }}>
        {shown.map((k) => {
          const fl = def.fields[k];
          return (
            <Box key={k} sx={{ gridColumn: WIDE_KINDS.has(fl.kind) ? '1 / -1' : undefined, minWidth: 0 }} data-summary={k}>
              <Typography component="dt" variant="caption" color="text.secondary">{fl.label}</Typography>
              <Typography component="dd" variant="body1" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {k === def.deadline?.field ? <DeadlineValue def={def} row={record} /> : <ValueView field={fl} name={k} row={record} />}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}
