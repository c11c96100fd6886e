import { NavLink } from 'react-router';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Chip from '@mui/material/Chip';
import type { MenuItem } from '@paco/domain/modules';
import { ModuleIcon } from './icons';
import { prefetchRoute } from './prefetch';

/**
 * A list of menu entries as router links, each in its list item; the current one is marked (aria-current) with a
 * tint, a bar on its left and bold dark-blue text; keyboard focus is the theme's outline, so the two never look alike.
 */
export function NavList({ items, onNavigate, end = false, counts }: { items: readonly MenuItem[]; onNavigate?: () => void; end?: boolean; counts?: Record<string, number> }) {
  return (
    <List dense={false}>
      {items.map((it) => (
        <ListItem key={it.to} disablePadding>
          <ListItemButton
            component={NavLink}
            to={it.to}
            end={end}
            onClick={onNavigate}
            onMouseEnter={() => prefetchRoute(it.to)}
            onFocus={() => prefetchRoute(it.to)}
            sx={{
              borderLeft: 4,
              borderColor: 'transparent',
              '&.active': {
                bgcolor: 'action.selected',
                borderColor: 'primary.dark',
                '& .MuiListItemIcon-root, & .MuiListItemText-primary': { color: 'primary.dark', fontWeight: 600 },
              },
            }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}><ModuleIcon name={it.icon} /></ListItemIcon>
            <ListItemText primary={it.title} />
            {!!counts?.[it.to] && (
              <Chip size="small" color="primary" label={counts[it.to]} aria-label={`${counts[it.to]} pendente${counts[it.to] === 1 ? '' : 's'}`} />
            )}
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
