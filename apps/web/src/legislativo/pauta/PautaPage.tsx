/**
 * /legislativo/pauta — the pauta of one plenary session at a time (issue 13 §2; docs/legislativo.md): the session
 * chosen in the picker (kept in the URL, `?sessao=`; by default the one in progress, else the next, else the last),
 * its items in reading order with what each one is, reordered by drag and drop or by keyboard (PautaEditor), its
 * publication — "Publicar pauta" (the session's declared action, with its confirmation) and "PDF da pauta" — and the
 * versions published, each with its PDF.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useState } from 'react';
import type { RefField } from '@paco/domain/fields';
import { formatDate, formatDateTime } from '@paco/domain/format';
import { call, dataOf } from '../../api/actions';
import { plenarySessions } from '@paco/domain/resources/materias';
import { allowsRule } from '../../resources/access';
import RecordActions from '../../resources/actions/RecordActions';
import { openDocument } from '../../resources/actions/openDocument';
import { fetchRecord, getDef, qk } from '../../resources/defs';
import RefInput from '../../resources/fields/RefInput';
import { errorMessage, useNotify } from '../../resources/useNotify';
import { useSessionUser } from '../../resources/useSessionUser';
import LoadingPanel from '../../shell/LoadingPanel';
import { usePageTitle } from '../../shell/pageTitle';
import PautaEditor from './PautaEditor';
import type { Pauta, PautaVersion } from './types';

const SESSION_FIELD: RefField = { kind: 'ref', label: 'Sessão plenária', to: 'plenary_sessions', display: 'titulo' };

function situation(s: Pauta['sessao']) {
  if (s.finalizada) return <Chip size="small" label="Finalizada" />;
  if (s.iniciada) return <Chip size="small" color="success" label="Em andamento" />;
  return <Chip size="small" variant="outlined" label="Não iniciada" />;
}

function Publication({ pauta }: { pauta: Pauta }) {
  const last = pauta.publicacoes[0];
  if (!last) return <Alert severity="info" sx={{ mb: 2 }}>Pauta ainda não publicada.</Alert>;
  return (
    <>
      <Alert severity="success" sx={{ mb: 1 }}>
        Publicada em {formatDateTime(last.publicadaEm)}{last.publicada_por ? ` por ${last.publicada_por.name}` : ''} (versão {last.versao}).
      </Alert>
      {pauta.alterada && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          A pauta mudou desde a última publicação: o público ainda vê a versão {last.versao}. Publique de novo para que a versão atual seja a pública.
        </Alert>
      )}
    </>
  );
}

function Versions({ sessionId, versions }: { sessionId: number; versions: PautaVersion[] }) {
  const notify = useNotify();
  const [busy, setBusy] = useState<number | null>(null);
  if (!versions.length) return null;
  const open = (v: PautaVersion) => {
    setBusy(v.versao);
    openDocument(`plenary_sessions/${sessionId}/pauta/pdf?versao=${v.versao}`, `Pauta — versão ${v.versao}`)
      .catch((e: unknown) => notify.error(`Não foi possível abrir o documento. ${errorMessage(e)}`))
      .finally(() => setBusy(null));
  };
  return (
    <Box component="section" aria-labelledby="pauta-versoes" sx={{ mt: 2 }}>
      <Typography id="pauta-versoes" variant="h6" component="h2" sx={{ mb: 1 }}>Versões publicadas</Typography>
      <Paper variant="outlined">
        <Table size="small" aria-labelledby="pauta-versoes">
          <TableHead>
            <TableRow><TableCell>Versão</TableCell><TableCell>Publicada em</TableCell><TableCell>Por</TableCell><TableCell>Itens</TableCell><TableCell>Documento</TableCell></TableRow>
          </TableHead>
          <TableBody>
            {versions.map((v) => (
              <TableRow key={v.id}>
                <TableCell>{v.versao}</TableCell>
                <TableCell>{formatDateTime(v.publicadaEm)}</TableCell>
                <TableCell>{v.publicada_por?.name ?? '—'}</TableCell>
                <TableCell>{v.itens}</TableCell>
                <TableCell>
                  <Button size="small" startIcon={<PictureAsPdfIcon />} loading={busy === v.versao} onClick={() => open(v)} aria-label={`PDF da versão ${v.versao}`}>PDF</Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </Box>
  );
}

export default function PautaPage() {
  usePageTitle('Pauta');
  const def = getDef('plenary_sessions');
  const user = useSessionUser();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('sessao')) || null;

  const fallback = useQuery({
    queryKey: [...qk.all(def.name), 'pauta-sessao'],
    queryFn: async ({ signal }) => dataOf<{ id: number; titulo: string } | null>(await call(plenarySessions, 'pauta_session', { signal })),
    enabled: !chosen,
  });
  const sessionId = chosen ?? fallback.data?.id ?? null;
  const session = useQuery({
    queryKey: qk.detail(def.name, sessionId ?? 0),
    queryFn: ({ signal }) => fetchRecord(def, sessionId!, signal),
    enabled: !!sessionId,
  });
  const pautaKey = [...qk.all(def.name), 'pauta', sessionId];
  const pauta = useQuery({
    queryKey: pautaKey,
    queryFn: async ({ signal }) => dataOf<Pauta>(await call(plenarySessions, 'pauta', { params: { id: sessionId! }, signal })),
    enabled: !!sessionId,
  });
  const p = pauta.data;
  const canOrder = allowsRule(def.actions?.pauta_order?.access, user, def.permission);

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>Pauta</Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <Box sx={{ flex: 1, maxWidth: 560 }}>
            <RefInput
              name="sessao" field={SESSION_FIELD} mode="edit" value={sessionId}
              initialOption={session.data ? { id: session.data.id, label: String(session.data.titulo ?? '') } : null}
              extraQuery={{ sort: '-abertura' }}
              onChange={(v) => { if (v) setParams({ sessao: String(v) }); }}
              onBlur={() => undefined}
            />
          </Box>
          {p && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              <Typography>{formatDate(p.sessao.data)}{p.sessao.horario ? `, às ${p.sessao.horario}` : ''}</Typography>
              {situation(p.sessao)}
              <Button size="small" component={RouterLink} to={`/legislativo/plenarySessions/${p.sessao.id}`} endIcon={<OpenInNewIcon />}>Abrir sessão</Button>
            </Stack>
          )}
        </Stack>
      </Paper>

      {!sessionId && fallback.isLoading && <LoadingPanel text="Carregando a sessão…" />}
      {!sessionId && fallback.isSuccess && <Alert severity="info">Nenhuma sessão plenária cadastrada. Cadastre uma em Sessões Plenárias para montar a pauta.</Alert>}
      {fallback.isError && <Alert severity="error">{errorMessage(fallback.error)}</Alert>}
      {sessionId && pauta.isLoading && <LoadingPanel text="Carregando a pauta…" />}
      {pauta.isError && <Alert severity="error">{errorMessage(pauta.error)}</Alert>}

      {p && (
        <>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{p.sessao.titulo}</Typography>
          <Publication pauta={p} />
          {session.data && <RecordActions def={def} record={session.data} only={['publish_pauta', 'pauta_pdf']} label="Ações da pauta" />}
          {p.sessao.finalizada && <Alert severity="info" sx={{ mb: 2 }}>Sessão finalizada: a pauta não pode mais ser reordenada nem publicada.</Alert>}
          <PautaEditor
            key={p.sessao.id}
            pauta={p}
            editable={canOrder && !p.sessao.finalizada}
            onSaved={(next) => {
              qc.setQueryData(pautaKey, next);
              void qc.invalidateQueries({ queryKey: qk.detail(def.name, p.sessao.id) });
            }}
            onStale={() => { void qc.invalidateQueries({ queryKey: pautaKey }); }}
          />
          <Versions sessionId={p.sessao.id} versions={p.publicacoes} />
        </>
      )}
    </Box>
  );
}
