/** "/" — the module launcher: greeting by hour (São Paulo) and the user's name, then the modules the user may open. */
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { greeting, hourInSaoPaulo } from '@paco/domain/format';
import { visibleModules } from '@paco/domain/modules';
import { useSession } from '../session/SessionProvider';
import { hasRole } from '../session/store';
import { ShortcutGrid } from '../shell/ShortcutGrid';
import InboxCard from '../inbox/InboxCard';

export default function LauncherPage() {
  const { user } = useSession();
  const modules = useMemo(() => visibleModules(user), [user]);
  const hello = greeting(hourInSaoPaulo());
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Box sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 500 }}>
          {hello}, {user?.name}
        </Typography>
        {user?.company && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {user.company.name}
            {hasRole(user, 'superadmin') && (
              <Button component={RouterLink} to="/auth/company" size="small" sx={{ ml: 1 }}>Trocar entidade</Button>
            )}
          </Typography>
        )}
      </Box>
      <InboxCard />
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>Módulos</Typography>
      {modules.length ? (
        <ShortcutGrid label="Módulos disponíveis" items={modules.map((m) => ({ title: m.title, icon: m.icon, to: m.to, description: m.description }))} />
      ) : (
        <Alert severity="info">Nenhum módulo está liberado para o seu perfil. Fale com o administrador da sua entidade.</Alert>
      )}
    </Box>
  );
}
