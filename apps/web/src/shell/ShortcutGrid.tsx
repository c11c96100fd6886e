import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ModuleIcon } from './icons';
import { prefetchRoute } from './prefetch';

export interface Shortcut { title: string; icon: string; to: string; description?: string }

/** Cards linking to modules or menu entries; keyboard reachable (each card is one link). */
export function ShortcutGrid({ items, label }: { items: readonly Shortcut[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
      {items.map((it) => (
        <li key={it.to}>
          <Card variant="outlined" sx={{ height: '100%', transition: 'box-shadow .2s', '&:hover': { boxShadow: 3 } }}>
            <CardActionArea
              component={RouterLink}
              to={it.to}
              onMouseEnter={() => prefetchRoute(it.to)}
              onFocus={() => prefetchRoute(it.to)}
              sx={{ height: '100%', alignItems: 'stretch' }}
            >
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                <Box sx={{ color: 'primary.main', bgcolor: 'action.hover', borderRadius: 2, p: 1, display: 'flex' }}>
                  <ModuleIcon name={it.icon} fontSize="large" />
                </Box>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>{it.title}</Typography>
                  {it.description && <Typography variant="body2" color="text.secondary">{it.description}</Typography>}
                </Box>
              </CardContent>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Box>
  );
}
