/**
 * "Histórico de votos" (issue 16 item 5): every cast and change of a nominal vote — when, who, the choice (and the
 * one it replaced), from which address and account — and the Mesa's acts on the voting (opened, closed, reopened,
 * annulled, with their reasons), read from `GET vottings/:id/history`. The history is append-only on the server.
 * Never offered for a secret ballot, which keeps no individual vote.
 */
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { voteLabel, type LiveVoting } from '@paco/domain/plenary';
import { calls } from './calls';
import { RefusalAlert, refusalOf } from './shared';

const when = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', second: '2-digit' });
const time = (iso: string) => when.format(new Date(iso));

export function HistoryDialog({ open, voting, onClose }: { open: boolean; voting: LiveVoting; onClose: () => void }) {
  const q = useQuery({
    queryKey: ['controle', 'historico', voting.id, voting.tally.votaram, voting.status],
    queryFn: ({ signal }) => calls.history(voting.id, signal),
    enabled: open,
    staleTime: 0,
    retry: false,
  });
  const h = q.data;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="historico-titulo" maxWidth="md" fullWidth>
      <DialogTitle id="historico-titulo">Histórico de votos</DialogTitle>
      <DialogContent>
        <Typography sx={{ fontWeight: 600, mb: 1 }}>{voting.identificacao}</Typography>
        {q.isError && <RefusalAlert error={refusalOf('historico', q.error)} />}
        {q.isPending && <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}><CircularProgress aria-label="Carregando o histórico" /></Box>}
        {h && (
          <>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }} id="historico-votos">
              {`Votos e trocas (${h.votos.length})`}
            </Typography>
            {h.votos.length === 0 ? (
              <Typography color="text.secondary">Nenhum voto registrado.</Typography>
            ) : (
              <Table size="small" aria-labelledby="historico-votos">
                <TableHead>
                  <TableRow>
                    <TableCell>Hora</TableCell>
                    <TableCell>Vereador(a)</TableCell>
                    <TableCell>Voto</TableCell>
                    <TableCell>IP</TableCell>
                    <TableCell>Conta</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {h.votos.map((x) => (
                    <TableRow key={x.id}>
                      <TableCell sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{time(x.em)}</TableCell>
                      <TableCell>{x.nome ?? `Parlamentar nº ${x.parliamentary_id}`}</TableCell>
                      <TableCell>
                        {x.anterior && x.anterior !== x.voto
                          ? `${voteLabel(x.voto)} (mudou de ${voteLabel(x.anterior)})`
                          : x.anterior === x.voto ? `${voteLabel(x.voto)} (repetido)` : voteLabel(x.voto)}
                      </TableCell>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{x.ip ?? '—'}</TableCell>
                      <TableCell>{x.usuario ?? '—'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            <Typography variant="subtitle2" component="h3" sx={{ mt: 3 }} id="historico-atos">Atos da Mesa nesta votação</Typography>
            <Box component="ul" aria-labelledby="historico-atos" sx={{ m: 0, pl: 2.5 }}>
              {h.atos.map((a, i) => (
                <li key={i}><Typography variant="body2"><strong>{time(a.em)}</strong> — {a.descricao}</Typography></li>
              ))}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              O histórico só recebe registros: nenhum voto ou troca pode ser alterado ou apagado.
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
