/**
 * Voting panel layout (/legislativo/votar): menu with / (Início), /auth/profile (Perfil) and /sobre (Sobre);
 * the bar has a back button to /legislativo, the title "Votar Matéria" and the user's name.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MenuIcon from '@mui/icons-material/Menu';
import type { MenuItem } from '@paco/domain/modules';
import { useSession } from '../session/SessionProvider';
import { ContentArea, SideNav } from './parts/Frame';
import { OfflineGate } from '../shell/OfflineScreen';
import { NavList } from '../shell/NavList';
import { SkipLink } from './parts/SkipLink';
import { useDesktop } from './useDesktop';

const WIDTH = 220;
export const VOTING_MENU: MenuItem[] = [
  { title: 'Início', icon: 'Dashboard', to: '/', roles: [], permissions: [] },
  { title: 'Perfil', icon: 'AccountCircle', to: '/auth/profile', roles: [], permissions: [] },
  { title: 'Sobre', icon: 'Info', to: '/sobre', roles: [], permissions: [] },
];

export default function VotingLayout() {
  const { user } = useSession();
  const desktop = useDesktop();
  const [open, setOpen] = useState(false);
  return (
    <OfflineGate>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <SkipLink />
        <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
          <Toolbar sx={{ gap: 1 }}>
            {!desktop && (
              <IconButton color="inherit" edge="start" aria-label="Abrir menu" onClick={() => setOpen(true)}>
                <MenuIcon />
              </IconButton>
            )}
            <Tooltip title="Voltar ao Legislativo">
              <IconButton color="inherit" component={RouterLink} to="/legislativo" aria-label="Voltar ao Legislativo">
                <ArrowBackIcon />
              </IconButton>
            </Tooltip>
            <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }} noWrap>Votar Matéria</Typography>
            <Typography variant="body2" noWrap sx={{ maxWidth: '40vw' }}>{user?.name}</Typography>
          </Toolbar>
        </AppBar>
        <SideNav desktop={desktop} open={open} onClose={() => setOpen(false)} width={WIDTH}>
          <Box component="nav" aria-label="Menu da votação">
            <NavList items={VOTING_MENU} end onNavigate={() => setOpen(false)} />
          </Box>
        </SideNav>
        <ContentArea footer={false} />
      </Box>
    </OfflineGate>
  );
}
