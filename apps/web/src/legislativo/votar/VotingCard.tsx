/**
 * The matter under vote (or the last result, or the agenda when nothing is open) and the member's vote.
 *
 * The member's own vote comes from the server: `GET vottings/:id` (`meu_voto`) when the voting changes (id or
 * status) and the answer of each `POST vottings/:id/vote`; the public state's votes only fill in when that has not
 * answered yet. A click shows the choice at once (optimistic) with a spinner, and the server's answer confirms it
 * or puts back what the server holds (with the refusal in the screen's alert).
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import GavelIcon from '@mui/icons-material/Gavel';
import HowToVoteIcon from '@mui/icons-material/HowToVote';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import type { LiveAgendaItem, LiveVoting, Outcome, VoteChoice } from '@paco/domain/plenary';
import { castVote, fetchMyVote, refusalOf } from './api';
import { agendaKindLabel, kindLabel, outcomeLabel, phaseLabel, voteLabel } from './labels';
import { VoteButtons } from './VoteButtons';

export interface VotingCardProps {
  voting: LiveVoting | null;
  agenda: LiveAgendaItem[];
  memberId: number;
  /** the member is in the presence list of the voting's phase */
  present: boolean;
  /** that presence list is open (the check-in button is on screen) */
  presenceOpen: boolean;
  sessionOver: boolean;
  onError: (message: string | null) => void;
  onAnnounce: (message: string) => void;
}

const myVoteKey = (v: LiveVoting) => ['plenario', 'meu_voto', v.id, v.status] as const;

/** The member's vote in a voting: confirmed by the server, or being sent. */
function useMyVote(voting: LiveVoting | null, memberId: number, onError: VotingCardProps['onError'], onAnnounce: VotingCardProps['onAnnounce']) {
  const qc = useQueryClient();
  const nominal = voting?.tipo === 'nominal' && voting.status !== 'cancelada';
  const mine = useQuery({
    queryKey: voting ? myVoteKey(voting) : ['plenario', 'meu_voto', 'none'],
    queryFn: ({ signal }) => fetchMyVote(voting!.id, signal),
    enabled: !!voting && nominal,
    staleTime: 0,
  });
  const [pending, setPending] = useState<{ votingId: number; choice: VoteChoice } | null>(null);

  // the public state shows each member's vote only when the house allows it (or after closing): a vote seen there is
  // the server's too (e.g. changed on another device), newer than the last answer
  const votes = voting?.votes ?? null;
  const seen = votes?.find((v) => v.parliamentary_id === memberId)?.voto ?? null;
  const votingId = voting?.id ?? null;
  const status = voting?.status ?? null;
  useEffect(() => {
    if (votingId === null || status === null || !seen || !nominal) return;
    const key = ['plenario', 'meu_voto', votingId, status];
    if (qc.getQueryData(key) !== seen) qc.setQueryData(key, seen);
  }, [votes, seen, votingId, status, nominal, qc]);
  const confirmed: VoteChoice | null = mine.data ?? seen;
  const sending = pending && voting && pending.votingId === voting.id ? pending.choice : null;

  const vote = async (choice: VoteChoice) => {
    if (!voting || pending) return;
    const key = myVoteKey(voting);
    setPending({ votingId: voting.id, choice });
    onError(null);
    try {
      const recorded = await castVote(voting.id, choice);
      qc.setQueryData(key, recorded);
      onAnnounce(`Voto confirmado: ${voteLabel(recorded)}.`);
    } catch (e) {
      onError(refusalOf(e, 'Não foi possível registrar o seu voto.'));
      onAnnounce('O voto não foi registrado.');
      // what the server holds now
      void qc.invalidateQueries({ queryKey: key });
    } finally {
      setPending(null);
    }
  };
  return { shown: sending ?? confirmed, sending, confirmed, vote, loading: nominal && mine.isLoading };
}

