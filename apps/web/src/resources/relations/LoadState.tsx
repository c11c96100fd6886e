/** Loading spinner and load error (with "Tentar novamente") of a sub-list's query. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

export function LoadState({ query, many }: { query: { isLoading: boolean; isError: boolean; error: unknown; refetch: () => unknown }; many: string }) {
  if (query.isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
        <CircularProgress size={28} aria-label="Carregando" />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => query.refetch()}>Tentar novamente</Button>}>
        Não foi possível carregar {many.toLowerCase()}. {query.error instanceof Error ? query.error.message : ''}
      </Alert>
    );
  }
  return null;
}
