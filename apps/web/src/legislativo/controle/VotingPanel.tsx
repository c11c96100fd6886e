/**
 * Pauta e votação: the current voting (live tally, each member's nominal vote, the rule's requirement with its
 * presence quorum, the presiding officer's vote apart, the result previewed with the domain's countNominal /
 * computeResult before closing; counts and the presiding officer's tie-break for symbolic votes; who voted in a
 * secret ballot, never what; close after confirmation; cancel, reopen, annul a result or vote again only with a
 * reason; the history of every nominal cast) and the agenda by phase with "Abrir votação" per item.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import HowToVoteIcon from '@mui/icons-material/HowToVote';
import LockIcon from '@mui/icons-material/Lock';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import ReplayIcon from '@mui/icons-material/Replay';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import { formatTime } from '@paco/domain/format';
import HistoryIcon from '@mui/icons-material/History';
import LockPersonIcon from '@mui/icons-material/LockPerson';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import {
  OUTCOMES, PHASES, VOTE_CHOICES, VOTING_KINDS, VOTING_STATUS, blockItemLine, blockTitle, computeResult, countNominal, currentPhase, labelOf, phaseOfKind, votingFigures,
  type LiveAgendaItem, type LiveState, type LiveVoting, type Outcome, type ResultOutput, type Tally, type VoteChoice, type VotingKind,
} from '@paco/domain/plenary';
import { notifySuccess } from '../../shell/notify';
import { calls, type CloseBody } from './calls';
import { HistoryDialog } from './HistoryDialog';
import { ItemActions } from './ItemActions';
import { ITEM_SITUATIONS } from '@paco/domain/resources/ciclo';
import { RefusalAlert, SectionHeader, presidentOf, useRunner } from './shared';
import { useHeld } from '../../shell/useHeld';

/* ---------- result display ---------- */

const OUTCOME_ICON: Record<Outcome, ReactNode> = {
  aprovado: <CheckCircleIcon />,
  rejeitado: <CancelIcon />,
  sem_quorum: <HelpOutlineIcon />,
  lida: <MenuBookIcon />,
};
const outcomeColor = (o: Outcome | null) => (o === 'aprovado' ? 'success' : o === 'rejeitado' ? 'error' : o === 'sem_quorum' ? 'warning' : 'default');

export function OutcomeChip({ outcome, size = 'small' }: { outcome: Outcome; size?: 'small' | 'medium' }) {
  return <Chip size={size} color={outcomeColor(outcome)} icon={OUTCOME_ICON[outcome] as React.ReactElement} label={labelOf(OUTCOMES, outcome)} />;
}

const VOTE_ICON: Record<VoteChoice, ReactNode> = { sim: <ThumbUpIcon />, nao: <ThumbDownIcon />, abstencao: <RemoveCircleOutlineIcon /> };
const voteColor = (v: VoteChoice) => (v === 'sim' ? 'success' : v === 'nao' ? 'error' : 'default');

/* ---------- preview ---------- */

type Counts = Record<keyof Tally, string>;
const COUNT_KEYS = ['sim', 'nao', 'abstencao'] as const;
/** the Mesa types the counts only of a symbolic vote; a secret ballot is cast from the members' devices */
const isCountsKind = (t: VotingKind) => t === 'simbolica';

interface Preview {
  result: ResultOutput | null;
  /** what is missing or wrong in the counts */
  errors: Partial<Record<keyof Tally | 'soma', string>>;
  votes: Tally;
  presidentVote: VoteChoice | null;
}

/** The result the server will compute, from the same domain functions (countNominal for nominal votes). */
export function previewOf(state: LiveState, v: LiveVoting, counts: Counts, presidentVote: VoteChoice | ''): Preview {
  const errors: Preview['errors'] = {};
  const votes: Tally = { sim: 0, nao: 0, abstencao: 0 };
  let pv: VoteChoice | null = null;
  const rule = { rule: v.regra, presence: v.quorum_presenca, total: v.tally.total };
  if (isCountsKind(v.tipo)) {
    for (const k of COUNT_KEYS) {
      const text = counts[k].trim();
      if (text === '') errors[k] = 'Informe o número.';
      else if (!/^\d+$/.test(text)) errors[k] = 'Informe um número inteiro, zero ou mais.';
      else votes[k] = Number(text);
    }
    pv = presidentVote || null;
    // as the server counts: the presiding officer's vote, when given, is one of those present
    const sum = votes.sim + votes.nao + votes.abstencao + (pv ? 1 : 0);
    if (!Object.keys(errors).length && sum > v.tally.presentes) {
      errors.soma = `A soma dos votos${pv ? ' (com o do presidente)' : ''} (${sum}) passa do número de presentes (${v.tally.presentes}).`;
    }
  } else if (v.tipo === 'nominal' && v.votes) {
    // the count the server applies live and at closing: the presiding officer's vote apart, by their rule
    const c = countNominal({
      ...rule, present: state.presence[v.fase]?.presentes ?? [], impeded: v.impedidos, votes: v.votes,
      presidentId: v.presidente?.id ?? presidentOf(state), presidentRule: v.presidente?.regra ?? state.settings.presidente_regra,
    });
    // before the first vote there is nothing to preview (it would read "Rejeitado" with no one having voted)
    return { result: v.votes.length ? c.result : null, errors, votes: c.members, presidentVote: c.president?.voto ?? null };
  } else if (v.tipo === 'secreta') {
    // only the totals exist, and only the server reads them, at closing
    return { result: null, errors, votes, presidentVote: null };
  }
  const result = Object.keys(errors).length
    ? null
    : computeResult({ ...rule, presentes: v.tally.presentes, votes, presidentVote: pv, presidentRule: state.settings.presidente_regra });
  return { result, errors, votes, presidentVote: pv };
}

