/**
 * The operator's control room of one plenary session: header (title, situation, the server's clock, start / finish,
 * public panel and what it shows, connection), the speaker in the floor, and the sections Presença, Oradores,
 * Pauta e votação. Everything shown
 * comes from the staff push channel (`useLiveState('staff', id)`); the actions are plain calls whose effect
 * comes back by push. Keyboard shortcuts work when no field has the focus.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import CloudDoneIcon from '@mui/icons-material/CloudDone';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SettingsIcon from '@mui/icons-material/Settings';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import SyncIcon from '@mui/icons-material/Sync';
import { formatDate, formatTime } from '@paco/domain/format';
import type { LiveState } from '@paco/domain/plenary';
import { useLiveState } from '../../live/useLiveState';
import type { StreamStatus } from '../../live/stream';
import ConfirmDialog from '../../resources/ConfirmDialog';
import { notifySuccess } from '../../shell/notify';
import { usePageTitle } from '../../shell/pageTitle';
import { ServerTime } from '../../live/ServerTime';
import { calls } from './calls';
import { PanelControl } from './PanelControl';
import { PresencePanel } from './PresencePanel';
import { SettingsDialog } from './SettingsDialog';
import { CurrentSpeakerBar, SpeakersPanel, currentSpeaker, speakerActions } from './SpeakersPanel';
import { InterventionBar } from './Interventions';
import { VotingPanel } from './VotingPanel';
import { RefusalAlert, useRunner } from './shared';

type Section = 'presenca' | 'oradores' | 'votacao';

export const SHORTCUTS: readonly { keys: string[]; what: string }[] = [
  { keys: ['1'], what: 'Presença' },
  { keys: ['2'], what: 'Oradores' },
  { keys: ['3'], what: 'Pauta e votação' },
  { keys: ['P'], what: 'pausar ou retomar o orador' },
  { keys: ['+'], what: 'mais 1 minuto ao orador' },
  { keys: ['E'], what: 'encerrar a votação (pede confirmação)' },
];

const CONNECTION: Record<StreamStatus, { label: string; color: 'success' | 'default' | 'warning' | 'error'; icon: React.ReactElement }> = {
  live: { label: 'Ao vivo', color: 'success', icon: <CloudDoneIcon /> },
  connecting: { label: 'Conectando…', color: 'default', icon: <SyncIcon /> },
  reconnecting: { label: 'Reconectando…', color: 'warning', icon: <SyncIcon /> },
  error: { label: 'Sem conexão', color: 'error', icon: <CloudOffIcon /> },
};

/** Typing in a field, or a dialog or menu open: the shortcuts stay out of the way. */
function ignoreKey(e: KeyboardEvent): boolean {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.repeat) return true;
  const t = e.target instanceof HTMLElement ? e.target : null;
  if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return true;
  if (t?.closest('[role="dialog"], [role="listbox"], [role="menu"], [role="combobox"]')) return true;
  return !!document.querySelector('.MuiDialog-root, .MuiPopover-root');
}

function initialSection(s: LiveState): Section {
  if (s.voting?.status === 'aberta') return 'votacao';
  if (s.speakers.some((x) => x.status === 'falando')) return 'oradores';
  return 'presenca';
}

