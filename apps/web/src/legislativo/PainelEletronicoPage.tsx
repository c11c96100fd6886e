/**
 * Electronic panel (public, no sign-in), updated by server push (docs/plenary.md "Push"):
 *  - /legislativo/painel-eletronico/:id        numeric id: the whole panel of that plenary session
 *  - /legislativo/painel-eletronico/<Tela>     one screen (Oradores, PainelPresence, PainelVotation, PresenceCard,
 *                                              Votacao, Votada, VotationCard) of `?sessao=ID`, or of the session
 *                                              in progress of `?entidade=ID` (else of the signed-in user's entity)
 *  - /legislativo/painel-eletronico            the session in progress of `?entidade=ID` or of the user's entity
 * The page fills the layout's header (crest, entity, title, status, server clock) from the live state.
 */
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import TvIcon from '@mui/icons-material/Tv';
import SyncIcon from '@mui/icons-material/Sync';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError, api } from '../api/client';
import { useCompanySession, useLiveState, type LiveHandle } from '../live/useLiveState';
import type { StreamStatus } from '../live/stream';
import { usePageTitle } from '../shell/pageTitle';
import { useSession } from '../session/SessionProvider';
import { usePainelHeader } from './painel/context';
import { PANEL_SCREENS, SESSION_STATUS_LABEL, screenOf, sessionStatus, type PanelScreen } from './painel/model';
import { PanelScreenView } from './painel/screens';
import { TEXT_MUTED, fluid } from './painel/theme';

const BASE = '/legislativo/painel-eletronico';
const positiveInt = (v: string | null | undefined): number | null => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

function Message({ icon, title, children, role }: { icon: ReactNode; title: string; children?: ReactNode; role?: 'alert' | 'status' }) {
  return (
    <Box role={role} sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', textAlign: 'center', gap: 2, px: 2 }}>
      <Box aria-hidden sx={{ '& svg': { fontSize: fluid(3.5, 6, 8) }, color: TEXT_MUTED, display: 'flex' }}>{icon}</Box>
      <Typography component="h2" sx={{ fontWeight: 700, fontSize: fluid(1.4, 2.6, 3.6) }}>{title}</Typography>
      {children && <Box sx={{ color: TEXT_MUTED, maxWidth: '48rem', fontSize: fluid(1, 1.4, 2), '& p': { m: 0, mb: 1 } }}>{children}</Box>}
    </Box>
  );
}

/** Unobtrusive connection status: only shown when not live. */
function ConnectionChip({ status }: { status: StreamStatus }) {
  if (status === 'live' || status === 'connecting') return null;
  const reconnecting = status === 'reconnecting';
  return (
    <Box role="status" sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: 10 }}>
      <Chip
        icon={reconnecting ? <SyncIcon aria-hidden /> : <CloudOffIcon aria-hidden />}
        label={reconnecting ? 'Reconectando…' : 'Sem conexão com o servidor'}
        sx={{ bgcolor: '#263f5a', color: '#fff', fontWeight: 600, border: '1px solid rgba(255,255,255,0.4)', '& .MuiChip-icon': { color: '#ffe082' } }}
      />
    </Box>
  );
}

function Loading() {
  return (
    <Box role="status" sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
      <CircularProgress aria-hidden size={64} />
      <Typography sx={{ fontSize: fluid(1.1, 1.6, 2.4), fontWeight: 600 }}>Conectando ao painel…</Typography>
    </Box>
  );
}

interface Failure { message: string; status: number }

/**
 * Why the stream gives no state: the hook's error when it reports one; otherwise, once, after the first failed
 * attempt, the JSON snapshot's answer (e.g. 404 "Sessão plenária não encontrada.", or the server unreachable).
 * One request per screen, not a poll: the stream keeps retrying by itself and its first snapshot wins.
 */
function useStreamFailure(handle: LiveHandle<object>, snapshotPath: string): Failure | null {
  const [failure, setFailure] = useState<Failure | null>(null);
  const probed = useRef(false);
  const failing = !handle.state && (handle.status === 'reconnecting' || handle.status === 'error');
  useEffect(() => {
    if (!failing || probed.current) return undefined;
    probed.current = true;
    const ctrl = new AbortController();
    api(snapshotPath, { signal: ctrl.signal, skipAuthRedirect: true }).then(
      () => setFailure(null),
      (e: unknown) => {
        if (e instanceof ApiError) setFailure({ message: e.message, status: e.status });
      },
    );
    return () => ctrl.abort();
  }, [failing, snapshotPath]);
  if (handle.state) return null;
  if (handle.error) return { message: handle.error, status: 400 };
  return failure;
}

