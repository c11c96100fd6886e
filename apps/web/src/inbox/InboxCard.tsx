/** The launcher's "Minhas pendências": what waits for the user, by kind, each opening the list of those records. */
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useInbox } from './useInbox';
import { DataProviders } from '../shell/DataProviders';

function Card() {
  const inbox = useInbox();
  const pending = (inbox.data ?? []).filter((x) => x.count > 0);
  if (inbox.isSuccess && !inbox.data.length) return null; // the user's roles have no inbox at all
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-labelledby="inbox-title">
      <Typography variant="h6" component="h2" id="inbox-title" sx={{ mb: 1 }}>Minhas pendências</Typography>
      {inbox.isPending && <Skeleton variant="rounded" height={48} aria-label="Carregando pendências" />}
      {inbox.isError && <Alert severity="warning">Não foi possível carregar as pendências.</Alert>}
      {inbox.isSuccess && !pending.length && <Typography color="text.secondary">Nenhuma pendência no momento.</Typography>}
      {pending.length > 0 && (
        <List dense disablePadding>
          {pending.map((x) => (
            <ListItem key={`${x.resource}:${x.key}`} disablePadding>
              <ListItemButton component={RouterLink} to={x.to}>
                <ListItemText primary={x.label} />
                <Stack direction="row" spacing={1}>
                  {x.overdue > 0 && <Chip size="small" color="error" label={`${x.overdue} em atraso`} />}
                  <Chip size="small" color="primary" label={x.count} aria-label={`${x.count} pendente${x.count === 1 ? '' : 's'}`} />
                </Stack>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** With its data providers (the launcher may be shown before any data screen mounted them). */
export default function InboxCard() {
  return (
    <DataProviders>
      <Card />
    </DataProviders>
  );
}
