/**
 * The system's activity in the bell (superadmin/admin; the bell's "Atividade do sistema" tab, notifications/
 * NotificationBell.tsx): loads GET /api/logs?perPage=10&sort=-created_at 2 s after opening (spec 1 §7, §9).
 * 401 → "Sessão expirada."; any other failure → "Não foi possível carregar o registro."
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { NOTIFICATIONS_DELAY_MS } from '@paco/domain/constants';
import { formatDateTime } from '@paco/domain/format';
import { ApiError, api, type Page } from '../api/client';
import { LoadingPanel } from '../shell/LoadingPanel';

export interface LogRow {
  id: number;
  actionDescription?: string | null;
  action?: string | null;
  created_at?: string;
  user?: { id: number; name?: string } | null;
}

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; rows: LogRow[] };

export function notificationError(e: unknown): string {
  return e instanceof ApiError && e.status === 401 ? 'Sessão expirada.' : 'Não foi possível carregar o registro.';
}

export function NotificationsPanel({ onNavigate }: { onNavigate?: () => void }) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const ctrl = new AbortController();
    const t = window.setTimeout(() => {
      api<Page<LogRow>>('logs', { query: { perPage: 10, sort: '-created_at' }, signal: ctrl.signal })
        .then((r) => setState({ status: 'done', rows: r.data ?? [] }))
        .catch((e: unknown) => {
          if ((e as Error).name !== 'AbortError') setState({ status: 'error', message: notificationError(e) });
        });
    }, NOTIFICATIONS_DELAY_MS);
    return () => {
      window.clearTimeout(t);
      ctrl.abort();
    };
  }, []);

  return (
    <Box role="region" aria-label="Atividade do sistema">
      {state.status === 'loading' && <LoadingPanel />}
      {state.status === 'error' && <Alert severity="error" sx={{ m: 2 }}>{state.message}</Alert>}
      {state.status === 'done' && (
        state.rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>Nenhuma atividade recente.</Typography>
        ) : (
          <List dense sx={{ maxHeight: 420, overflow: 'auto' }}>
            {state.rows.map((r) => (
              <ListItem key={r.id} divider>
                <ListItemText
                  primary={r.actionDescription || r.action || 'Atividade'}
                  secondary={[r.user?.name, formatDateTime(r.created_at)].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )
      )}
      <Divider />
      <Box sx={{ p: 1, textAlign: 'right' }}>
        <Button component={RouterLink} to="/settings/logs" onClick={onNavigate} size="small">Ver todos</Button>
      </Box>
    </Box>
  );
}
