/** /legislativo/votar — the parliamentarian's voting screen. The voting itself comes with the plenary module. */
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import HowToVoteIcon from '@mui/icons-material/HowToVote';
import { useSession } from '../session/SessionProvider';

export default function VotarPage() {
  const { user } = useSession();
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, textAlign: 'center' }}>
        <HowToVoteIcon color="primary" sx={{ fontSize: 64 }} aria-hidden />
        <Typography variant="h5" component="h2" gutterBottom>Nenhuma matéria em votação</Typography>
        <Typography color="text.secondary" paragraph>
          {user?.name ? `${user.name}, quando` : 'Quando'} a Mesa abrir a votação de uma matéria, ela aparecerá aqui com as opções Sim, Não e Abstenção.
        </Typography>
        <Alert severity="info" sx={{ textAlign: 'left', mb: 3 }}>
          A votação em tempo real chega com o módulo do plenário.
        </Alert>
        <Button variant="outlined" component={RouterLink} to="/legislativo">Voltar ao Legislativo</Button>
      </Paper>
    </Box>
  );
}
