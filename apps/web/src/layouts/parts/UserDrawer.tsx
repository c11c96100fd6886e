import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import LogoutIcon from '@mui/icons-material/Logout';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { useSession } from '../../session/SessionProvider';
import { hasRole } from '../../session/store';
import { UserAvatar } from '../../shell/UserAvatar';
import { useLogout } from './useLogout';

/** Right drawer: user, "Gerenciar Perfil" (/auth/profile) and "Sair" (the example layout shows only name and "Sair"). */
export function UserDrawer({ open, onClose, compact = false }: { open: boolean; onClose: () => void; compact?: boolean }) {
  const { user } = useSession();
  const doLogout = useLogout();
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 300 }, 'aria-label': 'Conta do usuário' } }}>
      <Box sx={{ p: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, textAlign: 'center' }}>
        <UserAvatar user={user} size={72} />
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 500 }}>{user?.name}</Typography>
        {!compact && <Typography variant="body2" color="text.secondary">{user?.email}</Typography>}
        {!compact && user?.company && <Typography variant="body2" color="text.secondary">{user.company.name}</Typography>}
      </Box>
      <Divider />
      <List component="nav" aria-label="Conta">
        {!compact && (
          <ListItemButton component={RouterLink} to="/auth/profile" onClick={onClose}>
            <ListItemIcon><ManageAccountsIcon /></ListItemIcon>
            <ListItemText primary="Gerenciar Perfil" />
          </ListItemButton>
        )}
        {!compact && hasRole(user, 'superadmin') && (
          <ListItemButton component={RouterLink} to="/auth/company" onClick={onClose}>
            <ListItemIcon><SwapHorizIcon /></ListItemIcon>
            <ListItemText primary="Trocar Entidade" />
          </ListItemButton>
        )}
        <ListItemButton
          onClick={() => {
            onClose();
            void doLogout();
          }}
        >
          <ListItemIcon><LogoutIcon /></ListItemIcon>
          <ListItemText primary="Sair" />
        </ListItemButton>
      </List>
    </Drawer>
  );
}
