/**
 * "Configurações do plenário" (admins): GET/PUT plenary_settings/current — votes shown live on the panel, the
 * presiding officer's rule, the speaking times of the three lists and of aparte, questão de ordem and liderança, the number of members of the house.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { PRESIDENT_RULES, formatClock, type PresidentRule } from '@paco/domain/plenary';
import { notifySuccess } from '../../shell/notify';
import { calls, type PlenarySettings } from './calls';
import { RefusalAlert, parseClock, useRunner } from './shared';

const TIMES = [
  { key: 'tempo_expediente', label: 'Tempo de fala no expediente' },
  { key: 'tempo_ordem_dia', label: 'Tempo de fala na ordem do dia' },
  { key: 'tempo_explicacoes_pessoais', label: 'Tempo de fala nas explicações pessoais' },
  { key: 'tempo_aparte', label: 'Tempo de aparte' },
  { key: 'tempo_questao_ordem', label: 'Tempo de questão de ordem' },
  { key: 'tempo_lideranca', label: 'Tempo de comunicação de liderança' },
] as const;
type TimeKey = (typeof TIMES)[number]['key'];

interface Form {
  votos_ao_vivo: boolean;
  presidente_regra: PresidentRule;
  times: Record<TimeKey, string>;
  total_membros: string;
}

const toForm = (s: PlenarySettings): Form => ({
  votos_ao_vivo: s.votos_ao_vivo,
  presidente_regra: s.presidente_regra,
  times: Object.fromEntries(TIMES.map((t) => [t.key, formatClock((s[t.key] ?? 0) * 1000)])) as Record<TimeKey, string>,
  total_membros: s.total_membros === null || s.total_membros === undefined ? '' : String(s.total_membros),
});

const settingsKey = ['controle', 'plenary-settings'] as const;

export function SettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const r = useRunner();
  const clearRefusal = r.clear;
  const q = useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => calls.settings(signal), enabled: open, retry: false, staleTime: 0 });
  const [form, setForm] = useState<Form | null>(null);
  // the form is filled once per opening, from the first answer (later refetches don't overwrite what is typed)
  const fill = useEffectEvent(() => {
    if (open && q.data && !form) setForm(toForm(q.data));
  });
  useEffect(() => fill(), [open, q.data]);
  useEffect(() => {
    if (!open) {
      setForm(null);
      clearRefusal();
    }
  }, [open, clearRefusal]);

  const timeError = (k: TimeKey): string | null => {
    if (!form) return null;
    const s = parseClock(form.times[k]);
    if (s === null) return 'Informe minutos:segundos, por exemplo 5:00.';
    if (s < 30) return 'Ao menos 30 segundos.';
    if (s > 7200) return 'No máximo 2 horas.';
    return null;
  };
  const totalError = (): string | null => {
    if (!form || form.total_membros.trim() === '') return null;
    const n = Number(form.total_membros);
    return Number.isInteger(n) && n >= 1 && n <= 100 ? null : 'Informe um número de 1 a 100.';
  };
  const invalid = !form || TIMES.some((t) => timeError(t.key)) || !!totalError();
  const serverError = (k: string) => r.error?.fields[k]?.[0];

  const save = async () => {
    if (!form || invalid) return;
    const body: Partial<PlenarySettings> = {
      votos_ao_vivo: form.votos_ao_vivo,
      presidente_regra: form.presidente_regra,
      ...Object.fromEntries(TIMES.map((t) => [t.key, parseClock(form.times[t.key])!])),
      total_membros: form.total_membros.trim() === '' ? null : Number(form.total_membros),
    };
    const ok = await r.run('save', async () => {
      await calls.saveSettings(body);
      await qc.invalidateQueries({ queryKey: settingsKey });
    });
    if (ok) {
      notifySuccess('Configurações do plenário salvas.');
      onClose();
    }
  };

  return (
    <Dialog open={open} onClose={r.busy('save') ? undefined : onClose} aria-labelledby="config-titulo" maxWidth="sm" fullWidth>
      <DialogTitle id="config-titulo">Configurações do plenário</DialogTitle>
      <DialogContent>
        {q.isError && <RefusalAlert error={{ key: 'load', status: 0, message: `Não foi possível carregar as configurações. ${q.error instanceof Error ? q.error.message : ''}`, fields: {} }} />}
        {!form && !q.isError && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}><CircularProgress aria-label="Carregando" /></Box>
        )}
        {form && (
          <Box component="form" id="config-form" onSubmit={(e) => { e.preventDefault(); void save(); }}>
            <RefusalAlert error={r.error} sx={{ mb: 2 }} />
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <Box>
                <FormControlLabel
                  control={<Switch checked={form.votos_ao_vivo} onChange={(e) => setForm({ ...form, votos_ao_vivo: e.target.checked })} />}
                  label="Mostrar o voto de cada vereador no painel durante a votação"
                />
                <FormHelperText sx={{ mt: 0 }}>Desligado: o painel mostra só a contagem até o encerramento.</FormHelperText>
              </Box>
              <TextField
                select
                label="Voto do presidente da sessão"
                value={form.presidente_regra}
                onChange={(e) => setForm({ ...form, presidente_regra: e.target.value as PresidentRule })}
                error={!!serverError('presidente_regra')}
                helperText={serverError('presidente_regra')}
              >
                {PRESIDENT_RULES.map((p) => <MenuItem key={p.value} value={p.value}>{p.label}</MenuItem>)}
              </TextField>
              {TIMES.map((t) => {
                const err = timeError(t.key) ?? serverError(t.key);
                return (
                  <TextField
                    key={t.key}
                    label={`${t.label} (min:seg)`}
                    value={form.times[t.key]}
                    onChange={(e) => setForm({ ...form, times: { ...form.times, [t.key]: e.target.value } })}
                    error={!!err}
                    helperText={err ?? ' '}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  />
                );
              })}
              <TextField
                label="Número de membros da casa"
                value={form.total_membros}
                onChange={(e) => setForm({ ...form, total_membros: e.target.value })}
                error={!!(totalError() ?? serverError('total_membros'))}
                helperText={totalError() ?? serverError('total_membros') ?? 'Em branco: os parlamentares com mandato na legislatura da sessão.'}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Stack>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={r.busy('save')}>Cancelar</Button>
        <Button type="submit" form="config-form" variant="contained" loading={r.busy('save')} disabled={invalid}>Salvar</Button>
      </DialogActions>
    </Dialog>
  );
}
