/** /auth/company — the superadmin chooses the company it acts in (GET companies, POST session/company). */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BusinessIcon from '@mui/icons-material/Business';
import { api, type Page } from '../api/client';
import { useSession } from '../session/SessionProvider';
import type { FileRef, SessionUser } from '../session/store';
import { LoadingPanel } from '../shell/LoadingPanel';
import { apiErrorMessages, notifyApiError, notifySuccess } from '../shell/notify';
import { account } from '../api/account';
import { call, dataOf } from '../api/actions';

interface CompanyRow { id: number; name: string; abreviacao?: string | null; cnpj?: string | null; brasao?: FileRef | null }

export default function CompanyPage() {
  const { user, setUser } = useSession();
  const navigate = useNavigate();
  const [rows, setRows] = useState<CompanyRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    api<Page<CompanyRow>>('companies', { query: { perPage: 100, sort: 'name' }, signal: ctrl.signal })
      .then((r) => setRows(r.data))
      .catch((e: unknown) => {
        if ((e as Error).name !== 'AbortError') setError(apiErrorMessages(e, 'Não foi possível carregar as entidades.')[0]);
      });
    return () => ctrl.abort();
  }, []);

  const choose = async (c: CompanyRow) => {
    setBusy(c.id);
    try {
      const me = dataOf<SessionUser>(await call(account, 'choose_company', { input: { company_id: c.id } }));
      setUser(me);
      notifySuccess(`Agora você atua em ${me.company?.name ?? c.name}.`);
      await navigate('/');
    } catch (e) {
      notifyApiError(e);
    } finally {
      setBusy(null);
    }
  };

  const q = filter.trim().toLocaleLowerCase('pt-BR');
  const shown = (rows ?? []).filter((c) => !q || `${c.name} ${c.abreviacao ?? ''} ${c.cnpj ?? ''}`.toLocaleLowerCase('pt-BR').includes(q));

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>Entidade de atuação</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Escolha a entidade em que você vai trabalhar. Os cadastros e relatórios passam a ser os dela.
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {!rows && !error && <LoadingPanel />}
      {rows && (
        <Paper variant="outlined">
          <Box sx={{ p: 2 }}>
            <TextField label="Filtrar entidades" value={filter} onChange={(e) => setFilter(e.target.value)} fullWidth size="small" />
          </Box>
          <List aria-label="Entidades">
            {shown.map((c) => {
              const current = c.id === user?.company?.id;
              return (
                <ListItem key={c.id} disablePadding>
                  <ListItemButton selected={current} disabled={busy !== null} onClick={() => void choose(c)} aria-current={current ? 'true' : undefined}>
                    <ListItemAvatar>
                      <Avatar src={c.brasao?.url ?? undefined} alt=""><BusinessIcon /></Avatar>
                    </ListItemAvatar>
                    <ListItemText primary={c.name} secondary={[c.abreviacao, c.cnpj].filter(Boolean).join(' · ') || undefined} />
                    {current && <Chip label="Atual" color="primary" size="small" />}
                  </ListItemButton>
                </ListItem>
              );
            })}
            {shown.length === 0 && <ListItem><Typography color="text.secondary">Nenhuma entidade encontrada.</Typography></ListItem>}
          </List>
        </Paper>
      )}
    </Box>
  );
}
