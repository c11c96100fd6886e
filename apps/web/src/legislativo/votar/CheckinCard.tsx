/**
 * The member's presence in each phase: a big "Registrar presença" button while the phase's list is open and the
 * member is not in it (`POST plenary_sessions/:id/add_checkin {type}`), "Presença registrada na …" once present.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { PHASES, type LivePresenceList, type Phase } from '@paco/domain/plenary';
import { checkIn, refusalOf } from './api';
import { inPhase, phaseLabel } from './labels';

export function CheckinCard(p: {
  sessionId: number;
  presence: Record<Phase, LivePresenceList>;
  isPresent: (phase: Phase) => boolean;
  sessionOver: boolean;
  onCheckedIn: (phase: Phase) => void;
  onError: (message: string | null) => void;
  onAnnounce: (message: string) => void;
}) {
  const [sending, setSending] = useState<Phase | null>(null);

  const register = async (phase: Phase) => {
    if (sending) return;
    setSending(phase);
    p.onError(null);
    try {
      await checkIn(p.sessionId, phase);
      p.onCheckedIn(phase);
      p.onAnnounce(`Presença registrada ${inPhase(phase)}.`);
    } catch (e) {
      p.onError(refusalOf(e, 'Não foi possível registrar a sua presença.'));
    } finally {
      setSending(null);
    }
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby="votar-presenca" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="votar-presenca" variant="h6" component="h2" sx={{ mb: 1 }}>Presença</Typography>
      <Stack spacing={1.5}>
        {PHASES.map(({ value: phase }) => {
          const list = p.presence[phase];
          if (p.isPresent(phase)) {
            return (
              <Stack key={phase} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <CheckCircleIcon sx={{ color: 'success.dark' }} aria-hidden />
                <Typography sx={{ fontWeight: 600 }}>Presença registrada {inPhase(phase)}</Typography>
              </Stack>
            );
          }
          if (list?.status === 'aberta' && !p.sessionOver) {
            const busy = sending === phase;
            return (
              <Box key={phase}>
                <Typography sx={{ mb: 1 }}>A lista de presença {inPhase(phase)} está aberta.</Typography>
                <Button
                  variant="contained"
                  size="large"
                  fullWidth
                  onClick={() => void register(phase)}
                  disabled={sending !== null}
                  aria-busy={busy || undefined}
                  startIcon={busy ? <CircularProgress size={26} color="inherit" aria-hidden /> : <HowToRegIcon sx={{ fontSize: '2rem !important' }} />}
                  sx={{ minHeight: 72, fontSize: '1.35rem', fontWeight: 700, textTransform: 'none' }}
                >
                  {busy ? 'Registrando presença…' : 'Registrar presença'}
                </Button>
              </Box>
            );
          }
          return (
            <Stack key={phase} direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <RadioButtonUncheckedIcon fontSize="small" aria-hidden />
              <Typography>
                {phaseLabel(phase)}: {list?.status === 'encerrada' ? 'lista de presença encerrada, sem o seu registro' : 'lista de presença ainda não aberta'}
              </Typography>
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