/* ---------- the panel ---------- */

/** The pauta's kind of the session's current phase: the items a block is made of (decision 0056). */
const kindOfPhase = (state: LiveState): LiveAgendaItem['kind'] => (currentPhase(state.presence) === 'abertura' ? 'expediente' : 'ordem_dia');

/** Whether an item may go into a block now: the current phase's, on the pauta, not voted, not a secret ballot, nothing open. */
function blockable(state: LiveState, it: LiveAgendaItem): boolean {
  const { session, voting } = state;
  const canOpen = session.iniciada && !session.finalizada && voting?.status !== 'aberta';
  return canOpen && !it.resultado && (it.situacao ?? 'em_pauta') === 'em_pauta' && it.kind === kindOfPhase(state) && it.tipo_votacao !== 'secreta';
}

export function VotingPanel({ state, closeSignal }: { state: LiveState; closeSignal: number }) {
  const [opening, setOpening] = useState<LiveAgendaItem | null>(null);
  const [again, setAgain] = useState<LiveAgendaItem | null>(null);
  const [annulling, setAnnulling] = useState<LiveAgendaItem | null>(null);
  // votação em bloco: the items the Mesa marked (only those still blockable count)
  const [selected, setSelected] = useState<number[]>([]);
  const [blocking, setBlocking] = useState(false);
  const chosen = state.agenda.filter((a) => selected.includes(a.id) && blockable(state, a));
  const toggle = (id: number) => setSelected((xs) => (xs.includes(id) ? xs.filter((x) => x !== id) : [...xs, id]));
  const voting = state.voting;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '7fr 5fr' }, alignItems: 'start' }}>
      <Box component="section" aria-labelledby="votacao-atual">
        <SectionHeader title="Votação" id="votacao-atual" />
        {voting ? (
          <VotingCard key={voting.id} state={state} voting={voting} closeSignal={closeSignal} />
        ) : (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography color="text.secondary">Nenhuma votação nesta sessão ainda. Abra a votação de um item da pauta.</Typography>
          </Paper>
        )}
      </Box>
      <Box component="section" aria-labelledby="pauta">
        <SectionHeader title="Pauta" id="pauta" />
        <Agenda state={state} onOpen={setOpening} onAgain={setAgain} onAnnul={setAnnulling} selected={chosen} onToggle={toggle} onBlock={() => setBlocking(true)} />
      </Box>
      <OpenVotingDialog state={state} item={opening} onClose={() => setOpening(null)} />
      <BlockDialog
        state={state}
        open={blocking}
        items={chosen}
        onDestaque={(id) => setSelected((xs) => xs.filter((x) => x !== id))}
        onClose={(opened) => { setBlocking(false); if (opened) setSelected([]); }}
      />
      <NewVotingDialog state={state} item={again} onClose={() => setAgain(null)} />
      <ReasonDialog
        open={annulling !== null}
        title="Anular o resultado?"
        text={annulling ? `${annulling.identificacao}: o resultado proclamado (${labelOf(OUTCOMES, annulling.resultado ?? '')}) fica registrado como anulado, com o motivo, e aparece assim no painel. ${annulling.em_bloco ? 'A matéria foi votada em bloco: o resultado de todos os itens do bloco é anulado junto, e eles voltam a aguardar votação.' : 'A matéria volta a aguardar votação.'}` : ''}
        confirmLabel="Anular resultado"
        destructive
        onClose={() => setAnnulling(null)}
        onConfirm={async (motivo) => {
          await calls.annulResult(annulling!.id, motivo);
          notifySuccess('Resultado anulado.');
        }}
      />
    </Box>
  );
}

