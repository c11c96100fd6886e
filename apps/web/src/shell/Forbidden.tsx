import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { OpsCard } from './OpsCard';
import { usePageTitle } from './pageTitle';

/** Shown instead of a route the user's roles/permissions do not allow. */
export function Forbidden() {
  usePageTitle('Acesso não permitido');
  return (
    <Box sx={{ py: 6, px: 2 }}>
      <OpsCard>
        <Typography variant="h6" component="p" gutterBottom>Acesso não permitido</Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Seu perfil não tem permissão para abrir esta página. Se precisar dela, fale com o administrador da sua entidade.
        </Typography>
        <Button variant="contained" component={RouterLink} to="/">Voltar ao Início</Button>
      </OpsCard>
    </Box>
  );
}
