/**
 * /legislativo/newPainel/:id — the operator's control room of plenary session :id.
 *
 * The route guard lets this path through without a token (spec 1 §4 lists it with the panel routes), so the page
 * itself restores a saved session, and says so when nobody is signed in (with "Entrar" back to here) or when the
 * user is not a live operator (W_LIVE).
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LoginIcon from '@mui/icons-material/Login';
import { useSession } from '../../session/SessionProvider';
import { hasSavedToken } from '../../session/store';
import { usePageTitle } from '../../shell/pageTitle';
import { ControlRoom } from './ControlRoom';
import { canConfigure, isOperator } from './shared';

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1" gutterBottom>{title}</Typography>
      {children}
    </Box>
  );
}

export default function ControlRoomPage() {
  const { id } = useParams();
  const location = useLocation();
  const { user, checkToken } = useSession();
  const [checking, setChecking] = useState(() => !user && hasSavedToken());
  usePageTitle('Sala de controle');

  // a reload on this public path: the guard did not restore the saved session, so do it here
  useEffect(() => {
    if (user || !hasSavedToken()) {
      setChecking(false);
      return undefined;
    }
    let alive = true;
    setChecking(true);
    checkToken()
      .catch(() => undefined)
      .finally(() => {
        if (alive) setChecking(false);
      });
    return () => {
      alive = false;
    };
  }, [user, checkToken]);

  if (checking) {
    return (
      <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center', p: 4 }}>
        <CircularProgress size={28} aria-hidden />
        <Typography>Verificando sua sessão…</Typography>
      </Stack>
    );
  }
  if (!user) {
    const next = `${location.pathname}${location.search}`;
    return (
      <Notice title="Sala de controle">
        <Alert role="status" severity="info" sx={{ mb: 3 }}>
          Você não está conectado. Entre com sua conta de operador do plenário para conduzir a sessão.
        </Alert>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" startIcon={<LoginIcon />} component={RouterLink} to={`/auth/login?next=${encodeURIComponent(next)}`}>
            Entrar
          </Button>
          {id && /^\d+$/.test(id) && (
            <Button variant="outlined" component={RouterLink} to={`/legislativo/painel-eletronico/${id}`}>
              Ver o painel público
            </Button>
          )}
        </Stack>
      </Notice>
    );
  }
  if (!isOperator(user)) {
    return (
      <Notice title="Acesso não permitido">
        <Alert role="status" severity="warning" sx={{ mb: 3 }}>
          A sala de controle é só para os operadores do plenário (administração da Câmara e operadores de sessão ou do painel).
          Se você precisa dela, peça ao administrador da sua entidade.
        </Alert>
        <Button variant="contained" component={RouterLink} to="/">Voltar ao Início</Button>
      </Notice>
    );
  }
  if (!id || !/^\d+$/.test(id)) {
    return (
      <Notice title="Sala de controle">
        <Alert role="status" severity="warning" sx={{ mb: 3 }}>Sessão plenária não encontrada.</Alert>
        <Button variant="contained" component={RouterLink} to="/legislativo/newPainel">Escolher a sessão</Button>
      </Notice>
    );
  }
  return <ControlRoom key={id} sessionId={Number(id)} configurable={canConfigure(user)} />;
}