function Agenda({ state, onOpen, onAgain, onAnnul, selected, onToggle, onBlock }: {
  state: LiveState;
  onOpen: (item: LiveAgendaItem) => void;
  onAgain: (item: LiveAgendaItem) => void;
  onAnnul: (item: LiveAgendaItem) => void;
  selected: LiveAgendaItem[];
  onToggle: (id: number) => void;
  onBlock: () => void;
}) {
  const { session, voting } = state;
  const openVoting = voting?.status === 'aberta' ? voting : null;
  const canOpen = session.iniciada && !session.finalizada && !openVoting;
  const phaseKind = kindOfPhase(state);
  const anyBlockable = state.agenda.filter((a) => blockable(state, a)).length >= 2;
  const groups = [
    { kind: 'expediente' as const, label: 'Expediente' },
    { kind: 'ordem_dia' as const, label: 'Ordem do dia' },
  ].map((g) => ({ ...g, items: state.agenda.filter((a) => a.kind === g.kind) }));
  if (!state.agenda.length) return <Typography color="text.secondary">Nenhuma matéria na pauta desta sessão.</Typography>;
  return (
    <Stack spacing={2}>
      {!session.iniciada && <Alert role="status" severity="info">Inicie a sessão para abrir votações.</Alert>}
      {session.finalizada && <Alert role="status" severity="info">A sessão está finalizada.</Alert>}
      {openVoting && <Alert role="status" severity="info">Há uma votação aberta ({openVoting.bloco ? blockTitle(openVoting.bloco).toLowerCase() : openVoting.identificacao}). Encerre-a ou cancele-a antes de abrir outra.</Alert>}
      {canOpen && anyBlockable && (
        <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography variant="body2" sx={{ flex: '1 1 16rem' }}>
            {`Votação em bloco: marque dois ou mais itens ${phaseKind === 'expediente' ? 'do expediente' : 'da ordem do dia'} com o mesmo tipo de votação e quórum.`}
          </Typography>
          <Button variant="contained" size="small" startIcon={<PlaylistAddCheckIcon />} disabled={selected.length < 2} onClick={onBlock}>
            {`Votar em bloco (${selected.length})…`}
          </Button>
        </Paper>
      )}
      {groups.filter((g) => g.items.length).map((g) => (
        <Box key={g.kind}>
          <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ textTransform: 'uppercase', mb: 1 }} id={`pauta-${g.kind}`}>
            {g.label}
          </Typography>
          <Box component="ol" aria-labelledby={`pauta-${g.kind}`} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {g.items.map((it) => {
              const inVoting = openVoting?.plenary_matter_id === it.id || !!openVoting?.bloco?.some((b) => b.plenary_matter_id === it.id);
              const canBlock = anyBlockable && blockable(state, it);
              // a pedido de vista, a retirada or an adiamento took it off this session's pauta
              const off = (it.situacao ?? 'em_pauta') !== 'em_pauta';
              return (
                <Paper key={it.id} component="li" variant="outlined" sx={{ p: 1.5, borderColor: inVoting ? 'primary.main' : undefined, borderWidth: inVoting ? 2 : 1 }}>
                  <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
                    {canBlock && (
                      <Checkbox
                        size="small"
                        sx={{ p: 0.25, mr: 0.5 }}
                        checked={selected.some((x) => x.id === it.id)}
                        onChange={() => onToggle(it.id)}
                        slotProps={{ input: { 'aria-label': `Incluir no bloco: ${it.identificacao}` } }}
                      />
                    )}
                    <Typography sx={{ fontWeight: 600 }}>
                      {it.numOrdem ? `${it.numOrdem}. ` : ''}{it.identificacao}
                    </Typography>
                  </Stack>
                  {it.ementa && (
                    <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                      {it.ementa}
                    </Typography>
                  )}
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1 }}>
                    {it.turno && <Chip size="small" variant="outlined" label={it.turno} />}
                    <Chip size="small" variant="outlined" label={it.tipo_votacao ? `Votação ${labelOf(VOTING_KINDS, it.tipo_votacao).toLowerCase()}` : 'Votação não definida'} />
                    {it.polemica && <Chip size="small" color="warning" variant="outlined" label="Polêmica" />}
                    {it.urgente && <Chip size="small" color="error" variant="outlined" label="Urgência" />}
                    {off && <Chip size="small" color="warning" label={labelOf(ITEM_SITUATIONS, it.situacao)} data-situacao={it.situacao} />}
                    {it.resultado && <OutcomeChip outcome={it.resultado} />}
                    {it.resultado && it.em_bloco && <Chip size="small" variant="outlined" label={it.resultado === 'lida' ? 'Lida em bloco' : 'Votada em bloco'} />}
                    {inVoting && <Chip size="small" color="primary" icon={<HowToVoteIcon />} label={openVoting?.bloco ? 'Em votação em bloco' : 'Em votação'} />}
                    <Box sx={{ flexGrow: 1 }} />
                    {!inVoting && !it.resultado && !off && (
                      <Button size="small" variant="outlined" startIcon={<HowToVoteIcon />} disabled={!canOpen} onClick={() => onOpen(it)} aria-label={`Abrir votação: ${it.identificacao}`}>
                        Abrir votação
                      </Button>
                    )}
                    {!inVoting && it.resultado && it.resultado !== 'lida' && (
                      <Button size="small" color="error" startIcon={<BlockIcon />} disabled={session.finalizada} onClick={() => onAnnul(it)} aria-label={`Anular resultado: ${it.identificacao}`}>
                        Anular resultado…
                      </Button>
                    )}
                    {/* a result of a block is voted again only after annulling the block (decision 0056) */}
                    {!inVoting && it.resultado && !it.em_bloco && (
                      <Button size="small" variant="outlined" startIcon={<ReplayIcon />} disabled={!canOpen} onClick={() => onAgain(it)} aria-label={`Nova votação: ${it.identificacao}`}>
                        Nova votação…
                      </Button>
                    )}
                    {!inVoting && !it.resultado && !off && <ItemActions item={it} disabled={session.finalizada} />}
                  </Stack>
                  {it.situacao_obs && (
                    <Typography variant="body2" color={off ? 'warning.dark' : 'text.secondary'} sx={{ mt: 0.5 }} data-testid={`situacao-${it.id}`}>{it.situacao_obs}</Typography>
                  )}
                  {it.anulacao && (
                    <Typography variant="body2" color="warning.dark" sx={{ mt: 0.5 }}>{`Resultado anulado: ${it.anulacao}`}</Typography>
                  )}
                </Paper>
              );
            })}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * "Votação em bloco" (decision 0056): the items marked, each with "Destacar" — at any member's request an item leaves
 * the block before the vote opens and is voted alone later —, and one call that opens one voting for all (or records
 * their reading). The server checks the kinds and quorum rules and says why it refuses.
 */
function BlockDialog({ state, open, items, onDestaque, onClose }: {
  state: LiveState;
  open: boolean;
  items: LiveAgendaItem[];
  onDestaque: (id: number) => void;
  onClose: (opened: boolean) => void;
}) {
  const r = useRunner();
  const clearRefusal = r.clear;
  useEffect(() => { if (open) clearRefusal(); }, [open, clearRefusal]);
  const kinds = [...new Set(items.map((i) => i.tipo_votacao ?? 'simbolica'))];
  const reading = kinds.length === 1 && kinds[0] === 'leitura';
  const phase = currentPhase(state.presence);
  const go = async () => {
    if (await r.run('block', () => calls.openBlock(state.session.id, items.map((i) => i.id)))) {
      notifySuccess(reading ? 'Leitura em bloco registrada.' : 'Votação em bloco aberta.');
      onClose(true);
    }
  };
  return (
    <Dialog open={open} onClose={r.busy('block') ? undefined : () => onClose(false)} aria-labelledby="bloco-titulo" maxWidth="sm" fullWidth>
      <DialogTitle id="bloco-titulo">{reading ? 'Leitura em bloco' : 'Votação em bloco'}</DialogTitle>
      <DialogContent>
        <RefusalAlert error={r.error} sx={{ mb: 2 }} />
        <DialogContentText sx={{ mb: 1 }}>
          {reading
            ? 'Os itens abaixo são lidos de uma vez; cada um fica registrado como lido.'
            : `Uma só votação ${kinds.length === 1 ? labelOf(VOTING_KINDS, kinds[0]).toLowerCase() : ''} para os itens abaixo; o resultado vale para cada um, com o seu passo na tramitação.`.replace('  ', ' ')}
        </DialogContentText>
        {kinds.length > 1 && (
          <Alert role="status" severity="warning" sx={{ mb: 1 }}>
            {`Os itens têm tipos de votação diferentes (${kinds.map((k) => labelOf(VOTING_KINDS, k).toLowerCase()).join(', ')}): destaque os que não forem do mesmo tipo.`}
          </Alert>
        )}
        <Box component="ul" aria-label="Itens do bloco" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
          {items.map((it) => (
            <Box component="li" key={it.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, px: 1, borderRadius: 1, bgcolor: 'action.hover' }}>
              <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0 }}>
                {blockItemLine({ plenary_matter_id: it.id, numOrdem: it.numOrdem, identificacao: it.identificacao, ementa: it.ementa }, 70)}
              </Typography>
              <Button size="small" startIcon={<CallSplitIcon />} onClick={() => onDestaque(it.id)} aria-label={`Destacar: ${it.identificacao}`}>Destacar</Button>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Destaque: a pedido de qualquer vereador, o item sai do bloco antes da abertura e é votado sozinho depois.
        </Typography>
        {items.length < 2 && <Alert role="status" severity="info" sx={{ mt: 1 }}>Um bloco precisa de ao menos dois itens.</Alert>}
        {!reading && (
          <Typography variant="body2" sx={{ mt: 2 }}>
            Contam as presenças da fase {labelOf(PHASES, phase)}: {state.presence[phase]?.presentes.length ?? 0} de {state.total_membros} presentes.
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} disabled={r.busy('block')}>Voltar</Button>
        <Button variant="contained" startIcon={<PlaylistAddCheckIcon />} disabled={items.length < 2} onClick={() => void go()} loading={r.busy('block')}>
          {reading ? 'Registrar leitura em bloco' : 'Abrir votação em bloco'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function OpenVotingDialog({ state, item, onClose }: { state: LiveState; item: LiveAgendaItem | null; onClose: () => void }) {
  const r = useRunner();
  const clearRefusal = r.clear;
  const [tipo, setTipo] = useState<VotingKind>('nominal');
  useEffect(() => {
    if (item) {
      setTipo(item.tipo_votacao ?? 'nominal');
      clearRefusal();
    }
  }, [item, clearRefusal]);
  const shown = useHeld(item);
  const phase = shown ? phaseOfKind(shown.kind) : 'abertura';
  const presentes = state.presence[phase]?.presentes.length ?? 0;
  const open = async () => {
    if (!item) return;
    if (await r.run('open', () => calls.openVoting(item.id, tipo))) onClose();
  };
  return (
    <Dialog open={!!item} onClose={r.busy('open') ? undefined : onClose} aria-labelledby="abrir-votacao-titulo" maxWidth="sm" fullWidth>
      <DialogTitle id="abrir-votacao-titulo">Abrir votação</DialogTitle>
      <DialogContent>
        <RefusalAlert error={r.error} sx={{ mb: 2 }} />
        <Typography sx={{ fontWeight: 600 }}>{shown?.identificacao}</Typography>
        {shown?.ementa && <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{shown.ementa}</Typography>}
        <TextField select label="Tipo de votação" value={tipo} onChange={(e) => setTipo(e.target.value as VotingKind)} fullWidth sx={{ mt: 1 }}>
          {VOTING_KINDS.map((k) => <MenuItem key={k.value} value={k.value}>{k.label}</MenuItem>)}
        </TextField>
        <Typography variant="body2" sx={{ mt: 2 }}>
          Contam as presenças da fase {labelOf(PHASES, phase)}: {presentes} de {state.total_membros} presentes.
        </Typography>
        {tipo === 'leitura' && <Typography variant="body2" color="text.secondary">A leitura é registrada na hora, sem votos (resultado “Lida”).</Typography>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={r.busy('open')} autoFocus>Cancelar</Button>
        <Button variant="contained" startIcon={<HowToVoteIcon />} onClick={() => void open()} loading={r.busy('open')}>
          {tipo === 'leitura' ? 'Registrar leitura' : 'Abrir votação'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** "Nova votação" of a decided matter: the previous result is annulled, with the reason, and a new voting opens. */
function NewVotingDialog({ state, item, onClose }: { state: LiveState; item: LiveAgendaItem | null; onClose: () => void }) {
  const r = useRunner();
  const clearRefusal = r.clear;
  const [tipo, setTipo] = useState<Exclude<VotingKind, 'leitura'>>('nominal');
  const [motivo, setMotivo] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (item) {
      setTipo(item.tipo_votacao && item.tipo_votacao !== 'leitura' ? item.tipo_votacao : 'nominal');
      setMotivo('');
      setTouched(false);
      clearRefusal();
    }
  }, [item, clearRefusal]);
  const trimmed = motivo.trim();
  const error = trimmed.length < 3 ? 'Informe o motivo (ao menos 3 caracteres).' : trimmed.length > 500 ? 'O motivo deve ter no máximo 500 caracteres.' : null;
  const shown = useHeld(item);
  const phase = shown ? phaseOfKind(shown.kind) : 'abertura';
  const submit = async () => {
    setTouched(true);
    if (!item || error) return;
    if (await r.run('again', () => calls.newVoting(item.id, trimmed, tipo))) {
      notifySuccess('Nova votação aberta.');
      onClose();
    }
  };
  return (
    <Dialog open={!!item} onClose={r.busy('again') ? undefined : onClose} aria-labelledby="nova-votacao-titulo" maxWidth="sm" fullWidth>
      <DialogTitle id="nova-votacao-titulo">Nova votação</DialogTitle>
      <DialogContent>
        <RefusalAlert error={r.error} sx={{ mb: 2 }} />
        <Typography sx={{ fontWeight: 600 }}>{shown?.identificacao}</Typography>
        <Alert severity="warning" sx={{ my: 2 }}>
          {`Esta matéria já foi votada (${labelOf(OUTCOMES, shown?.resultado ?? '')}). O resultado anterior será anulado, com o motivo, e uma nova votação será aberta. Tudo fica registrado e aparece no painel.`}
        </Alert>
        <Box component="form" id="nova-votacao-form" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          <TextField select label="Tipo de votação" value={tipo} onChange={(e) => setTipo(e.target.value as Exclude<VotingKind, 'leitura'>)} fullWidth sx={{ mb: 2 }}>
            {VOTING_KINDS.filter((k) => k.value !== 'leitura').map((k) => <MenuItem key={k.value} value={k.value}>{k.label}</MenuItem>)}
          </TextField>
          <TextField
            label="Motivo da nova votação"
            required
            value={motivo}
            onChange={(e) => setMotivo(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && !!error}
            helperText={(touched && error) || r.error?.fields.motivo?.[0] || 'Por exemplo: requerimento de verificação aprovado. Fica registrado na auditoria e aparece no painel.'}
            fullWidth
            multiline
            minRows={2}
            autoFocus
          />
        </Box>
        <Typography variant="body2" sx={{ mt: 2 }}>
          Contam as presenças da fase {labelOf(PHASES, phase)}: {state.presence[phase]?.presentes.length ?? 0} de {state.total_membros} presentes.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={r.busy('again')}>Voltar</Button>
        <Button type="submit" form="nova-votacao-form" variant="contained" color="warning" startIcon={<ReplayIcon />} loading={r.busy('again')}>Anular o resultado e votar de novo</Button>
      </DialogActions>
    </Dialog>
  );
}

function TallyBox({ label, value, icon, color }: { label: string; value: ReactNode; icon?: ReactNode; color?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, textAlign: 'center', borderTop: color ? 4 : undefined, borderTopColor: color }}>
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'center', alignItems: 'center', color: 'text.secondary' }}>
        {icon}
        <Typography variant="body2" component="span">{label}</Typography>
      </Stack>
      <Typography variant="h4" component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>{value}</Typography>
    </Paper>
  );
}

function VotingCard({ state, voting: v, closeSignal }: { state: LiveState; voting: LiveVoting; closeSignal: number }) {
  const r = useRunner();
  const [counts, setCounts] = useState<Counts>({ sim: '', nao: '', abstencao: '' });
  const [pv, setPv] = useState<VoteChoice | ''>('');
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState<null | 'cancel' | 'reopen' | 'annul'>(null);
  const [history, setHistory] = useState(false);
  const open = v.status === 'aberta';
  const figures = votingFigures(v);
  const countsKind = isCountsKind(v.tipo);
  const preview = previewOf(state, v, counts, pv);
  // keyboard shortcut "E": ask to close (the confirmation dialog still decides)
  const lastSignal = useRef(closeSignal);
  const askToClose = useEffectEvent(() => {
    if (open && preview.result) setConfirming(true);
  });
  useEffect(() => {
    if (closeSignal === lastSignal.current) return;
    lastSignal.current = closeSignal;
    askToClose();
  }, [closeSignal]);

  const close = async () => {
    const body: CloseBody = countsKind
      ? { sim: preview.votes.sim, nao: preview.votes.nao, abstencao: preview.votes.abstencao, ...(pv ? { voto_presidente: pv } : {}) }
      : {};
    const ok = await r.run('close', () => calls.closeVoting(v.plenary_matter_id, body));
    setConfirming(false);
    if (ok) notifySuccess('Votação encerrada.');
  };

  const t = v.tally;
  const dash = '—';
  const fieldError = (k: keyof Tally) => preview.errors[k] ?? r.error?.fields[k]?.[0];

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 }, borderColor: open ? 'primary.main' : undefined, borderWidth: open ? 2 : 1 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <Chip size="small" color={open ? 'primary' : 'default'} icon={open ? <HowToVoteIcon /> : <LockIcon />} label={`Votação ${labelOf(VOTING_STATUS, v.status).toLowerCase()}`} />
        <Chip size="small" variant="outlined" label={labelOf(VOTING_KINDS, v.tipo)} />
        <Chip size="small" variant="outlined" label={`Presença: ${labelOf(PHASES, v.fase)}`} />
        <Typography variant="body2" color="text.secondary">
          Aberta às {formatTime(v.aberta_em)}{v.encerrada_em ? ` · encerrada às ${formatTime(v.encerrada_em)}` : ''}
        </Typography>
      </Stack>
      <Typography variant="h6" component="h3">{v.bloco ? blockTitle(v.bloco) : v.identificacao}</Typography>
      {v.bloco ? (
        <Box component="ol" aria-label="Itens votados em bloco" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {v.bloco.map((b) => <Typography component="li" variant="body2" color="text.secondary" key={b.plenary_matter_id}>{blockItemLine(b, 100)}</Typography>)}
        </Box>
      ) : v.ementa && <Typography variant="body2" color="text.secondary">{v.ementa}</Typography>}
      <Typography sx={{ mt: 1 }}><strong>Requisito:</strong> {v.requisito}</Typography>
      {figures.note && <Alert role="status" severity={v.status === 'cancelada' ? 'warning' : 'info'} sx={{ mt: 1 }}>{figures.note}</Alert>}
      {open && v.tipo !== 'leitura' && !figures.quorum.atingido && (
        <Alert role="status" severity="warning" sx={{ mt: 1 }}>
          {`Sem quórum de presença: ${t.presentes} presentes, a regra exige ${figures.quorum.exigidos}. Encerrada agora, a votação terá resultado “Sem quórum”.`}
        </Alert>
      )}

      <Box
        aria-live="polite"
        aria-label="Apuração"
        role="group"
        sx={{ display: 'grid', gap: 1, mt: 2, gridTemplateColumns: { xs: 'repeat(3, 1fr)', md: 'repeat(6, 1fr)' } }}
      >
        <TallyBox label="Sim" value={figures.counts?.sim ?? dash} icon={<ThumbUpIcon fontSize="small" />} color="success.main" />
        <TallyBox label="Não" value={figures.counts?.nao ?? dash} icon={<ThumbDownIcon fontSize="small" />} color="error.main" />
        <TallyBox label="Abstenção" value={figures.counts?.abstencao ?? dash} icon={<RemoveCircleOutlineIcon fontSize="small" />} color="grey.500" />
        <TallyBox label="Presentes" value={t.presentes} />
        <TallyBox label="Total" value={t.total} />
        <TallyBox label="Votaram" value={v.tipo === 'simbolica' ? dash : t.votaram} />
      </Box>
      {figures.presidentLine && <Typography sx={{ mt: 1 }} data-testid="voto-presidente">{figures.presidentLine}</Typography>}
      {v.tipo === 'secreta' && open && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Votação secreta: os vereadores votam pelos próprios aparelhos; só a contagem é guardada e ela aparece ao encerrar. O presidente vota na urna como os demais.
        </Typography>
      )}

      {v.tipo === 'nominal' && <NominalVotes state={state} voting={v} />}
      {v.tipo === 'secreta' && <SecretVoters state={state} voting={v} />}

      {open && countsKind && (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            Contagem da votação simbólica (sem o voto do presidente)
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            {COUNT_KEYS.map((k) => (
              <TextField
                key={k}
                label={labelOf(VOTE_CHOICES, k)}
                value={counts[k]}
                onChange={(e) => setCounts((c) => ({ ...c, [k]: e.target.value }))}
                error={!!fieldError(k) && counts[k] !== ''}
                helperText={counts[k] !== '' ? fieldError(k) ?? ' ' : ' '}
                slotProps={{ htmlInput: { inputMode: 'numeric', min: 0, max: t.presentes } }}
                type="number"
                sx={{ flex: 1 }}
              />
            ))}
            <TextField select label="Voto do presidente (desempate)" value={pv} onChange={(e) => setPv(e.target.value as VoteChoice | '')} sx={{ flex: 1.3 }} helperText="Opcional: computado só em caso de empate">
              <MenuItem value="">Não votou</MenuItem>
              {VOTE_CHOICES.map((c) => <MenuItem key={c.value} value={c.value}>{c.label}</MenuItem>)}
            </TextField>
          </Stack>
          {preview.errors.soma && <Alert role="status" severity="warning" sx={{ mt: 1 }}>{preview.errors.soma}</Alert>}
        </Box>
      )}

      {open && (
        <Box sx={{ mt: 2 }}>
          {preview.result ? (
            <Alert role="status" severity="info" icon={OUTCOME_ICON[preview.result.resultado]}>
              <strong>Prévia do resultado: {labelOf(OUTCOMES, preview.result.resultado)}.</strong> {preview.result.explicacao}
            </Alert>
          ) : v.tipo === 'nominal' ? (
            <Alert role="status" severity="info">Ninguém votou ainda. A prévia do resultado aparece com o primeiro voto.</Alert>
          ) : v.tipo === 'secreta' ? (
            <Alert role="status" severity="info" icon={<LockPersonIcon />}>{`Votaram ${t.votaram} de ${t.presentes} presentes. O resultado é apurado pelo servidor ao encerrar.`}</Alert>
          ) : (
            <Alert role="status" severity="info">Informe a contagem de votos para ver a prévia do resultado.</Alert>
          )}
        </Box>
      )}

      {!open && v.resultado && (
        <Box sx={{ mt: 2 }} aria-live="polite">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="h6" component="p">Resultado:</Typography>
            <OutcomeChip outcome={v.resultado} size="medium" />
          </Stack>
          {v.explicacao && <Typography sx={{ mt: 1 }}>{v.explicacao}</Typography>}
        </Box>
      )}
      {v.status === 'cancelada' && !figures.note && <Alert role="status" severity="warning" sx={{ mt: 2 }}>{v.anulada ? 'Resultado anulado.' : 'Votação cancelada.'}</Alert>}

      <RefusalAlert error={r.error} onClose={r.clear} sx={{ mt: 2 }} />

      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        {open && (
          <Button variant="contained" startIcon={<LockIcon />} disabled={!preview.result && v.tipo !== 'secreta'} loading={r.busy('close')} onClick={() => setConfirming(true)}>
            Encerrar votação
          </Button>
        )}
        {open && (
          <Button variant="outlined" color="error" startIcon={<BlockIcon />} onClick={() => setReason('cancel')}>
            Cancelar votação…
          </Button>
        )}
        {v.status === 'encerrada' && v.tipo !== 'leitura' && v.tipo !== 'secreta' && (
          <Button variant="outlined" startIcon={<ReplayIcon />} onClick={() => setReason('reopen')}>
            Reabrir votação…
          </Button>
        )}
        {v.status === 'encerrada' && v.tipo !== 'leitura' && (
          <Button variant="outlined" color="error" startIcon={<BlockIcon />} onClick={() => setReason('annul')}>
            Anular resultado…
          </Button>
        )}
        {v.tipo === 'nominal' && (
          <Button variant="outlined" startIcon={<HistoryIcon />} onClick={() => setHistory(true)}>
            Histórico de votos
          </Button>
        )}
      </Stack>
      {v.tipo === 'nominal' && <HistoryDialog open={history} voting={v} onClose={() => setHistory(false)} />}

      <Dialog open={confirming} onClose={r.busy('close') ? undefined : () => setConfirming(false)} aria-labelledby="encerrar-titulo" aria-describedby="encerrar-texto" maxWidth="sm" fullWidth>
        <DialogTitle id="encerrar-titulo">Encerrar a votação?</DialogTitle>
        <DialogContent>
          <Box id="encerrar-texto">
            <DialogContentText sx={{ mb: 1 }}>{v.bloco ? `${blockTitle(v.bloco)}: ${v.bloco.map((b) => b.identificacao).join(', ')}. O resultado vale para cada item.` : v.identificacao}</DialogContentText>
            {v.tipo === 'secreta' ? (
              <Typography>{`Votaram ${t.votaram} de ${t.presentes} presentes. A contagem secreta é apurada ao encerrar.`}</Typography>
            ) : (
              <Typography>
                Sim {preview.votes.sim} · Não {preview.votes.nao} · Abstenção {preview.votes.abstencao}
                {preview.presidentVote ? ` · voto do presidente, à parte: ${labelOf(VOTE_CHOICES, preview.presidentVote)}` : ''}
              </Typography>
            )}
            {preview.result && (
              <Alert role="status" severity={preview.result.resultado === 'aprovado' ? 'success' : preview.result.resultado === 'rejeitado' ? 'error' : 'warning'} icon={OUTCOME_ICON[preview.result.resultado]} sx={{ mt: 2 }}>
                <strong>Resultado calculado: {labelOf(OUTCOMES, preview.result.resultado)}.</strong> {preview.result.explicacao}
              </Alert>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>Depois de encerrada, os votos não podem mais ser trocados.</Typography>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={r.busy('close')} autoFocus>Cancelar</Button>
          <Button variant="contained" startIcon={<LockIcon />} onClick={() => void close()} loading={r.busy('close')}>Encerrar votação</Button>
        </DialogActions>
      </Dialog>

      <ReasonDialog
        open={reason !== null}
        title={reason === 'reopen' ? 'Reabrir a votação?' : reason === 'annul' ? 'Anular o resultado?' : 'Cancelar a votação?'}
        text={reason === 'reopen'
          ? `O resultado proclamado (${labelOf(OUTCOMES, v.resultado ?? '')}) deixa de valer e a votação volta a receber votos; os votos nominais já registrados são mantidos. O motivo fica registrado e aparece no painel.`
          : reason === 'annul'
            ? `O resultado proclamado (${labelOf(OUTCOMES, v.resultado ?? '')}) fica registrado como anulado, com o motivo, e aparece assim no painel. ${v.bloco ? 'Votação em bloco: o resultado de todos os itens é anulado junto, e eles voltam a aguardar votação.' : 'A matéria volta a aguardar votação.'}`
            : 'A votação em curso fica registrada como cancelada, com o motivo, e aparece assim no painel.'}
        confirmLabel={reason === 'reopen' ? 'Reabrir votação' : reason === 'annul' ? 'Anular resultado' : 'Cancelar votação'}
        destructive={reason !== 'reopen'}
        onClose={() => setReason(null)}
        onConfirm={(motivo) => (reason === 'reopen'
          ? calls.reopenVoting(v.plenary_matter_id, motivo)
          : reason === 'annul' ? calls.annulResult(v.plenary_matter_id, motivo) : calls.cancelVoting(v.plenary_matter_id, motivo))}
      />
    </Paper>
  );
}

function NominalVotes({ state, voting: v }: { state: LiveState; voting: LiveVoting }) {
  const r = useRunner();
  const present = new Set(state.presence[v.fase]?.presentes ?? []);
  const byMember = new Map((v.votes ?? []).map((x) => [x.parliamentary_id, x.voto]));
  const impeded = new Set(v.impedidos ?? []);
  const president = presidentOf(state);
  const presentMembers = state.members.filter((m) => present.has(m.id));
  const absent = state.members.filter((m) => !present.has(m.id));
  if (v.votes === null) return <Typography color="text.secondary" sx={{ mt: 2 }}>Os votos individuais não estão disponíveis.</Typography>;
  const open = v.status === 'aberta';
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }} id="votos-nominais">Votos dos vereadores presentes</Typography>
      <RefusalAlert error={r.error} onClose={r.clear} sx={{ mb: 1 }} />
      <Box component="ul" aria-labelledby="votos-nominais" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5, gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))' }}>
        {presentMembers.map((m) => {
          const voto = byMember.get(m.id);
          const isImpeded = impeded.has(m.id);
          const key = `imp:${m.id}`;
          return (
            <Box component="li" key={m.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, px: 1, borderRadius: 1, bgcolor: 'action.hover' }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>{m.nome}{m.id === president ? ' (presidente)' : ''}</Typography>
                <Typography variant="caption" color="text.secondary">{m.partido ?? 'Sem partido'}</Typography>
              </Box>
              {isImpeded ? (
                <Chip size="small" color="warning" variant="outlined" icon={<BlockIcon />} label="Impedido" />
              ) : voto ? (
                <Chip size="small" color={voteColor(voto)} icon={VOTE_ICON[voto] as React.ReactElement} label={labelOf(VOTE_CHOICES, voto)} />
              ) : (
                <Chip size="small" variant="outlined" label={open ? 'Aguardando' : 'Não votou'} />
              )}
              {open && (
                <Button
                  size="small"
                  loading={r.busy(key)}
                  onClick={() => void r.run(key, () => calls.impediment(v.plenary_matter_id, m.id, !isImpeded))}
                  aria-label={isImpeded ? `Retirar impedimento de ${m.nome}` : `Declarar ${m.nome} impedido nesta votação`}
                >
                  {isImpeded ? 'Retirar' : 'Impedir'}
                </Button>
              )}
            </Box>
          );
        })}
      </Box>
      {absent.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Ausentes nesta fase: {absent.map((m) => m.nome).join(', ')}.
        </Typography>
      )}
    </Box>
  );
}

