import { memo } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Chip from '@mui/material/Chip';
import type { MenuItem } from '@paco/domain/modules';
import { ModuleIcon } from './icons';
import { prefetchRoute } from './prefetch';

/** Whether the address `pathname` is the entry `to` (or, unless `end`, below it), as the router's NavLink decides. */
export function isCurrent(pathname: string, to: string, end: boolean): boolean {
  const at = pathname.toLowerCase();
  const target = to.toLowerCase();
  return at === target || (!end && at.startsWith(target) && at.charAt(target.length) === '/');
}

interface NavListProps { items: readonly MenuItem[]; onNavigate?: () => void; end?: boolean; counts?: Record<string, number> }

/**
 * A list of menu entries as router links, each in its list item; the current one is marked (aria-current) with a
 * tint, a bar on its left and bold dark-blue text; keyboard focus is the theme's outline, so the two never look alike.
 */
export function NavList(props: NavListProps) {
  const { pathname } = useLocation();
  return <NavEntries {...props} pathname={pathname} />;
}

/**
 * The same list for a given address, rendered again only when the path (or the entries) change: a layout passes its
 * path so that a change of the query alone (a list's sort, page or search) does not render the menu again.
 */
export const NavEntries = memo(function NavEntries({ items, onNavigate, end = false, counts, pathname }: NavListProps & { pathname: string }) {
  return (
    <List dense={false}>
      {items.map((it) => {
        const current = isCurrent(pathname, it.to, end);
        return (
          <ListItem key={it.to} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={it.to}
              className={current ? 'active' : undefined}
              aria-current={current ? 'page' : undefined}
              onClick={onNavigate}
              onMouseEnter={() => prefetchRoute(it.to)}
              onFocus={() => prefetchRoute(it.to)}
              sx={ENTRY}
            >
              <ListItemIcon sx={{ minWidth: 40 }}><ModuleIcon name={it.icon} /></ListItemIcon>
              <ListItemText primary={it.title} />
              {!!counts?.[it.to] && (
                <Chip size="small" color="primary" label={counts[it.to]} aria-label={`${counts[it.to]} pendente${counts[it.to] === 1 ? '' : 's'}`} />
              )}
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
});

const ENTRY = {
  borderLeft: 4,
  borderColor: 'transparent',
  '&.active': {
    bgcolor: 'action.selected',
    borderColor: 'primary.dark',
    '& .MuiListItemIcon-root, & .MuiListItemText-primary': { color: 'primary.dark', fontWeight: 600 },
  },
} as const;