function FailureMessage({ failure }: { failure: Failure }) {
  const client = failure.status >= 400 && failure.status < 500;
  return (
    <Message icon={client ? <ErrorOutlineIcon /> : <CloudOffIcon />} title={failure.message} role="alert">
      <p>
        {client
          ? 'Confira o endereço do painel ou abra-o pelo botão “Abrir painel” da sala de controle.'
          : 'Tentando novamente… O painel aparecerá assim que a conexão voltar.'}
      </p>
    </Message>
  );
}

/** One plenary session, followed live on the public channel. */
function SessionPanel({ sessionId, screen }: { sessionId: number; screen: PanelScreen }) {
  const live = useLiveState('public', sessionId);
  const { state, status, now } = live;
  const failure = useStreamFailure(live, `public/plenario/${sessionId}`);
  const titulo = state?.session.titulo ?? null;
  usePainelHeader(state ? {
    company: { nome: state.company.nome, brasao: state.company.brasao },
    titulo,
    status: SESSION_STATUS_LABEL[sessionStatus(state.session)],
    now,
  } : null);
  usePageTitle(titulo ? `Painel Eletrônico · ${titulo}${screen === 'full' ? '' : ` · ${PANEL_SCREENS[screen]}`}` : null);
  if (!state) return failure ? <FailureMessage failure={failure} /> : <Loading />;
  return (
    <Box sx={{ flex: 1, display: 'flex', minWidth: 0 }} data-sessao={state.session.id}>
      <PanelScreenView screen={screen} state={state} now={now} />
      <ConnectionChip status={status} />
    </Box>
  );
}

/** The session in progress (else today's) of an entity, followed live: the panel switches by itself. */
function CompanyPanel({ companyId, screen }: { companyId: number; screen: PanelScreen }) {
  const live = useCompanySession(companyId);
  const { state, status } = live;
  const failure = useStreamFailure(live, `public/plenario/entidade/${companyId}`);
  const session = state?.session ?? null;
  usePainelHeader(state && !session ? { company: state.company, titulo: 'Painel Eletrônico', status: null, now: null } : null);
  if (session) return <SessionPanel key={session.id} sessionId={session.id} screen={screen} />;
  if (!state) return failure ? <FailureMessage failure={failure} /> : <Loading />;
  return (
    <>
      <Message icon={<EventBusyIcon />} title="Nenhuma sessão plenária hoje" role="status">
        <p>{`Não há sessão plenária em andamento nem marcada para hoje em ${state.company.nome}.`}</p>
        <p>Este painel se atualiza sozinho quando uma sessão for aberta.</p>
      </Message>
      <ConnectionChip status={status} />
    </>
  );
}

function HowToOpen() {
  return (
    <Message icon={<TvIcon />} title="Painel Eletrônico">
      <p>Para exibir o painel de uma sessão plenária, abra-o pelo botão “Abrir painel” da sala de controle da sessão.</p>
      <p>
        {'Endereços: '}
        <code>{`${BASE}/<número da sessão>`}</code>
        {' para a sessão; ou '}
        <code>{`${BASE}?entidade=<código da entidade>`}</code>
        {' para acompanhar a sessão em andamento da câmara.'}
      </p>
    </Message>
  );
}

function UnknownScreen({ name }: { name: string }) {
  const [params] = useSearchParams();
  const search = params.toString() ? `?${params.toString()}` : '';
  return (
    <Message icon={<ErrorOutlineIcon />} title={`Tela “${name}” não existe no painel.`} role="alert">
      <p>Telas disponíveis:</p>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'center' }}>
        {Object.entries(PANEL_SCREENS).map(([k, label]) => (
          <li key={k}><Link component={RouterLink} to={`${BASE}/${k}${search}`} sx={{ color: '#90caf9' }}>{label}</Link></li>
        ))}
      </Box>
    </Message>
  );
}

export default function PainelEletronicoPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const { user } = useSession();

  const sessionId = positiveInt(id);
  if (sessionId !== null) return <SessionPanel key={sessionId} sessionId={sessionId} screen="full" />;

  const screen: PanelScreen | null = id ? screenOf(id) : 'full';
  if (!screen) return <UnknownScreen name={id ?? ''} />;

  const sessao = positiveInt(params.get('sessao'));
  if (sessao !== null) return <SessionPanel key={sessao} sessionId={sessao} screen={screen} />;

  const companyId = positiveInt(params.get('entidade')) ?? user?.company?.id ?? null;
  if (companyId !== null) return <CompanyPanel key={companyId} companyId={companyId} screen={screen} />;
  return <HowToOpen />;
}
