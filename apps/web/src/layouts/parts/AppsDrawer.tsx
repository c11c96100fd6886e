import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Typography from '@mui/material/Typography';
import { visibleModules, type MenuItem } from '@paco/domain/modules';
import { useSession } from '../../session/SessionProvider';
import { NavList } from '../../shell/NavList';

/** Apps drawer "Módulos": the modules the user may open. */
export function AppsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useSession();
  const items = useMemo<MenuItem[]>(
    () => [
      { title: 'Início', icon: 'Dashboard', to: '/', roles: [], permissions: [] },
      ...visibleModules(user).map((m) => ({ title: m.title, icon: m.icon, to: m.to, roles: m.roles, permissions: m.permissions })),
    ],
    [user],
  );
  return (
    <Drawer anchor="left" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 300 }, 'aria-labelledby': 'gaveta-modulos' } }}>
      <Box sx={{ px: 2, py: 2 }}>
        <Typography variant="h6" component="h2" id="gaveta-modulos">Módulos</Typography>
      </Box>
      <Divider />
      <nav aria-label="Módulos">
        <NavList items={items} onNavigate={onClose} end />
      </nav>
    </Drawer>
  );
}
