import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BUILD_LABEL, PRODUCT_NAME } from '@paco/domain/constants';
import { useSession } from '../session/SessionProvider';

export default function SobrePage() {
  const { user } = useSession();
  return (
    <Box sx={{ maxWidth: 800, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>Sobre</Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2">{PRODUCT_NAME}</Typography>
        <Typography color="text.secondary" paragraph>
          Suíte de gestão para prefeituras, câmaras e autarquias: um único acesso, vários módulos, e cada pessoa vê o que o seu perfil permite.
        </Typography>
        <Typography variant="body2">Versão: BUILD {BUILD_LABEL}</Typography>
        {user?.company && <Typography variant="body2">Entidade: {user.company.name}</Typography>}
      </Paper>
    </Box>
  );
}
