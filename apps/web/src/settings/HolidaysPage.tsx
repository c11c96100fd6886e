/**
 * Configurações › Feriados: the holiday calendar of a year, as the deadline computation reads it (GET
 * holidays/calendar): the national holidays, generated from the law (read-only), and the company's own (municipal
 * holidays, pontos facultativos), added, changed and removed here with the `holidays` definition's form.
 */
import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { formatDate } from '@paco/domain/format';
import { api } from '../api/client';
import { call, dataOf } from '../api/actions';
import { holidays } from '@paco/domain/resources/materias';
import type { ApiRecord } from '../resources/defs';
import { fetchRecord, getDef, qk } from '../resources/defs';
import { can } from '../resources/access';
import ConfirmDialog from '../resources/ConfirmDialog';
import RecordForm from '../resources/form/RecordForm';
import { useNotify } from '../resources/useNotify';
import { useSessionUser } from '../resources/useSessionUser';
import { usePageTitle } from '../shell/pageTitle';

interface CalendarDay {
  data: string;
  descricao: string;
  origem: 'nacional' | 'estadual' | 'entidade';
  id: number | null;
  recorrente: boolean;
}

/** Where a holiday comes from: federal or state law (not editable here), or the entity's own calendar. */
function originLabel(d: CalendarDay): string {
  if (d.origem === 'nacional') return 'Nacional';
  if (d.origem === 'estadual') return 'Estadual';
  return d.recorrente ? 'Da entidade, todo ano' : 'Da entidade';
}

const WEEKDAYS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];
const weekday = (d: string): string => WEEKDAYS[new Date(`${d}T12:00:00Z`).getUTCDay()];
const thisYear = (): number => Number(new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }).slice(0, 4));

export default function HolidaysPage() {
  usePageTitle('Feriados');
  const def = getDef('holidays');
  const user = useSessionUser();
  const qc = useQueryClient();
  const notify = useNotify();
  const allowNav = useRef(false);
  const [year, setYear] = useState(thisYear);
  const [editing, setEditing] = useState<ApiRecord | 'new' | null>(null);
  const [toRemove, setToRemove] = useState<CalendarDay | null>(null);
  const canCreate = can(def, 'create', user);
  const canUpdate = can(def, 'update', user);
  const canDelete = can(def, 'delete', user);

  const calendar = useQuery({
    queryKey: [...qk.all(def.name), 'calendar', year],
    queryFn: async ({ signal }) => dataOf<CalendarDay[]>(await call(holidays, 'calendar', { input: { ano: year }, signal })),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: qk.all(def.name) });

  const edit = async (day: CalendarDay) => {
    try {
      setEditing(await fetchRecord(def, day.id!));
    } catch (e) {
      notify.error(e);
    }
  };
  const remove = useMutation({
    mutationFn: (id: number) => api(`holidays/${id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      setToRemove(null);
      notify.success('Feriado excluído.');
      await refresh();
    },
    onError: (e) => {
      setToRemove(null);
      notify.error(e);
    },
  });
  const close = () => setEditing(null);

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Feriados
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center' }} role="group" aria-label="Ano do calendário">
          <Tooltip title="Ano anterior">
            <IconButton aria-label="Ano anterior" onClick={() => setYear((y) => y - 1)} disabled={year <= 1900}>
              <ChevronLeftIcon />
            </IconButton>
          </Tooltip>
          <Typography component="span" variant="h6" aria-live="polite" sx={{ minWidth: 56, textAlign: 'center' }}>
            {year}
          </Typography>
          <Tooltip title="Próximo ano">
            <IconButton aria-label="Próximo ano" onClick={() => setYear((y) => y + 1)} disabled={year >= 2100}>
              <ChevronRightIcon />
            </IconButton>
          </Tooltip>
        </Stack>
        {canCreate && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Novo feriado
          </Button>
        )}
      </Stack>

      <Alert severity="info" sx={{ mb: 2 }}>
        Os prazos de matérias e tramitações contam em dias corridos, excluído o dia do início; quando o fim cai em sábado,
        domingo ou feriado, passa para o próximo dia útil. Os feriados nacionais e os do estado da entidade (o Estado
        do seu cadastro) vêm da lei; cadastre aqui os feriados municipais e os pontos facultativos da
        entidade.
      </Alert>

      {calendar.isError && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button color="inherit" size="small" onClick={() => calendar.refetch()}>Tentar novamente</Button>}>
          Não foi possível carregar o calendário. {calendar.error instanceof Error ? calendar.error.message : ''}
        </Alert>
      )}

      <Paper variant="outlined">
        {calendar.isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
            <CircularProgress aria-label="Carregando" />
          </Box>
        ) : (
          <Table size="small" aria-label={`Feriados de ${year}`}>
            <TableHead>
              <TableRow>
                <TableCell>Data</TableCell>
                <TableCell>Feriado</TableCell>
                <TableCell>Abrangência</TableCell>
                <TableCell align="right">Ações</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(calendar.data ?? []).map((d) => (
                <TableRow key={`${d.origem}-${d.id ?? d.descricao}-${d.data}`}>
                  <TableCell>
                    {formatDate(d.data)}
                    <Typography component="span" variant="body2" color="text.secondary"> ({weekday(d.data)})</Typography>
                  </TableCell>
                  <TableCell>{d.descricao}</TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" label={originLabel(d)} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {d.origem === 'entidade' && d.id !== null && canUpdate && (
                      <Tooltip title="Editar">
                        <IconButton size="small" aria-label={`Editar ${d.descricao}`} onClick={() => edit(d)}>
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    {d.origem === 'entidade' && d.id !== null && canDelete && (
                      <Tooltip title="Excluir">
                        <IconButton size="small" aria-label={`Excluir ${d.descricao}`} onClick={() => setToRemove(d)}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>

      <Dialog open={editing !== null} onClose={close} maxWidth="sm" fullWidth aria-labelledby="holiday-dialog-title">
        <DialogTitle id="holiday-dialog-title">{editing === 'new' ? 'Novo feriado' : editing ? `Feriado: ${String(editing.descricao)}` : ''}</DialogTitle>
        <DialogContent dividers>
          {editing !== null && (
            <RecordForm
              key={editing === 'new' ? 'new' : editing.id}
              def={def}
              mode={editing === 'new' ? 'create' : 'edit'}
              record={editing === 'new' ? null : editing}
              canDelete={false}
              onDelete={() => undefined}
              allowNav={allowNav}
              onSaved={(saved) => {
                close();
                const y = Number(String(saved.data).slice(0, 4));
                if (!saved.recorrente && y && y !== year) setYear(y);
                void refresh();
              }}
              onCancel={close}
              guard={false}
            />
          )}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={!!toRemove}
        title="Excluir este feriado?"
        message={toRemove ? `${formatDate(toRemove.data)}: ${toRemove.descricao}` : undefined}
        confirmLabel="Excluir"
        destructive
        busy={remove.isPending}
        onConfirm={() => toRemove?.id && remove.mutate(toRemove.id)}
        onClose={() => setToRemove(null)}
      />
    </Box>
  );
}
