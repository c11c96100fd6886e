/**
 * /culture/profile, "Meu Cadastro": the signed-in artist's (or group's) own registration, through the `mine` calls
 * (`GET|POST|PUT {path}/mine`, `POST {path}/mine/upload`): the generic form of the artists / artist_groups
 * definition without the account key, created on the first save. The registration state is the culture staff's
 * review (docs/workflows/cadastro-cultural.md): shown here with its reason; a refused registration corrected and
 * saved goes back to the review. Below it, "Meus dados (LGPD)": the download of the person's own data (MyDataSection).
 */
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { call, dataOf } from '../api/actions';
import type { ApiRecord } from '../resources/defs';
import { getDef } from '../resources/defs';
import { formatText } from '../resources/format';
import RecordForm from '../resources/form/RecordForm';
import type { FormValues } from '../resources/form/values';
import { useSessionUser } from '../resources/useSessionUser';
import { usePageTitle } from '../shell/pageTitle';
import MyDataSection from '../shell/MyDataSection';

/** What the review says of the registration, and what the registrant can do about it. */
function RegistrationStatus({ label, record }: { label: string; record: ApiRecord }) {
  const motivo = record.motivoSituacao ? String(record.motivoSituacao) : null;
  const hint: Record<string, { severity: 'success' | 'info' | 'warning'; text: string }> = {
    ativo: { severity: 'success', text: 'Seu cadastro está ativo.' },
    em_analise: { severity: 'info', text: 'Seu cadastro está em análise pela equipe da Cultura.' },
    recusado: { severity: 'warning', text: 'Seu cadastro foi recusado. Corrija os dados e salve: ele volta para a análise.' },
    pendente: motivo
      ? { severity: 'warning', text: 'Seu cadastro foi devolvido para correção. Corrija os dados e salve.' }
      : { severity: 'info', text: 'Seu cadastro aguarda a análise da equipe da Cultura.' },
    inativo: { severity: 'info', text: 'Seu cadastro está inativo.' },
  };
  const h = hint[String(record.situacao)];
  return (
    <Box sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <Typography color="text.secondary">Situação do cadastro:</Typography>
        <Chip label={label} color={record.situacao === 'ativo' ? 'success' : 'default'} />
      </Stack>
      {h && (
        <Alert severity={h.severity}>
          {h.text}
          {motivo ? <><br /><strong>Motivo:</strong> {motivo}</> : null}
        </Alert>
      )}
    </Box>
  );
}

function MineForm({ resource }: { resource: 'artists' | 'artist_groups' }) {
  const def = getDef(resource);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const allowNav = useRef(false);
  const key = ['resource', def.name, 'mine'];
  const mine = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => dataOf<ApiRecord | null>(await call(def, 'mine', { signal })),
  });
  if (mine.isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label="Carregando" />
      </Box>
    );
  }
  if (mine.isError) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => mine.refetch()}>Tentar novamente</Button>}>
        Não foi possível carregar o seu cadastro. {mine.error instanceof Error ? mine.error.message : ''}
      </Alert>
    );
  }
  const record = mine.data ?? null;
  const situacao = def.fields.situacao;
  const submit = async (payload: FormValues): Promise<ApiRecord> =>
    dataOf<ApiRecord>(await call(def, record ? 'mine_update' : 'mine_create', { input: payload }));
  return (
    <>
      {record ? (
        situacao && record.situacao ? <RegistrationStatus label={formatText(situacao, 'situacao', record)} record={record} /> : null
      ) : (
        <Alert severity="info" sx={{ mb: 2 }}>
          Você ainda não tem cadastro de {def.label.one.toLowerCase()}. Preencha os dados e salve para enviá-lo à análise.
        </Alert>
      )}
      <RecordForm
        key={record ? `edit-${record.id}` : 'new'}
        def={def}
        mode={record ? 'edit' : 'create'}
        record={record}
        canDelete={false}
        onDelete={() => undefined}
        allowNav={allowNav}
        omit={['user_id']}
        submit={submit}
        uploadUrl={() => `${def.path}/mine/upload`}
        onSaved={(saved) => {
          qc.setQueryData(key, saved);
          allowNav.current = false;
        }}
        onCancel={() => navigate('/culture')}
      />
    </>
  );
}

export default function CultureProfilePage() {
  usePageTitle('Meu Cadastro');
  const user = useSessionUser();
  const isGroup = !!user?.roles.includes('pm_cultura_grupo') && !user.roles.includes('pm_cultura_artista');
  const [tab, setTab] = useState<'artists' | 'artist_groups'>(isGroup ? 'artist_groups' : 'artists');
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>Meu Cadastro</Typography>
      <Tabs value={tab} onChange={(_e, v: 'artists' | 'artist_groups') => setTab(v)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }} aria-label="Tipo de cadastro">
        <Tab value="artists" label="Artista" />
        <Tab value="artist_groups" label="Grupo cultural" />
      </Tabs>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <MineForm key={tab} resource={tab} />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 3 }}>
        <MyDataSection />
      </Paper>
    </Box>
  );
}
