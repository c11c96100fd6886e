/**
 * Screens of the live plenary session (electronic panel, voting, presence cards): they arrive with the live session
 * module. Until then the route says so honestly and points at what already works (the plenary sessions' records).
 */
import { Link as RouterLink, useMatches } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { handleOf } from '../app/handle';
import { usePageTitle } from '../shell/pageTitle';

export const LIVE_MESSAGE = 'Esta tela chega com o módulo de sessão ao vivo.';

export default function LiveSessionPage() {
  const matches = useMatches();
  const last = matches[matches.length - 1];
  const title = (last && handleOf(last).title) || 'Sessão ao vivo';
  usePageTitle(title);
  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="h4" component="h1" gutterBottom>{title}</Typography>
      <Alert severity="info" sx={{ mb: 3 }}>
        {LIVE_MESSAGE} Presenças, oradores, votações e o painel eletrônico em tempo real serão operados aqui.
      </Alert>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to="/legislativo/plenarySessions">Sessões plenárias</Button>
        <Button variant="outlined" component={RouterLink} to="/legislativo">Voltar ao Legislativo</Button>
      </Stack>
    </Box>
  );
}
