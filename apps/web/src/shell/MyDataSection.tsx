/**
 * "Meus dados (LGPD)": what the system keeps about the signed-in person, a button that downloads it as JSON
 * (GET /api/profile/data, LGPD art. 18, II and V) and whom to ask for correction or deletion (GET /api/profile/privacy).
 * Shown on the profile page of every account and on the artist's "Meu Cadastro" (docs/decisions/0049).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { apiFile } from '../api/client';
import { account } from '../api/account';
import { PRIVACY_CONTACT_GENERIC } from '@paco/domain/account';
import { actionPath, call, dataOf } from '../api/actions';
import { notifyApiError, notifySuccess } from './notify';
import { downloadBlob } from '../api/download';

interface PrivacyContact { entidade: string; email: string | null; telefone: string | null; horario: string | null; ouvidoria: string | null; texto: string }

export default function MyDataSection() {
  const [busy, setBusy] = useState(false);
  const contact = useQuery({
    queryKey: ['account', 'privacy_contact'],
    queryFn: async ({ signal }) => dataOf<PrivacyContact>(await call(account, 'privacy_contact', { signal })),
    staleTime: 5 * 60_000,
  });
  const download = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await apiFile(actionPath(account.path, account.actions.my_data), 'application/json', 'Não foi possível gerar o arquivo com os seus dados.');
      downloadBlob(blob, filename ?? 'meus-dados.json');
      notifySuccess('Arquivo com os seus dados baixado.');
    } catch (e) {
      notifyApiError(e, 'Não foi possível baixar os seus dados. Tente novamente.');
    } finally {
      setBusy(false);
    }
  };
  const c = contact.data;
  return (
    <Box component="section" aria-labelledby="profile-my-data">
      <Typography id="profile-my-data" variant="h6" component="h2" gutterBottom>Meus dados (LGPD)</Typography>
      <Stack spacing={1.5}>
        <Typography variant="body2">
          A Lei Geral de Proteção de Dados (Lei 13.709/2018, art. 18) garante a você o acesso aos seus dados pessoais e a
          portabilidade deles. Baixe um arquivo JSON com o que o sistema guarda sobre você: a sua conta e os seus papéis,
          contatos, o cadastro cultural, autorias e votos (quando houver), notificações, as suas entradas no sistema e o
          registro do que você fez nele. A senha e os códigos de acesso nunca são incluídos.
        </Typography>
        <Typography variant="body2">
          {c?.texto ?? PRIVACY_CONTACT_GENERIC}
          {c?.ouvidoria ? <> <Link href={c.ouvidoria} target="_blank" rel="noopener" underline="always">Abrir a Ouvidoria no portal</Link>.</> : null}
        </Typography>
        <Typography variant="body2" color="text.secondary">Cada download fica registrado, com a data e a hora.</Typography>
        <Box>
          <Button variant="outlined" onClick={() => void download()} disabled={busy} aria-busy={busy}
            startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <DownloadIcon />}>
            {busy ? 'Gerando o arquivo…' : 'Baixar meus dados'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
