/** /example — "Painel Principal" of the example module (a template for new modules). */
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visibleMenu } from '@paco/domain/modules';
import { useSession } from '../session/SessionProvider';
import { ShortcutGrid } from '../shell/ShortcutGrid';

export default function ExampleHomePage() {
  const { user } = useSession();
  const items = useMemo(() => visibleMenu('example', user).filter((i) => i.to !== '/example'), [user]);
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Typography variant="h4" component="h1" gutterBottom>Painel Principal</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Módulo de exemplo: modelo de layout (barra laranja, menu lateral e gaveta do usuário) para novos módulos.
      </Typography>
      <ShortcutGrid label="Itens do exemplo" items={items} />
    </Box>
  );
}
