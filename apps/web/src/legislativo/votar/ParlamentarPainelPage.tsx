/**
 * /legislativo-parlamentar/NewPainel — the parliamentarian area's panel entry: the same voting screen as
 * /legislativo/votar, inside the module layout (which has no page title of its own, hence the h1).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import VotarScreen from './VotarScreen';

export default function ParlamentarPainelPage() {
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>Votar Matéria</Typography>
      <VotarScreen />
    </Box>
  );
}
