/** A menu entry whose screen is not in this version yet (honest, instead of a 404). */
import { Link as RouterLink, useMatches } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { moduleForPath } from '@paco/domain/modules';
import { handleOf } from '../shell/handle';

export default function ComingSoonPage() {
  const matches = useMatches();
  const last = matches[matches.length - 1];
  const title = last ? handleOf(last).title : undefined;
  const mod = last ? moduleForPath(last.pathname) : undefined;
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1" gutterBottom>{title ?? 'Em breve'}</Typography>
      <Alert severity="info" sx={{ mb: 3 }}>Esta tela ainda não está disponível nesta versão do Paço.</Alert>
      <Button variant="outlined" component={RouterLink} to={mod?.to ?? '/'}>
        {mod ? `Voltar para ${mod.title}` : 'Voltar ao Início'}
      </Button>
    </Box>
  );
}
