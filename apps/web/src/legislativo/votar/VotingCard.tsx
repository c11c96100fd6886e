/**
 * The matter under vote (or the last result, or the agenda when nothing is open) and the member's vote.
 *
 * Voting (nominal or secret): the member selects Sim / Não / Abstenção and confirms (button or Enter); the vote then
 * goes through `useVote`, which retries it safely and says at every moment where it is ("Registrando…", "Sem
 * conexão…", "Registrado às 19:42:10", "NÃO registrado"). A secret ballot is taken once and its choice is never
 * shown back. The presiding officer is told when their vote counts. Figures come from the domain's
 * `votingFigures`, the same reading as the panel's and the control room's.
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import LockIcon from '@mui/icons-material/Lock';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { blockItemLine, blockTitle, presidentNote, votingFigures, votingNote, type LiveAgendaItem, type LiveVoting, type Outcome, type VoteChoice } from '@paco/domain/plenary';
import { agendaKindLabel, kindLabel, outcomeLabel, phaseLabel, voteLabel } from './labels';
import { VoteButtons } from './VoteButtons';
import { clockTime, useVote } from './useVote';

export interface VotingCardProps {
  voting: LiveVoting | null;
  agenda: LiveAgendaItem[];
  memberId: number;
  /** the member presides the session */
  presides?: boolean;
  /** the member is in the presence list of the voting's phase */
  present: boolean;
  /** that presence list is open (the check-in button is on screen) */
  presenceOpen: boolean;
  sessionOver: boolean;
  onError: (message: string | null) => void;
  onAnnounce: (message: string) => void;
}

function Counts({ v }: { v: LiveVoting }) {
  const f = votingFigures(v);
  const dash = '—';
  const items: [string, number | string][] = [
    ['Sim', f.counts?.sim ?? dash], ['Não', f.counts?.nao ?? dash], ['Abstenção', f.counts?.abstencao ?? dash], ['Presentes', f.presentes], ['Total', f.total],
  ];
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
    // a pedido de vista, a retirada or an adiamento took it off this session's pauta
    .filter((a) => a.resultado === null && a.id !== exclude && (a.situacao ?? 'em_pauta') === 'em_pauta')
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
      <Typography id="votar-materia" variant="h5" component="h2" sx={{ fontWeight: 700 }}>{v.bloco ? blockTitle(v.bloco) : v.identificacao}</Typography>
      {v.bloco ? (
        // one vote for every item listed (decision 0056)
        <>
          <Typography sx={{ mt: 1 }}>Um só voto vale para todos os itens:</Typography>
          <Box component="ol" aria-label="Itens votados em bloco" sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0, maxHeight: '12em', overflowY: 'auto' }}>
            {v.bloco.map((b) => <li key={b.plenary_matter_id}><Typography sx={{ fontSize: '1.05rem' }}>{blockItemLine(b, 120)}</Typography></li>)}
          </Box>
        </>
      ) : v.ementa && <Typography sx={{ mt: 1, fontSize: '1.1rem' }}>{v.ementa}</Typography>}
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        <GavelIcon fontSize="small" sx={{ verticalAlign: 'text-bottom', mr: 0.5 }} aria-hidden />
        Quórum: {v.requisito}
      </Typography>
      {votingNote(v) && <Alert severity="info" sx={{ mt: 1 }}>{votingNote(v)}</Alert>}
    </>
  );
}

/** Where the member's vote is, in words. */
function VoteStatus({ v, my }: { v: LiveVoting; my: ReturnType<typeof useVote> }) {
  const secret = v.tipo === 'secreta';
  const p = my.progress;
  if (p.kind === 'sending') {
    return <Alert severity="info" icon={false} role="status">{`Registrando seu voto${secret ? ' secreto' : `: ${voteLabel(p.choice)}`}…${p.attempt > 1 ? ` (tentativa ${p.attempt}: o servidor ainda não confirmou)` : ''}`}</Alert>;
  }
  if (p.kind === 'waiting') {
    return (
      <Alert severity="warning" role="status" action={<Button color="inherit" onClick={my.giveUp}>Desistir</Button>}>
        <strong>Sem conexão.</strong> {`Seu voto${secret ? ' secreto' : ` (${voteLabel(p.choice)})`} ainda não foi registrado: será enviado quando a conexão voltar.`}
      </Alert>
    );
  }
  if (p.kind === 'failed') {
    return (
      <Alert severity="error" role="alert" onClose={my.clear}>
        <strong>Seu voto{secret ? ' secreto' : ` (${voteLabel(p.choice)})`} NÃO foi registrado.</strong> {p.message}
      </Alert>
    );
  }
  const r = my.registered;
  if (r) {
    const when = r.at ? ` às ${clockTime(r.at)}` : '';
    return (
      <Alert severity="success" role="status" icon={<CheckCircleIcon />}>
        {secret
          ? `Seu voto secreto foi registrado${when}. Ele entra só na contagem: ninguém vê a sua escolha.`
          : `Voto registrado${when}: ${r.choice ? voteLabel(r.choice) : ''} — você pode mudar até o encerramento.`}
      </Alert>
    );
  }
  return <Typography sx={{ fontSize: '1.15rem' }}>{my.loading ? 'Carregando o seu voto…' : 'Você ainda não votou.'}</Typography>;
}

