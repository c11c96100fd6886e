/**
 * Pauta e votação: the current voting (live tally, each member's nominal vote, the rule's requirement, the result
 * previewed with the domain's computeResult before closing; counts and the presiding officer's vote for symbolic
 * and secret votes; close after confirmation; cancel / reopen with a reason) and the agenda by phase with
 * "Abrir votação" per item.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import {
  OUTCOMES, PHASES, VOTE_CHOICES, VOTING_KINDS, VOTING_STATUS, computeResult, labelOf, phaseOfKind,
  type LiveAgendaItem, type LiveState, type LiveVoting, type Outcome, type ResultOutput, type Tally, type VoteChoice, type VotingKind,
} from '@paco/domain/plenary';
import { notifySuccess } from '../../shell/notify';
import { calls, type CloseBody } from './calls';
import { RefusalAlert, SectionHeader, presidentOf, useRunner } from './shared';

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
const isCountsKind = (t: VotingKind) => t === 'simbolica' || t === 'secreta';

interface Preview {
  result: ResultOutput | null;
  /** what is missing or wrong in the counts */
  errors: Partial<Record<keyof Tally | 'soma', string>>;
  votes: Tally;
  presidentVote: VoteChoice | null;
}

/** The result the server will compute, from the same domain function. */
export function previewOf(state: LiveState, v: LiveVoting, counts: Counts, presidentVote: VoteChoice | ''): Preview {
  const errors: Preview['errors'] = {};
  let votes: Tally = { sim: 0, nao: 0, abstencao: 0 };
  let pv: VoteChoice | null = null;
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
  } else if (v.votes) {
    // nominal: the presiding officer's own vote goes by the presiding officer's rule
    const president = presidentOf(state);
    const present = new Set(state.presence[v.fase]?.presentes ?? []);
    for (const x of v.votes) {
      if (present.size && !present.has(x.parliamentary_id)) continue;
      if (x.parliamentary_id === president) pv = x.voto;
      else votes[x.voto] += 1;
    }
  } else {
    votes = { sim: v.tally.sim, nao: v.tally.nao, abstencao: v.tally.abstencao };
  }
  const result = Object.keys(errors).length
    ? null
    : computeResult({ rule: v.regra, total: v.tally.total, presentes: v.tally.presentes, votes, presidentVote: pv, presidentRule: state.settings.presidente_regra });
  return { result, errors, votes, presidentVote: pv };
}

/* ---------- the panel ---------- */

export function VotingPanel({ state, closeSignal }: { state: LiveState; closeSignal: number }) {
  const [opening, setOpening] = useState<LiveAgendaItem | null>(null);
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
        <Agenda state={state} onOpen={setOpening} />
      </Box>
      <OpenVotingDialog state={state} item={opening} onClose={() => setOpening(null)} />
    </Box>
  );
}

