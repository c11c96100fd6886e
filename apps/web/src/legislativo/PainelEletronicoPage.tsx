/**
 * Electronic panel (public): /legislativo/painel-eletronico/:id? and /legislativo/newPainel/:id. Presence,
 * speakers and votes arrive with the plenary module (realtime); until then it shows the waiting state.
 */
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import TvIcon from '@mui/icons-material/Tv';
import { usePageTitle } from '../shell/pageTitle';

export default function PainelEletronicoPage() {
  const { id } = useParams();
  usePageTitle('Painel Eletrônico');
  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', textAlign: 'center', gap: 2 }}>
      <TvIcon sx={{ fontSize: 96, opacity: 0.6 }} aria-hidden />
      <Typography variant="h3" component="h1" sx={{ fontWeight: 600 }}>Painel Eletrônico</Typography>
      <Typography variant="h6" component="p" sx={{ opacity: 0.85 }}>
        {id ? `Sessão plenária nº ${id}` : 'Aguardando a abertura da sessão plenária'}
      </Typography>
      <Typography sx={{ opacity: 0.7, maxWidth: 640 }}>
        Presenças, oradores e votações aparecerão aqui em tempo real com o módulo do plenário.
      </Typography>
    </Box>
  );
}
