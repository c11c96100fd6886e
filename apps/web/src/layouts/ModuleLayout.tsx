/**
 * The module layout (and the default one, for the launcher and the account pages): top bar with the module
 * title, "Votar Matéria" (cm_parlamentar), the apps drawer ("Módulos"), the notification bell
 * (notifications/NotificationBell.tsx) and the avatar (right drawer: "Gerenciar Perfil", "Sair"); left drawer with the module's
 * items sorted by title (permanent on desktop, temporary on phones and tablets); footer. Offline → the offline
 * screen only.
 */
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import AppsIcon from '@mui/icons-material/Apps';
import HowToVoteIcon from '@mui/icons-material/HowToVote';
import { PRODUCT_NAME } from '@paco/domain/constants';
import { moduleByKey, visibleHomeMenu, visibleMenu, type MenuItem, type ModuleKey } from '@paco/domain/modules';
import { R } from '@paco/domain/roles';
import { useSession } from '../session/SessionProvider';
import { hasRole } from '../session/store';
import { useModuleKey } from '../shell/handle';
import { ContentArea, SideNav } from './parts/Frame';
import { OfflineGate } from '../shell/OfflineScreen';
import { SkipLink } from './parts/SkipLink';
import { UserAvatar } from '../shell/UserAvatar';
import { UserDrawer } from './parts/UserDrawer';
import { AppsDrawer } from './parts/AppsDrawer';
import { NavEntries } from '../shell/NavList';
import InboxNavList from '../inbox/InboxNavList';
import { NotificationBell } from '../notifications/NotificationBell';
import { useDesktop } from './useDesktop';

export const DRAWER_WIDTH = 264;

/**
 * The layout reads the route (its module, its path) and hands them to the chrome, which renders again only when they
 * change: a list's sort, page or search changes the address's query alone, and then only the page renders again, not
 * the bar, the menu and its entries (measured with `npm run bench:screen`, docs/performance.md).
 */
export default function ModuleLayout() {
  const key = useModuleKey();
  const { pathname } = useLocation();
  return <ModuleChrome moduleKey={key} pathname={pathname} />;
}

const ModuleChrome = memo(function ModuleChrome({ moduleKey, pathname }: { moduleKey: ModuleKey | undefined; pathname: string }) {
  const mod = moduleKey ? moduleByKey.get(moduleKey) : undefined;
  const { user } = useSession();
  const desktop = useDesktop();
  const [navOpen, setNavOpen] = useState(false);
  const [appsOpen, setAppsOpen] = useState(false);
  const [userOpen, setUserOpen] = useState(false);

  const items = useMemo<MenuItem[]>(() => (mod ? visibleMenu(mod.key, user) : visibleHomeMenu(user)), [mod, user]);
  const home = useMemo<MenuItem[]>(() => [mod
    ? { title: `Início — ${mod.title}`, icon: mod.icon, to: mod.to, roles: [], permissions: [] }
    : { title: 'Início', icon: 'Dashboard', to: '/', roles: [], permissions: [] }], [mod]);
  const hasNav = items.length > 0;
  const title = mod?.title ?? PRODUCT_NAME;
  const isParliamentarian = hasRole(user, ...R.votarMateria);
  const closeNav = useCallback(() => setNavOpen(false), []);

  // a temporary drawer closes when the route changes
  useEffect(() => setNavOpen(false), [pathname]);

  const nav = (
    <Box component="nav" aria-label={`Menu ${mod ? `do módulo ${mod.title}` : 'principal'}`}>
      <NavEntries items={home} end onNavigate={closeNav} pathname={pathname} />
      <Divider />
      {/* "Minhas pendências" counted beside each entry (the same counts as the launcher's) */}
      <InboxNavList items={items} onNavigate={closeNav} pathname={pathname} />
    </Box>
  );

  return (
    <OfflineGate>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <SkipLink />
        <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
          <Toolbar sx={{ gap: 1 }}>
            {hasNav && !desktop && (
              <IconButton color="inherit" edge="start" aria-label="Abrir menu do módulo" aria-expanded={navOpen} onClick={() => setNavOpen(true)}>
                <MenuIcon />
              </IconButton>
            )}
            <Typography variant="h6" component={RouterLink} to={mod?.to ?? '/'} noWrap sx={{ color: 'inherit', textDecoration: 'none', flexShrink: 1, minWidth: 0 }}>
              {title}
            </Typography>
            <Box sx={{ flexGrow: 1 }} />
            {isParliamentarian && (desktop ? (
              <Button color="inherit" component={RouterLink} to="/legislativo/votar" startIcon={<HowToVoteIcon />} sx={{ whiteSpace: 'nowrap' }}>
                Votar Matéria
              </Button>
            ) : (
              <Tooltip title="Votar Matéria">
                <IconButton color="inherit" component={RouterLink} to="/legislativo/votar" aria-label="Votar Matéria">
                  <HowToVoteIcon />
                </IconButton>
              </Tooltip>
            ))}
            <Tooltip title="Módulos">
              <IconButton color="inherit" aria-label="Módulos" aria-haspopup="true" onClick={() => setAppsOpen(true)}>
                <AppsIcon />
              </IconButton>
            </Tooltip>
            <NotificationBell />
            <Tooltip title={user?.name ?? 'Conta'}>
              <IconButton aria-label="Conta do usuário" aria-haspopup="true" onClick={() => setUserOpen(true)} sx={{ p: 0.5 }}>
                <UserAvatar user={user} />
              </IconButton>
            </Tooltip>
          </Toolbar>
        </AppBar>

        {hasNav && (
          <SideNav desktop={desktop} open={navOpen} onClose={() => setNavOpen(false)} width={DRAWER_WIDTH}>
            {nav}
          </SideNav>
        )}

        <ContentArea />

        <AppsDrawer open={appsOpen} onClose={() => setAppsOpen(false)} />
        <UserDrawer open={userOpen} onClose={() => setUserOpen(false)} />
      </Box>
    </OfflineGate>
  );
});
