/**
 * The panel's screens for one live session: the full panel and the single-part screens of spec 1 §2 (Oradores,
 * PainelPresence, PainelVotation, PresenceCard, Votacao, Votada, VotationCard).
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import type { LiveState } from '@paco/domain/plenary';
import { MemberGrid, VoteBadge } from './members';
import { PANEL_SCREENS, outcomeLabel, phaseLabel, shownPhase, voteMap, type PanelScreen } from './model';
import { SpeakerLists, SpeakerPanel } from './speakers';
import { PANEL_BORDER, PANEL_SURFACE, TEXT_MUTED, fluid } from './theme';
import { VotingPanel } from './voting';

export interface ScreenProps {
  state: LiveState;
  now: () => number;
}

function presenceOf(state: LiveState) {
  const phase = shownPhase(state);
  const list = state.presence[phase] ?? { status: 'fechada', presentes: [] };
  return { phase, list, present: new Set(list.presentes) };
}

const LIST_STATUS_TEXT = { aberta: 'lista aberta', encerrada: 'lista encerrada', fechada: 'lista não aberta' } as const;

function PresenceHeading({ state, big = false }: { state: LiveState; big?: boolean }) {
  const { phase, list, present } = presenceOf(state);
  const count = state.members.filter((m) => present.has(m.id)).length;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2, rowGap: 0.5 }}>
      <Typography component="h2" sx={{ fontWeight: 800, fontSize: big ? fluid(1.3, 2.4, 3.4) : fluid(1.1, 1.5, 2.2), textTransform: 'uppercase', letterSpacing: 1, color: big ? '#fff' : TEXT_MUTED }}>
        {`Presença · ${phaseLabel(phase)}`}
      </Typography>
      <Typography component="p" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', fontSize: big ? fluid(1.1, 2, 3) : fluid(1, 1.3, 2) }}>
        {`${count} de ${state.total_membros} presentes`}
        <Box component="span" sx={{ color: TEXT_MUTED, fontWeight: 500 }}>{` (${LIST_STATUS_TEXT[list.status] ?? list.status})`}</Box>
      </Typography>
    </Box>
  );
}

/** Members with presence (and their votes in the current voting when shown). */
function PresenceSection({ state, large = false, withVotes = true }: { state: LiveState; large?: boolean; withVotes?: boolean }) {
  const { phase, present } = presenceOf(state);
  const voting = state.voting;
  const votes = withVotes && voting && voting.fase === phase ? voteMap(voting) : null;
  return (
    <Box component="section" aria-label="Presença dos parlamentares" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <PresenceHeading state={state} big={large} />
      <MemberGrid
        members={state.members}
        present={present}
        votes={votes}
        votingOpen={voting?.status === 'aberta'}
        impeded={withVotes && voting && voting.fase === phase && voting.status !== 'cancelada' ? new Set(voting.impedidos ?? []) : undefined}
        large={large}
        label={`Parlamentares: presença na ${phaseLabel(phase).toLowerCase()}${votes ? ' e votos' : ''}`}
      />
    </Box>
  );
}

/** The members' votes of the current voting, as a list (only when the votes are shown). */
function VotesList({ state }: { state: LiveState }) {
  const votes = voteMap(state.voting);
  if (!votes || !state.voting) return null;
  const present = new Set(state.presence[state.voting.fase]?.presentes ?? []);
  const members = state.members.filter((m) => present.has(m.id) || votes.has(m.id));
  return (
    <Box component="ul" aria-label="Votos dos parlamentares" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, clamp(14rem, 22vw, 28rem)), 1fr))' }}>
      {members.map((m) => {
        const v = votes.get(m.id);
        return (
          <Box component="li" key={m.id} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 1.25, py: 0.75, bgcolor: PANEL_SURFACE, borderRadius: 1.5 }}>
            <Typography component="span" sx={{ fontWeight: 700, fontSize: fluid(0.9, 1.2, 1.8), minWidth: 0, overflowWrap: 'anywhere' }}>
              {m.nome}
              {m.partido && <Box component="span" sx={{ color: TEXT_MUTED, fontWeight: 500 }}>{` · ${m.partido}`}</Box>}
            </Typography>
            {v ? <VoteBadge voto={v} /> : (
              <Typography component="span" sx={{ color: TEXT_MUTED, fontStyle: 'italic', fontSize: fluid(0.8, 1, 1.4) }}>
                {state.voting?.status === 'aberta' ? 'Aguardando voto' : 'Não votou'}
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

function SessionNotice({ state }: { state: LiveState }) {
  const s = state.session;
  if (s.iniciada && !s.finalizada) return null;
  return (
    <Box role="note" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderRadius: 2, border: `2px solid ${PANEL_BORDER}`, fontSize: fluid(0.95, 1.2, 1.8), fontWeight: 600 }}>
      <InfoOutlinedIcon aria-hidden />
      {s.finalizada ? 'Sessão plenária encerrada.' : 'A sessão plenária ainda não foi iniciada. O painel se atualiza sozinho.'}
    </Box>
  );
}

function FullPanel({ state, now }: ScreenProps) {
  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: { xs: 2, md: 2.5 }, minWidth: 0 }}>
      <SessionNotice state={state} />
      <Box sx={{ display: 'grid', gap: { xs: 2.5, lg: 3 }, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 5fr) minmax(0, 6fr)' }, alignItems: 'start' }}>
        <Box sx={{ order: { xs: 2, lg: 1 } }}><PresenceSection state={state} /></Box>
        <Box sx={{ order: { xs: 1, lg: 2 }, display: 'flex', flexDirection: 'column', gap: { xs: 2.5, lg: 3 }, minWidth: 0 }}>
          <VotingPanel voting={state.voting} size="full" />
          <Box sx={{ borderTop: `1px solid ${PANEL_BORDER}`, pt: { xs: 2, lg: 2.5 } }}>
            <SpeakerPanel speakers={state.speakers} members={state.members} now={now} size="full" nextCount={3} />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

function ScreenTitle({ children }: { children: ReactNode }) {
  return <Typography component="h2" sx={{ fontWeight: 800, fontSize: fluid(1.1, 1.5, 2.2), textTransform: 'uppercase', letterSpacing: 1, color: TEXT_MUTED }}>{children}</Typography>;
}

function Column({ children, center = false }: { children: ReactNode; center?: boolean }) {
  return <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: { xs: 2, md: 3 }, minWidth: 0, justifyContent: center ? 'center' : 'flex-start' }}>{children}</Box>;
}

