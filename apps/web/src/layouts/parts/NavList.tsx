import { NavLink } from 'react-router';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Chip from '@mui/material/Chip';
import type { MenuItem } from '@paco/domain/modules';
import { ModuleIcon } from '../../shell/icons';
import { prefetchRoute } from '../../app/prefetch';

/** A list of menu entries as router links; the current one is marked (aria-current). */
export function NavList({ items, onNavigate, end = false, counts }: { items: readonly MenuItem[]; onNavigate?: () => void; end?: boolean; counts?: Record<string, number> }) {
  return (
    <List dense={false}>
      {items.map((it) => (
        <ListItemButton
          key={it.to}
          component={NavLink}
          to={it.to}
          end={end}
          onClick={onNavigate}
          onMouseEnter={() => prefetchRoute(it.to)}
          onFocus={() => prefetchRoute(it.to)}
          sx={{ '&.active': { bgcolor: 'action.selected', '& .MuiListItemIcon-root, & .MuiListItemText-primary': { color: 'primary.main', fontWeight: 500 } } }}
        >
          <ListItemIcon sx={{ minWidth: 40 }}><ModuleIcon name={it.icon} /></ListItemIcon>
          <ListItemText primary={it.title} />
          {!!counts?.[it.to] && (
            <Chip size="small" color="primary" label={counts[it.to]} aria-label={`${counts[it.to]} pendente${counts[it.to] === 1 ? '' : 's'}`} />
          )}
        </ListItemButton>
      ))}
    </List>
  );
}
