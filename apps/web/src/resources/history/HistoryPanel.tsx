/**
 * The "Histórico" tab of a record screen (issue 11 §3): the record's audit trail from GET {path}/:id/audit (server
 * engine/history.ts), newest first and paged — who, when, what was done, and field by field what it was and what it
 * became, with the fields' labels; the IP when the server sends it (only to who may read the audit log).
 */
import { useState } from 'react';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@paco/domain/format';
import type { ResourceDef } from '@paco/domain/resource';
import { api } from '../../api/client';
import { Pager } from '../../notifications/Pager';
import type { SessionUser } from '../useSessionUser';
import { can } from '../access';
import { qk } from '../defs';

export interface HistoryChange { field: string; label: string; from?: string | null; to?: string | null; hidden?: true }
export interface HistoryEntry {
  id: number;
  at: string | null;
  action: string;
  actionLabel: string;
  description: string | null;
  user: { id: number; name: string } | null;
  ip?: string | null;
  changes: HistoryChange[];
}
interface HistoryPage { data: HistoryEntry[]; meta: { page: number; perPage: number; total: number; ip: boolean } }

/** Whether the record screen shows the tab: as the server registers the route (audited, show and update routes) and the user may update. */
export const hasHistory = (def: ResourceDef, user: SessionUser | null): boolean =>
  !!def.audit && def.routes?.show !== false && can(def, 'update', user);

const PER_PAGE = 10;

/** The changed fields: field, before and after (a creation: field and value). */
function Changes({ changes, created }: { changes: HistoryChange[]; created: boolean }) {
  if (!changes.length) return null;
  const cell = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;
  return (
    <Table size="small" sx={{ mt: 1, '& td, & th': { px: 1, verticalAlign: 'top' } }}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col" sx={{ width: '25%' }}>Campo</TableCell>
          {created ? <TableCell component="th" scope="col">Valor</TableCell> : (
            <>
              <TableCell component="th" scope="col">Antes</TableCell>
              <TableCell component="th" scope="col">Depois</TableCell>
            </>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((c) => (
          <TableRow key={c.field}>
            <TableCell component="th" scope="row">{c.label}</TableCell>
            {c.hidden ? (
              <TableCell colSpan={created ? 1 : 2}>
                <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>{created ? 'Informado (valor protegido)' : 'Alterado (valor protegido)'}</Typography>
              </TableCell>
            ) : created ? <TableCell sx={cell}>{c.to ?? '—'}</TableCell> : (
              <>
                <TableCell sx={cell}>{c.from ?? '—'}</TableCell>
                <TableCell sx={cell}>{c.to ?? '—'}</TableCell>
              </>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export default function HistoryPanel({ def, id }: { def: ResourceDef; id: number }) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    // under the resource's key: a save of the record refreshes its history too
    queryKey: [...qk.all(def.name), 'history', String(id), page],
    queryFn: ({ signal }) => api<HistoryPage>(`${def.path}/${id}/audit`, { query: { page, perPage: PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
  const total = query.data?.meta.total ?? 0;
  return (
    <Box>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Histórico de alterações{' '}
        {query.data && <Typography component="span" variant="body2" color="text.secondary">({total})</Typography>}
      </Typography>
      {query.isError && (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => query.refetch()}>Tentar novamente</Button>}>
          Não foi possível carregar o histórico. {query.error instanceof Error ? query.error.message : ''}
        </Alert>
      )}
      {query.isPending && !query.isError && <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}><CircularProgress aria-label="Carregando o histórico" /></Box>}
      {query.data && (query.data.data.length === 0 ? (
        <Typography color="text.secondary">Nenhuma alteração registrada.</Typography>
      ) : (
        <List disablePadding aria-label="Alterações do registro">
          {query.data.data.map((e) => (
            <ListItem key={e.id} divider disableGutters sx={{ display: 'block', py: 1.5 }}>
              <Typography variant="subtitle2" component="p">
                {e.actionLabel} · {e.user?.name ?? 'Sistema'} · {formatDateTime(e.at)}
                {query.data.meta.ip && e.ip ? <Typography component="span" variant="body2" color="text.secondary">{` · IP ${e.ip}`}</Typography> : null}
              </Typography>
              {e.description && <Typography variant="body2" color="text.secondary">{e.description}</Typography>}
              <Changes changes={e.changes} created={e.action === 'create'} />
            </ListItem>
          ))}
        </List>
      ))}
      {total > PER_PAGE && <Pager page={page} perPage={PER_PAGE} total={total} onPage={setPage} />}
    </Box>
  );
}
