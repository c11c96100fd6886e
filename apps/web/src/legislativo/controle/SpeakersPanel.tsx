/**
 * Oradores: the three lists (expediente, ordem do dia, explicações pessoais), enrolment, order, removal, and each
 * speaker's server-kept clock (start / pause / finish, +1 min, allotted time). The clock shown is
 * `elapsedMs(speaker, now())`, refreshed every 250 ms from the pushed state; no per-second events.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import MoreTimeIcon from '@mui/icons-material/MoreTime';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import StopIcon from '@mui/icons-material/Stop';
import TimerIcon from '@mui/icons-material/Timer';
import {
  SPEAKER_LISTS, SPEAKER_STATUS, elapsedMs, floorOf, formatClock, isListSpeaker, labelOf, presentNow, speakerLabel,
  type LiveMember, type LiveSpeaker, type LiveState, type SpeakerList,
} from '@paco/domain/plenary';
import ConfirmDialog from '../../resources/ConfirmDialog';
import { calls } from './calls';
import { RefusalAlert, memberMap, memberName, parseClock, useRunner, useTicker, withParty, type Runner } from './shared';

const byOrder = (a: LiveSpeaker, b: LiveSpeaker) => (a.ordem ?? 1e9) - (b.ordem ?? 1e9) || a.id - b.id;

/** The speaker the room is listening to (the aparte while it runs), else the one with the floor, paused (`floorOf`). */
export const currentSpeaker = (state: LiveState): LiveSpeaker | null => {
  const floor = floorOf(state.speakers);
  return floor.aparte?.status === 'falando' ? floor.aparte : floor.speaker;
};

/** Start/pause, finish and +1 min of a speaker, through a runner (so the keyboard shortcuts share the state). */
export function speakerActions(r: Runner) {
  return {
    toggle: (s: LiveSpeaker) => r.run(`sp:${s.id}:toggle`, () => calls.speaker(s.status === 'falando' ? 'pause' : 'start', s.id)),
    finish: (s: LiveSpeaker) => r.run(`sp:${s.id}:finish`, () => calls.speaker('finish', s.id)),
    plusMinute: (s: LiveSpeaker) => r.run(`sp:${s.id}:plus`, () => calls.speakerTime(s.id, { acrescimo: 60 })),
  };
}

const statusColor = (s: LiveSpeaker['status']) => (s === 'falando' ? 'success' : s === 'pausado' ? 'warning' : 'default');

/** The clock of one speaker: elapsed of allotted, remaining or exceeded, a bar. */
export function SpeakerClock({ speaker, now, big }: { speaker: LiveSpeaker; now: () => number; big?: boolean }) {
  useTicker(speaker.status === 'falando');
  const el = elapsedMs(speaker, now());
  const allotted = speaker.tempo_concedido * 1000;
  const remaining = allotted - el;
  const over = allotted > 0 && remaining < 0;
  return (
    <Box sx={{ width: big ? 230 : 170, flexShrink: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
        <Typography
          role="timer"
          aria-label={`Tempo falado ${formatClock(el)} de ${formatClock(allotted)}`}
          variant={big ? 'h3' : 'h6'}
          component="span"
          sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, color: over ? 'error.main' : undefined }}
        >
          {formatClock(el)}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="span">de {formatClock(allotted)}</Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={allotted > 0 ? Math.min(100, (el / allotted) * 100) : 0}
        color={over ? 'error' : speaker.status === 'falando' ? 'success' : 'primary'}
        sx={{ height: big ? 8 : 4, borderRadius: 2, my: 0.5 }}
        aria-hidden
      />
      <Typography variant="caption" sx={{ color: over ? 'error.main' : 'text.secondary', fontWeight: over ? 700 : undefined }}>
        {over ? `Tempo excedido em ${formatClock(-remaining)}` : `Restam ${formatClock(remaining)}`}
      </Typography>
    </Box>
  );
}