export function ControlRoom({ sessionId, configurable }: { sessionId: number; configurable: boolean }) {
  const live = useLiveState('staff', sessionId);
  const { state, status, now } = live;
  const head = useRunner();
  const floor = useRunner();
  const [tab, setTab] = useState<Section>('presenca');
  const [confirmFinish, setConfirmFinish] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [closeSignal, setCloseSignal] = useState(0);
  usePageTitle(state ? `Sala de controle · ${state.session.titulo}` : 'Sala de controle');

  // the first snapshot chooses the section (an open voting, else a speaker speaking)
  const placed = useRef(false);
  useEffect(() => {
    if (state && !placed.current) {
      placed.current = true;
      setTab(initialSection(state));
    }
  }, [state]);

  // the shortcuts act on the session as it is when the key is pressed
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    const act = speakerActions(floor);
    if (ignoreKey(e)) return;
    const s = state;
    const speaker = s ? currentSpeaker(s) : null;
    switch (e.key) {
      case '1': setTab('presenca'); break;
      case '2': setTab('oradores'); break;
      case '3': setTab('votacao'); break;
      case 'p': case 'P':
        if (!speaker) return;
        void act.toggle(speaker);
        break;
      case '+':
        if (!speaker) return;
        void act.plusMinute(speaker);
        break;
      case 'e': case 'E':
        if (s?.voting?.status !== 'aberta') return;
        setTab('votacao');
        setCloseSignal((n) => n + 1);
        break;
      default:
        return;
    }
    e.preventDefault();
  });
  useEffect(() => {
    const handler = (e: KeyboardEvent) => onKey(e);
    window.addEventListener('keydown', handler);
    return () => window.removeEventListener('keydown', handler);
  }, []);

  const conn = CONNECTION[status];
  const connectionChip = (
    <Box aria-live="polite">
      <Chip size="small" color={conn.color} icon={conn.icon} label={conn.label} variant={status === 'live' ? 'outlined' : 'filled'} />
    </Box>
  );

  if (!state) {
    return (
      <Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>Sala de controle</Typography>
          {connectionChip}
        </Stack>
        {status === 'error' ? (
          <Alert severity="error" role="alert">
            {live.error ?? 'Não foi possível abrir a sessão plenária.'} A sala tenta de novo sozinha; confira o endereço ou volte às sessões plenárias.
          </Alert>
        ) : (
          <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center', p: 4 }}>
            <CircularProgress size={28} aria-hidden />
            <Typography>Conectando à sessão plenária…</Typography>
          </Stack>
        )}
      </Box>
    );
  }

  const { session } = state;
  const sessionChip = session.finalizada
    ? <Chip label={`Finalizada${session.finalizadaEm ? ` às ${formatTime(session.finalizadaEm)}` : ''}`} />
    : session.iniciada
      ? <Chip color="success" label={`Em andamento${session.iniciadaEm ? ` desde ${formatTime(session.iniciadaEm)}` : ''}`} />
      : <Chip color="warning" variant="outlined" label="Não iniciada" />;
  const openVoting = state.voting?.status === 'aberta';
  const presentNow = state.presence.ordem_dia.status === 'aberta' ? state.presence.ordem_dia : state.presence.abertura;

  return (
    <Box className="paco-controle">
      <GlobalStyles
        styles={{
          '.paco-controle .Mui-focusVisible, .MuiDialog-root .Mui-focusVisible': { outline: '3px solid #0d47a1', outlineOffset: 2 },
        }}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 }, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.5 }}>
              Sala de controle · {state.company.nome}
            </Typography>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>{session.titulo}</Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
              <Typography variant="body2" color="text.secondary">
                {[session.tipo, `${formatDate(session.abertura)}${session.horarioInicio ? ` às ${formatTime(session.horarioInicio)}` : ''}`].filter(Boolean).join(' · ')}
              </Typography>
              {sessionChip}
              {connectionChip}
              <ServerTime sx={{ typography: 'h6', fontWeight: 600, ml: 1 }} />
            </Stack>
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            {!session.iniciada && (
              <Button
                variant="contained"
                color="success"
                startIcon={<PlayArrowIcon />}
                loading={head.busy('start')}
                onClick={async () => {
                  if (await head.run('start', () => calls.iniciar(sessionId))) notifySuccess('Sessão plenária iniciada.');
                }}
              >
                Iniciar sessão
              </Button>
            )}
            {session.iniciada && !session.finalizada && (
              <Button variant="contained" color="error" startIcon={<StopCircleIcon />} loading={head.busy('finish')} onClick={() => setConfirmFinish(true)}>
                Finalizar sessão
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<OpenInNewIcon />}
              href={`/legislativo/painel-eletronico/${sessionId}`}
              target="_blank"
              rel="noopener"
              aria-label="Abrir painel público (nova aba)"
            >
              Abrir painel público
            </Button>
            {configurable && (
              <Button variant="outlined" startIcon={<SettingsIcon />} onClick={() => setSettingsOpen(true)}>
                Configurações
              </Button>
            )}
          </Stack>
        </Stack>
        <RefusalAlert error={head.error} onClose={head.clear} sx={{ mt: 2 }} />
        <Box sx={{ mt: 2, pt: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <PanelControl state={state} sessionId={sessionId} />
        </Box>
      </Paper>

      {status !== 'live' && (
        <Alert role="status" severity="warning" sx={{ mb: 2 }}>
          {status === 'error' ? (live.error ?? 'Sem conexão com o servidor.') : 'Conexão com o servidor interrompida. Reconectando…'} O que aparece aqui pode estar desatualizado até a conexão voltar.
        </Alert>
      )}

      <RefusalAlert error={floor.error} onClose={floor.clear} sx={{ mb: 2 }} />
      <CurrentSpeakerBar state={state} now={now} runner={floor} />
      <InterventionBar state={state} sessionId={sessionId} />

      <Tabs
        value={tab}
        onChange={(_e, v: Section) => setTab(v)}
        aria-label="Seções da sala de controle"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="presenca" id="tab-presenca" aria-controls="painel-presenca" label={`Presença (${presentNow.presentes.length}/${state.total_membros})`} />
        <Tab value="oradores" id="tab-oradores" aria-controls="painel-oradores" label="Oradores" />
        <Tab value="votacao" id="tab-votacao" aria-controls="painel-votacao" label={openVoting ? 'Pauta e votação · votação aberta' : 'Pauta e votação'} />
      </Tabs>

      {/* every section stays mounted: what was typed in one survives a visit to another */}
      <Box role="tabpanel" id="painel-presenca" aria-labelledby="tab-presenca" hidden={tab !== 'presenca'}>
        <PresencePanel state={state} sessionId={sessionId} />
      </Box>
      <Box role="tabpanel" id="painel-oradores" aria-labelledby="tab-oradores" hidden={tab !== 'oradores'}>
        <SpeakersPanel state={state} sessionId={sessionId} now={now} />
      </Box>
      <Box role="tabpanel" id="painel-votacao" aria-labelledby="tab-votacao" hidden={tab !== 'votacao'}>
        <VotingPanel state={state} closeSignal={closeSignal} />
      </Box>

      <Box component="section" aria-labelledby="atalhos" sx={{ mt: 4, color: 'text.secondary' }}>
        <Typography variant="subtitle2" component="h2" id="atalhos">Atalhos de teclado</Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.5 }}>
          {SHORTCUTS.map((s) => (
            <Typography component="li" variant="body2" key={s.what}>
              {s.keys.map((k) => (
                <Box component="kbd" key={k} sx={{ px: 0.75, py: 0.1, mr: 0.5, border: 1, borderColor: 'divider', borderRadius: 0.5, bgcolor: 'background.paper', fontFamily: 'monospace' }}>{k}</Box>
              ))}
              {s.what}
            </Typography>
          ))}
          <Typography component="li" variant="body2">Não valem enquanto você digita num campo.</Typography>
        </Box>
      </Box>

      <ConfirmDialog
        open={confirmFinish}
        title="Finalizar a sessão plenária?"
        message="As listas de presença e a fala em curso serão encerradas. Uma sessão finalizada não pode ser reiniciada."
        confirmLabel="Finalizar sessão"
        destructive
        busy={head.busy('finish')}
        onConfirm={async () => {
          const ok = await head.run('finish', () => calls.finalizar(sessionId));
          setConfirmFinish(false);
          if (ok) notifySuccess('Sessão plenária finalizada.');
        }}
        onClose={() => setConfirmFinish(false)}
      />
      {configurable && <SettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />}
    </Box>
  );
}