function Votada({ state }: ScreenProps) {
  const v = state.voting;
  if (v && v.status !== 'aberta') return <VotingPanel voting={v} size="screen"><VotesList state={state} /></VotingPanel>;
  const voted = state.agenda.filter((a) => a.resultado);
  return (
    <>
      {v && (
        <Box role="note" sx={{ display: 'flex', alignItems: 'center', gap: 1, fontSize: fluid(1, 1.6, 2.4), fontWeight: 700 }}>
          <InfoOutlinedIcon aria-hidden />
          {`Em votação: ${v.identificacao}. O resultado aparecerá aqui ao encerrar.`}
        </Box>
      )}
      {voted.length > 0 ? (
        <Box component="section" aria-label="Matérias votadas nesta sessão">
          <ScreenTitle>Matérias votadas nesta sessão</ScreenTitle>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {voted.map((a) => (
              <Box component="li" key={a.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 1, borderBottom: `1px solid ${PANEL_BORDER}`, fontSize: fluid(1, 1.5, 2.2) }}>
                <span>{a.identificacao}</span>
                <Box component="strong">{outcomeLabel(a.resultado ?? '')}</Box>
              </Box>
            ))}
          </Box>
        </Box>
      ) : !v && (
        <VotingPanel voting={null} size="screen" />
      )}
    </>
  );
}

/** One screen of a session's panel. */
export function PanelScreenView({ screen, state, now }: ScreenProps & { screen: PanelScreen }) {
  switch (screen) {
    case 'Oradores':
      return (
        <Column>
          <SpeakerPanel speakers={state.speakers} members={state.members} now={now} size="screen" nextCount={0} />
          <SpeakerLists speakers={state.speakers} members={state.members} />
        </Column>
      );
    case 'PainelPresence':
      return <Column><PresenceSection state={state} large withVotes={false} /></Column>;
    case 'PresenceCard':
      return (
        <Column>
          <Box sx={{ bgcolor: PANEL_SURFACE, borderRadius: 3, p: { xs: 1.5, md: 2.5 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <PresenceSection state={state} withVotes={false} />
          </Box>
        </Column>
      );
    case 'PainelVotation':
      return (
        <Column>
          <VotingPanel voting={state.voting} size="full" />
          <PresenceSection state={state} />
        </Column>
      );
    case 'Votacao':
      return (
        <Column>
          <ScreenTitle>{PANEL_SCREENS.Votacao}</ScreenTitle>
          <VotingPanel voting={state.voting} size="screen" headingLevel="h3">
            <VotesList state={state} />
          </VotingPanel>
        </Column>
      );
    case 'Votada':
      return <Column center><ScreenTitle>{PANEL_SCREENS.Votada}</ScreenTitle><Votada state={state} now={now} /></Column>;
    case 'VotationCard':
      return (
        <Column center>
          <Box sx={{ bgcolor: PANEL_SURFACE, borderRadius: 3, p: { xs: 1.5, md: 2.5 }, width: '100%', maxWidth: '90rem', mx: 'auto' }}>
            <VotingPanel voting={state.voting} size="card" />
          </Box>
        </Column>
      );
    default:
      return <FullPanel state={state} now={now} />;
  }
}
