/** Members on the panel: photo or initials, name, party, presence mark and (when shown) the vote, in words and icons. */
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import BlockIcon from '@mui/icons-material/Block';
import type { LiveMember, VoteChoice } from '@paco/domain/plenary';
import { initials } from '@paco/domain/format';
import HowToVoteIcon from '@mui/icons-material/HowToVote';
import { VOTE_TEXT, type Density } from './model';
import { ABSENT_COLOR, PANEL_BORDER, PANEL_SURFACE, PRESENT_COLOR, TEXT_MUTED, VOTE_COLOR, fluid } from './theme';

/**
 * Sizes read from across a room (issue 16 item 9): at 1920×1080 a council of up to 12 gets names ≥ 36 px and vote
 * chips ≥ 28 px (`room`), larger houses a little less so that everyone fits.
 */
export const NAME_SIZE: Record<Density | 'large', string> = {
  large: fluid(1.2, 2.6, 4, 4.4),
  room: fluid(1.1, 2, 3, 3.5),
  medium: fluid(1, 1.5, 2.4, 2.6),
  small: fluid(0.95, 1.2, 2, 2.1),
};
export const CHIP_SIZE: Record<Density | 'large', string> = {
  large: fluid(0.95, 1.8, 2.6, 3),
  room: fluid(0.9, 1.6, 2.2, 2.7),
  medium: fluid(0.85, 1.2, 1.8, 2),
  small: fluid(0.8, 1, 1.45),
};

export function MemberAvatar({ member, size }: { member: Pick<LiveMember, 'nome' | 'foto'>; size: string }) {
  return (
    <Avatar
      src={member.foto ?? undefined}
      alt=""
      aria-hidden
      sx={{ width: size, height: size, fontSize: `calc(${size} * 0.4)`, fontWeight: 700, bgcolor: '#2c4a6b', color: '#fff', flexShrink: 0 }}
    >
      {initials(member.nome)}
    </Avatar>
  );
}

/** "✓ SIM" / "✗ NÃO" / "– ABSTENÇÃO": symbol, word and colour together. */
export function VoteBadge({ voto, size = 'md', fontSize }: { voto: VoteChoice; size?: 'md' | 'lg'; fontSize?: string }) {
  const t = VOTE_TEXT[voto];
  return (
    <Box
      component="span"
      data-voto={voto}
      sx={{
        display: 'inline-flex', alignItems: 'center', gap: 0.75, px: 1.25, py: 0.25, borderRadius: 1.5, fontWeight: 800,
        letterSpacing: 0.5, whiteSpace: 'nowrap', color: '#0d1b2a', bgcolor: VOTE_COLOR[voto],
        fontSize: fontSize ?? (size === 'lg' ? fluid(1, 1.4, 2) : fluid(0.8, 1, 1.45)),
      }}
    >
      <span aria-hidden>{t.symbol}</span>
      <span>{t.text}</span>
    </Box>
  );
}

/** "VOTOU": the member voted, and what they chose is not shown (secret ballot, or votes hidden until closing). */
export function VotedBadge({ fontSize }: { fontSize?: string }) {
  return (
    <Box
      component="span"
      data-votou="true"
      sx={{
        display: 'inline-flex', alignItems: 'center', gap: 0.75, px: 1.25, py: 0.25, borderRadius: 1.5, fontWeight: 800, letterSpacing: 0.5,
        whiteSpace: 'nowrap', color: '#0d1b2a', bgcolor: '#90caf9', fontSize: fontSize ?? fluid(0.8, 1, 1.45),
      }}
    >
      <HowToVoteIcon aria-hidden sx={{ fontSize: '1.1em' }} />
      <span>VOTOU</span>
    </Box>
  );
}

export function PresenceMark({ present, large = false }: { present: boolean; large?: boolean }) {
  const Icon = present ? CheckCircleIcon : RemoveCircleOutlineIcon;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 700, color: present ? PRESENT_COLOR : ABSENT_COLOR, fontSize: large ? fluid(0.9, 1.3, 2) : fluid(0.8, 0.95, 1.35) }}
    >
      <Icon aria-hidden sx={{ fontSize: '1.2em' }} />
      {present ? 'Presente' : 'Ausente'}
    </Box>
  );
}

