/**
 * A record's deadline beside its date (the definition's `deadline`): "Em atraso há N dias" while the record still
 * waits and the date has passed, "vence hoje" / "vence em N dias" in the last days, nothing otherwise.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDate } from '@paco/domain/format';
import { DEADLINE_SOON_DAYS as SOON } from '@paco/domain/constants';
import type { SelectField } from '@paco/domain/fields';
import type { ResourceDef } from '@paco/domain/resource';
import { deadlineOf, deadlineText } from '@paco/domain/workflow';

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The deadline in words, for CSV and the like: "20/03/2026 (em atraso há 3 dias)". */
export function deadlineLabel(def: ResourceDef, row: Record<string, unknown>): string {
  const date = def.deadline ? row[def.deadline.field] : null;
  const text = typeof date === 'string' ? formatDate(date) : '';
  const s = deadlineOf(def, row);
  return s && (s.overdue || s.days <= SOON) ? `${text} (${deadlineText(s)})` : text;
}

/** "Em atraso há N dias" (a red chip) or "vence em N dias", for the record's state now; null when nothing to say. */
export function DeadlineNote({ def, row }: { def: ResourceDef; row: Record<string, unknown> }) {
  const s = deadlineOf(def, row);
  if (!s) return null;
  if (s.overdue) return <Chip component="span" size="small" color="error" label={capital(deadlineText(s))} />;
  if (s.days > SOON) return null;
  return <Typography component="span" variant="body2" color="text.secondary">{deadlineText(s)}</Typography>;
}

/** The deadline's date and its note, side by side (a list cell, the record's summary). */
export function DeadlineValue({ def, row }: { def: ResourceDef; row: Record<string, unknown> }) {
  const date = def.deadline ? row[def.deadline.field] : null;
  if (typeof date !== 'string' || !date) return <>—</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <span>{formatDate(date)}</span>
      <DeadlineNote def={def} row={row} />
    </Box>
  );
}

/**
 * The list filter of a definition with a deadline (`?vencimento=`, applied by the server to the rows still waiting):
 * "Vencido" or "Vence em até 5 dias", beside the list's other filters.
 */
export function deadlineFilters(def: ResourceDef): [string, SelectField][] {
  if (!def.deadline) return [];
  const label = def.fields[def.deadline.field]?.label ?? 'Prazo';
  return [['vencimento', { kind: 'select', label, options: [{ value: 'vencido', label: 'Vencido' }, { value: 'a_vencer', label: `Vence em até ${SOON} dias` }] }]];
}
