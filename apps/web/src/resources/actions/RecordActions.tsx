/**
 * The record screen's action buttons, from the definition's declared record actions and the states the server sent
 * with the record: an action that may not run now stays visible, marked unavailable, with the reason beside it.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import type { ResourceDef } from '@paco/domain/resource';
import { recordActions } from '@paco/domain/workflow';
import type { ApiRecord } from '../defs';
import { statesOf, useRecordAction } from './useRecordAction';

/**
 * `only`: these actions alone (a screen about one part of the record: the pauta's screen offers the session's
 * "Publicar pauta" and "PDF da pauta"); `label`: the group's accessible name.
 */
export default function RecordActions({ def, record, only, label = 'Ações do registro' }: { def: ResourceDef; record: ApiRecord; only?: readonly string[]; label?: string }) {
  const { start, dialog, busy } = useRecordAction(def);
  const states = statesOf(record);
  const mine = recordActions(def).filter(([name]) => states[name] && (!only || only.includes(name)));
  if (!mine.length) return null;
  const blocked = mine.filter(([name]) => !states[name].allowed);
  return (
    <Box sx={{ mb: 2 }} role="group" aria-label={label}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {mine.map(([name, a]) => {
          const st = states[name];
          return (
            <Button
              key={name}
              variant={st.allowed ? 'contained' : 'outlined'}
              color={a.tone === 'danger' ? 'error' : 'primary'}
              aria-disabled={!st.allowed}
              aria-describedby={st.allowed ? undefined : `why-${name}`}
              data-action={name}
              // a document opens in a new tab: no dialog to announce
              aria-haspopup={a.produces ? undefined : 'dialog'}
              sx={st.allowed ? undefined : { opacity: 0.75, borderStyle: 'dashed' }}
              startIcon={a.produces ? <PictureAsPdfIcon /> : undefined}
              loading={busy === name}
              onClick={() => start(name, record)}
            >
              {a.label}
            </Button>
          );
        })}
      </Stack>
      {blocked.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {blocked.map(([name, a]) => (
            <Typography key={name} component="li" variant="body2" color="text.secondary" id={`why-${name}`}>
              {a.label}: {states[name].reason}
            </Typography>
          ))}
        </Box>
      )}
      {dialog}
    </Box>
  );
}