export interface MemberGridProps {
  members: LiveMember[];
  present: Set<number>;
  /** each member's vote, or null when the votes are not shown */
  votes: Map<number, VoteChoice> | null;
  /** who voted when the choices are not shown ("votou") */
  voted?: Set<number> | null;
  /** the voting is still open (a present member without a vote is "Aguardando voto") */
  votingOpen?: boolean;
  /** members declared impeded in the voting on screen */
  impeded?: ReadonlySet<number>;
  /** bigger cards (presence screens, the "Parlamentares" layout) */
  large?: boolean;
  /** type sizes for the room (the complete panel): by the size of the house */
  density?: Density;
  label: string;
}

/** Members as a list of cards; the present ones first only when asked by the order of `members`. */
export function MemberGrid({ members, present, votes, voted, votingOpen = false, impeded, large = false, density, label }: MemberGridProps) {
  const size = large ? 'large' : density ?? null;
  const avatar = large ? fluid(2.5, 4, 6) : size ? fluid(2, 2.8, 4.2, 4.6) : fluid(2.25, 2.6, 4);
  const name = size ? NAME_SIZE[size] : fluid(1, 1.3, 2);
  const chip = size ? CHIP_SIZE[size] : undefined;
  const columns = large
    ? 'repeat(auto-fill, minmax(min(100%, clamp(15rem, 30vw, 40rem)), 1fr))'
    : size ? 'repeat(auto-fill, minmax(min(100%, clamp(15rem, 30vw, 40rem)), 1fr))'
      : 'repeat(auto-fill, minmax(min(100%, clamp(14rem, 17vw, 24rem)), 1fr))';
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: { xs: 1, md: 1.25 }, gridTemplateColumns: columns }}
    >
      {members.map((m) => {
        const isPresent = present.has(m.id);
        const voto = votes?.get(m.id) ?? null;
        const isImpeded = impeded?.has(m.id) ?? false;
        const hasVoted = voted?.has(m.id) ?? false;
        const tracking = votes !== null || (voted !== null && voted !== undefined);
        return (
          <Box
            component="li"
            key={m.id}
            data-member={m.id}
            sx={{
              display: 'flex', alignItems: 'center', gap: 1.25, px: { xs: 1, md: 1.5 }, py: { xs: 0.75, md: 1 }, borderRadius: 2, minWidth: 0,
              bgcolor: isPresent ? PANEL_SURFACE : 'transparent',
              border: `2px ${isPresent ? 'solid' : 'dashed'} ${isPresent ? 'rgba(91,228,155,0.55)' : PANEL_BORDER}`,
            }}
          >
            <Box sx={{ opacity: isPresent ? 1 : 0.55 }}><MemberAvatar member={m} size={avatar} /></Box>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography component="p" data-nome sx={{ fontWeight: 700, lineHeight: 1.15, fontSize: name, overflowWrap: 'anywhere' }}>
                {m.nome}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.25, rowGap: 0.25, mt: 0.25 }}>
                <Typography component="span" sx={{ color: TEXT_MUTED, fontSize: size ? fluid(0.85, 1.2, 1.8, 2) : large ? fluid(0.85, 1.1, 1.6) : fluid(0.8, 1, 1.5), fontWeight: 500 }}>
                  {[m.partido, m.presidente ? 'Presidente' : null].filter(Boolean).join(' · ') || 'Sem partido'}
                </Typography>
                {!(isPresent && tracking && (voto || hasVoted)) && <PresenceMark present={isPresent} large={large || !!size} />}
                {isImpeded && (
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, px: 1, borderRadius: 1.5, border: '2px solid #ffcc80', color: '#ffcc80', fontWeight: 800, letterSpacing: 0.5, fontSize: chip ?? fluid(0.8, 0.95, 1.4) }}>
                    <BlockIcon aria-hidden sx={{ fontSize: '1.1em' }} />IMPEDIDO
                  </Box>
                )}
                {!isImpeded && votes && voto && <VoteBadge voto={voto} fontSize={chip} />}
                {!isImpeded && !votes && hasVoted && <VotedBadge fontSize={chip} />}
                {!isImpeded && tracking && !voto && !hasVoted && isPresent && (
                  <Box component="span" sx={{ color: TEXT_MUTED, fontSize: chip ? `calc(${chip} * 0.8)` : fluid(0.8, 0.9, 1.3), fontStyle: 'italic' }}>
                    {votingOpen ? 'Aguardando voto' : 'Não votou'}
                  </Box>
                )}
              </Box>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
