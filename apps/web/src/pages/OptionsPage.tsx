/** A page of shortcuts (which form to fill, the parliamentarian's menu): title, a line of help, cards. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../shell/pageTitle';
import { ShortcutGrid } from '../shell/ShortcutGrid';

/** An entry of an options screen (a module's menu of screens): declared in the route map (app/routeMap.ts). */
export interface OptionItem { title: string; icon: string; to: string; description?: string }

export default function OptionsPage({ title, intro, items }: { title: string; intro?: string; items: readonly OptionItem[] }) {
  usePageTitle(title);
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h5" component="h1" gutterBottom>{title}</Typography>
      {intro && <Typography color="text.secondary" sx={{ mb: 3 }}>{intro}</Typography>}
      <ShortcutGrid label={title} items={items} />
    </Box>
  );
}
