/**
 * The bell of the top bar (issue 11 §3): shown to every signed-in user who has notifications, and to superadmin and
 * admin always (spec 1 §6), with the count of unread ones, kept live by the user's stream (store.ts). It opens a
 * panel with the newest notifications (each opens its record and is marked read) and, for superadmin and admin,
 * the system's activity (the spec's log panel, NotificationsPanel) in a second tab.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { formatDateTime } from '@paco/domain/format';
import { R } from '@paco/domain/roles';
import { useSession } from '../session/SessionProvider';
import { hasRole } from '../session/store';
import { NotificationsPanel } from './NotificationsPanel';
import { LoadingPanel } from '../shell/LoadingPanel';
import { useNotify } from '../resources/useNotify';
import { markAllRead, markRead, useNotifications, type AppNotification } from './store';

export const unreadLabel = (n: number): string => (n === 1 ? '1 não lida' : `${n} não lidas`);

/** One notification in a list (inside a ListItem): its title (bold while unread), text and time; opens its record. */
export function NotificationItem({ n, onOpen, dense, kind }: { n: AppNotification; onOpen?: () => void; dense?: boolean; kind?: string }) {
  const unread = !n.read_at;
  return (
    <ListItemButton
      component={RouterLink}
      to={n.link ?? '/notifications'}
      onClick={() => {
        if (unread) void markRead(n.id).catch(() => undefined);
        onOpen?.();
      }}
      divider
      sx={{ alignItems: 'flex-start', gap: 1 }}
    >
      <Box aria-hidden sx={{ mt: 1, width: 8, height: 8, borderRadius: '50%', flexShrink: 0, bgcolor: unread ? 'primary.main' : 'transparent' }} />
      <ListItemText
        primary={<>{unread && <Box component="span" sx={visuallyHidden}>Não lida:</Box>}{unread ? ' ' : ''}{n.title}</>}
        secondary={
          <>
            {(kind || n.body) && (
              <Box component="span" sx={{ display: dense ? '-webkit-box' : 'block', WebkitLineClamp: dense ? 3 : undefined, WebkitBoxOrient: 'vertical', overflow: 'hidden', whiteSpace: 'pre-line' }}>
                {[kind, n.body].filter(Boolean).join(' · ')}
              </Box>
            )}
            <Box component="span" sx={{ display: 'block' }}>{formatDateTime(n.created_at)}</Box>
          </>
        }
        slotProps={{ primary: { sx: { fontWeight: unread ? 600 : 400 } } }}
      />
    </ListItemButton>
  );
}

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

function MyNotifications({ onNavigate }: { onNavigate: () => void }) {
  const { user } = useSession();
  const n = useNotifications(user);
  const notify = useNotify();
  const unread = n.summary?.unread ?? 0;
  return (
    <Box>
      {!n.summary && n.status === 'error' && <Alert severity="error" sx={{ m: 2 }}>Não foi possível carregar o registro.</Alert>}
      {!n.summary && n.status !== 'error' && <LoadingPanel />}
      {n.summary && (n.latest.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>Você não tem notificações.</Typography>
      ) : (
        <List dense disablePadding aria-label="Suas notificações mais recentes" sx={{ maxHeight: 420, overflow: 'auto' }}>
          {n.latest.map((x) => <ListItem key={x.id} disablePadding><NotificationItem n={x} dense onOpen={onNavigate} /></ListItem>)}
        </List>
      ))}
      <Divider />
      <Stack direction="row" sx={{ p: 1, justifyContent: 'space-between' }}>
        <Button size="small" disabled={!unread} onClick={() => markAllRead().catch((e: unknown) => notify.error(e))}>Marcar todas como lidas</Button>
        <Button component={RouterLink} to="/notifications" onClick={onNavigate} size="small">Ver todas</Button>
      </Stack>
    </Box>
  );
}

export function NotificationBell() {
  const { user } = useSession();
  const n = useNotifications(user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [tab, setTab] = useState<'mine' | 'system'>('mine');
  const admin = hasRole(user, ...R.notificationBell);
  const unread = n.summary?.unread ?? 0;
  if (!user || (!admin && !n.summary?.total)) return null;
  const close = () => setAnchor(null);
  const label = unread ? `Notificações: ${unreadLabel(unread)}` : 'Notificações';
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-haspopup="true" aria-expanded={!!anchor} onClick={(e) => setAnchor(e.currentTarget)}>
          <Badge color="error" badgeContent={unread} max={99} invisible={!unread} data-testid="notifications-badge">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ width: { xs: '100vw', sm: 400 }, maxWidth: '100%' }} role="region" aria-label="Notificações">
          <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, pb: admin ? 0 : 1.5, fontWeight: 500 }}>
            Notificações{unread ? ` (${unreadLabel(unread)})` : ''}
          </Typography>
          {admin ? (
            <>
              <Tabs value={tab} onChange={(_e, v: 'mine' | 'system') => setTab(v)} variant="fullWidth" aria-label="Notificações">
                <Tab value="mine" label="Para você" id="bell-tab-mine" aria-controls="bell-panel-mine" />
                <Tab value="system" label="Atividade do sistema" id="bell-tab-system" aria-controls="bell-panel-system" />
              </Tabs>
              <Divider />
              <Box role="tabpanel" id={`bell-panel-${tab}`} aria-labelledby={`bell-tab-${tab}`}>
                {tab === 'mine' ? <MyNotifications onNavigate={close} /> : <NotificationsPanel onNavigate={close} />}
              </Box>
            </>
          ) : (
            <>
              <Divider />
              <MyNotifications onNavigate={close} />
            </>
          )}
        </Box>
      </Popover>
    </>
  );
}
