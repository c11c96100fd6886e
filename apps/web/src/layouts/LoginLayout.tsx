/** Login layout: a centred card over the primary colour; used by login, register and reset-password. */
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { BUILD_LABEL, PRODUCT_NAME } from '@paco/domain/constants';
import { OfflineGate } from '../shell/OfflineScreen';

export default function LoginLayout() {
  return (
    <OfflineGate>
      <Box
        sx={{
          minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', p: 2,
          background: (t) => `linear-gradient(160deg, ${t.palette.primary.dark} 0%, ${t.palette.primary.main} 60%, ${t.palette.primary.light} 100%)`,
        }}
      >
        <Paper component="main" id="conteudo" elevation={6} sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
            <AccountBalanceIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
            <Box>
              <Typography variant="h5" component="p" sx={{ fontWeight: 600, lineHeight: 1.1 }}>{PRODUCT_NAME}</Typography>
              <Typography variant="body2" color="text.secondary">Gestão para órgãos municipais</Typography>
            </Box>
          </Box>
          <Outlet />
        </Paper>
        <Typography variant="caption" sx={{ color: 'rgba(255,255,255,0.85)', mt: 2 }}>BUILD {BUILD_LABEL}</Typography>
      </Box>
    </OfflineGate>
  );
}