/** "Em fala agora": always visible above the sections, with the aparte under way in the speech. */
export function CurrentSpeakerBar({ state, now, runner }: { state: LiveState; now: () => number; runner: Runner }) {
  const { speaker: s, aparte } = floorOf(state.speakers);
  if (!s) return null;
  const m = memberMap(state).get(s.parliamentary_id);
  const act = speakerActions(runner);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Orador em fala"
      sx={{ p: 2, mb: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', borderColor: s.status === 'falando' ? 'success.dark' : 'warning.main', borderWidth: 2 }}
    >
      <RecordVoiceOverIcon color={s.status === 'falando' ? 'success' : 'warning'} aria-hidden sx={{ fontSize: 36 }} />
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography variant="overline" component="p" sx={{ lineHeight: 1.4 }}>
          {s.status === 'falando' ? 'Em fala agora' : 'Fala pausada'} · {speakerLabel(s)}
        </Typography>
        <Typography variant="h6" component="p">{withParty(m, s.parliamentary_id)}</Typography>
      </Box>
      <SpeakerClock speaker={s} now={now} big />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          color={s.status === 'falando' ? 'warning' : 'success'}
          startIcon={s.status === 'falando' ? <PauseIcon /> : <PlayArrowIcon />}
          loading={runner.busy(`sp:${s.id}:toggle`)}
          onClick={() => void act.toggle(s)}
        >
          {s.status === 'falando' ? 'Pausar' : 'Retomar'}
        </Button>
        <Button variant="outlined" startIcon={<MoreTimeIcon />} loading={runner.busy(`sp:${s.id}:plus`)} onClick={() => void act.plusMinute(s)}>
          +1 min
        </Button>
        <Button variant="outlined" color="error" startIcon={<StopIcon />} loading={runner.busy(`sp:${s.id}:finish`)} onClick={() => void act.finish(s)}>
          Encerrar fala
        </Button>
      </Stack>
      {aparte && <AparteRow aparte={aparte} state={state} now={now} runner={runner} />}
    </Paper>
  );
}

/** "Em aparte: X" inside the speech, with its own clock and its own buttons. */
function AparteRow({ aparte, state, now, runner }: { aparte: LiveSpeaker; state: LiveState; now: () => number; runner: Runner }) {
  const act = speakerActions(runner);
  const name = withParty(memberMap(state).get(aparte.parliamentary_id), aparte.parliamentary_id);
  return (
    <Box component="section" aria-label="Aparte em curso" sx={{ flexBasis: '100%', display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', pl: { md: 6.5 }, pt: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography variant="overline" component="p" sx={{ lineHeight: 1.4 }}>{aparte.status === 'falando' ? 'Em aparte' : 'Aparte pausado'}</Typography>
        <Typography variant="h6" component="p" data-testid="controle-aparte">{`Em aparte: ${name}`}</Typography>
      </Box>
      <SpeakerClock speaker={aparte} now={now} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          color={aparte.status === 'falando' ? 'warning' : 'success'}
          startIcon={aparte.status === 'falando' ? <PauseIcon /> : <PlayArrowIcon />}
          loading={runner.busy(`sp:${aparte.id}:toggle`)}
          onClick={() => void act.toggle(aparte)}
        >
          {aparte.status === 'falando' ? 'Pausar aparte' : 'Retomar aparte'}
        </Button>
        <Button variant="outlined" color="error" startIcon={<StopIcon />} loading={runner.busy(`sp:${aparte.id}:finish`)} onClick={() => void act.finish(aparte)}>
          Encerrar aparte
        </Button>
      </Stack>
    </Box>
  );
}

export function SpeakersPanel({ state, sessionId, now }: { state: LiveState; sessionId: number; now: () => number }) {
  const r = useRunner();
  const act = speakerActions(r);
  const members = memberMap(state);
  const speaking = currentSpeaker(state);
  const [list, setList] = useState<SpeakerList>(speaking?.lista ?? 'expediente');
  // the list of whoever starts speaking comes to the front
  const toFront = useEffectEvent(() => {
    if (speaking?.status === 'falando') setList(speaking.lista);
  });
  useEffect(() => toFront(), [speaking?.id, speaking?.status]);
  const [candidate, setCandidate] = useState<LiveMember | null>(null);
  const [adjusting, setAdjusting] = useState<LiveSpeaker | null>(null);
  const [removing, setRemoving] = useState<LiveSpeaker | null>(null);
  const { session } = state;
  const canSpeak = session.iniciada && !session.finalizada;
  const speakers = state.speakers.filter((s) => isListSpeaker(s) && s.lista === list).sort(byOrder);
  const present = presentNow(state.presence);
  const listLabel = labelOf(SPEAKER_LISTS, list);

  const move = (index: number, dir: -1 | 1) => {
    const order = [...speakers];
    const [it] = order.splice(index, 1);
    order.splice(index + dir, 0, it);
    void r.run(`order:${it.id}`, () => calls.reorderSpeakers(sessionId, order.map((s, i) => ({ id: s.id, ordem: i + 1 }))));
  };

  return (
    <Box>
      <RefusalAlert error={r.error} onClose={r.clear} sx={{ mb: 2, position: 'sticky', top: 72, zIndex: 2 }} />
      {!canSpeak && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {session.finalizada ? 'A sessão está finalizada.' : 'Inicie a sessão para dar a palavra aos oradores. Você já pode inscrevê-los.'}
        </Typography>
      )}
      <ToggleButtonGroup
        exclusive
        value={list}
        onChange={(_e, v: SpeakerList | null) => v && setList(v)}
        aria-label="Lista de oradores"
        size="small"
        sx={{ mb: 2, flexWrap: 'wrap' }}
      >
        {SPEAKER_LISTS.map((l) => {
          const n = state.speakers.filter((s) => isListSpeaker(s) && s.lista === l.value).length;
          return <ToggleButton key={l.value} value={l.value} sx={{ px: 2 }}>{`${l.label} (${n})`}</ToggleButton>;
        })}
      </ToggleButtonGroup>

      <Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
          <Autocomplete<LiveMember>
            options={state.members}
            value={candidate}
            onChange={(_e, v) => setCandidate(v)}
            getOptionLabel={(m) => withParty(m, m.id)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText="Nenhum vereador encontrado"
            sx={{ flex: '1 1 320px', maxWidth: 480 }}
            size="small"
            renderInput={(p) => <TextField {...p} label={`Vereador para inscrever em ${listLabel}`} />}
          />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={!candidate || session.finalizada}
            loading={r.busy('add')}
            onClick={async () => {
              if (!candidate) return;
              if (await r.run('add', () => calls.addSpeaker(sessionId, list, [candidate.id]))) setCandidate(null);
            }}
          >
            Inscrever orador
          </Button>
          <Typography variant="body2" color="text.secondary">
            Tempo padrão: {formatClock((state.settings.tempos[list] ?? 0) * 1000)}
          </Typography>
        </Stack>

        {speakers.length === 0 ? (
          <Typography color="text.secondary">Nenhum orador inscrito em {listLabel}.</Typography>
        ) : (
          <Box component="ol" aria-label={`Oradores · ${listLabel}`} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {speakers.map((s, i) => {
              const m = members.get(s.parliamentary_id);
              const name = memberName(m, s.parliamentary_id);
              const done = s.status === 'concluido';
              // absent in the session's current phase: left out of the panel's next speakers; the operator may skip them
              const absent = s.status === 'aguardando' && !present.has(s.parliamentary_id);
              return (
                <Paper
                  key={s.id}
                  component="li"
                  variant="outlined"
                  aria-label={`${i + 1}º orador: ${name}${absent ? ' (ausente)' : ''}`}
                  sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', borderColor: s.status === 'falando' ? 'success.dark' : undefined, borderWidth: s.status === 'falando' ? 2 : 1, opacity: done ? 0.8 : 1 }}
                >
                  <Typography variant="h6" component="span" sx={{ width: 32, textAlign: 'center' }} aria-hidden>{i + 1}º</Typography>
                  <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography variant="body2" color="text.secondary">{m?.partido ?? 'Sem partido'}</Typography>
                      <Chip size="small" color={statusColor(s.status)} label={labelOf(SPEAKER_STATUS, s.status)} />
                      {absent && <Chip size="small" variant="outlined" label="ausente" />}
                    </Stack>
                  </Box>
                  <SpeakerClock speaker={s} now={now} />
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end', minWidth: { md: 440 } }}>
                    {!done && (
                      <Button
                        size="small"
                        variant={s.status === 'falando' ? 'outlined' : 'contained'}
                        color={s.status === 'falando' ? 'warning' : 'success'}
                        startIcon={s.status === 'falando' ? <PauseIcon /> : <PlayArrowIcon />}
                        disabled={!canSpeak}
                        loading={r.busy(`sp:${s.id}:toggle`)}
                        onClick={() => void act.toggle(s)}
                        aria-label={`${s.status === 'falando' ? 'Pausar' : s.status === 'pausado' ? 'Retomar' : 'Iniciar'} fala de ${name}`}
                      >
                        {s.status === 'falando' ? 'Pausar' : s.status === 'pausado' ? 'Retomar' : 'Iniciar'}
                      </Button>
                    )}
                    {(s.status === 'falando' || s.status === 'pausado') && (
                      <Button size="small" color="error" startIcon={<StopIcon />} loading={r.busy(`sp:${s.id}:finish`)} onClick={() => void act.finish(s)} aria-label={`Encerrar fala de ${name}`}>
                        Encerrar
                      </Button>
                    )}
                    {!done && (
                      <Button size="small" startIcon={<MoreTimeIcon />} loading={r.busy(`sp:${s.id}:plus`)} onClick={() => void act.plusMinute(s)} aria-label={`Mais 1 minuto para ${name}`}>
                        +1 min
                      </Button>
                    )}
                    <Tooltip title="Ajustar tempo concedido">
                      <IconButton size="small" aria-label={`Ajustar tempo de ${name}`} onClick={() => setAdjusting(s)}>
                        <TimerIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Subir">
                      <span>
                        <IconButton size="small" aria-label={`Subir ${name} na lista`} disabled={i === 0 || r.busy(`order:${s.id}`)} onClick={() => move(i, -1)}>
                          <ArrowUpwardIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title="Descer">
                      <span>
                        <IconButton size="small" aria-label={`Descer ${name} na lista`} disabled={i === speakers.length - 1 || r.busy(`order:${s.id}`)} onClick={() => move(i, 1)}>
                          <ArrowDownwardIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title="Remover da lista">
                      <IconButton size="small" aria-label={`Remover ${name} da lista`} onClick={() => setRemoving(s)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                </Paper>
              );
            })}
          </Box>
        )}
      </Box>

      <TimeDialog speaker={adjusting} name={adjusting ? memberName(members.get(adjusting.parliamentary_id), adjusting.parliamentary_id) : ''} onClose={() => setAdjusting(null)} />
      <ConfirmDialog
        open={!!removing}
        title="Remover o orador da lista?"
        message={removing ? `${memberName(members.get(removing.parliamentary_id), removing.parliamentary_id)} sai da lista ${labelOf(SPEAKER_LISTS, removing.lista)}.` : undefined}
        confirmLabel="Remover"
        destructive
        busy={!!removing && r.busy(`remove:${removing.id}`)}
        onConfirm={async () => {
          if (!removing) return;
          await r.run(`remove:${removing.id}`, () => calls.removeSpeaker(sessionId, removing.id));
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}

function TimeDialog({ speaker, name, onClose }: { speaker: LiveSpeaker | null; name: string; onClose: () => void }) {
  const r = useRunner();
  const clearRefusal = r.clear;
  const [text, setText] = useState('');
  useEffect(() => {
    if (speaker) {
      setText(formatClock(speaker.tempo_concedido * 1000));
      clearRefusal();
    }
  }, [speaker, clearRefusal]);
  const seconds = parseClock(text);
  const invalid = seconds === null || seconds > 86_400;
  const save = async () => {
    if (!speaker || invalid) return;
    if (await r.run('save', () => calls.speakerTime(speaker.id, { tempoConcedido: seconds! }))) onClose();
  };
  return (
    <Dialog open={!!speaker} onClose={r.busy('save') ? undefined : onClose} aria-labelledby="tempo-titulo" maxWidth="xs" fullWidth>
      <DialogTitle id="tempo-titulo">Tempo de fala de {name}</DialogTitle>
      <DialogContent>
        <RefusalAlert error={r.error} sx={{ mb: 2 }} />
        <Box component="form" id="tempo-form" onSubmit={(e) => { e.preventDefault(); void save(); }} sx={{ pt: 1 }}>
          <TextField
            label="Tempo concedido (min:seg)"
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={invalid}
            helperText={invalid ? 'Informe o tempo como minutos:segundos, por exemplo 5:00.' : `${seconds} segundos`}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={r.busy('save')}>Cancelar</Button>
        <Button type="submit" form="tempo-form" variant="contained" loading={r.busy('save')} disabled={invalid}>Salvar tempo</Button>
      </DialogActions>
    </Dialog>
  );
}
