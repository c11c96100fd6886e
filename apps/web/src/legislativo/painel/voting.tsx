/**
 * The current voting on the panel: matter, kind, rule (with its presence quorum), the big counters as the result
 * counts them (hidden while a secret ballot or hidden votes are open: "Votaram 7 de 11"), the presiding officer's
 * vote apart ("computado só em caso de empate"), why it was reopened, annulled or voted again, and the result.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import RemoveIcon from '@mui/icons-material/Remove';
import GroupsIcon from '@mui/icons-material/Groups';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import GavelIcon from '@mui/icons-material/Gavel';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import BlockIcon from '@mui/icons-material/Block';
import { blockItemLine, blockTitle, votingFigures, type LiveVoting, type Outcome } from '@paco/domain/plenary';
import { kindLabel, outcomeLabel, phaseLabel, showsCounters, votingAnnouncement } from './model';
import { PANEL_BORDER, PANEL_SURFACE, TEXT_MUTED, VOTE_COLOR, fluid, srOnly } from './theme';

type Size = 'full' | 'screen' | 'card' | 'band';

const NUM_SIZE: Record<Size, string> = {
  full: fluid(2.25, 5, 8, 8),
  screen: fluid(2.5, 7, 11, 10),
  card: fluid(1.75, 3, 5),
  band: fluid(2, 3.6, 6, 6),
};

function Counter({ label, value, icon, color, size }: { label: string; value: number; icon: ReactNode; color: string; size: Size }) {
  return (
    <Box
      component="li"
      sx={{
        flex: '1 1 0', minWidth: { xs: 'calc(33% - 8px)', sm: 0 }, textAlign: 'center', p: { xs: 0.75, md: 1.25 }, borderRadius: 2,
        bgcolor: PANEL_SURFACE, borderTop: `6px solid ${color}`,
      }}
    >
      <Box
        component="span"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 0.5, fontWeight: 700, color, fontSize: fluid(0.8, size === 'card' ? 1 : 1.35, 2.2) }}
      >
        <Box component="span" aria-hidden sx={{ display: 'inline-flex', '& svg': { fontSize: '1.2em' } }}>{icon}</Box>
        {label}
      </Box>
      <Box component="span" sx={{ display: 'block', fontSize: NUM_SIZE[size], fontWeight: 800, lineHeight: 1.05, fontVariantNumeric: 'tabular-nums', color: '#fff' }}>
        {value}
      </Box>
    </Box>
  );
}

export function Counters({ voting, size }: { voting: LiveVoting; size: Size }) {
  const t = voting.tally;
  return (
    <Box component="ul" aria-label="Placar" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, gap: { xs: 1, md: 1.5 } }}>
      <Counter label="Sim" value={t.sim ?? 0} icon={<CheckIcon />} color={VOTE_COLOR.sim} size={size} />
      <Counter label="Não" value={t.nao ?? 0} icon={<CloseIcon />} color={VOTE_COLOR.nao} size={size} />
      <Counter label="Abstenção" value={t.abstencao ?? 0} icon={<RemoveIcon />} color={VOTE_COLOR.abstencao} size={size} />
      <Counter label="Presentes" value={t.presentes} icon={<HowToRegIcon />} color="#90caf9" size={size} />
      <Counter label="Total" value={t.total} icon={<GroupsIcon />} color="#e0e0e0" size={size} />
    </Box>
  );
}

const OUTCOME_STYLE: Record<Outcome, { bg: string; fg: string; icon: ReactNode }> = {
  aprovado: { bg: '#1b5e20', fg: '#ffffff', icon: <CheckIcon /> },
  rejeitado: { bg: '#b71c1c', fg: '#ffffff', icon: <CloseIcon /> },
  sem_quorum: { bg: '#e65100', fg: '#ffffff', icon: <ReportProblemIcon /> },
  lida: { bg: '#1a4f8a', fg: '#ffffff', icon: <MenuBookIcon /> },
};

export function ResultBanner({ voting, size }: { voting: LiveVoting; size: Size }) {
  if (!voting.resultado) return null;
  const s = OUTCOME_STYLE[voting.resultado];
  return (
    <Box data-resultado={voting.resultado} sx={{ bgcolor: s.bg, color: s.fg, borderRadius: 2, p: { xs: 1.5, md: 2 }, display: 'flex', gap: 2, alignItems: 'center' }}>
      <Box aria-hidden sx={{ display: 'inline-flex', '& svg': { fontSize: size === 'card' || size === 'band' ? fluid(2, 3, 4) : fluid(2.5, 5, 7) } }}>{s.icon}</Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="p" sx={{ fontWeight: 900, letterSpacing: 1, lineHeight: 1.05, fontSize: size === 'card' || size === 'band' ? fluid(1.4, 2.2, 3.2) : fluid(1.8, 3.6, 6) }}>
          {outcomeLabel(voting.resultado).toUpperCase()}
        </Typography>
        {voting.explicacao && (
          <Typography component="p" sx={{ fontWeight: 500, fontSize: size === 'card' ? fluid(0.85, 1, 1.4) : fluid(0.95, 1.35, 2.1) }}>{voting.explicacao}</Typography>
        )}
      </Box>
    </Box>
  );
}

function StatusTag({ voting }: { voting: LiveVoting }) {
  const [text, bg] = voting.status === 'aberta' ? ['Em votação', '#0277bd']
    : voting.status === 'cancelada' ? [voting.anulada ? 'Resultado anulado' : 'Votação cancelada', '#5d4037'] : ['Votação encerrada', '#37474f'];
  const Icon = voting.status === 'cancelada' ? BlockIcon : GavelIcon;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, px: 1.25, py: 0.25, borderRadius: 1.5, bgcolor: bg, color: '#fff', fontWeight: 700, fontSize: fluid(0.8, 1, 1.5) }}>
      <Icon aria-hidden sx={{ fontSize: '1.1em' }} />
      {text}
    </Box>
  );
}

/** The polite live region: counters and result are announced when they change; nothing else is. */
export function VotingAnnouncer({ voting }: { voting: LiveVoting | null }) {
  return (
    <Box aria-live="polite" aria-atomic="true" data-testid="anuncio-votacao" sx={srOnly}>
      {votingAnnouncement(voting)}
    </Box>
  );
}