function Agenda({ state, onOpen }: { state: LiveState; onOpen: (item: LiveAgendaItem) => void }) {
  const { session, voting } = state;
  const openVoting = voting?.status === 'aberta' ? voting : null;
  const canOpen = session.iniciada && !session.finalizada && !openVoting;
  const groups = [
    { kind: 'expediente' as const, label: 'Expediente' },
    { kind: 'ordem_dia' as const, label: 'Ordem do dia' },
  ].map((g) => ({ ...g, items: state.agenda.filter((a) => a.kind === g.kind) }));
  if (!state.agenda.length) return <Typography color="text.secondary">Nenhuma matéria na pauta desta sessão.</Typography>;
  return (
    <Stack spacing={2}>
      {!session.iniciada && <Alert role="status" severity="info">Inicie a sessão para abrir votações.</Alert>}
      {session.finalizada && <Alert role="status" severity="info">A sessão está finalizada.</Alert>}
      {openVoting && <Alert role="status" severity="info">Há uma votação aberta ({openVoting.identificacao}). Encerre-a ou anule-a antes de abrir outra.</Alert>}
      {groups.filter((g) => g.items.length).map((g) => (
        <Box key={g.kind}>
          <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ textTransform: 'uppercase', mb: 1 }} id={`pauta-${g.kind}`}>
            {g.label}
          </Typography>
          <Box component="ol" aria-labelledby={`pauta-${g.kind}`} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {g.items.map((it) => {
              const inVoting = openVoting?.plenary_matter_id === it.id;
              return (
                <Paper key={it.id} component="li" variant="outlined" sx={{ p: 1.5, borderColor: inVoting ? 'primary.main' : undefined, borderWidth: inVoting ? 2 : 1 }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    {it.numOrdem ? `${it.numOrdem}. ` : ''}{it.identificacao}
                  </Typography>
                  {it.ementa && (
                    <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                      {it.ementa}
                    </Typography>
                  )}
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1 }}>
                    {it.turno && <Chip size="small" variant="outlined" label={it.turno} />}
                    <Chip size="small" variant="outlined" label={it.tipo_votacao ? `Votação ${labelOf(VOTING_KINDS, it.tipo_votacao).toLowerCase()}` : 'Votação não definida'} />
                    {it.polemica && <Chip size="small" color="warning" variant="outlined" label="Polêmica" />}
                    {it.resultado && <OutcomeChip outcome={it.resultado} />}
                    {inVoting && <Chip size="small" color="primary" icon={<HowToVoteIcon />} label="Em votação" />}
                    <Box sx={{ flexGrow: 1 }} />
                    {!inVoting && (
                      <Button size="small" variant="outlined" startIcon={<HowToVoteIcon />} disabled={!canOpen} onClick={() => onOpen(it)} aria-label={`Abrir votação: ${it.identificacao}`}>
                        {it.resultado ? 'Votar novamente' : 'Abrir votação'}
                      </Button>
                    )}
                  </Stack>
                </Paper>
              );
            })}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

function OpenVotingDialog({ state, item, onClose }: { state: LiveState; item: LiveAgendaItem | null; onClose: () => void }) {
  const r = useRunner();
  const [tipo, setTipo] = useState<VotingKind>('nominal');
  useEffect(() => {
    if (item) {
      setTipo(item.tipo_votacao ?? 'nominal');
      r.clear();
    }
  }, [item]);
  const phase = item ? phaseOfKind(item.kind) : 'abertura';
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
        <Typography sx={{ fontWeight: 600 }}>{item?.identificacao}</Typography>
        {item?.ementa && <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{item.ementa}</Typography>}
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
  const [reason, setReason] = useState<null | 'cancel' | 'reopen'>(null);
  const open = v.status === 'aberta';
  const countsKind = isCountsKind(v.tipo);
  const preview = previewOf(state, v, counts, pv);
  // keyboard shortcut "E": ask to close (the confirmation dialog still decides)
  const lastSignal = useRef(closeSignal);
  useEffect(() => {
    if (closeSignal === lastSignal.current) return;
    lastSignal.current = closeSignal;
    if (open && preview.result) setConfirming(true);
  }, [closeSignal]);

  const close = async () => {
    const body: CloseBody = countsKind
      ? { sim: preview.votes.sim, nao: preview.votes.nao, abstencao: preview.votes.abstencao, ...(pv ? { voto_presidente: pv } : {}) }
      : {};
    const ok = await r.run('close', () => calls.closeVoting(v.plenary_matter_id, body));
    setConfirming(false);
    if (ok) notifySuccess('Votação encerrada.');
  };

  const hideCounts = countsKind && open;
  const t = v.tally;
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
      <Typography variant="h6" component="h3">{v.identificacao}</Typography>
      {v.ementa && <Typography variant="body2" color="text.secondary">{v.ementa}</Typography>}
      <Typography sx={{ mt: 1 }}><strong>Requisito:</strong> {v.requisito}</Typography>

      <Box
        aria-live="polite"
        aria-label="Apuração"
        role="group"
        sx={{ display: 'grid', gap: 1, mt: 2, gridTemplateColumns: { xs: 'repeat(3, 1fr)', md: 'repeat(6, 1fr)' } }}
      >
        <TallyBox label="Sim" value={hideCounts ? '—' : t.sim} icon={<ThumbUpIcon fontSize="small" />} color="success.main" />
        <TallyBox label="Não" value={hideCounts ? '—' : t.nao} icon={<ThumbDownIcon fontSize="small" />} color="error.main" />
        <TallyBox label="Abstenção" value={hideCounts ? '—' : t.abstencao} icon={<RemoveCircleOutlineIcon fontSize="small" />} color="grey.500" />
        <TallyBox label="Presentes" value={t.presentes} />
        <TallyBox label="Total" value={t.total} />
        <TallyBox label="Votaram" value={hideCounts ? '—' : t.votaram} />
      </Box>

      {v.tipo === 'nominal' && <NominalVotes state={state} voting={v} />}

      {open && countsKind && (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            Contagem {v.tipo === 'secreta' ? 'da votação secreta' : 'da votação simbólica'} (sem o voto do presidente)
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
            <TextField select label="Voto do presidente" value={pv} onChange={(e) => setPv(e.target.value as VoteChoice | '')} sx={{ flex: 1.3 }} helperText="Opcional (desempate)">
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
      {v.status === 'cancelada' && <Alert role="status" severity="warning" sx={{ mt: 2 }}>Votação anulada.</Alert>}

      <RefusalAlert error={r.error} onClose={r.clear} sx={{ mt: 2 }} />

      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        {open && (
          <Button variant="contained" startIcon={<LockIcon />} disabled={!preview.result} loading={r.busy('close')} onClick={() => setConfirming(true)}>
            Encerrar votação
          </Button>
        )}
        {v.status === 'encerrada' && (
          <Button variant="outlined" startIcon={<ReplayIcon />} loading={r.busy('reopen')} onClick={() => setReason('reopen')}>
            Reabrir votação
          </Button>
        )}
        {v.status !== 'cancelada' && (
          <Button variant="outlined" color="error" startIcon={<BlockIcon />} loading={r.busy('cancel')} onClick={() => setReason('cancel')}>
            Anular votação
          </Button>
        )}
      </Stack>

      <Dialog open={confirming} onClose={r.busy('close') ? undefined : () => setConfirming(false)} aria-labelledby="encerrar-titulo" aria-describedby="encerrar-texto" maxWidth="sm" fullWidth>
        <DialogTitle id="encerrar-titulo">Encerrar a votação?</DialogTitle>
        <DialogContent>
          <Box id="encerrar-texto">
            <DialogContentText sx={{ mb: 1 }}>{v.identificacao}</DialogContentText>
            <Typography>
              Sim {preview.votes.sim} · Não {preview.votes.nao} · Abstenção {preview.votes.abstencao}
              {preview.presidentVote ? ` · voto do presidente: ${labelOf(VOTE_CHOICES, preview.presidentVote)}` : ''}
            </Typography>
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
        title={reason === 'reopen' ? 'Reabrir a votação?' : 'Anular a votação?'}
        text={reason === 'reopen' ? 'Os votos nominais já registrados são mantidos.' : 'A votação fica registrada como anulada, com o motivo.'}
        confirmLabel={reason === 'reopen' ? 'Reabrir votação' : 'Anular votação'}
        destructive={reason === 'cancel'}
        onClose={() => setReason(null)}
        onConfirm={(motivo) => (reason === 'reopen' ? calls.reopenVoting(v.plenary_matter_id, motivo) : calls.cancelVoting(v.plenary_matter_id, motivo))}
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
  const [motivo, setMotivo] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setMotivo('');
      setTouched(false);
      r.clear();
    }
  }, [open]);
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
        <Button onClick={onClose} disabled={r.busy('go')}>Cancelar</Button>
        <Button type="submit" form="motivo-form" variant="contained" color={destructive ? 'error' : 'primary'} loading={r.busy('go')}>{confirmLabel}</Button>
      </DialogActions>
    </Dialog>
  );
}