export function VotingCard(p: VotingCardProps) {
  const v = p.voting;
  const my = useVote(v, p.memberId, p.onAnnounce);
  const [selected, setSelected] = useState<VoteChoice | null>(null);
  const vid = v?.id ?? null;
  const vstatus = v?.status ?? null;
  useEffect(() => setSelected(null), [vid, vstatus]);

  if (!v || v.status === 'cancelada') {
    return (
      <Paper component="section" variant="outlined" aria-labelledby="votar-materia" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <HowToVoteIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
          <Typography id="votar-materia" variant="h5" component="h2">Nenhuma matéria em votação</Typography>
        </Stack>
        {v && <Alert severity="info" sx={{ mb: 2 }}>{`${v.anulada ? 'O resultado da votação' : 'A votação'} de ${v.identificacao} foi anulad${v.anulada ? 'o' : 'a'} pela Mesa${v.motivo ? `: ${v.motivo}` : '.'}`}</Alert>}
        {v && my.progress.kind === 'failed' && <Box sx={{ mb: 2 }}><VoteStatus v={v} my={my} /></Box>}
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
    const f = votingFigures(v);
    return (
      <Paper component="section" variant="outlined" aria-labelledby="votar-materia" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="overline" component="p" color="text.secondary">Votação encerrada</Typography>
        {my.progress.kind === 'failed' && <Box sx={{ mb: 2 }}><VoteStatus v={v} my={my} /></Box>}
        <MatterHeading v={v} />
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', my: 2 }}>
          <Icon sx={{ fontSize: 48, color: look?.color }} aria-hidden />
          <Typography variant="h4" component="p" sx={{ fontWeight: 800, color: look?.color }}>
            {v.resultado ? outcomeLabel(v.resultado) : 'Resultado não informado'}
          </Typography>
        </Stack>
        {v.tipo !== 'leitura' && <Counts v={v} />}
        {f.presidentLine && <Typography sx={{ mt: 1 }}>{f.presidentLine}</Typography>}
        {v.explicacao && <Typography sx={{ mt: 2, fontSize: '1.1rem' }}>{v.explicacao}</Typography>}
        {v.tipo === 'nominal' && (
          <Typography sx={{ mt: 1, fontWeight: 600 }}>
            {my.registered?.choice ? `Seu voto: ${voteLabel(my.registered.choice)}` : my.loading ? 'Carregando o seu voto…' : 'Você não votou nesta matéria.'}
          </Typography>
        )}
        {v.tipo === 'secreta' && (
          <Typography sx={{ mt: 1, fontWeight: 600 }}>{my.registered ? 'Você votou nesta votação secreta.' : 'Você não votou nesta votação secreta.'}</Typography>
        )}
        <Divider sx={{ my: 2 }} />
        <NextAgenda agenda={p.agenda} exclude={v.plenary_matter_id} />
      </Paper>
    );
  }

  // open
  if (v.tipo !== 'nominal' && v.tipo !== 'secreta') {
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

  const secret = v.tipo === 'secreta';
  const impeded = (v.impedidos ?? []).includes(p.memberId);
  const taken = secret && !!my.registered;
  const busy = my.progress.kind === 'sending' || my.progress.kind === 'waiting';
  const canVote = p.present && !p.sessionOver && !impeded && !taken;
  const sending = busy ? (my.progress as { choice: VoteChoice }).choice : null;
  const confirm = () => {
    if (!selected) return;
    p.onError(null);
    const choice = selected;
    void my.send(choice).then(() => setSelected(null));
  };
  const presides = p.presides || v.presidente?.id === p.memberId;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="votar-materia" sx={{ p: { xs: 2, sm: 3 }, borderColor: 'primary.main', borderWidth: 2 }}>
      <Typography variant="overline" component="p" color="primary" sx={{ fontWeight: 700 }}>Em votação</Typography>
      <MatterHeading v={v} />
      <Typography color="text.secondary">Votaram {v.tally.votaram} de {v.tally.presentes} presentes.</Typography>
      <Divider sx={{ my: 2 }} />
      {secret && (
        <Alert severity="info" icon={<LockIcon />} sx={{ mb: 2, fontSize: '1.05rem' }}>
          <strong>Votação secreta.</strong> Só a contagem é guardada: nada liga o seu nome à sua escolha. O voto é dado uma vez e não pode ser trocado.
        </Alert>
      )}
      {presides && !impeded && (
        <Alert severity="info" sx={{ mb: 2, fontSize: '1.05rem' }}>
          <strong>Você preside a sessão.</strong>{' '}
          {secret
            ? 'Na votação secreta o seu voto entra na urna como o dos demais (um voto de desempate seria revelado pelo resultado).'
            : `Seu voto é ${presidentNote(v.presidente?.regra ?? 'desempate')}.`}
        </Alert>
      )}
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
      <Box id="votar-seu-voto" sx={{ mb: 2 }}><VoteStatus v={v} my={my} /></Box>
      {!taken && (
        <VoteButtons
          chosen={secret ? null : (my.registered?.choice ?? null)}
          selected={selected}
          sending={sending}
          disabled={!canVote}
          secret={secret}
          onSelect={(c) => { setSelected(c); if (my.progress.kind === 'failed') my.clear(); }}
          onConfirm={confirm}
          describedBy="votar-seu-voto votar-atalhos"
        />
      )}
      {!taken && (
        <Typography id="votar-atalhos" variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          Atalhos: S, N, A escolhem; Enter confirma; Esc cancela
        </Typography>
      )}
    </Paper>
  );
}
