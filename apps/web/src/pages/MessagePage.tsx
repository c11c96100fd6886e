/** Content of the message layout: the text passed in navigation state, or a default. */
import { Link as RouterLink, useLocation } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export default function MessagePage() {
  const location = useLocation();
  const message = (location.state as { message?: string } | null)?.message ?? 'Não há nada para mostrar aqui.';
  return (
    <>
      <Typography sx={{ mb: 3 }}>{message}</Typography>
      <Button variant="contained" component={RouterLink} to="/">Voltar ao Início</Button>
    </>
  );
}