function Counts({ v }: { v: LiveVoting }) {
  const items: [string, number][] = [['Sim', v.tally.sim], ['Não', v.tally.nao], ['Abstenção', v.tally.abstencao], ['Presentes', v.tally.presentes], ['Total', v.tally.total]];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(5, 1fr)' }, gap: 1, m: 0 }}>
      {items.map(([label, n]) => (
        <Box key={label} sx={{ textAlign: 'center', border: 1, borderColor: 'divider', borderRadius: 1, py: 1 }}>
          <Typography component="dt" variant="body2" color="text.secondary">{label}</Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 700 }}>{n}</Typography>
        </Box>
      ))}
    </Box>
  );
}

const OUTCOME_LOOK: Record<Outcome, { icon: typeof CheckCircleIcon; color: string }> = {
  aprovado: { icon: CheckCircleIcon, color: 'success.dark' },
  rejeitado: { icon: CancelIcon, color: 'error.main' },
  sem_quorum: { icon: ReportProblemIcon, color: 'warning.dark' },
  lida: { icon: MenuBookIcon, color: 'info.main' },
};

/** The next matters of the agenda (no result yet), expediente first. */
export function NextAgenda({ agenda, exclude }: { agenda: LiveAgendaItem[]; exclude?: number }) {
  const order = (a: LiveAgendaItem) => (a.kind === 'expediente' ? 0 : 1);
  const next = agenda
    .filter((a) => a.resultado === null && a.id !== exclude)
    .sort((a, b) => order(a) - order(b) || (a.numOrdem ?? 1e9) - (b.numOrdem ?? 1e9) || a.id - b.id)
    .slice(0, 5);
  return (
    <Box component="section" aria-labelledby="votar-proximas">
      <Typography id="votar-proximas" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>Próximas matérias da pauta</Typography>
      {next.length === 0 ? (
        <Typography color="text.secondary">Não há outras matérias aguardando na pauta.</Typography>
      ) : (
        <List dense disablePadding>
          {next.map((a) => (
            <ListItem key={a.id} disableGutters divider>
              <ListItemText
                primary={`${a.numOrdem != null ? `${a.numOrdem}. ` : ''}${a.identificacao}`}
                secondary={[agendaKindLabel(a.kind), a.ementa].filter(Boolean).join(' — ')}
                slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { sx: { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

function MatterHeading({ v }: { v: LiveVoting }) {
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
        <Chip size="small" icon={<HowToVoteIcon />} label={`Votação ${kindLabel(v.tipo).toLowerCase()}`} />
        <Chip size="small" variant="outlined" label={phaseLabel(v.fase)} />
      </Stack>
      <Typography id="votar-materia" variant="h5" component="h2" sx={{ fontWeight: 700 }}>{v.identificacao}</Typography>
      {v.ementa && <Typography sx={{ mt: 1, fontSize: '1.1rem' }}>{v.ementa}</Typography>}
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        <GavelIcon fontSize="small" sx={{ verticalAlign: 'text-bottom', mr: 0.5 }} aria-hidden />
        Quórum: {v.requisito}
      </Typography>
    </>
  );
}

export function VotingCard(p: VotingCardProps) {
  const v = p.voting;
  const my = useMyVote(v, p.memberId, p.onError, p.onAnnounce);

  if (!v || v.status === 'cancelada') {
    return (
      <Paper component="section" variant="outlined" aria-labelledby="votar-materia" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <HowToVoteIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
          <Typography id="votar-materia" variant="h5" component="h2">Nenhuma matéria em votação</Typography>
        </Stack>
        {v && <Alert severity="info" sx={{ mb: 2 }}>A votação de {v.identificacao} foi anulada pela Mesa.</Alert>}
        {!p.sessionOver && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Quando a Mesa abrir a votação de uma matéria, ela aparece aqui sozinha, com as opções Sim, Não e Abstenção.
          </Typography>
        )}
        <NextAgenda agenda={p.agenda} />
      </Paper>
    );
  }

  if (v.status === 'encerrada') {
    const look = v.resultado ? OUTCOME_LOOK[v.resultado] : null;
    const Icon = look?.icon ?? GavelIcon;
    return (
      <Paper component="section" variant="outlined" aria-labelledby="votar-materia" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="overline" component="p" color="text.secondary">Votação encerrada</Typography>
        <MatterHeading v={v} />
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', my: 2 }}>
          <Icon sx={{ fontSize: 48, color: look?.color }} aria-hidden />
          <Typography variant="h4" component="p" sx={{ fontWeight: 800, color: look?.color }}>
            {v.resultado ? outcomeLabel(v.resultado) : 'Resultado não informado'}
          </Typography>
        </Stack>
        {v.tipo !== 'leitura' && <Counts v={v} />}
        {v.explicacao && <Typography sx={{ mt: 2, fontSize: '1.1rem' }}>{v.explicacao}</Typography>}
        {v.tipo === 'nominal' && (
          <Typography sx={{ mt: 1, fontWeight: 600 }}>
            {my.confirmed ? `Seu voto: ${voteLabel(my.confirmed)}` : my.loading ? 'Carregando o seu voto…' : 'Você não votou nesta matéria.'}
          </Typography>
        )}
        <Divider sx={{ my: 2 }} />
        <NextAgenda agenda={p.agenda} exclude={v.plenary_matter_id} />
      </Paper>
    );
  }

  // open
  if (v.tipo !== 'nominal') {
    return (
      <Paper component="section" variant="outlined" aria-labelledby="votar-materia" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="overline" component="p" color="text.secondary">Em votação</Typography>
        <MatterHeading v={v} />
        <Alert severity="info" icon={<GavelIcon />} sx={{ mt: 2, fontSize: '1.1rem' }}>
          {v.tipo === 'leitura' ? 'Leitura: sem votação.' : `Votação ${kindLabel(v.tipo).toLowerCase()}: registrada pela Mesa.`}
        </Alert>
      </Paper>
    );
  }

  const impeded = (v.impedidos ?? []).includes(p.memberId);
  const canVote = p.present && !p.sessionOver && !impeded;
  const statusText = my.sending
    ? `Enviando seu voto: ${voteLabel(my.sending)}…`
    : my.confirmed
      ? `Seu voto: ${voteLabel(my.confirmed)} — você pode mudar até o encerramento`
      : my.loading ? 'Carregando o seu voto…' : 'Você ainda não votou.';
  return (
    <Paper component="section" variant="outlined" aria-labelledby="votar-materia" sx={{ p: { xs: 2, sm: 3 }, borderColor: 'primary.main', borderWidth: 2 }}>
      <Typography variant="overline" component="p" color="primary" sx={{ fontWeight: 700 }}>Em votação</Typography>
      <MatterHeading v={v} />
      <Typography color="text.secondary">Votaram {v.tally.votaram} de {v.tally.presentes} presentes.</Typography>
      <Divider sx={{ my: 2 }} />
      {impeded && (
        <Alert severity="warning" sx={{ mb: 2, fontSize: '1.05rem' }}>
          <strong>A Mesa declarou você impedido nesta votação.</strong> Seu voto não é computado; fale com a Mesa se houver engano.
        </Alert>
      )}
      {!p.present && !impeded && (
        <Alert severity="warning" sx={{ mb: 2, fontSize: '1.05rem' }}>
          <strong>Registre sua presença para votar.</strong>{' '}
          {p.presenceOpen
            ? `Use o botão “Registrar presença” acima (${phaseLabel(v.fase)}).`
            : `A lista de presença da fase ${phaseLabel(v.fase)} não está aberta; fale com a Mesa.`}
        </Alert>
      )}
      <Typography id="votar-seu-voto" sx={{ mb: 2, fontSize: '1.15rem', fontWeight: my.confirmed ? 700 : 400, minHeight: '1.6em' }}>
        {statusText}
      </Typography>
      <VoteButtons selected={my.shown} sending={my.sending} disabled={!canVote} onVote={(c) => void my.vote(c)} describedBy="votar-seu-voto votar-atalhos" />
      <Typography id="votar-atalhos" variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        Atalhos: S, N, A
      </Typography>
    </Paper>
  );
}
