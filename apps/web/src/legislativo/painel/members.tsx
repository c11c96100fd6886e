/** Members on the panel: photo or initials, name, party, presence mark and (when shown) the vote, in words and icons. */
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import BlockIcon from '@mui/icons-material/Block';
import type { LiveMember, VoteChoice } from '@paco/domain/plenary';
import { initials } from '@paco/domain/format';
import { VOTE_TEXT } from './model';
import { ABSENT_COLOR, PANEL_BORDER, PANEL_SURFACE, PRESENT_COLOR, TEXT_MUTED, VOTE_COLOR, fluid } from './theme';

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
export function VoteBadge({ voto, size = 'md' }: { voto: VoteChoice; size?: 'md' | 'lg' }) {
  const t = VOTE_TEXT[voto];
  return (
    <Box
      component="span"
      data-voto={voto}
      sx={{
        display: 'inline-flex', alignItems: 'center', gap: 0.75, px: 1.25, py: 0.25, borderRadius: 1.5, fontWeight: 800,
        letterSpacing: 0.5, whiteSpace: 'nowrap', color: '#0d1b2a', bgcolor: VOTE_COLOR[voto],
        fontSize: size === 'lg' ? fluid(1, 1.4, 2) : fluid(0.8, 1, 1.45),
      }}
    >
      <span aria-hidden>{t.symbol}</span>
      <span>{t.text}</span>
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
  /** the voting is still open (a present member without a vote is "Aguardando voto") */
  votingOpen?: boolean;
  /** members declared impeded in the voting on screen */
  impeded?: ReadonlySet<number>;
  /** bigger cards (presence screens) */
  large?: boolean;
  label: string;
}

/** Members as a list of cards; the present ones first only when asked by the order of `members`. */
export function MemberGrid({ members, present, votes, votingOpen = false, impeded, large = false, label }: MemberGridProps) {
  const avatar = large ? fluid(2.5, 4, 6) : fluid(2.25, 2.6, 4);
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none', m: 0, p: 0, display: 'grid', gap: { xs: 1, md: 1.25 },
        gridTemplateColumns: large
          ? 'repeat(auto-fill, minmax(min(100%, clamp(15rem, 22vw, 30rem)), 1fr))'
          : 'repeat(auto-fill, minmax(min(100%, clamp(14rem, 17vw, 24rem)), 1fr))',
      }}
    >
      {members.map((m) => {
        const isPresent = present.has(m.id);
        const voto = votes?.get(m.id) ?? null;
        const isImpeded = impeded?.has(m.id) ?? false;
        return (
          <Box
            component="li"
            key={m.id}
            data-member={m.id}
            sx={{
              display: 'flex', alignItems: 'center', gap: 1.25, p: { xs: 1, md: 1.25 }, borderRadius: 2, minWidth: 0,
              bgcolor: isPresent ? PANEL_SURFACE : 'transparent',
              border: `2px ${isPresent ? 'solid' : 'dashed'} ${isPresent ? 'rgba(91,228,155,0.55)' : PANEL_BORDER}`,
            }}
          >
            <Box sx={{ opacity: isPresent ? 1 : 0.55 }}><MemberAvatar member={m} size={avatar} /></Box>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography
                component="p"
                sx={{ fontWeight: 700, lineHeight: 1.15, fontSize: large ? fluid(1.05, 1.6, 2.4) : fluid(1, 1.3, 2), overflowWrap: 'anywhere' }}
              >
                {m.nome}
              </Typography>
              <Typography component="p" sx={{ color: TEXT_MUTED, fontSize: large ? fluid(0.85, 1.1, 1.6) : fluid(0.8, 1, 1.5), fontWeight: 500 }}>
                {[m.partido, m.presidente ? 'Presidente' : null].filter(Boolean).join(' · ') || 'Sem partido'}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.25 }}>
                <PresenceMark present={isPresent} large={large} />
                {isImpeded && (
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, px: 1, borderRadius: 1.5, border: '2px solid #ffcc80', color: '#ffcc80', fontWeight: 800, letterSpacing: 0.5, fontSize: fluid(0.8, 0.95, 1.4) }}>
                    <BlockIcon aria-hidden sx={{ fontSize: '1.1em' }} />IMPEDIDO
                  </Box>
                )}
                {!isImpeded && votes && voto && <VoteBadge voto={voto} />}
                {!isImpeded && votes && !voto && isPresent && (
                  <Box component="span" sx={{ color: TEXT_MUTED, fontSize: fluid(0.8, 0.9, 1.3), fontStyle: 'italic' }}>
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
