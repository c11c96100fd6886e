/**
 * The council member's voting screen (docs/plenary.md): who the member is (`GET is-parliamentary`), the company's
 * session in progress (`GET status/active`, asked again whenever the company's stream says a session started or
 * ended), and that session's public live state by server push. Check-in, the matter under vote with Sim / Não /
 * Abstenção (keys S / N / A select, Enter confirms), the result after closing, the agenda when nothing is open.
 * Never polls.
 */
import { useCallback, useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import { PHASES, type LiveState, type Phase } from '@paco/domain/plenary';
import { useSession } from '../../session/SessionProvider';
import { useCompanySession, useLiveState } from '../../live/useLiveState';
import type { StreamStatus } from '../../live/stream';
import { fetchActiveSession, fetchMember } from './api';
import { CheckinCard } from './CheckinCard';
import { VotingCard } from './VotingCard';

const hidden = {
  position: 'absolute', width: '1px', height: '1px', p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0,
} as const;

function Loading({ label }: { label: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'center', p: 6 }} role="status">
      <CircularProgress size={28} aria-hidden />
      <Typography>{label}</Typography>
    </Stack>
  );
}

function ReconnectingChip({ status }: { status: StreamStatus }) {
  if (status !== 'reconnecting') return null;
  return <Chip color="warning" icon={<SyncProblemIcon />} label="Reconectando…" role="status" />;
}

