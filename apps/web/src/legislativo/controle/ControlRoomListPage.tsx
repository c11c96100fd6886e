/**
 * /legislativo/newPainel — which plenary session to run: the one in progress first, then the sessions by date, each
 * with "Abrir sala de controle".
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import SettingsRemoteIcon from '@mui/icons-material/SettingsRemote';
import { formatDate, formatTime } from '@paco/domain/format';
import { api, type Page } from '../../api/client';
import { call, dataOf } from '../../api/actions';
import { plenarySessions } from '@paco/domain/resources/materias';
import { usePageTitle } from '../../shell/pageTitle';

interface SessionRow {
  id: number;
  titulo: string | null;
  numero: number;
  abertura: string;
  horarioInicio: string | null;
  iniciada: boolean | null;
  finalizada: boolean | null;
}

const PER_PAGE = 15;
const title = (s: SessionRow) => s.titulo ?? `Sessão plenária nº ${s.numero}`;
const situation = (s: SessionRow) =>
  s.finalizada ? <Chip size="small" label="Finalizada" /> : s.iniciada ? <Chip size="small" color="success" label="Em andamento" /> : <Chip size="small" variant="outlined" label="Não iniciada" />;

function OpenButton({ s, primary }: { s: SessionRow; primary?: boolean }) {
  return (
    <Button
      size={primary ? 'medium' : 'small'}
      variant={primary ? 'contained' : 'outlined'}
      startIcon={<SettingsRemoteIcon />}
      component={RouterLink}
      to={`/legislativo/newPainel/${s.id}`}
      aria-label={`Abrir sala de controle: ${title(s)}`}
    >
      Abrir sala de controle
    </Button>
  );
}

export default function ControlRoomListPage() {
  usePageTitle('Sala de controle');
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: ['controle', 'sessions', page],
    queryFn: ({ signal }) => api<Page<SessionRow>>(plenarySessions.path, { query: { page: page + 1, perPage: PER_PAGE, sort: '-abertura' }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const active = useQuery({
    queryKey: ['controle', 'active'],
    queryFn: async ({ signal }) => dataOf<SessionRow | null>(await call(plenarySessions, 'active', { signal })) ?? null,
    retry: false,
  });
  const rows = list.data?.data ?? [];

  return (
    <Box>
      <Typography variant="h5" component="h1" gutterBottom>Sala de controle</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Escolha a sessão plenária a conduzir: presença, oradores e votações, com o painel eletrônico atualizado ao vivo.
      </Typography>

      {active.data && (
        <Alert role="status" severity="success" sx={{ mb: 2, alignItems: 'center' }} action={<OpenButton s={active.data} primary />}>
          Sessão em andamento: <strong>{title(active.data)}</strong>
        </Alert>
      )}

      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button color="inherit" size="small" onClick={() => list.refetch()}>Tentar novamente</Button>}>
          Não foi possível carregar as sessões plenárias. {list.error instanceof Error ? list.error.message : ''}
        </Alert>
      )}

      <Paper variant="outlined">
        {list.isFetching && <LinearProgress aria-label="Carregando" />}
        <TableContainer>
          <Table size="small" aria-label="Sessões plenárias">
            <TableHead>
              <TableRow>
                <TableCell>Data</TableCell>
                <TableCell>Início</TableCell>
                <TableCell>Sessão</TableCell>
                <TableCell>Situação</TableCell>
                <TableCell align="right"><Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Ações</Box></TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => (
                <TableRow key={s.id} hover>
                  <TableCell>{formatDate(s.abertura)}</TableCell>
                  <TableCell>{formatTime(s.horarioInicio)}</TableCell>
                  <TableCell>{title(s)}</TableCell>
                  <TableCell>{situation(s)}</TableCell>
                  <TableCell align="right"><OpenButton s={s} /></TableCell>
                </TableRow>
              ))}
              {!list.isPending && !list.isError && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>Nenhuma sessão plenária cadastrada.</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={list.data?.meta.total ?? 0}
          page={page}
          onPageChange={(_e, p) => setPage(p)}
          rowsPerPage={PER_PAGE}
          rowsPerPageOptions={[PER_PAGE]}
          labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
        />
      </Paper>
    </Box>
  );
}
