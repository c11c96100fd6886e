/**
 * Electronic panel layout (public route legislativo-painel-eletronico-id):
 * full screen, dark and high-contrast, no navigation. The header shows the crest and name of the entity whose
 * session is on screen (set by the page from the live state, see painel/context), else the signed-in user's
 * entity; the session's title and status; and the São Paulo clock on the server's time (the same offset as the
 * control room's, changing on the server's seconds).
 */
import { Outlet } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CssBaseline from '@mui/material/CssBaseline';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { formatDate } from '@paco/domain/format';
import { serverNow, useServerClock } from '../live/serverClock';
import { useSession } from '../session/SessionProvider';
import { OfflineGate } from '../shell/OfflineScreen';
import { DataProviders } from '../shell/DataProviders';
import { SkipLink } from './parts/SkipLink';
import { PainelHeaderProvider, usePainelHeaderInfo } from '../legislativo/painel/context';
import { PANEL_BG, PANEL_BORDER, TEXT_MUTED, fluid, painelTheme } from '../legislativo/painel/theme';

/** The server's clock (shared with the control room, live/serverClock.ts), changing on the server's seconds. */
function Clock() {
  const t = useServerClock(serverNow);
  return (
    <Box sx={{ textAlign: 'right', flexShrink: 0 }} aria-live="off">
      <Typography component="p" sx={{ fontSize: fluid(1.5, 2.4, 3.2), lineHeight: 1.1, fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}>
        <time dateTime={t.toISOString()} data-testid="relogio">{clockFormat.format(t)}</time>
      </Typography>
      <Typography component="p" sx={{ fontSize: fluid(0.8, 0.9, 1.3), color: TEXT_MUTED, fontVariantNumeric: 'tabular-nums' }}>{formatDate(t)}</Typography>
    </Box>
  );
}

const clockFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', second: '2-digit' });

const STATUS_STYLE: Record<string, { bg: string; fg: string }> = {
  'Em andamento': { bg: '#1b5e20', fg: '#ffffff' },
  'Aguardando início': { bg: '#37474f', fg: '#ffffff' },
  Encerrada: { bg: '#4a148c', fg: '#ffffff' },
};

function Header() {
  const { user } = useSession();
  const info = usePainelHeaderInfo();
  const company = info?.company ?? (user?.company ? { nome: user.company.name, brasao: user.company.brasao?.url ?? null } : null);
  const style = info?.status ? (STATUS_STYLE[info.status] ?? STATUS_STYLE['Aguardando início']) : null;
  return (
    <Box
      component="header"
      sx={{
        display: 'flex', alignItems: 'center', gap: { xs: 1.5, md: 3 }, px: { xs: 1.5, md: 4 }, py: { xs: 1, md: 1.5 },
        borderBottom: `1px solid ${PANEL_BORDER}`,
      }}
    >
      <Avatar
        src={company?.brasao ?? undefined}
        alt={company ? `Brasão: ${company.nome}` : undefined}
        variant="rounded"
        sx={{ width: fluid(2.75, 4, 5.5), height: fluid(2.75, 4, 5.5), bgcolor: 'transparent', color: '#fff', '& img': { objectFit: 'contain' } }}
      >
        <AccountBalanceIcon sx={{ fontSize: fluid(2, 3, 4) }} aria-hidden />
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography component="p" noWrap sx={{ fontSize: fluid(0.85, 1.2, 1.6), color: TEXT_MUTED, fontWeight: 500 }}>
          {company?.nome ?? 'Câmara Municipal'}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0, flexWrap: 'wrap' }}>
          <Typography component="h1" sx={{ fontSize: fluid(1.1, 1.9, 2.6), fontWeight: 700, lineHeight: 1.15, minWidth: 0 }}>
            {info?.titulo ?? 'Painel Eletrônico'}
          </Typography>
          {info?.status && style && (
            <Chip
              label={info.status}
              sx={{ bgcolor: style.bg, color: style.fg, fontWeight: 700, fontSize: fluid(0.75, 0.95, 1.3), height: 'auto', py: 0.5 }}
            />
          )}
        </Box>
      </Box>
      <Clock />
    </Box>
  );
}

export default function PainelLayout() {
  return (
    <OfflineGate>
      <ThemeProvider theme={painelTheme}>
        <CssBaseline />
        <PainelHeaderProvider>
          <Box sx={{ minHeight: '100dvh', bgcolor: PANEL_BG, color: '#fff', display: 'flex', flexDirection: 'column' }}>
            <SkipLink />
            <Header />
            <Box component="main" id="conteudo" tabIndex={-1} sx={{ flex: 1, display: 'flex', minHeight: 0, p: { xs: 1.5, md: 3 }, outline: 'none' }}>
              <DataProviders>
                <Outlet />
              </DataProviders>
            </Box>
          </Box>
        </PainelHeaderProvider>
      </ThemeProvider>
    </OfflineGate>
  );
}
