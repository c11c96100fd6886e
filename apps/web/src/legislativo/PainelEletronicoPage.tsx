/**
 * Electronic panel (public): /legislativo/painel-eletronico/:id? (a session's panel, or one of its screens: Oradores,
 * PainelPresence, PainelVotation, PresenceCard, Votacao, Votada, VotationCard) and /legislativo/newPainel/:id.
 * Presence, speakers and votes arrive with the live session module; until then it shows the waiting state.
 */
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import TvIcon from '@mui/icons-material/Tv';
import { usePageTitle } from '../shell/pageTitle';

/** The panel's screens of spec 1 §2, by route segment. */
export const PANEL_SCREENS: Record<string, string> = {
  Oradores: 'Oradores',
  PainelPresence: 'Presença',
  PainelVotation: 'Votação',
  PresenceCard: 'Cartão de presença',
  Votacao: 'Votação em andamento',
  Votada: 'Matéria votada',
  VotationCard: 'Cartão de votação',
};

export default function PainelEletronicoPage() {
  const { id } = useParams();
  const screen = id && !/^\d+$/.test(id) ? (PANEL_SCREENS[id] ?? id) : null;
  usePageTitle(screen ? `Painel Eletrônico · ${screen}` : 'Painel Eletrônico');
  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', textAlign: 'center', gap: 2 }}>
      <TvIcon sx={{ fontSize: 96, opacity: 0.6 }} aria-hidden />
      <Typography variant="h3" component="h1" sx={{ fontWeight: 600 }}>Painel Eletrônico</Typography>
      <Typography variant="h6" component="p" sx={{ opacity: 0.85 }}>
        {screen ?? (id ? `Sessão plenária nº ${id}` : 'Aguardando a abertura da sessão plenária')}
      </Typography>
      <Typography sx={{ opacity: 0.7, maxWidth: 640 }}>
        Esta tela chega com o módulo de sessão ao vivo: presenças, oradores e votações aparecerão aqui em tempo real.
      </Typography>
    </Box>
  );
}
