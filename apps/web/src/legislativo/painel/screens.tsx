/**
 * The panel's screens for one live session: the full panel in the layout the control room chose (complete,
 * members, voting, message) and the single-part screens of spec 1 §2 (Oradores, PainelPresence, PainelVotation,
 * PresenceCard, Votacao, Votada, VotationCard).
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { presentNow, type LiveState } from '@paco/domain/plenary';
import { CHIP_SIZE, MemberGrid, NAME_SIZE, VoteBadge, VotedBadge } from './members';
import { PANEL_SCREENS, densityOf, outcomeLabel, phaseLabel, shownPhase, voteMap, votedMarks, type Density, type PanelScreen } from './model';
import { SpeakerBar, SpeakerLists, SpeakerPanel } from './speakers';
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

/** Members with presence (and their votes in the current voting when shown, or "votou" when only that is). */
function PresenceSection({ state, large = false, withVotes = true, density }: { state: LiveState; large?: boolean; withVotes?: boolean; density?: Density }) {
  const { phase, present } = presenceOf(state);
  const voting = state.voting;
  const current = withVotes && voting && voting.fase === phase ? voting : null;
  const votes = current ? voteMap(current) : null;
  const voted = current ? votedMarks(current) : null;
  return (
    <Box component="section" aria-label="Presença dos parlamentares" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <PresenceHeading state={state} big={large} />
      <MemberGrid
        members={state.members}
        present={present}
        votes={votes}
        voted={voted}
        votingOpen={voting?.status === 'aberta'}
        impeded={current && current.status !== 'cancelada' ? new Set(current.impedidos ?? []) : undefined}
        large={large}
        density={density}
        label={`Parlamentares: presença na ${phaseLabel(phase).toLowerCase()}${votes ? ' e votos' : voted ? ' e quem votou' : ''}`}
      />
    </Box>
  );
}

/** The members' votes of the current voting, as a list (choices when shown, else who voted). */
function VotesList({ state }: { state: LiveState }) {
  const votes = voteMap(state.voting);
  const voted = votedMarks(state.voting);
  if ((!votes && !voted) || !state.voting) return null;
  const present = new Set(state.presence[state.voting.fase]?.presentes ?? []);
  const members = state.members.filter((m) => present.has(m.id) || votes?.has(m.id) || voted?.has(m.id));
  const density = densityOf(members.length);
  return (
    <Box component="ul" aria-label={votes ? 'Votos dos parlamentares' : 'Parlamentares que votaram'} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, clamp(15rem, 30vw, 40rem)), 1fr))' }}>
      {members.map((m) => {
        const v = votes?.get(m.id);
        return (
          <Box component="li" key={m.id} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 1.5, py: 1, bgcolor: PANEL_SURFACE, borderRadius: 1.5 }}>
            <Typography component="span" data-nome sx={{ fontWeight: 700, fontSize: NAME_SIZE[density], lineHeight: 1.15, minWidth: 0, overflowWrap: 'anywhere' }}>
              {m.nome}
              {m.partido && <Box component="span" sx={{ color: TEXT_MUTED, fontWeight: 500, fontSize: '0.6em' }}>{` · ${m.partido}`}</Box>}
            </Typography>
            {v ? <VoteBadge voto={v} fontSize={CHIP_SIZE[density]} /> : voted?.has(m.id) ? <VotedBadge fontSize={CHIP_SIZE[density]} /> : (
              <Typography component="span" sx={{ color: TEXT_MUTED, fontStyle: 'italic', fontSize: `calc(${CHIP_SIZE[density]} * 0.8)` }}>
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

/**
 * The complete panel, read across the room at 1920×1080: the voting on top (matter, rule, counters, the president's
 * vote apart, the result), every member with presence and vote in the middle (names ≥ 36 px, chips ≥ 28 px for a
 * council of up to 12), the speaker with the floor at the bottom.
 */
function FullPanel({ state, now }: ScreenProps) {
  const density = densityOf(state.members.length);
  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: { xs: 2, md: 2 }, minWidth: 0 }}>
      <SessionNotice state={state} />
      <VotingPanel voting={state.voting} size="band" />
      <PresenceSection state={state} density={density} />
      <Box sx={{ borderTop: `1px solid ${PANEL_BORDER}`, pt: { xs: 1.5, lg: 1.5 }, mt: 'auto' }}>
        <SpeakerBar speakers={state.speakers} members={state.members} now={now} present={presentNow(state.presence)} />
      </Box>
    </Box>
  );
}

/** "Parlamentares": every member, large, with presence and (when shown) the vote. */
function MembersPanel({ state }: ScreenProps) {
  return (
    <Column>
      <SessionNotice state={state} />
      <PresenceSection state={state} large />
    </Column>
  );
}

/** "Votação": the voting alone, large, with each member's vote (or who voted). */
function VotingScreen({ state }: ScreenProps) {
  return (
    <Column>
      <VotingPanel voting={state.voting} size="screen">
        <VotesList state={state} />
      </VotingPanel>
    </Column>
  );
}

/** "Mensagem": one message, as large as the screen allows. */
function MessagePanel({ state }: ScreenProps) {
  return (
    <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', textAlign: 'center', px: 2 }}>
      <Typography component="p" role="status" data-testid="mensagem-painel" sx={{ fontWeight: 800, lineHeight: 1.15, fontSize: fluid(2, 6, 10, 9), whiteSpace: 'pre-line', overflowWrap: 'anywhere', maxWidth: '90vw' }}>
        {state.painel?.mensagem ?? ''}
      </Typography>
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
          <SpeakerPanel speakers={state.speakers} members={state.members} now={now} size="screen" nextCount={3} present={presentNow(state.presence)} />
          <SpeakerLists speakers={state.speakers} members={state.members} present={presentNow(state.presence)} />
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
    default: {
      // the session's panel: the layout chosen in the control room
      switch (state.painel?.layout) {
        case 'membros': return <MembersPanel state={state} now={now} />;
        case 'votacao': return <VotingScreen state={state} now={now} />;
        case 'mensagem': return <MessagePanel state={state} now={now} />;
        default: return <FullPanel state={state} now={now} />;
      }
    }
  }
}
