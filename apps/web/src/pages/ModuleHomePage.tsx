/** Home of a module: its title and description, and its menu entries (those the user may see) as shortcuts. */
import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { moduleByKey, visibleMenu } from '@paco/domain/modules';
import { useSession } from '../session/SessionProvider';
import { useModuleKey } from '../shell/handle';
import { ModuleIcon } from '../shell/icons';
import { ShortcutGrid } from '../shell/ShortcutGrid';

export default function ModuleHomePage() {
  const key = useModuleKey();
  const mod = key ? moduleByKey.get(key) : undefined;
  const { user } = useSession();
  const items = useMemo(() => (mod ? visibleMenu(mod.key, user).filter((i) => i.to !== mod.to) : []), [mod, user]);
  if (!mod) return null;
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
        <Box sx={{ color: 'primary.main', display: 'flex' }}><ModuleIcon name={mod.icon} fontSize="large" /></Box>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 500 }}>{mod.title}</Typography>
          <Typography color="text.secondary">{mod.description}</Typography>
        </Box>
      </Box>
      {items.length > 0 ? (
        <ShortcutGrid label={`Itens do módulo ${mod.title}`} items={items} />
      ) : mod.menu.length > 0 ? (
        <Alert severity="info">Nenhum item deste módulo está liberado para o seu perfil.</Alert>
      ) : (
        <Alert severity="info">Este módulo ainda não tem telas nesta versão.</Alert>
      )}
    </Box>
  );
}
