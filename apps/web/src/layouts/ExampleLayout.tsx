/**
 * Example layout (/example): side drawer, ORANGE top bar, avatar opening a right drawer with the user's name
 * and "Sair".
 */
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { moduleByKey, visibleMenu } from '@paco/domain/modules';
import { useSession } from '../session/SessionProvider';
import { ContentArea, SideNav } from './parts/Frame';
import { OfflineGate } from '../shell/OfflineScreen';
import { NavList } from '../shell/NavList';
import { SkipLink } from './parts/SkipLink';
import { UserAvatar } from '../shell/UserAvatar';
import { UserDrawer } from './parts/UserDrawer';
import { useDesktop } from './useDesktop';

const WIDTH = 240;

export default function ExampleLayout() {
  const mod = moduleByKey.get('example')!;
  const { user } = useSession();
  const desktop = useDesktop();
  const location = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  const [userOpen, setUserOpen] = useState(false);
  const items = useMemo(() => visibleMenu('example', user), [user]);
  useEffect(() => setNavOpen(false), [location.pathname]);

  return (
    <OfflineGate>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <SkipLink />
        <AppBar position="fixed" color="secondary" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
          <Toolbar sx={{ gap: 1 }}>
            {!desktop && (
              <IconButton color="inherit" edge="start" aria-label="Abrir menu" onClick={() => setNavOpen(true)}>
                <MenuIcon />
              </IconButton>
            )}
            <Typography variant="h6" component={RouterLink} to={mod.to} sx={{ flexGrow: 1, color: 'inherit', textDecoration: 'none' }} noWrap>
              {mod.title}
            </Typography>
            <Tooltip title={user?.name ?? 'Conta'}>
              <IconButton aria-label="Conta do usuário" onClick={() => setUserOpen(true)} sx={{ p: 0.5 }}>
                <UserAvatar user={user} />
              </IconButton>
            </Tooltip>
          </Toolbar>
        </AppBar>
        <SideNav desktop={desktop} open={navOpen} onClose={() => setNavOpen(false)} width={WIDTH}>
          <Box component="nav" aria-label="Menu do exemplo">
            <NavList items={items} end onNavigate={() => setNavOpen(false)} />
          </Box>
        </SideNav>
        <ContentArea />
        <UserDrawer open={userOpen} onClose={() => setUserOpen(false)} compact />
      </Box>
    </OfflineGate>
  );
}
