import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** "Carregando Solicitação..." (spec 1 §8 UI helpers). */
export function LoadingPanel({ text = 'Carregando Solicitação...' }: { text?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 6 }}>
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}

export default LoadingPanel;
