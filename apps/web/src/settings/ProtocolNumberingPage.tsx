/**
 * Configurações › Numeração de Processos (administrators): the mask of the company's process numbers, GET/PUT
 * protocol_settings/current (decision 0048). A preset or a mask typed by hand, checked as it is typed (the same rule
 * the server applies, which answers 422 under the field otherwise), with an example of the numbers it writes.
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatProtocolNumber, parseProtocolMask, PROTOCOL_MASK_PRESETS } from '@paco/domain/protocol-number';
import { protocolSettings } from '@paco/domain/resources/administrativo';
import { ApiError } from '../api/client';
import { call, dataOf } from '../api/actions';
import { useNotify } from '../resources/useNotify';
import { usePageTitle } from '../shell/pageTitle';

interface Settings {
  mascara: string;
  padrao: string;
}

const CUSTOM = 'personalizada';
const settingsKey = ['protocol_settings', 'current'] as const;
const thisYear = (): number => Number(new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }).slice(0, 4));

/** Two numbers the mask would write: the first of the year in unit 101, and the 25th. */
function examples(mask: string): { text: string; error: null } | { text: null; error: string } {
  const r = parseProtocolMask(mask);
  if (!r.ok) return { text: null, error: r.error };
  const year = thisYear();
  const unit = r.mask.unit ? ' da unidade 101' : '';
  return {
    text: `${formatProtocolNumber(r.mask, '101', 1, year)} (1º processo de ${year}${unit}); ${formatProtocolNumber(r.mask, '101', 25, year)} (25º)`,
    error: null,
  };
}

export default function ProtocolNumberingPage() {
  usePageTitle('Numeração de Processos');
  const qc = useQueryClient();
  const notify = useNotify();
  const q = useQuery({ queryKey: settingsKey, queryFn: async ({ signal }) => dataOf<Settings>(await call(protocolSettings, 'current', { signal })) });
  const [mask, setMask] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  useEffect(() => {
    if (q.data && mask === null) setMask(q.data.mascara);
  }, [q.data, mask]);

  const save = useMutation({
    mutationFn: async (mascara: string) => dataOf<Settings>(await call(protocolSettings, 'save_current', { input: { mascara } })),
    onSuccess: (saved) => {
      setMask(saved.mascara);
      qc.setQueryData(settingsKey, saved);
      notify.success('Numeração de processos salva.');
    },
    onError: (e) => {
      const field = e instanceof ApiError ? e.errors.mascara?.[0] : undefined;
      if (field) setServerError(field);
      else notify.error(e);
    },
  });

  if (q.isError) {
    return <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => q.refetch()}>Tentar novamente</Button>}>Não foi possível carregar a numeração de processos.</Alert>;
  }
  if (mask === null) return <CircularProgress aria-label="Carregando" />;

  const preset = PROTOCOL_MASK_PRESETS.find((p) => p.mask === mask.trim())?.mask ?? CUSTOM;
  const live = examples(mask);
  const error = serverError ?? live.error;
  const change = (v: string) => {
    setMask(v);
    setServerError(null);
  };

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Numeração de Processos
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        A máscara define o número que o Protocolo dá a cada processo novo e como são conferidos os números digitados à
        mão. Use <strong>U</strong> para o código da unidade (os dígitos do código do setor de origem),{' '}
        <strong>S</strong> para a sequência anual, <strong>A</strong> para o ano (AAAA ou AA) e <strong>D</strong> para
        os dois dígitos verificadores (módulo 97, calculados sobre os dígitos anteriores), com os separadores . / - _ ou
        espaço. Com a unidade, cada unidade tem a sua sequência no ano; sem ela, a sequência é uma só para a entidade.
      </Alert>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }}>
        <Stack
          component="form"
          spacing={2}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(mask);
          }}
        >
          <TextField
            select
            label="Modelo"
            value={preset}
            onChange={(e) => {
              if (e.target.value !== CUSTOM) change(e.target.value);
            }}
          >
            {PROTOCOL_MASK_PRESETS.map((p) => (
              <MenuItem key={p.mask} value={p.mask}>
                {p.mask} — {p.label}
              </MenuItem>
            ))}
            <MenuItem value={CUSTOM}>Personalizada (digite abaixo)</MenuItem>
          </TextField>
          <TextField
            label="Máscara do número"
            value={mask}
            required
            onChange={(e) => change(e.target.value.toUpperCase())}
            error={!!error}
            helperText={error ?? 'Vale só para os processos abertos depois de salvar: os processos já cadastrados mantêm os seus números.'}
            slotProps={{ htmlInput: { maxLength: 30, spellCheck: false, autoComplete: 'off' } }}
          />
          <Box aria-live="polite">
            <Typography variant="subtitle2" component="p">Exemplos de números</Typography>
            <Typography variant="body1" component="p" sx={{ fontFamily: 'monospace' }} data-testid="protocol-number-example">
              {live.text ?? '—'}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              Salvar
            </Button>
            <Button type="button" disabled={save.isPending || mask === q.data?.padrao} onClick={() => change(q.data?.padrao ?? mask)}>
              Voltar ao NUP federal
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
