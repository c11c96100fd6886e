/**
 * "Palavra fora das listas" (issue 13 §3; docs/plenary.md "Speaker kinds"): the operator grants an aparte during a
 * list speaker's speech, or gives the floor for a questão de ordem or a comunicação de liderança at any moment, to
 * a member present in the session's current phase. The buttons say why they are off (no speaker, one already under
 * way); the server refuses the same moves with the same words. The intervention runs on the server-kept clock and
 * shows in "Em fala agora" (CurrentSpeakerBar); ending it gives the floor back to the speech it interrupted.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SPEAKER_KINDS, floorOf, formatClock, isListSpeaker, presentNow, speakerKindLabel,
  type LiveMember, type LiveSpeaker, type LiveState, type SpeakerKind,
} from '@paco/domain/plenary';
import { calls } from './calls';
import { RefusalAlert, memberMap, memberName, parseClock, useRunner, withParty } from './shared';

const isOpen = (s: LiveSpeaker) => s.status === 'falando' || s.status === 'pausado';

/** Why each kind can't be given now (null: it can), as the server would refuse it. */
export function interventionBlocks(state: LiveState): Record<SpeakerKind, string | null> {
  const { session } = state;
  const notRunning = session.finalizada ? 'A sessão está finalizada.' : !session.iniciada ? 'Inicie a sessão para dar a palavra.' : null;
  const open = state.speakers.filter((s) => !isListSpeaker(s) && isOpen(s));
  const otherOpen = open.find((s) => s.modalidade !== 'aparte');
  const floor = floorOf(state.speakers);
  const listSpeaker = floor.speaker && isListSpeaker(floor.speaker) && floor.speaker.status === 'falando' ? floor.speaker : null;
  const other = otherOpen ? `Há uma ${speakerKindLabel(otherOpen.modalidade!).toLowerCase()} em curso: encerre-a antes.` : null;
  return {
    aparte: notRunning ?? (open.some((s) => s.modalidade === 'aparte') ? 'Já há um aparte em curso.' : null) ?? other
      ?? (listSpeaker ? null : 'O aparte é concedido durante a fala de um orador inscrito.'),
    questao_ordem: notRunning ?? other,
    lideranca: notRunning ?? other,
  };
}

export function InterventionBar({ state, sessionId }: { state: LiveState; sessionId: number }) {
  const [kind, setKind] = useState<SpeakerKind | null>(null);
  const blocks = interventionBlocks(state);
  const reasons = [...new Set(Object.values(blocks).filter((x): x is string => !!x))];
  if (state.session.finalizada) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="fora-das-listas" sx={{ p: 1.5, mb: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" id="fora-das-listas" sx={{ fontWeight: 600 }}>Palavra fora das listas</Typography>
        {SPEAKER_KINDS.map((k) => (
          <Button key={k.value} variant="outlined" disabled={!!blocks[k.value]} onClick={() => setKind(k.value)}>
            {k.value === 'aparte' ? 'Conceder aparte' : k.label}
          </Button>
        ))}
      </Stack>
      {reasons.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{reasons.join(' ')}</Typography>
      )}
      <InterventionDialog state={state} sessionId={sessionId} kind={kind} onClose={() => setKind(null)} />
    </Paper>
  );
}

function InterventionDialog({ state, sessionId, kind, onClose }: { state: LiveState; sessionId: number; kind: SpeakerKind | null; onClose: () => void }) {
  const r = useRunner();
  const clearRefusal = r.clear;
  const [member, setMember] = useState<LiveMember | null>(null);
  const [time, setTime] = useState('');
  const floor = floorOf(state.speakers);
  const main = kind === 'aparte' && floor.speaker && isListSpeaker(floor.speaker) ? floor.speaker : null;
  // a new kind of intervention starts from its time in the settings of that moment
  const startKind = useEffectEvent((k: typeof kind) => {
    if (k) {
      setMember(null);
      setTime(formatClock((state.settings.tempos[k] ?? 0) * 1000));
      clearRefusal();
    }
  });
  useEffect(() => startKind(kind), [kind]);
  const present = presentNow(state.presence);
  const options = state.members.filter((m) => present.has(m.id) && m.id !== main?.parliamentary_id);
  const seconds = parseClock(time);
  const badTime = seconds === null || seconds < 10 || seconds > 7200;
  const label = kind ? speakerKindLabel(kind) : '';
  const save = async () => {
    if (!kind || !member || badTime) return;
    const ok = await r.run('give', () => calls.intervencao(sessionId, {
      modalidade: kind, parliamentary_id: member.id, tempoConcedido: seconds!, ...(main ? { orador_id: main.id } : {}),
    }));
    if (ok) onClose();
  };
  const mainName = main ? memberName(memberMap(state).get(main.parliamentary_id), main.parliamentary_id) : '';
  return (
    <Dialog open={!!kind} onClose={r.busy('give') ? undefined : onClose} aria-labelledby="intervencao-titulo" maxWidth="sm" fullWidth>
      <DialogTitle id="intervencao-titulo">{kind === 'aparte' ? `Conceder aparte na fala de ${mainName}` : label}</DialogTitle>
      <DialogContent>
        <RefusalAlert error={r.error} sx={{ mb: 2 }} />
        <Box component="form" id="intervencao-form" onSubmit={(e) => { e.preventDefault(); void save(); }} sx={{ pt: 1, display: 'grid', gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {kind === 'aparte'
              ? `A fala de ${mainName} fica pausada durante o aparte e é retomada quando ele terminar.`
              : 'Quem estiver falando fica pausado e retoma a palavra quando esta fala terminar.'}
          </Typography>
          {kind === 'lideranca' && (
            <Alert severity="info">O cadastro não indica os líderes de partido ou bloco: qualquer vereador presente pode fazer a comunicação de liderança.</Alert>
          )}
          <Autocomplete<LiveMember>
            options={options}
            value={member}
            onChange={(_e, v) => setMember(v)}
            getOptionLabel={(m) => withParty(m, m.id)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText="Nenhum vereador presente nesta fase"
            renderInput={(p) => <TextField {...p} label="Vereador presente" helperText="Só os presentes na fase atual da sessão." autoFocus />}
          />
          <TextField
            label="Tempo concedido (min:seg)"
            value={time}
            onChange={(e) => setTime(e.target.value)}
            error={badTime}
            helperText={badTime ? 'Informe minutos:segundos, de 0:10 a 120:00.' : `Padrão de ${label.toLowerCase()}: ${formatClock((kind ? state.settings.tempos[kind] ?? 0 : 0) * 1000)}`}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={r.busy('give')}>Cancelar</Button>
        <Button type="submit" form="intervencao-form" variant="contained" loading={r.busy('give')} disabled={!member || badTime}>Dar a palavra</Button>
      </DialogActions>
    </Dialog>
  );
}