/** Live part: the session's state and the member's actions. */
function LiveVoting({ companyId, memberId }: { companyId: number; memberId: number }) {
  const company = useCompanySession(companyId);
  const cs = company.state?.session ?? null;
  // asked again whenever the company's stream reports a session starting or ending
  const signal = company.state ? `${cs?.id ?? 0}:${cs?.iniciada ? 1 : 0}:${cs?.finalizada ? 1 : 0}` : 'waiting';
  const active = useQuery({
    queryKey: ['plenario', 'active', companyId, signal],
    queryFn: ({ signal: s }) => fetchActiveSession(s),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const streamed = cs && cs.iniciada && !cs.finalizada ? cs.id : null;
  const sessionId = streamed ?? active.data?.id ?? null;
  const live = useLiveState('public', sessionId);

  const [error, setError] = useState<string | null>(null);
  // each announcement replaces the region's node, so the same words are read again
  const [announce, setAnnounceState] = useState({ text: '', n: 0 });
  const setAnnounce = useCallback((text: string) => setAnnounceState((a) => ({ text, n: a.n + 1 })), []);
  // check-ins the server confirmed and the pushed state has not shown yet
  const [checkedIn, setCheckedIn] = useState<{ presence: LiveState['presence'] | null; phases: Phase[] }>({ presence: null, phases: [] });
  const presence = live.state?.presence ?? null;
  const isPresent = useCallback(
    (phase: Phase) => !!presence?.[phase]?.presentes.includes(memberId) || (checkedIn.presence === presence && checkedIn.phases.includes(phase)),
    [presence, memberId, checkedIn],
  );
  useEffect(() => setError(null), [sessionId]);

  const status = sessionId ? live.status : company.status;
  const header = (title: string, chip?: { label: string; color: 'success' | 'default' | 'info' }) => (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700, flexGrow: 1, minWidth: 0, fontSize: { xs: '1.25rem', sm: '1.5rem' } }}>{title}</Typography>
      {chip && <Chip label={chip.label} color={chip.color} variant={chip.color === 'default' ? 'outlined' : 'filled'} />}
      <ReconnectingChip status={status} />
    </Stack>
  );

  const liveRegion = <Box role="status" aria-live="polite" aria-atomic sx={hidden}><span key={announce.n}>{announce.text}</span></Box>;

  if (!sessionId) {
    if (active.isPending || (!company.state && company.status === 'connecting')) return <Loading label="Procurando a sessão em andamento…" />;
    if (active.isError && !active.data) {
      return (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void active.refetch()}>Tentar novamente</Button>}>
          Não foi possível consultar a sessão em andamento. {active.error instanceof Error ? active.error.message : ''}
        </Alert>
      );
    }
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        {liveRegion}
        <EventBusyIcon color="action" sx={{ fontSize: 56 }} aria-hidden />
        <Typography variant="h5" component="h2" gutterBottom>Nenhuma sessão plenária em andamento</Typography>
        <Typography color="text.secondary">
          {cs && !cs.iniciada && !cs.finalizada
            ? `A ${cs.titulo} ainda não foi iniciada. Esta tela muda sozinha quando a Mesa iniciar a sessão.`
            : 'Quando a Mesa iniciar uma sessão, ela aparece aqui sozinha.'}
        </Typography>
        <Box sx={{ mt: 2 }}><ReconnectingChip status={status} /></Box>
      </Paper>
    );
  }

  const st = live.state;
  if (!st || st.session.id !== sessionId) {
    if (live.status === 'error') return <Alert severity="error">Não foi possível acompanhar a sessão ao vivo. {live.error ?? ''}</Alert>;
    return <Loading label="Conectando à sessão ao vivo…" />;
  }

  const over = st.session.finalizada;
  const voting = st.voting;
  const present = voting ? isPresent(voting.fase) : false;
  // what the member has to do first goes first: the check-in button, else the matter under vote
  const needsCheckin = !over && PHASES.some(({ value }) => st.presence[value]?.status === 'aberta' && !isPresent(value));
  const checkinCard = (
    <CheckinCard
      key="presenca"
      sessionId={sessionId}
      presence={st.presence}
      isPresent={isPresent}
      sessionOver={over}
      onCheckedIn={(phase) => setCheckedIn((c) => ({ presence, phases: [...(c.presence === presence ? c.phases : []), phase] }))}
      onError={setError}
      onAnnounce={setAnnounce}
    />
  );
  const votingCard = (
    <VotingCard
      key="votacao"
      voting={voting}
      agenda={st.agenda}
      memberId={memberId}
      presides={st.session.presidente_id === memberId}
      present={present}
      presenceOpen={!!voting && st.presence[voting.fase]?.status === 'aberta'}
      sessionOver={over}
      onError={setError}
      onAnnounce={setAnnounce}
    />
  );
  return (
    <Stack spacing={2}>
      {liveRegion}
      {header(st.session.titulo, over ? { label: 'Sessão encerrada', color: 'default' } : st.session.iniciada ? { label: 'Em andamento', color: 'success' } : { label: 'Não iniciada', color: 'info' })}
      {live.status === 'error' && <Alert severity="warning">A conexão ao vivo falhou: {live.error ?? 'tentando de novo'}.</Alert>}
      {over && <Alert severity="info">A sessão foi encerrada pela Mesa.</Alert>}
      {error && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ fontSize: '1.05rem' }}>
          {error}
        </Alert>
      )}
      {needsCheckin ? [checkinCard, votingCard] : [votingCard, checkinCard]}
    </Stack>
  );
}

export default function VotarScreen() {
  const { user } = useSession();
  const companyId = user?.company?.id ?? user?.company_id ?? null;
  const member = useQuery({
    queryKey: ['plenario', 'is-parliamentary', user?.id ?? 0, companyId],
    queryFn: ({ signal }) => fetchMember(signal),
    enabled: !!user,
    staleTime: 5 * 60_000,
  });

  let body;
  if (!user || member.isPending) body = <Loading label="Carregando…" />;
  else if (member.isError) {
    body = (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void member.refetch()}>Tentar novamente</Button>}>
        Não foi possível verificar o seu vínculo de parlamentar. {member.error instanceof Error ? member.error.message : ''}
      </Alert>
    );
  } else if (!member.data.isParliamentary || !member.data.parliamentary || companyId === null) {
    body = (
      <Alert severity="warning" sx={{ fontSize: '1.05rem' }}>
        <strong>Seu usuário não está vinculado a um parlamentar desta entidade.</strong> Para registrar presença e votar,
        peça à administração da Câmara que vincule o seu usuário ao seu cadastro de parlamentar.
      </Alert>
    );
  } else body = <LiveVoting companyId={companyId} memberId={member.data.parliamentary.id} />;

  return <Box sx={{ maxWidth: 960, mx: 'auto' }}>{body}</Box>;
}
