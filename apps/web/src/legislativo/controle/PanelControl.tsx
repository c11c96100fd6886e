/**
 * What the public panel shows (issue 16 item 9), chosen from the control room: the complete panel, the members
 * (large names, presence and votes), the voting alone, or a message ("Intervalo de 15 minutos"). The choice goes
 * to every open panel by push (`POST plenary_sessions/:id/panel`).
 */
import { useEffect, useEffectEvent, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { PANEL_LAYOUTS, type LiveState, type PanelLayout } from '@paco/domain/plenary';
import { notifySuccess } from '../../shell/notify';
import { calls } from './calls';
import { RefusalAlert, useRunner } from './shared';

export function PanelControl({ state, sessionId }: { state: LiveState; sessionId: number }) {
  const r = useRunner();
  const current = state.painel?.layout ?? 'completo';
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  // opening the editor starts from the panel's message of that moment
  const startEditing = useEffectEvent((on: boolean) => {
    if (on) setText(state.painel?.mensagem ?? '');
  });
  useEffect(() => startEditing(editing), [editing]);

  const choose = async (layout: PanelLayout) => {
    if (layout === 'mensagem') return setEditing(true);
    if (await r.run('layout', () => calls.panel(sessionId, layout))) notifySuccess(`Painel: ${PANEL_LAYOUTS.find((l) => l.value === layout)?.label}.`);
  };
  const trimmed = text.trim();
  const showMessage = async () => {
    if (!trimmed) return;
    if (await r.run('mensagem', () => calls.panel(sessionId, 'mensagem', trimmed))) {
      setEditing(false);
      notifySuccess('Mensagem no painel.');
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2" component="span" id="tela-painel" sx={{ fontWeight: 600 }}>Tela do painel:</Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={current}
        aria-labelledby="tela-painel"
        onChange={(_e, v: PanelLayout | null) => { if (v) void choose(v); }}
        disabled={r.busy('layout')}
      >
        {PANEL_LAYOUTS.map((l) => <ToggleButton key={l.value} value={l.value} sx={{ textTransform: 'none' }}>{l.label}</ToggleButton>)}
      </ToggleButtonGroup>
      {current === 'mensagem' && (
        <Button size="small" onClick={() => setEditing(true)}>Editar mensagem</Button>
      )}
      <RefusalAlert error={r.error?.key === 'layout' ? r.error : null} onClose={r.clear} sx={{ width: '100%' }} />
      <Dialog open={editing} onClose={r.busy('mensagem') ? undefined : () => setEditing(false)} aria-labelledby="mensagem-titulo" maxWidth="sm" fullWidth>
        <DialogTitle id="mensagem-titulo">Mensagem no painel</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>O painel público passa a mostrar só esta mensagem, em letras grandes, até você escolher outra tela.</DialogContentText>
          <RefusalAlert error={r.error?.key === 'mensagem' ? r.error : null} sx={{ mb: 2 }} />
          <Box component="form" id="mensagem-form" onSubmit={(e) => { e.preventDefault(); void showMessage(); }}>
            <TextField
              label="Mensagem"
              value={text}
              onChange={(e) => setText(e.target.value)}
              required
              fullWidth
              multiline
              minRows={2}
              autoFocus
              helperText={`${trimmed.length}/300 caracteres`}
              error={trimmed.length > 300}
              slotProps={{ htmlInput: { maxLength: 300 } }}
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEditing(false)} disabled={r.busy('mensagem')}>Cancelar</Button>
          <Button type="submit" form="mensagem-form" variant="contained" disabled={!trimmed} loading={r.busy('mensagem')}>Mostrar no painel</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
