/**
 * The pieces every signed-in layout shares: the side navigation (permanent on desktops, temporary on phones and
 * tablets) and the content area (route outlet behind the role gate and the data providers, footer below).
 */
import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { RoleGate } from '../../shell/RoleGate';
import { DataProviders } from '../../shell/DataProviders';
import { Footer } from './Footer';

export function SideNav(p: { desktop: boolean; open: boolean; onClose: () => void; width: number; children: ReactNode }) {
  return (
    <Drawer
      variant={p.desktop ? 'permanent' : 'temporary'}
      open={p.desktop || p.open}
      onClose={p.onClose}
      ModalProps={{ keepMounted: true }}
      // a temporary drawer is a dialog, which needs a name
      slotProps={p.desktop ? undefined : { paper: { 'aria-label': 'Menu do módulo' } }}
      sx={{ width: p.desktop ? p.width : undefined, flexShrink: 0, '& .MuiDrawer-paper': { width: p.width, boxSizing: 'border-box' } }}
    >
      <Toolbar />
      {p.children}
    </Drawer>
  );
}

/**
 * Main content with the skip-link target, then the page footer (outside <main>, as the contentinfo landmark).
 * `data-path` names the route the content shows, once the router has committed it (a lazy page loaded).
 */
export function ContentArea({ footer = true }: { footer?: boolean }) {
  const { pathname } = useLocation();
  return (
    <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
      <Toolbar />
      <Box component="main" id="conteudo" data-path={pathname} tabIndex={-1} sx={{ flex: 1, p: { xs: 2, md: 3 }, outline: 'none' }}>
        <RoleGate>
          <DataProviders>
            <Outlet />
          </DataProviders>
        </RoleGate>
      </Box>
      {footer && <Footer />}
    </Box>
  );
}