export interface VotingPanelProps {
  voting: LiveVoting | null;
  size: Size;
  /** rendered under the counters (e.g. the members' votes) */
  children?: ReactNode;
  /** heading level of the matter's title */
  headingLevel?: 'h2' | 'h3';
}

/** The figures that are not counters: who voted while the counts are hidden, the president apart, the reason, the quorum. */
function VotingLines({ voting, size }: { voting: LiveVoting; size: Size }) {
  const f = votingFigures(voting);
  const text = size === 'card' ? fluid(0.85, 1.05, 1.5) : fluid(1, 1.5, 2.3, 2.6);
  const open = voting.status === 'aberta';
  const lines: { key: string; node: ReactNode; color?: string }[] = [];
  if (!showsCounters(voting) && (voting.tipo === 'nominal' || voting.tipo === 'secreta') && voting.status !== 'cancelada') {
    lines.push({
      key: 'votaram',
      node: `Votaram ${voting.tally.votaram} de ${voting.tally.presentes} presentes${open ? (voting.tipo === 'secreta' ? ' · votação secreta: a contagem aparece ao encerrar' : ' · os votos aparecem ao encerrar') : ''}`,
    });
  }
  if (f.presidentLine) lines.push({ key: 'presidente', node: f.presidentLine });
  if (open && voting.tipo !== 'leitura' && !f.quorum.atingido) {
    lines.push({ key: 'quorum', node: `Sem quórum de presença: ${f.presentes} presentes, a regra exige ${f.quorum.exigidos}`, color: '#ffcc80' });
  }
  if (f.note) lines.push({ key: 'nota', node: f.note, color: '#ffe082' });
  if (!lines.length) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {lines.map((l) => (
        <Typography key={l.key} component="p" data-linha={l.key} sx={{ fontWeight: 700, fontSize: text, color: l.color ?? '#fff' }}>{l.node}</Typography>
      ))}
    </Box>
  );
}

/**
 * The items of a block voting (decision 0056): one line each — number, identification, the ementa shortened —, in a
 * box that scrolls past what fits, so a block of dozens of requerimentos keeps the counters on the 1080p screen.
 */
function BlockItems({ voting, size }: { voting: LiveVoting; size: Size }) {
  const items = voting.bloco ?? [];
  const small = size === 'card' || size === 'band';
  return (
    <Box
      component="ol"
      aria-label="Itens votados em bloco"
      data-testid="itens-bloco"
      sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0, maxHeight: small ? '6.5em' : size === 'screen' ? '40vh' : '9.5em', overflowY: 'auto', fontSize: small ? fluid(0.85, 1, 1.4) : fluid(0.95, 1.3, 2) }}
    >
      {items.map((b) => (
        <Box component="li" key={b.plenary_matter_id} sx={{ color: '#e8eef4', lineHeight: 1.3, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {blockItemLine(b, small ? 60 : 90)}
        </Box>
      ))}
    </Box>
  );
}

