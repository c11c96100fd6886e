/**
 * /notifications (issue 11 §3): the signed-in user's notifications, newest first and paged, all or only the unread;
 * each opens the screen of its record (and is marked read), or is marked read where it is; "Marcar todas como
 * lidas". The list follows the user's stream: a notification arriving, or read in another tab, refreshes it.
 */
import { useState } from 'react';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { NOTIFICATION_KINDS } from '@paco/domain/resources/notificacoes';
import { useSession } from '../session/SessionProvider';
import { notificationError } from './NotificationsPanel';
import { LoadingPanel } from '../shell/LoadingPanel';
import { usePageTitle } from '../shell/pageTitle';
import { useNotify } from '../resources/useNotify';
import { NotificationItem, unreadLabel } from './NotificationBell';
import { Pager } from './Pager';
import { listNotifications, markAllRead, markRead, useNotifications, type AppNotification } from './store';

const kindLabel = (k: string): string => NOTIFICATION_KINDS.find((x) => x.value === k)?.label ?? 'Aviso';

function Row({ n, onRead }: { n: AppNotification; onRead: () => void }) {
  return (
    <ListItem
      disablePadding
      secondaryAction={!n.read_at ? <Button size="small" onClick={onRead}>Marcar como lida</Button> : undefined}
      sx={{ '& > .MuiListItemButton-root': { pr: n.read_at ? 2 : { xs: 2, sm: 21 }, pb: { xs: n.read_at ? 1 : 6, sm: 1 } }, '& .MuiListItemSecondaryAction-root': { top: { xs: 'auto', sm: '50%' }, bottom: { xs: 4, sm: 'auto' } } }}
    >
      <NotificationItem n={n} kind={kindLabel(n.kind)} />
    </ListItem>
  );
}

export default function NotificationsPage() {
  usePageTitle('Notificações');
  const { user } = useSession();
  const live = useNotifications(user);
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(15);
  const [only, setOnly] = useState<'all' | 'unread'>('all');
  const list = useQuery({
    queryKey: ['notifications', user?.id, page, perPage, only, live.version],
    queryFn: ({ signal }) => listNotifications({ page, perPage, unread: only === 'unread' }, signal),
    placeholderData: keepPreviousData,
    enabled: !!user,
  });
  const unread = live.summary?.unread ?? list.data?.meta.unread ?? 0;
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;

  const readOne = (id: number) => markRead(id).then(() => list.refetch()).catch((e: unknown) => notify.error(e));
  const readAll = () => markAllRead().then((r) => {
    notify.success(r.read === 1 ? '1 notificação marcada como lida.' : `${r.read} notificações marcadas como lidas.`);
    return list.refetch();
  }).catch((e: unknown) => notify.error(e));

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h4" component="h1">Notificações</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{unread ? `Você tem ${unreadLabel(unread)}.` : 'Nenhuma notificação sem ler.'}</Typography>
      <Paper variant="outlined">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <ToggleButtonGroup
            size="small" exclusive value={only} aria-label="Quais notificações mostrar"
            onChange={(_e, v: 'all' | 'unread' | null) => { if (v) { setOnly(v); setPage(1); } }}
          >
            <ToggleButton value="all">Todas</ToggleButton>
            <ToggleButton value="unread">Não lidas</ToggleButton>
          </ToggleButtonGroup>
          <Button variant="outlined" startIcon={<DoneAllIcon />} disabled={!unread} onClick={readAll}>Marcar todas como lidas</Button>
        </Stack>
        {list.isError && <Alert severity="error" sx={{ m: 2 }}>{notificationError(list.error)}</Alert>}
        {list.isPending && !list.isError && <LoadingPanel />}
        {list.data && (rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            {only === 'unread' ? 'Nenhuma notificação sem ler.' : 'Você ainda não recebeu notificações.'}
          </Typography>
        ) : (
          <List disablePadding aria-label="Suas notificações">
            {rows.map((n) => <Row key={n.id} n={n} onRead={() => void readOne(n.id)} />)}
          </List>
        ))}
        {total > 0 && <Pager page={page} perPage={perPage} total={total} onPage={setPage} onPerPage={(v) => { setPerPage(v); setPage(1); }} />}
      </Paper>
    </Box>
  );
}
