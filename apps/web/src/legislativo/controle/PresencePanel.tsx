/**
 * Presença: per phase (Abertura / Ordem do dia) the list's situation with open/close, the count of members present,
 * and the member grid with a present/absent switch for the chosen phase; absences with a justification.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { PHASES, PRESENCE_LIST_STATUS, labelOf, type LiveMember, type LiveState, type Phase } from '@paco/domain/plenary';
import { calls, type Absence } from './calls';
import { initials } from '@paco/domain/format';
import { RefusalAlert, SectionHeader, useRunner } from './shared';

export const absencesKey = (sessionId: number) => ['controle', 'absences', sessionId] as const;

const statusColor = (s: string): 'success' | 'default' | 'warning' => (s === 'aberta' ? 'success' : s === 'encerrada' ? 'default' : 'warning');

export function PresencePanel({ state, sessionId }: { state: LiveState; sessionId: number }) {
  const r = useRunner();
  const qc = useQueryClient();
  const openPhase = PHASES.find((p) => state.presence[p.value].status === 'aberta')?.value;
  const [phase, setPhase] = useState<Phase>(openPhase ?? 'abertura');
  // a list just opened: the grid follows it
  useEffect(() => {
    if (openPhase) setPhase(openPhase);
  }, [openPhase]);

  const absences = useQuery({
    queryKey: absencesKey(sessionId),
    queryFn: ({ signal }) => calls.absences(sessionId, signal),
    retry: false,
  });
  const absenceOf = useMemo(() => new Map((absences.data ?? []).map((a) => [a.parliamentary_id, a])), [absences.data]);
  const [justifying, setJustifying] = useState<LiveMember | null>(null);

  const { session } = state;
  const present = new Set(state.presence[phase].presentes);
  const absent = state.members.filter((m) => !present.has(m.id));
  const phaseLabel = labelOf(PHASES, phase);

  return (
    <Box>
      <RefusalAlert error={r.error} onClose={r.clear} sx={{ mb: 2, position: 'sticky', top: 72, zIndex: 2 }} />

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 3 }}>
        {PHASES.map((p) => {
          const list = state.presence[p.value];
          const key = `list:${p.value}`;
          const next = list.status === 'aberta' ? 'encerrada' : 'aberta';
          const canOpen = session.iniciada && !session.finalizada;
          return (
            <Paper key={p.value} variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`lista-${p.value}`}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Typography component="h2" variant="subtitle1" id={`lista-${p.value}`} sx={{ fontWeight: 600, flexGrow: 1 }}>
                  Lista de presença · {p.label}
                </Typography>
                <Chip size="small" color={statusColor(list.status)} label={labelOf(PRESENCE_LIST_STATUS, list.status)} />
              </Stack>
              <Typography variant="h5" component="p" sx={{ my: 1 }} aria-live="polite">
                {list.presentes.length} de {state.total_membros} presentes
              </Typography>
              <Button
                variant={list.status === 'aberta' ? 'outlined' : 'contained'}
                startIcon={list.status === 'aberta' ? <LockIcon /> : <LockOpenIcon />}
                loading={r.busy(key)}
                disabled={next === 'aberta' && !canOpen}
                onClick={() => void r.run(key, () => calls.presenceList(sessionId, p.value, next))}
              >
                {list.status === 'aberta' ? 'Encerrar lista' : list.status === 'encerrada' ? 'Reabrir lista' : 'Abrir lista'}
              </Button>
              {next === 'aberta' && !canOpen && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {session.finalizada ? 'A sessão está finalizada.' : 'Inicie a sessão para abrir a lista.'}
                </Typography>
              )}
            </Paper>
          );
        })}
      </Box>

      <SectionHeader title={`Vereadores · ${phaseLabel}`} id="presenca-vereadores">
        <ToggleButtonGroup
          exclusive
          size="small"
          value={phase}
          onChange={(_e, v: Phase | null) => v && setPhase(v)}
          aria-label="Fase da presença"
        >
          {PHASES.map((p) => <ToggleButton key={p.value} value={p.value}>{p.label}</ToggleButton>)}
        </ToggleButtonGroup>
        <Button
          startIcon={<DoneAllIcon />}
          disabled={absent.length === 0 || session.finalizada}
          loading={r.busy(`all:${phase}`)}
          onClick={() => void r.run(`all:${phase}`, () => calls.addPresences(sessionId, phase, absent.map((m) => m.id)))}
        >
          Marcar todos presentes
        </Button>
      </SectionHeader>

      {state.members.length === 0 ? (
        <Typography color="text.secondary">Nenhum parlamentar com mandato nesta legislatura.</Typography>
      ) : (
        <Box
          component="ul"
          aria-labelledby="presenca-vereadores"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(250px, 1fr))' }}
        >
          {state.members.map((m) => {
            const isPresent = present.has(m.id);
            const key = `member:${phase}:${m.id}`;
            const absence = absenceOf.get(m.id);
            return (
              <Paper
                key={m.id}
                component="li"
                variant="outlined"
                sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, borderColor: isPresent ? 'success.dark' : undefined, borderWidth: isPresent ? 2 : 1 }}
              >
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <Avatar src={m.foto ?? undefined} alt="" sx={{ width: 44, height: 44 }}>{initials(m.nome)}</Avatar>
                  <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                    <Typography sx={{ fontWeight: 600, lineHeight: 1.2 }}>{m.nome}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {m.partido ?? 'Sem partido'}{m.presidente ? ' · Presidente' : ''}
                    </Typography>
                  </Box>
                </Stack>
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                  <FormControlLabel
                    sx={{ mr: 0 }}
                    control={
                      <Switch
                        checked={isPresent}
                        disabled={r.busy(key) || session.finalizada}
                        color="success"
                        onChange={(e) =>
                          void r.run(key, () =>
                            e.target.checked ? calls.addPresences(sessionId, phase, [m.id]) : calls.removePresences(sessionId, phase, [m.id]),
                          )
                        }
                        slotProps={{ input: { 'aria-label': `Presente: ${m.nome}` } }}
                      />
                    }
                    label={
                      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                        {isPresent ? <CheckCircleIcon fontSize="small" color="success" aria-hidden /> : null}
                        <span>{isPresent ? 'Presente' : 'Ausente'}</span>
                        {r.busy(key) && <CircularProgress size={14} aria-label="Salvando" />}
                      </Stack>
                    }
                  />
                  {!isPresent && !absence && (
                    <Button size="small" startIcon={<EventBusyIcon />} onClick={() => setJustifying(m)}>
                      Justificar ausência
                    </Button>
                  )}
                </Stack>
                {absence && <AbsenceNote absence={absence} sessionId={sessionId} />}
              </Paper>
            );
          })}
        </Box>
      )}
      {absences.isError && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Não foi possível carregar as ausências justificadas.
        </Typography>
      )}

      <AbsenceDialog
        member={justifying}
        onClose={() => setJustifying(null)}
        onSave={async (body) => {
          await calls.addAbsence(sessionId, body);
          await qc.invalidateQueries({ queryKey: absencesKey(sessionId) });
        }}
      />
    </Box>
  );
}

function AbsenceNote({ absence, sessionId }: { absence: Absence; sessionId: number }) {
  const qc = useQueryClient();
  const r = useRunner();
  return (
    <Box>
      <Typography variant="body2">
        <strong>{absence.justificada ? 'Ausência justificada' : 'Ausência sem justificativa'}</strong>
        {absence.motivo ? `: ${absence.motivo}` : ''}
      </Typography>
      <Button
        size="small"
        color="inherit"
        loading={r.busy('remove')}
        onClick={() =>
          void r.run('remove', async () => {
            await calls.removeAbsence(sessionId, absence.id);
            await qc.invalidateQueries({ queryKey: absencesKey(sessionId) });
          })
        }
      >
        Remover justificativa
      </Button>
      <RefusalAlert error={r.error} onClose={r.clear} sx={{ mt: 1 }} />
    </Box>
  );
}

function AbsenceDialog({
  member, onClose, onSave,
}: {
  member: LiveMember | null;
  onClose: () => void;
  onSave: (body: { parliamentary_id: number; justificada: boolean; motivo: string | null }) => Promise<void>;
}) {
  const [justificada, setJustificada] = useState(true);
  const [motivo, setMotivo] = useState('');
  const r = useRunner();
  const clearRefusal = r.clear;
  useEffect(() => {
    if (member) {
      setJustificada(true);
      setMotivo('');
      clearRefusal();
    }
  }, [member, clearRefusal]);
  const tooLong = motivo.length > 255;
  const save = async () => {
    if (!member || tooLong) return;
    const ok = await r.run('save', () => onSave({ parliamentary_id: member.id, justificada, motivo: motivo.trim() || null }));
    if (ok) onClose();
  };
  return (
    <Dialog open={!!member} onClose={r.busy('save') ? undefined : onClose} aria-labelledby="ausencia-titulo" maxWidth="sm" fullWidth>
      <DialogTitle id="ausencia-titulo">Ausência de {member?.nome}</DialogTitle>
      <DialogContent>
        <RefusalAlert error={r.error} sx={{ mb: 2 }} />
        <FormControlLabel control={<Checkbox checked={justificada} onChange={(e) => setJustificada(e.target.checked)} />} label="Justificada" />
        <TextField
          label="Motivo"
          value={motivo}
          onChange={(e) => setMotivo(e.target.value)}
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 1 }}
          error={tooLong || !!r.error?.fields.motivo}
          helperText={tooLong ? 'O motivo deve ter no máximo 255 caracteres.' : r.error?.fields.motivo?.[0] ?? 'Ex.: licença médica, representação da Câmara.'}
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={r.busy('save')}>Cancelar</Button>
        <Button variant="contained" onClick={() => void save()} loading={r.busy('save')} disabled={tooLong}>Registrar ausência</Button>
      </DialogActions>
    </Dialog>
  );
}