export function VotingPanel({ voting, size, children, headingLevel = 'h2' }: VotingPanelProps) {
  if (!voting) {
    return (
      <Box component="section" aria-label="Votação" sx={{ p: 2, borderRadius: 2, border: `2px dashed ${PANEL_BORDER}`, textAlign: 'center' }}>
        <VotingAnnouncer voting={null} />
        <GavelIcon aria-hidden sx={{ fontSize: fluid(2, 3, 4), color: TEXT_MUTED }} />
        <Typography component={headingLevel} sx={{ fontSize: fluid(1.1, 1.6, 2.4), fontWeight: 700 }}>Nenhuma votação nesta sessão até agora.</Typography>
        <Typography sx={{ color: TEXT_MUTED, fontSize: fluid(0.9, 1.1, 1.6) }}>A votação aparecerá aqui assim que for aberta.</Typography>
      </Box>
    );
  }
  const card = size === 'card';
  const band = size === 'band';
  const heading = (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <StatusTag voting={voting} />
        <Typography component="p" sx={{ color: TEXT_MUTED, fontWeight: 600, fontSize: fluid(0.85, 1.05, 1.6) }}>
          {`Votação ${kindLabel(voting.tipo).toLowerCase()} · ${phaseLabel(voting.fase)}`}
        </Typography>
      </Box>
      <Typography component={headingLevel} sx={{ fontWeight: 800, lineHeight: 1.1, fontSize: card ? fluid(1.2, 1.8, 2.6) : size === 'screen' ? fluid(1.6, 3.6, 6) : band ? fluid(1.4, 2.4, 4, 4.2) : fluid(1.4, 2.6, 4.2) }}>
        {voting.bloco ? blockTitle(voting.bloco) : voting.identificacao}
      </Typography>
      {voting.bloco && <BlockItems voting={voting} size={size} />}
      {!voting.bloco && voting.ementa && (
        <Typography
          component="p"
          sx={{
            mt: 0.5, color: '#e8eef4', fontSize: card ? fluid(0.85, 1, 1.4) : size === 'screen' ? fluid(1, 1.8, 2.8) : band ? fluid(0.95, 1.3, 2, 2.3) : fluid(0.95, 1.35, 2.1), lineHeight: 1.3,
            display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: card || band ? 2 : 3, overflow: 'hidden',
          }}
        >
          {voting.ementa}
        </Typography>
      )}
      {voting.tipo !== 'leitura' && (
        <Typography component="p" sx={{ mt: 0.5, fontWeight: 600, color: '#ffe082', fontSize: fluid(0.85, 1.1, 1.7) }}>
          {`Quórum: ${voting.requisito}`}
        </Typography>
      )}
    </Box>
  );
  const figures = (
    <>
      {showsCounters(voting) ? (
        <Counters voting={voting} size={size} />
      ) : voting.tipo === 'simbolica' && voting.status === 'aberta' ? (
        <Typography sx={{ fontSize: fluid(1, 1.5, 2.2), fontWeight: 600 }}>
          Votação simbólica: o resultado será registrado pela Mesa ao encerrar.
        </Typography>
      ) : null}
      <VotingLines voting={voting} size={size} />
      <ResultBanner voting={voting} size={size} />
    </>
  );
  if (band) {
    return (
      <Box component="section" aria-label={`Votação: ${voting.bloco ? blockTitle(voting.bloco) : voting.identificacao}`} sx={{ display: 'grid', gap: { xs: 1.5, lg: 3 }, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 5fr) minmax(0, 6fr)' }, alignItems: 'start', minWidth: 0 }}>
        <VotingAnnouncer voting={voting} />
        {heading}
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>{figures}</Box>
        {children}
      </Box>
    );
  }
  return (
    <Box component="section" aria-label={`Votação: ${voting.bloco ? blockTitle(voting.bloco) : voting.identificacao}`} sx={{ display: 'flex', flexDirection: 'column', gap: card ? 1 : { xs: 1.25, md: 2 }, minWidth: 0 }}>
      {heading}
      <VotingAnnouncer voting={voting} />
      {figures}
      {children}
    </Box>
  );
}
