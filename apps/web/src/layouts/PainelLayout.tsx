/**
 * Electronic panel layout (public routes legislativo-painel-eletronico-id and legislativo-newPainel-id):
 * full screen, dark, no navigation; the entity's crest and name when known, and the São Paulo clock.
 */
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDate, formatTime } from '@paco/domain/format';
import { useSession } from '../session/SessionProvider';
import { OfflineGate } from '../shell/OfflineScreen';
import { DataProviders } from '../app/DataProviders';

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(t);
  }, []);
  return (
    <Box sx={{ textAlign: 'right' }} aria-live="off">
      <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>{formatTime(now)}</Typography>
      <Typography variant="body2" sx={{ opacity: 0.8 }}>{formatDate(now)}</Typography>
    </Box>
  );
}

export default function PainelLayout() {
  const { user } = useSession();
  const company = user?.company;
  return (
    <OfflineGate>
      <Box sx={{ minHeight: '100vh', bgcolor: '#0d1b2a', color: '#fff', display: 'flex', flexDirection: 'column' }}>
        <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 2, px: { xs: 2, md: 4 }, py: 2, borderBottom: '1px solid rgba(255,255,255,0.15)' }}>
          {company?.brasao?.url && <Avatar src={company.brasao.url} alt={`Brasão de ${company.name}`} sx={{ width: 56, height: 56 }} />}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h5" component="p" noWrap sx={{ fontWeight: 600 }}>{company?.name ?? 'Câmara Municipal'}</Typography>
            <Typography variant="body2" sx={{ opacity: 0.8 }}>Painel Eletrônico</Typography>
          </Box>
          <Clock />
        </Box>
        <Box component="main" id="conteudo" sx={{ flex: 1, display: 'flex', p: { xs: 2, md: 4 } }}>
          <DataProviders>
            <Outlet />
          </DataProviders>
        </Box>
      </Box>
    </OfflineGate>
  );
}