/** Who voted in a secret ballot (never what): "Votou" or "Aguardando" per present member. */
function SecretVoters({ state, voting: v }: { state: LiveState; voting: LiveVoting }) {
  const present = new Set(state.presence[v.fase]?.presentes ?? []);
  const voted = new Set(v.votantes ?? []);
  const members = state.members.filter((m) => present.has(m.id) || voted.has(m.id));
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }} id="votos-secretos">Quem votou (a escolha de cada um não é guardada)</Typography>
      <Box component="ul" aria-labelledby="votos-secretos" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5, gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))' }}>
        {members.map((m) => (
          <Box component="li" key={m.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, px: 1, borderRadius: 1, bgcolor: 'action.hover' }}>
            <Typography variant="body2" sx={{ fontWeight: 500, flexGrow: 1 }}>{m.nome}</Typography>
            {voted.has(m.id)
              ? <Chip size="small" color="primary" icon={<CheckCircleIcon />} label="Votou" />
              : <Chip size="small" variant="outlined" label={v.status === 'aberta' ? 'Aguardando' : 'Não votou'} />}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function ReasonDialog({
  open, title, text, confirmLabel, destructive, onClose, onConfirm,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  destructive?: boolean;
  onClose: () => void;
  onConfirm: (motivo: string) => Promise<unknown>;
}) {
  const r = useRunner();
  const clearRefusal = r.clear;
  const [motivo, setMotivo] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setMotivo('');
      setTouched(false);
      clearRefusal();
    }
  }, [open, clearRefusal]);
  const trimmed = motivo.trim();
  const error = trimmed.length < 3 ? 'Informe o motivo (ao menos 3 caracteres).' : trimmed.length > 500 ? 'O motivo deve ter no máximo 500 caracteres.' : null;
  const submit = async () => {
    setTouched(true);
    if (error) return;
    if (await r.run('go', () => onConfirm(trimmed))) onClose();
  };
  return (
    <Dialog open={open} onClose={r.busy('go') ? undefined : onClose} aria-labelledby="motivo-titulo" maxWidth="sm" fullWidth>
      <DialogTitle id="motivo-titulo">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
        <RefusalAlert error={r.error} sx={{ mb: 2 }} />
        <Box component="form" id="motivo-form" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          <TextField
            label="Motivo"
            required
            value={motivo}
            onChange={(e) => setMotivo(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && !!error}
            helperText={(touched && error) || r.error?.fields.motivo?.[0] || 'Fica registrado na auditoria.'}
            fullWidth
            multiline
            minRows={2}
            autoFocus
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={r.busy('go')}>Voltar</Button>
        <Button type="submit" form="motivo-form" variant="contained" color={destructive ? 'error' : 'primary'} loading={r.busy('go')}>{confirmLabel}</Button>
      </DialogActions>
    </Dialog>
  );
}
